"""Words players read that once came out wrong (issue 27): a Python None in a sentence, a
budget unit that does not count, a label run into its value, one game's word for a force
used for every game."""

import pytest

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import evaluate as pulp_city_evaluate
from rules.games.seven_tv.engine import character_findings as seven_tv_findings
from rules.models import Ruleset
from tests.rules.test_seven_tv_engine import line

pytestmark = pytest.mark.django_db


def test_the_home_page_offers_each_games_own_sample_force(client, rules_data):
    page = client.get("/").content.decode()
    assert "Start from a book's sample league, cast, team or band" in page
    assert "sample leagues" not in page


def test_a_pulp_city_team_without_a_level_or_side_is_told_so_without_none():
    team = {"ruleset": "pulp-city", "name": "Team", "choices": {}, "characters": []}
    messages = [
        f.message for f in pulp_city_evaluate(team, rules_book_from_fixtures("pulp-city")).findings
    ]
    assert any(m.startswith("Agree an Encounter Level") and "none is set" in m for m in messages)
    assert any(m.startswith("Choose Heroes or Villains:") for m in messages)
    assert not any("None" in m for m in messages)


def test_a_supremes_cost_reads_in_levels(client, rules_data):
    page = client.get("/rules/pulp-city/").content.decode()
    assert "2 levels" in page
    assert "encounter level<" not in page and "2 encounter level" not in page
    assert Ruleset.objects.get(slug="pulp-city").budget_unit == "levels"


def test_a_customised_7tv_star_at_the_books_price_does_not_read_as_a_change():
    rules = rules_book_from_fixtures("7tv")
    (same,) = seven_tv_findings(line("innocent-soul", stats={"fight": 1, "mind": -1}), rules)
    assert "still at the book's 10 ratings" in same.message
    assert "instead of" not in same.message and "a model" not in same.message
    (dearer,) = seven_tv_findings(line("innocent-soul", stats={"defence": 1}), rules)
    assert "12 ratings, against the book's 10" in dearer.message


def test_a_pulp_fiction_row_reads_side_then_a_space_then_good(player, player_client, rules_data):
    from rosters.handlers.transfer import import_roster
    from rosters.samples import sample_document

    band = import_roster(owner=player, document=sample_document("pulp-fiction-heroes")).roster
    page = player_client.get(f"/rosters/{band.pk}/").content.decode()
    assert "<b>Side</b> Good" in page
    assert "<b>Side</b>good" not in page
