"""Pulp Fiction's libraries on the web: figure types, traits and kit cite the source's section
headings (it has no page numbers), and players add house traits that need no number."""

import pytest

from rules.models import LibraryEntry

pytestmark = pytest.mark.django_db


def test_the_figure_types_cite_their_sections(client, rules_data):
    page = client.get("/rules/pulp-fiction/").content.decode()
    assert "Main Character" in page and "§ Main Characters" in page
    assert "§ Villains &amp; Henchmen" in page and "p.None" not in page


def test_the_trait_library_lists_23_traits_with_their_section(client, rules_data):
    response = client.get("/rules/pulp-fiction/trait/")
    page = response.content.decode()
    assert page.count("§ Traits") == 23
    assert "Traits and unnatural abilities" in page and "Voodoo Mind Control" in page


def test_the_lost_weapon_charts_are_said_to_be_lost(client, rules_data):
    page = client.get("/rules/pulp-fiction/weapon/").content.decode()
    assert "Submachine Gun" in page and "Stats and weight missing from the source." in page


def test_a_house_trait_needs_no_level_or_cost(player_client, player, rules_data):
    response = player_client.post(
        "/rules/pulp-fiction/house-rules/",
        {"kind": "trait", "name": "Iron Jaw", "summary": "Shrugs off the first punch."},
    )
    assert response.status_code == 302
    trait = LibraryEntry.objects.get(owner=player, name="Iron Jaw")
    assert (trait.ruleset.slug, trait.kind, trait.level, trait.cost) == (
        "pulp-fiction",
        "trait",
        None,
        None,
    )
