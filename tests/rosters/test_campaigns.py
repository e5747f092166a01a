"""A Pulp Alley league through three scenarios against the book's numbers (p.44-45): results,
an ability bought with Experience, the timeline, undo, and two results sent at once."""

import threading

import pytest
from django.db import connection

from rosters import selectors
from rosters.handlers import campaign as campaign_handlers
from rosters.handlers import cards as card_handlers
from rosters.handlers import members as member_handlers
from rosters.handlers import roster as roster_handlers
from rosters.handlers.base import CampaignRefused
from rosters.handlers.transfer import import_roster
from rosters.models import CampaignEntry, Character, Roster
from rosters.samples import sample_document
from rosters.selectors import campaign_timeline, members_of, roster_data
from rosters.transfer import export_roster
from rules import engines
from rules.models import Ruleset
from rules.selectors import rules_book
from tests.rosters.timeline import learn_ability, record_result, undo_latest


@pytest.fixture
def league(player, pulp_alley):
    return import_roster(owner=player, document=sample_document("singapore-smith")).roster


def member(roster, name):
    return next(m.character for m in members_of(roster) if m.character.name == name)


def game(roster, points, *rewards, taken_out=()):
    return record_result(
        roster=roster,
        result={
            "scenario": "Cornered",
            "victory_points": points,
            "rewards": list(rewards),
            "taken_out": list(taken_out),
        },
    ).roster


def report(roster):
    rules = rules_book(roster.ruleset, roster.owner)
    return engines.evaluate(roster_data(roster, members_of(roster), rules), rules)


@pytest.mark.django_db
def test_a_league_through_three_scenarios(league):
    league = game(league, 6, "tips", "experience", taken_out=[member(league, "Chu-Chu").pk])
    assert league.campaign["reputation"] == 6 and league.campaign["experience"] == 1
    assert league.choices["reputation_perks"] == []

    league = game(league, 5, "gear", "experience")
    # 11 Reputation: Local Support (10).
    assert league.choices["reputation_perks"] == ["local-support"]
    learn_ability(roster=league, character=member(league, "Enki"), ability="speedy")
    league.refresh_from_db()
    assert league.campaign["experience"] == 0  # an Ally pays 2
    assert member(league, "Enki").profile["learned_abilities"] == ["speedy"]
    with pytest.raises(CampaignRefused, match="already learned an ability this game"):
        learn_ability(roster=league, character=member(league, "Enki"), ability="agile")

    league = game(league, 14, "contacts", "experience")
    assert league.campaign["reputation"] == 25
    assert league.campaign["banks"] == {"tips": 1, "backup": 0, "contacts": 1, "gear": 1}
    assert league.choices["reputation_perks"] == ["local-support", "regional-influence"]
    # Regional Influence: the 10-slot league now has 11 (p.45), and stays legal.
    after = report(league)
    assert after.budget.label == "10 / 11 slots used"
    assert after.legal

    entries = campaign_timeline(league)
    assert [e.game for e in entries] == [3, 2, 2, 1]
    assert "Regional Influence earned at 25 Reputation" in entries[0].summary
    assert entries[1].summary == "Enki learns Speedy for 2 Experience"
    assert "Chu-Chu is back on their feet for the next game" in entries[3].summary

    # The campaign travels in the roster file and comes back on import.
    document = export_roster(roster=league)
    assert document["version"] >= 2 and document["campaign"]["reputation"] == 25
    copy = import_roster(owner=league.owner, document=document).roster
    # Enki's learned ability follows Enki to the copy's own card.
    enki = str(member(copy, "Enki").pk)
    learned = [{"character": enki, "ability": "speedy", "game": 2}]
    assert copy.campaign == {**league.campaign, "learned": learned}
    assert report(copy).legal


def test_an_older_file_s_campaign_records_name_characters_and_import_by_id(player, pulp_alley):
    """A version 2 file's learned abilities and escapes name characters; on import each
    record names the card of the one character of that name, and a shared name stays."""
    document = sample_document("singapore-smith")
    document["version"] = 2
    for character in document["characters"]:
        character.pop("id", None)
    document["characters"].append({**document["characters"][-1]})  # a second Chu-Chu
    document["campaign"] = {
        "games": 2,
        "learned": [{"character": "Enki", "ability": "speedy", "game": 2}],
        "pending": [{"character": "Chu-Chu", "roll": 3}, {"character": "Arge", "roll": 4}],
    }
    league = import_roster(owner=player, document=document).roster
    assert league.campaign["learned"][0]["character"] == str(member(league, "Enki").pk)
    assert league.campaign["pending"] == [
        {"character": "Chu-Chu", "roll": 3},
        {"character": str(member(league, "Arge").pk), "roll": 4},
    ]


@pytest.mark.django_db
def test_undo_takes_back_the_latest_change_exactly(league):
    league = game(league, 11, "experience", "experience")
    learn_ability(roster=league, character=member(league, "Enki"), ability="speedy")
    league = game(league, 14, "tips")
    undo_latest(league)
    league.refresh_from_db()
    assert league.campaign["reputation"] == 11 and league.campaign["banks"]["tips"] == 0
    assert league.choices["reputation_perks"] == ["local-support"]
    undo_latest(league)
    league.refresh_from_db()
    assert league.campaign["experience"] == 2
    assert member(league, "Enki").profile["learned_abilities"] == []
    undo_latest(league)
    league.refresh_from_db()
    assert league.campaign == {} and league.choices["reputation_perks"] == []
    assert undo_latest(league).entry is None
    assert not CampaignEntry.objects.exists()


# The sample league's members, in order, as it is built and after every undone reorganisation.
SAMPLE_LINEUP = ["Singapore Smith", "Arge", "Enki", "Kazak", "Little Skeet", "Chu-Chu"]


def recruit(league, name, kind="follower"):
    """A new card in My Cards, of the league's game, built like a sample member of `kind`."""
    model = next(m.character for m in members_of(league) if m.character.character_type == kind)
    data = {"name": name, "type": kind, "profile": model.profile}
    return card_handlers.save_card(owner=league.owner, ruleset=league.ruleset, data=data).character


def assert_only_the_first_game_left(league):
    """Every reorganisation after the sample's first game (4 VP, a Tip) undone."""
    assert names(league) == SAMPLE_LINEUP
    assert [e.summary for e in campaign_timeline(league)] == ["+4 Reputation (4 in all); +1 Tip"]


def names(roster):
    return [m.character.name for m in members_of(roster)]


@pytest.mark.django_db
def test_reorganising_swaps_characters_within_the_slots_and_undoes(league):
    """Reorganize (p.44): drop a character to free its slots, fill them with a new one."""
    ned = recruit(league, "Ned")
    with pytest.raises(CampaignRefused, match="after a scenario"):
        campaign_handlers.reorganise(
            roster=league, drop=[member(league, "Chu-Chu").pk], add=[ned.pk]
        )
    league = game(league, 4, "tips")
    # The sample spends all 10 slots: one more Follower does not fit.
    with pytest.raises(CampaignRefused, match="11 of 10 slots"):
        campaign_handlers.reorganise(roster=league, add=[ned.pk])
    assert "Ned" not in names(league)

    result = campaign_handlers.reorganise(
        roster=league, drop=[member(league, "Chu-Chu").pk], add=[ned.pk]
    )
    assert names(league) == ["Singapore Smith", "Arge", "Enki", "Kazak", "Little Skeet", "Ned"]
    assert result.entry.game == 1
    assert result.entry.summary == (
        "Reorganised: Chu-Chu (Follower) leaves; Ned (Follower) joins (10 / 10 slots used)"
    )
    assert report(league).legal
    assert league.campaign["reputation"] == 4  # reorganising changes nothing else

    # Undo puts the old line-up back, in its order.
    undo_latest(league)
    assert_only_the_first_game_left(league)


@pytest.mark.django_db
def test_the_leader_stays(league):
    league = game(league, 2)
    boss = member(league, "Singapore Smith")
    with pytest.raises(CampaignRefused, match="dropping the Leader would disband it"):
        campaign_handlers.reorganise(
            roster=league, drop=[boss.pk], add=[recruit(league, "Boss 2", "leader").pk]
        )
    assert "Singapore Smith" in names(league)
    assert CampaignEntry.objects.filter(roster=league).count() == 1


@pytest.mark.django_db
def test_reorganising_takes_only_the_owners_cards_of_this_game(league, make_user):
    league = game(league, 2)
    stranger = make_user("stranger")
    theirs = card_handlers.save_card(
        owner=stranger,
        ruleset=league.ruleset,
        data={"name": "Spy", "type": "follower", "profile": member(league, "Chu-Chu").profile},
    ).character
    with pytest.raises(CampaignRefused, match="Choose who leaves or who joins"):
        campaign_handlers.reorganise(roster=league, add=[theirs.pk])
    assert "Spy" not in names(league)


@pytest.mark.django_db
def test_a_refused_result_records_nothing(league):
    with pytest.raises(CampaignRefused):
        game(league, -2)
    league.refresh_from_db()
    assert league.campaign == {} and not CampaignEntry.objects.exists()


@pytest.mark.django_db
def test_a_game_without_between_game_rules_refuses(make_user, rules_data):
    owner = make_user("caster")
    seven_tv = Ruleset.objects.get(slug="7tv")
    roster = Roster.objects.create(owner=owner, ruleset=seven_tv, name="Cast")
    assert selectors.campaign_rules(roster) is None
    with pytest.raises(CampaignRefused):
        game(roster, 3)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_results_sent_at_once_both_count(player, pulp_alley):
    league = import_roster(owner=player, document=sample_document("singapore-smith")).roster
    barrier = threading.Barrier(2)

    def send(points):
        barrier.wait()
        try:
            game(Roster.objects.get(pk=league.pk), points)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(points,)) for points in (6, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    league.refresh_from_db()
    assert league.campaign["games"] == 2 and league.campaign["reputation"] == 11
    assert league.choices["reputation_perks"] == ["local-support"]
    assert CampaignEntry.objects.filter(roster=league).count() == 2


@pytest.mark.django_db
def test_the_builder_is_free_until_the_first_game_then_reorganises(league):
    """Add and Remove in the builder: before the first game they build the league as the
    player likes (over the slots too, the report says so); after it each is a reorganisation
    (p.44), on the timeline after that game, refused when it breaks the book, undone there."""
    ned, kit = recruit(league, "Ned"), recruit(league, "Kit")
    result = member_handlers.add_member(roster=league, character=ned)
    assert result.entry is None and "Ned" in names(league)
    assert report(league).budget.label == "11 / 10 slots used"
    assert member_handlers.remove_member(roster=league, character_id=ned.pk).entry is None
    assert "Ned" not in names(league) and not CampaignEntry.objects.exists()

    league = game(league, 4, "tips")
    with pytest.raises(CampaignRefused, match="11 of 10 slots"):
        member_handlers.add_member(roster=league, character=ned)
    boss = member(league, "Singapore Smith")
    with pytest.raises(CampaignRefused, match="dropping the Leader would disband it"):
        member_handlers.remove_member(roster=league, character_id=boss.pk)
    assert names(league) == SAMPLE_LINEUP

    left = member_handlers.remove_member(roster=league, character_id=member(league, "Chu-Chu").pk)
    joined = member_handlers.add_member(roster=league, character=kit)
    assert (left.entry.game, joined.entry.game) == (1, 1)
    assert left.entry.summary == "Reorganised: Chu-Chu (Follower) leaves (9 / 10 slots used)"
    assert joined.entry.summary == "Reorganised: Kit (Follower) joins (10 / 10 slots used)"
    assert names(league)[-1] == "Kit" and report(league).legal

    undo_latest(league)
    undo_latest(league)
    assert_only_the_first_game_left(league)


@pytest.mark.django_db
def test_the_builder_takes_no_card_of_another_game_into_a_league_that_has_played(league):
    league = game(league, 2)
    seven_tv = Ruleset.objects.get(slug="7tv")
    star = Character.objects.create(
        owner=league.owner, ruleset=seven_tv, character_type="star", name="Star"
    )
    with pytest.raises(ValueError, match="Star is a 7TV card"):
        member_handlers.add_member(roster=league, character=star)
    assert CampaignEntry.objects.filter(roster=league).count() == 1


@pytest.mark.django_db
def test_a_game_without_between_game_rules_builds_freely_whatever_its_file_says(
    make_user, rules_data
):
    owner = make_user("caster")
    seven_tv = Ruleset.objects.get(slug="7tv")
    roster = Roster.objects.create(
        owner=owner, ruleset=seven_tv, name="Cast", campaign={"games": 3}
    )
    star = Character.objects.create(
        owner=owner, ruleset=seven_tv, character_type="star", name="Star"
    )
    assert member_handlers.add_member(roster=roster, character=star).entry is None
    assert member_handlers.remove_member(roster=roster, character_id=star.pk).entry is None
    assert not roster.members.exists()


def role_of(roster, name):
    return next(m.role for m in members_of(roster) if m.character.name == name)


@pytest.mark.django_db
def test_after_a_game_the_builder_changes_who_leads_only_as_the_book_allows(league):
    """Under Mastermind the Sidekick leads, marked acting leader in the builder (p.37). Once
    the league has played, marking it is a reorganisation on the timeline, and the mark
    cannot go again: the league keeps its leader (p.44)."""
    roster_handlers.set_choice(roster=league, key="perks", values=["mastermind"])
    member_handlers.remove_member(roster=league, character_id=member(league, "Singapore Smith").pk)
    assert "no-leader" in report(league).codes
    league = game(league, 3)

    arge = member(league, "Arge")
    result = member_handlers.set_member_role(
        roster=league, character_id=arge.pk, role="acting-leader"
    )
    assert result.entry.game == 1
    assert result.entry.summary.startswith("Reorganised: Arge (Sidekick) becomes acting leader")
    assert role_of(league, "Arge") == "acting-leader" and report(league).legal
    with pytest.raises(CampaignRefused, match="mark one Sidekick as acting leader"):
        member_handlers.set_member_role(roster=league, character_id=arge.pk, role="")
    assert role_of(league, "Arge") == "acting-leader"

    undo_latest(league)
    assert role_of(league, "Arge") == ""
    assert CampaignEntry.objects.filter(roster=league).count() == 1


@pytest.mark.django_db
def test_who_was_taken_out_travels_in_the_file_and_names_the_copy_s_own_card(league):
    """The copy's Chu-Chu, not the original's card, may roll the Harrowing Escape (p.44)."""
    league = game(league, 3, taken_out=[member(league, "Chu-Chu").pk])
    document = export_roster(roster=league)
    assert document["campaign"]["taken_out"] == [{"character": str(member(league, "Chu-Chu").pk)}]
    copy = import_roster(owner=league.owner, document=document).roster
    assert copy.campaign["taken_out"] == [{"character": str(member(copy, "Chu-Chu").pk)}]
    older = {**document, "campaign": {"games": 1}}  # a file from before it was recorded
    assert import_roster(owner=league.owner, document=older).roster.campaign == {"games": 1}
