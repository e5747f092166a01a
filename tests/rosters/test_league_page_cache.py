"""The league page builds the game's rules book once per loaded version of its data, yet a
reload of the rules or a change to the player's house rules shows on the very next page."""

import copy
import shutil
from pathlib import Path

import pytest

from rosters.handlers.transfer import import_roster
from rosters.models import Roster
from rosters.samples import sample_document
from rules.fixture_folder import FIXTURES_DIR
from rules.loading import load_rules
from rules.models import Ruleset
from rules.rulesets import REGISTRY
from rules.selectors import built_in_books, rules_book
from rules.services import create_house_rule, delete_house_rule
from tests.rosters.test_roster_pages_property import renders_everywhere

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(player, pulp_alley):
    return Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")


def page(client, league):
    return client.get(f"/rosters/{league.pk}/").content.decode()


def test_a_reload_that_renames_a_perk_shows_on_the_next_page(player_client, league, tmp_path):
    assert "Nefarious" in page(player_client, league)
    fixtures = shutil.copytree(FIXTURES_DIR, tmp_path / "fixtures")
    perks = fixtures / "pulp-alley" / "perks.yaml"
    perks.write_text(perks.read_text().replace("name: Nefarious", "name: Dastardly"))
    load_rules(fixtures)
    assert "Dastardly" in page(player_client, league)
    load_rules()
    assert "Dastardly" not in page(player_client, league)


def test_a_reload_that_changes_nothing_keeps_the_built_book(pulp_alley):
    load_rules()
    assert Ruleset.objects.get(pk=pulp_alley.pk).data_version == pulp_alley.data_version


def test_my_new_house_perk_shows_on_the_next_page_and_goes_when_deleted(
    player_client, player, pulp_alley, league
):
    assert "Tea With The Vicar" not in page(player_client, league)
    rule = create_house_rule(
        owner=player,
        ruleset=pulp_alley,
        kind="perk",
        name="Tea With The Vicar",
        summary="x",
        cost=1,
    ).entry
    assert "Tea With The Vicar" in page(player_client, league)
    delete_house_rule(owner=player, ruleset=pulp_alley, entry_id=rule.pk)
    assert "Tea With The Vicar" not in page(player_client, league)


def test_a_rivals_house_rule_stays_out_of_my_book(player, rival, pulp_alley):
    create_house_rule(owner=rival, ruleset=pulp_alley, kind="perk", name="Rival Perk", summary="x")
    assert rules_book(pulp_alley, rival).entry("perk", "house-rival-perk") is not None
    assert rules_book(pulp_alley, player).entry("perk", "house-rival-perk") is None
    assert rules_book(pulp_alley).entry("perk", "house-rival-perk") is None


# Each registered game's example force.
SAMPLES = [Path(definition.example).stem for definition in REGISTRY.values()]


@pytest.mark.parametrize("sample", SAMPLES)
def test_no_page_or_pdf_changes_the_rules_book_every_request_shares(
    player_client, player, rules_data, sample, settings, tmp_path
):
    """The built-in part of a rules book is built once and handed to every request after:
    anything that changed it in place would change every later page. Every view of a sample
    force is fetched, then the kept book must equal one built afresh."""
    settings.MEDIA_ROOT = tmp_path / "media"
    roster = import_roster(owner=player, document=sample_document(sample)).roster
    renders_everywhere(player_client, roster.pk)
    kept = copy.deepcopy(built_in_books[roster.ruleset_id])
    built_in_books.clear()
    rules_book(roster.ruleset)
    assert built_in_books[roster.ruleset_id] == kept
