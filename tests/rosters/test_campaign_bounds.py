"""One bounds truth: every number a campaign or builder form takes is one the roster file
holds (the schema states the game's own `bounds`), so a league's export always imports again;
a file's campaign block holds only bounded whole numbers, and a campaign's history has a
limit (config/limits.py), refused with a sentence on the form and on import alike."""

import json

import pytest
from django.db import connection

from config.limits import BUDGET_MAX, CAMPAIGN_MAX_GAMES, CAMPAIGN_MAX_RECORDS
from rosters.campaign_views import event_form
from rosters.format import RosterFormatError, validate_roster
from rosters.forms import MODEL_COUNT, BudgetForm, ModelCountForm
from rosters.handlers.base import CampaignRefused
from rosters.handlers.transfer import import_roster
from rosters.models import CampaignEntry, Roster
from rosters.samples import sample_document
from rosters.schema import roster_schema
from rosters.transfer import export_roster
from rules import forms as house_rule_forms
from rules.games.pulp_alley import campaign as pulp_alley_campaign
from rules.rulesets import REGISTRY, definition_for
from tests.rosters.timeline import learn_ability

pytestmark = pytest.mark.django_db


def resolve(schema, root):
    """The schema a `$ref` (a pointer into `root`) names; for a house rule, its game's own
    shape (the `else`: the `if`s pick out the completions)."""
    while "$ref" in schema or "else" in schema:
        if "else" in schema:
            schema = schema["else"]
            continue
        pointer, schema = schema["$ref"], root
        for step in pointer.removeprefix("#/").split("/"):
            schema = schema[step]
    return schema


def schema_at(place, schema, root):
    """The schemas at a place of the file ("campaign.banks.*", "characters[].profile.count")
    for one ruleset: `schema` is its part of the whole, `$ref`s resolved in `root`."""
    schema = resolve(schema, root)
    if not place:
        return [schema]
    step, _, rest = place.partition(".")
    if step.endswith("[]"):
        schema = resolve(schema["properties"][step[:-2]], root)
        return schema_at(rest, schema["items"], root)
    if step == "*":
        return [s for child in schema["properties"].values() for s in schema_at(rest, child, root)]
    return schema_at(rest, schema["properties"][step], root)


def ruleset_properties(slug):
    root = roster_schema()
    block = next(b for b in root["allOf"] if b["if"]["properties"]["ruleset"]["const"] == slug)
    return root, {"properties": block["then"]["properties"]}


def file_bounds(slug, place):
    root, part = ruleset_properties(slug)
    return {(s["minimum"], s["maximum"]) for s in schema_at(place, part, root)}


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_each_game_s_bounds_are_the_numbers_its_roster_file_holds(slug):
    for place, bound in definition_for(slug).bounds.items():
        assert file_bounds(slug, place) == {bound}, place


def test_the_forms_take_only_numbers_the_file_holds():
    root = roster_schema()
    whole = {"properties": root["properties"]}
    budget = BudgetForm.base_fields["budget"]
    assert budget.max_value == BUDGET_MAX
    (file_budget,) = schema_at("budget", whole, root)
    assert file_budget["minimum"] <= budget.min_value and file_budget["maximum"] == BUDGET_MAX
    for slug, definition in REGISTRY.items():
        count = ModelCountForm({}, ruleset=slug).fields["count"]
        taken = (count.min_value, count.max_value)
        if MODEL_COUNT in definition.bounds:
            assert file_bounds(slug, MODEL_COUNT) == {taken}, slug
        else:  # a game whose lines are one model each
            assert taken == (1, 1), slug
    rule = schema_at("house_rules[]", whole, root)[0]["properties"]
    for field, most in (
        ("level", house_rule_forms.LEVEL_MAX),
        ("cost", house_rule_forms.COST_MAX),
        ("page", house_rule_forms.PAGE_MAX),
    ):
        assert rule[field]["maximum"] == most
    league = pulp_alley_campaign
    assert file_bounds("pulp-alley", "campaign.pending[].roll") == {league.ESCAPE_ROLL}
    assert (min(league.HARROWING_ESCAPE), max(league.HARROWING_ESCAPE)) == league.ESCAPE_ROLL
    roll = event_form(league.EVENTS["escape"]).fields["roll"]
    assert (roll.min_value, roll.max_value) == league.ESCAPE_ROLL
    points = event_form(league.EVENTS["spend"]).fields["points"]
    assert file_bounds("pulp-alley", "campaign.banks.*") == {(0, points.max_value)}
    # Every game recorded at the most the form takes still fits the file's totals.
    most = event_form(league.EVENTS["result"]).fields["victory_points"].max_value
    assert file_bounds("pulp-alley", "campaign.reputation") == {(0, CAMPAIGN_MAX_GAMES * most)}
    assert file_bounds("pulp-alley", "campaign.games") == {(0, CAMPAIGN_MAX_GAMES)}


def test_a_campaign_s_records_are_limited_as_config_limits_says():
    root, part = ruleset_properties("pulp-alley")
    for records in ("learned", "pending", "taken_out"):
        (schema,) = schema_at(f"campaign.{records}", part, root)
        assert schema["maxItems"] == CAMPAIGN_MAX_RECORDS


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


def record(client, roster, points, **fields):
    data = {"scenario": "The Lost Idol", "victory_points": str(points), **fields}
    return client.post(f"/rosters/{roster.pk}/campaign/result/", data, follow=True)


def said(response):
    return [str(message) for message in response.context["messages"]]


def reimported(roster):
    """The roster's export, imported again by its owner, exported again."""
    document = json.loads(json.dumps(export_roster(roster=roster)))
    again = import_roster(owner=roster.owner, document=validate_roster(document)).roster
    return document, export_roster(roster=again)


def test_a_league_past_99_reputation_exports_a_file_that_imports_again(player_client, league):
    for _ in range(2):
        assert record(player_client, league, 99, rewards=["tips"]).status_code == 200
    league.refresh_from_db()
    assert league.campaign["reputation"] == 198
    document, again = reimported(league)
    assert again["campaign"] == document["campaign"]
    assert again["choices"] == document["choices"]


def test_more_victory_points_than_a_scenario_gives_are_refused_naming_the_field(
    player_client, league
):
    response = record(player_client, league, 100)
    assert said(response) == ["Victory points: Ensure this value is less than or equal to 99."]
    too_many = record(player_client, league, 5, rewards=["tips"] * 11)
    assert said(too_many) == ["Reward cards: 11 cards; a league holds at most 10 after a game."]
    assert not CampaignEntry.objects.exists()


def test_a_league_records_at_most_the_campaign_s_games(player_client, league):
    Roster.objects.filter(pk=league.pk).update(campaign={"games": CAMPAIGN_MAX_GAMES})
    response = record(player_client, league, 3)
    assert said(response) == [
        f"The league has recorded {CAMPAIGN_MAX_GAMES} games, the most one campaign holds"
        f" ({CAMPAIGN_MAX_GAMES}); start a new league to play on."
    ]
    league.refresh_from_db()
    assert league.campaign == {"games": CAMPAIGN_MAX_GAMES}
    document = {**sample_document("singapore-smith"), "campaign": {"games": 100}}
    with pytest.raises(RosterFormatError, match=r"^campaign\.games: 100 is more than 99, the most"):
        import_roster(owner=league.owner, document=document)


def test_a_character_rolls_one_harrowing_escape_before_the_next_game(player_client, league):
    enki = league.members.get(character__name="Enki").character_id
    record(player_client, league, 4, taken_out=[enki])
    url = f"/rosters/{league.pk}/campaign/escape/"
    first = player_client.post(url, {"character_id": enki, "roll": "3"}, follow=True)
    assert said(first) == [
        "Recorded: Enki: Bloodied & Bruised, next game, they join the table only as turn 2 begins"
    ]
    response = player_client.post(url, {"character_id": enki, "roll": "5"}, follow=True)
    assert said(response) == [
        "Enki already has a Harrowing Escape result waiting for the next game; undo it to roll"
        " again."
    ]
    league.refresh_from_db()
    assert league.campaign["pending"] == [{"character": str(enki), "roll": 3}]


def test_a_league_learns_at_most_the_campaign_s_records(league):
    held = [{"character": "0", "ability": "speedy", "game": 1}] * CAMPAIGN_MAX_RECORDS
    Roster.objects.filter(pk=league.pk).update(
        campaign={"games": 2, "experience": 5, "learned": held}
    )
    enki = league.members.get(character__name="Enki").character
    with pytest.raises(CampaignRefused, match="the most one campaign holds"):
        learn_ability(roster=league, character=enki, ability="speedy")


def test_a_file_with_twenty_thousand_campaign_records_is_refused_as_read(player, pulp_alley):
    """The bounded reader counts the list and refuses it before anything is built from it
    (its message is the counter's); how fast that is, is the bench's to say."""
    record = {"character": "1", "ability": "speedy", "game": 1}
    document = {
        **sample_document("singapore-smith"),
        "campaign": {"games": 1, "learned": [record] * 20_000},
    }
    with pytest.raises(RosterFormatError) as refusal:
        import_roster(owner=player, document=document)
    assert str(refusal.value) == (
        f"campaign.learned: has 20000 entries; at most {CAMPAIGN_MAX_RECORDS} are allowed"
    )
    assert not Roster.objects.exists()


GAMES_WITHOUT_CAMPAIGN_RULES = ["7tv-claire", "pulp-city-starter-box", "pulp-fiction-heroes"]


@pytest.mark.parametrize("sample", GAMES_WITHOUT_CAMPAIGN_RULES)
@pytest.mark.parametrize("value", [1e20, 2.5, 100, -1, "12", [3], {"a": 1}])
def test_a_campaign_field_of_a_game_without_campaign_rules_holds_a_bounded_whole_number(
    player, rules_data, sample, value
):
    """Was stored as given: PostgreSQL gave 1e20 back as a 21-digit integer, and the
    roster's own export no longer imported."""
    document = {**sample_document(sample), "campaign": {"episodes": value}}
    with pytest.raises(RosterFormatError, match=r"^campaign\.episodes: "):
        import_roster(owner=player, document=document)
    assert not Roster.objects.exists()


@pytest.mark.parametrize("sample", GAMES_WITHOUT_CAMPAIGN_RULES)
def test_a_game_without_campaign_rules_keeps_its_tallies_through_export_and_import(
    player, rules_data, sample
):
    tallies = {"episodes": 99, "ratings-won": 0}
    document = {**sample_document(sample), "campaign": tallies}
    roster = import_roster(owner=player, document=document).roster
    roster.refresh_from_db()  # as the database gives it back
    assert roster.campaign == tallies
    exported, again = reimported(roster)
    assert exported["campaign"] == again["campaign"] == tallies


@pytest.mark.skipif(connection.vendor != "postgresql", reason="jsonb numbers need PostgreSQL")
def test_postgresql_gives_back_a_stored_league_exactly(league):
    """What PostgreSQL's jsonb normalises (1e20 to 100000000000000000000, 2.0 to 2.0) never
    reaches it: the file holds whole numbers only, each within its bound."""
    document = {**sample_document("singapore-smith"), "campaign": {"games": 1e20}}
    with pytest.raises(RosterFormatError, match=r"^campaign\.games: 1e\+20 should be a whole"):
        import_roster(owner=league.owner, document=document)


def test_a_league_keeps_at_most_the_campaign_s_timeline_entries(player_client, league, monkeypatch):
    """Reorganisations between games add entries without adding games: the timeline itself
    has a bound, or a league could grow its page and its undo history without end."""
    from config import limits

    monkeypatch.setattr(limits, "CAMPAIGN_MAX_ENTRIES", 3)  # read when each change comes
    for scenario in (1, 2, 3):
        record(player_client, league, scenario)
    assert league.campaign_entries.count() == 3
    response = record(player_client, league, 4)
    assert said(response) == [
        "This league's timeline holds 3 changes, the most one campaign keeps (3); start a new"
        " league to play on."
    ]
    assert league.campaign_entries.count() == 3
    league.refresh_from_db()
    assert league.campaign["games"] == 3


def test_a_record_naming_no_character_of_the_file_names_no_card_after_import(player, pulp_alley):
    """A learned ability whose `character` is no id of the file is left out: kept as it was,
    it named whichever card had that key (one of the league's own, as hypothesis found when
    a new card's key matched), so an escape or ability moved to another character."""
    document = sample_document("singapore-smith")
    ids = {character["id"] for character in document["characters"]}
    for _ in range(2):  # a second league's cards have keys past the file's ids
        league = import_roster(owner=player, document=document).roster
    someone = str(league.members.order_by("position").last().character.pk)
    assert someone not in ids
    stray = {"character": someone, "ability": "speedy", "game": 1}
    document = {**document, "campaign": {"games": 1, "learned": [stray]}}
    league = import_roster(owner=player, document=document).roster
    assert league.campaign["learned"] == []
