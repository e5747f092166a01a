"""Who may delete what through the house-rule URLs: only an owner, only their own entry, only
under its own ruleset. Built-in rules are never deletable through the web by anyone."""

import pytest

from accounts.players import create_guest
from rules.models import LibraryEntry, Ruleset
from rules.services import create_house_rule

pytestmark = pytest.mark.django_db

WHO = ("visitor", "guest", "rival", "owner")


@pytest.fixture
def airship(player, pulp_alley):
    return create_house_rule(
        owner=player, ruleset=pulp_alley, kind="perk", name="Airship", cost=2, summary="x"
    ).entry


def log_in_as(client, who, player, rival):
    if who == "guest":
        client.force_login(create_guest())
    elif who == "rival":
        client.force_login(rival)
    elif who == "owner":
        client.force_login(player)


def delete(client, ruleset, pk):
    # enforce_csrf_checks is off in the test client: these requests would pass CSRF, as an
    # attacker's with a token lifted from any page would.
    return client.post(f"/rules/{ruleset}/house-rules/{pk}/delete/")


@pytest.mark.parametrize("who", WHO)
def test_nobody_deletes_a_built_in_entry(client, who, player, rival, pulp_alley):
    built_in = LibraryEntry.objects.filter(ruleset=pulp_alley, owner=None)
    before = built_in.count()
    log_in_as(client, who, player, rival)
    for entry in built_in[:3]:
        assert delete(client, "pulp-alley", entry.pk).status_code == 404
    assert built_in.count() == before


@pytest.mark.parametrize("who", ("visitor", "guest", "rival"))
def test_nobody_deletes_another_players_house_rule(client, who, player, rival, airship):
    log_in_as(client, who, player, rival)
    assert delete(client, "pulp-alley", airship.pk).status_code == 404
    assert LibraryEntry.objects.filter(pk=airship.pk).exists()


def test_a_house_rule_is_deleted_only_under_its_own_ruleset(client, player, airship):
    other = Ruleset.objects.exclude(pk=airship.ruleset_id).first()
    client.force_login(player)
    assert delete(client, other.slug, airship.pk).status_code == 404
    assert LibraryEntry.objects.filter(pk=airship.pk).exists()
    assert delete(client, "pulp-alley", airship.pk).status_code == 302
    assert not LibraryEntry.objects.filter(pk=airship.pk).exists()


def test_house_rule_delete_answers_only_post(client, player, airship):
    client.force_login(player)
    assert client.get(f"/rules/pulp-alley/house-rules/{airship.pk}/delete/").status_code == 405
    assert LibraryEntry.objects.filter(pk=airship.pk).exists()


def test_house_rule_delete_needs_a_csrf_token(player, airship):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(player)
    assert strict.post(f"/rules/pulp-alley/house-rules/{airship.pk}/delete/").status_code == 403
    assert LibraryEntry.objects.filter(pk=airship.pk).exists()


@pytest.mark.parametrize("who", WHO)
def test_the_house_rules_page_lists_only_the_visitors_own(client, who, player, rival, airship):
    log_in_as(client, who, player, rival)
    page = client.get("/rules/pulp-alley/house-rules/").content.decode()
    assert ("Airship" in page) == (who == "owner")


def test_the_service_refuses_a_missing_owner_rather_than_matching_built_in_rows(pulp_alley):
    from rules.services import delete_house_rule

    entry = LibraryEntry.objects.filter(ruleset=pulp_alley, owner=None).first()
    assert delete_house_rule(owner=None, ruleset=pulp_alley, entry_id=entry.pk) is False
    assert LibraryEntry.objects.filter(pk=entry.pk).exists()


@pytest.mark.parametrize("name", ["Ne_1la7c Ka", "_", "a" * 69 + " b", "Ölfass — ünter", "x" * 200])
def test_house_rule_slugs_are_ones_a_roster_file_accepts(player, pulp_alley, name):
    import re

    from rules.services import unique_house_slug

    slug = unique_house_slug(owner=player, ruleset=pulp_alley, kind="perk", name=name)
    assert re.fullmatch(r"house(-[a-z0-9]+)+", slug) and len(slug) <= 70
