"""Pulp Alley between games (core rulebook p.44-45): rewards, Reputation perks in order and
never lost, Experience spent on abilities, and the report's check of a claimed campaign."""

from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import example, given
from hypothesis import strategies as st

from rosters.format import read_roster
from rules.engines.base import Budget, Finding, Report
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_alley.campaign import (
    campaign_findings,
    campaign_state,
    character_lines,
    fixed_choices,
    harrowing_escape,
    join_society,
    learn_ability,
    record_result,
    reorganise,
    spend,
)
from rules.games.pulp_alley.engine import evaluate

BOOK = rules_book_from_fixtures("pulp-alley")
SMITH = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"
LADDER = [
    "local-support",
    "regional-influence",
    "underworld-contacts",
    "privileged-access",
    "secret-society",
    "nationally-recognized",
    "world-famous",
    "government-contacts",
]


def smith():
    # Read as a roster file is, so each character has its id.
    return read_roster(SMITH)


def character(name):
    return next(c for c in smith()["characters"] if c["name"] == name)


def result(points, *rewards, taken_out=()):
    return {
        "scenario": "Cornered",
        "victory_points": points,
        "rewards": list(rewards),
        "taken_out": list(taken_out),
    }


def test_victory_points_become_reputation_and_reward_cards_fill_the_banks():
    step = record_result(
        {}, result(4, "tips", "gear", "experience"), reputation_perks=[], rules=BOOK
    )
    assert step.accepted
    assert step.state["reputation"] == 4  # 1 per victory point, p.44
    assert step.state["experience"] == 1
    assert step.state["banks"] == {"tips": 1, "backup": 0, "contacts": 0, "gear": 1}
    assert step.state["games"] == 1
    assert step.reputation_perks == ()


def test_perks_unlock_at_their_thresholds_lowest_first():
    step = record_result({"reputation": 9}, result(1), reputation_perks=[], rules=BOOK)
    assert step.reputation_perks == ("local-support",)  # 10 Reputation, p.45
    step = record_result(
        {"reputation": 10}, result(31), reputation_perks=["local-support"], rules=BOOK
    )
    # 41: Regional Influence (25) and Underworld Contacts (40) join, in the book's order.
    assert step.reputation_perks == ("local-support", "regional-influence", "underworld-contacts")
    assert "Regional Influence earned at 25 Reputation" in step.changes


def test_perks_are_never_lost():
    # A league that fell back below a threshold (Dragged to Safety, p.44) keeps what it earned.
    step = record_result(
        {"reputation": 3}, result(0), reputation_perks=["local-support"], rules=BOOK
    )
    assert step.reputation_perks == ("local-support",)


@pytest.mark.parametrize("points", [-1, "3", None, True, 2.5])
def test_a_bad_victory_point_count_is_refused_and_changes_nothing(points):
    step = record_result({"reputation": 7}, result(points), reputation_perks=[], rules=BOOK)
    assert not step.accepted
    assert step.state["reputation"] == 7 and step.state["games"] == 0


def test_an_unknown_reward_is_refused():
    step = record_result({}, result(1, "gold"), reputation_perks=[], rules=BOOK)
    assert [f.code for f in step.findings] == ["bad-reward"]


def test_an_ability_costs_the_characters_level_in_experience():
    state = {"experience": 5, "games": 2}
    step = learn_ability(
        state, character=character("Enki"), ability="speedy", reputation_perks=[], rules=BOOK
    )
    assert step.accepted
    assert step.state["experience"] == 3  # an Ally is level 2, p.44
    enki = character("Enki")["id"]
    assert step.state["learned"] == [{"character": enki, "ability": "speedy", "game": 2}]
    leader = learn_ability(
        state,
        character=character("Singapore Smith"),
        ability="speedy",
        reputation_perks=[],
        rules=BOOK,
    )
    assert leader.state["experience"] == 1  # a Leader is level 4


def codes(step):
    return {f.code for f in step.findings}


def test_one_new_ability_per_character_per_scenario():
    state = {
        "experience": 9,
        "games": 1,
        "learned": [{"character": character("Enki")["id"], "ability": "speedy", "game": 1}],
    }
    again = learn_ability(
        state, character=character("Enki"), ability="agile", reputation_perks=[], rules=BOOK
    )
    assert codes(again) == {"one-per-scenario"}
    assert again.state["experience"] == 9
    later = learn_ability(
        {**state, "games": 2},
        character=character("Enki"),
        ability="agile",
        reputation_perks=[],
        rules=BOOK,
    )
    assert later.accepted


def test_a_character_learns_at_most_its_level_over_the_campaign():
    skeet = character("Chu-Chu")
    skeet["profile"]["learned_abilities"] = ["speedy"]
    step = learn_ability(
        {"experience": 9}, character=skeet, ability="agile", reputation_perks=[], rules=BOOK
    )
    assert codes(step) == {"learned-cap"}  # a Follower learns 1 at most, p.44


@pytest.mark.parametrize(
    "experience, ability, refusal",
    [
        (2, "brash", "not-enough-experience"),  # a Sidekick pays 3
        (9, "commander", "ability-too-high"),
        (9, "fierce", "known-ability"),
    ],
)
def test_experience_must_cover_the_cost_and_the_ability_must_be_in_reach(
    experience, ability, refusal
):
    step = learn_ability(
        {"experience": experience},
        character=character("Arge"),
        ability=ability,
        reputation_perks=[],
        rules=BOOK,
    )
    assert codes(step) == {refusal}


def league(reputation, perks):
    document = smith()
    document["version"] = 2
    document["campaign"] = {"reputation": reputation}
    document["choices"] = {"reputation_perks": perks}
    return document


def test_world_famous_needs_the_reputation_and_every_perk_below_it():
    assert evaluate(league(100, LADDER[:7]), BOOK).legal
    short = evaluate(league(99, LADDER[:7]), BOOK)
    assert not short.legal and "reputation-too-low" in short.codes
    skipped = evaluate(league(100, ["world-famous"]), BOOK)
    assert not skipped.legal and "reputation-perk-skipped" in skipped.codes
    # An older file with no campaign block claims no Reputation at all.
    old = smith()
    old["choices"] = {"reputation_perks": ["world-famous"]}
    assert not evaluate(old, BOOK).legal


def test_a_league_with_no_campaign_reads_as_a_new_one():
    assert campaign_state(None) == campaign_state({"banks": "lots", "learned": [3]})
    assert campaign_findings(None, {}, BOOK) == []


results = st.fixed_dictionaries(
    {},
    optional={
        "victory_points": st.one_of(st.integers(-5, 200), st.text(max_size=3), st.none()),
        "rewards": st.lists(
            st.sampled_from(["tips", "backup", "contacts", "gear", "experience", "gold", 3]),
            max_size=6,
        ),
        # The league's characters as the event passes them, or anything a caller might.
        "taken_out": st.lists(
            st.one_of(st.text(max_size=8), st.integers(), st.sampled_from(smith()["characters"])),
            max_size=4,
        ),
        "scenario": st.text(max_size=20),
    },
)
states = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(["games", "reputation", "experience", "banks", "learned", "taken_out"]),
        st.one_of(
            st.integers(-3, 300),
            st.text(max_size=3),
            st.lists(st.integers(), max_size=2),
            st.lists(
                st.one_of(
                    st.fixed_dictionaries({"character": st.sampled_from(["1", "3", "x", ""])}),
                    st.text(max_size=2),
                ),
                max_size=3,
            ),
        ),
    ),
)


@given(states, results, st.lists(st.sampled_from(LADDER), max_size=3, unique=True))
def test_any_recorded_result_keeps_the_book_s_promises(state, outcome, held):
    before = campaign_state(state)
    step = record_result(state, outcome, reputation_perks=held, rules=BOOK)
    after = step.state
    assert after["reputation"] >= before["reputation"]
    assert set(held) <= set(step.reputation_perks)  # never lost
    if step.accepted:
        assert after["reputation"] == before["reputation"] + outcome["victory_points"]
        assert after["games"] == before["games"] + 1
        earned = [p for p in LADDER if p in step.reputation_perks]
        new = [p for p in step.reputation_perks if p not in held]
        assert new == [p for p in earned if p not in held]  # in the book's order
        thresholds = {p["slug"]: p["data"]["threshold"] for p in BOOK.of_kind("reputation-perk")}
        assert all(thresholds[p] <= after["reputation"] for p in new)
        assert all(
            p in step.reputation_perks for p in LADDER if thresholds[p] <= after["reputation"]
        )
    else:
        assert after == before
    # Who may roll a Harrowing Escape next: exactly the characters this game took out.
    taken_out = [c for c in outcome.get("taken_out", ()) if isinstance(c, dict)]
    if step.accepted:
        assert after["taken_out"] == [{"character": str(c["id"])} for c in taken_out]


@given(states, st.sampled_from(smith()["characters"]), st.integers(1, 6))
def test_an_escape_is_accepted_only_for_a_character_the_last_game_took_out(state, who, roll):
    step = harrowing_escape(state, character=who, roll=roll, reputation_perks=[])
    before = campaign_state(state)
    out = [item["character"] for item in before["taken_out"]]
    if step.accepted:
        assert str(who["id"]) in out and step.state["taken_out"] == before["taken_out"]
    elif before["games"] and str(who["id"]) not in out:
        assert [f.code for f in step.findings] == ["escape-not-taken-out"]


def test_one_society_perk_of_rank_one_and_only_with_the_secret_society_perk():
    joined = league(70, LADDER[:5])
    joined["choices"]["society_perks"] = ["the-first-cup"]
    assert evaluate(joined, BOOK).legal
    joined["choices"]["society_perks"] = ["the-first-cup", "the-first-blade"]
    assert "society-perks-per-rank" in evaluate(joined, BOOK).codes
    early = league(55, LADDER[:4])
    early["choices"]["society_perks"] = ["the-first-coin"]
    assert "society-without-perk" in evaluate(early, BOOK).codes


def taken_out_in_a_game(*names, reputation=10):
    """A league state after one game that took out the characters `names`."""
    return {
        "games": 1,
        "reputation": reputation,
        "taken_out": [{"character": character(name)["id"]} for name in names],
    }


def test_the_result_records_who_was_taken_out_and_only_they_roll_an_escape():
    """p.44: the Harrowing Escape is for a knocked-out character, of the game just played."""
    played = record_result(
        {}, {**result(2), "taken_out": [character("Enki")]}, reputation_perks=[], rules=BOOK
    )
    assert played.state["taken_out"] == [{"character": character("Enki")["id"]}]
    assert "Enki is back on their feet for the next game" in played.changes
    arge = harrowing_escape(played.state, character=character("Arge"), roll=3, reputation_perks=[])
    assert [f.code for f in arge.findings] == ["escape-not-taken-out"]
    assert arge.findings[0].page == 44 and arge.state["pending"] == []
    enki = harrowing_escape(played.state, character=character("Enki"), roll=3, reputation_perks=[])
    assert enki.accepted
    later = record_result(enki.state, result(1), reputation_perks=[], rules=BOOK)
    assert later.state["taken_out"] == []
    again = harrowing_escape(later.state, character=character("Enki"), roll=3, reputation_perks=[])
    assert not again.accepted


def test_dragged_to_safety_costs_a_reputation_point_but_no_perk():
    step = harrowing_escape(
        taken_out_in_a_game("Enki"),
        character=character("Enki"),
        roll=2,
        reputation_perks=["local-support"],
    )
    assert step.state["reputation"] == 9  # p.44
    assert step.reputation_perks == ("local-support",)  # never lost, p.45
    assert step.state["pending"] == [{"character": character("Enki")["id"], "roll": 2}]


def test_other_escapes_wait_for_the_next_game_only():
    step = harrowing_escape(
        taken_out_in_a_game("Arge"), character=character("Arge"), roll=6, reputation_perks=[]
    )
    assert step.state["reputation"] == 10
    assert "Arge: KILLED! Or so they think..." in step.changes[0]
    after = record_result(step.state, result(1), reputation_perks=[], rules=BOOK)
    assert after.state["pending"] == []


@pytest.mark.parametrize("roll", [0, 7, "3", None, True, [2]])
def test_a_roll_off_the_die_is_refused(roll):
    step = harrowing_escape(
        {"reputation": 5}, character=character("Enki"), roll=roll, reputation_perks=[]
    )
    assert not step.accepted and step.state["reputation"] == 5


def test_no_harrowing_escape_before_the_league_has_played_a_game():
    """The roll is for a character taken out in a game (p.44): a new league has none."""
    step = harrowing_escape(
        {"reputation": 0}, character=character("Enki"), roll=3, reputation_perks=[]
    )
    assert not step.accepted
    assert step.findings[0].code == "escape-before-a-game"
    assert step.state["pending"] == []


def test_banked_points_are_spent_and_never_overdrawn():
    state = {"banks": {"gear": 3}}
    step = spend(state, bank="gear", points=2, reputation_perks=[])
    assert step.state["banks"]["gear"] == 1
    assert not spend(step.state, bank="gear", points=2, reputation_perks=[]).accepted
    assert not spend(state, bank="gold", points=1, reputation_perks=[]).accepted
    assert not spend(state, bank="gear", points=0, reputation_perks=[]).accepted


@given(
    states,
    st.sampled_from(["tips", "backup", "contacts", "gear", "gold", None]),
    st.one_of(st.integers(-3, 10), st.none(), st.text(max_size=2)),
)
def test_spending_never_leaves_a_bank_below_zero(state, bank, points):
    step = spend(state, bank=bank, points=points, reputation_perks=[])
    assert all(value >= 0 for value in step.state["banks"].values())
    if step.accepted:
        before = campaign_state(state)["banks"][bank]
        assert step.state["banks"][bank] == before - points


def test_a_leader_joins_one_society_with_one_rank_one_perk():
    ladder = LADDER[:5]
    society = "the-guild-of-thirteen"

    def join(state, held, society_perks=(), perk="the-first-coin"):
        return join_society(
            state,
            society=society,
            perk=perk,
            reputation_perks=held,
            society_perks=list(society_perks),
            rules=BOOK,
        )

    step = join({"reputation": 70}, ladder)
    assert step.accepted
    assert step.state["society"] == society and step.society_perks == ("the-first-coin",)
    assert codes(join({"reputation": 60}, LADDER[:4])) == {"society-without-perk"}
    assert codes(join(step.state, ladder)) == {"already-joined"}
    assert codes(join({"reputation": 70}, ladder, perk="commander")) == {"unknown-society"}


characters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Smith", "Arge", "Enki", "Chu-Chu", "Ned"]),
        "type": st.sampled_from(["leader", "sidekick", "ally", "follower", "gremlin", None]),
    }
)
finding_codes = st.sampled_from(["over-budget", "too-many-sidekicks", "no-leader"])


@st.composite
def reports(draw):
    findings = draw(st.lists(st.builds(Finding, finding_codes, st.just("error"), st.just("x"))))
    budget = Budget(used=draw(st.integers(0, 20)), total=draw(st.integers(0, 20)), unit="slots")
    return Report("pulp-alley", budget, tuple(findings))


def report(used, total, *codes, **pools):
    findings = tuple(Finding(code, "error", "x") for code in codes)
    return Report("pulp-alley", Budget(used, total, "slots", details=pools), findings)


@given(
    states,
    st.lists(characters, max_size=3),
    st.lists(characters, max_size=3),
    reports(),
    reports(),
)
# Found by hypothesis: an addition past the slots whose report carries no over-budget finding.
@example(
    state={"games": 1},
    dropped=[],
    added=[{"name": "Smith", "type": "leader"}],
    before=report(0, 0),
    after=report(1, 0),
)
def test_a_reorganisation_keeps_the_leader_and_the_slots(state, dropped, added, before, after):
    """Reorganize (p.44): only after a game, never the Leader, never past the slots or into a
    rule the league kept; and it changes nothing but the line-up."""
    step = reorganise(
        state,
        dropped=dropped,
        added=added,
        before=before,
        after=after,
        reputation_perks=["local-support"],
        rules=BOOK,
    )
    assert step.state == campaign_state(state)
    assert step.reputation_perks == ("local-support",)
    if step.accepted:
        assert campaign_state(state)["games"] >= 1 and (dropped or added)
        assert not any(c["type"] == "leader" for c in dropped)
        assert not after.budget.over or after.budget.used <= before.budget.used
        assert {f.code for f in after.findings} <= {f.code for f in before.findings}
        assert step.changes[0].startswith("Reorganised: ")
    else:
        assert step.findings and not step.changes


def test_a_reorganisation_never_overfills_the_general_slots():
    """With Commander's 4 slots for Allies and Followers empty, the whole budget looks under
    while the general slots are over: adding a Sidekick there is still refused (p.44)."""
    before = report(11, 14, "over-budget", general={"used": 11, "total": 10})
    after = report(14, 14, "over-budget", general={"used": 14, "total": 10})
    sidekick = {"name": "Ned", "type": "sidekick"}
    step = reorganise(
        {"games": 1},
        dropped=[],
        added=[sidekick],
        before=before,
        after=after,
        reputation_perks=[],
        rules=BOOK,
    )
    assert codes(step) == {"over-budget"} and not step.changes
    # Dropping a character from the over-full pool is still allowed.
    shrunk = report(9, 14, "over-budget", general={"used": 9 + 2, "total": 10})
    relief = reorganise(
        {"games": 1},
        dropped=[sidekick],
        added=[],
        before=after,
        after=shrunk,
        reputation_perks=[],
        rules=BOOK,
    )
    assert relief.accepted


def test_an_addition_past_the_slots_is_refused_without_an_engine_finding():
    step = reorganise(
        {"games": 1},
        dropped=[],
        added=[{"name": "Ned", "type": "follower"}],
        before=report(10, 10),
        after=report(11, 10),
        reputation_perks=[],
        rules=BOOK,
    )
    assert codes(step) == {"over-budget"}
    assert "slots 11 / 10" in step.findings[0].message


def test_two_characters_of_one_name_keep_their_own_records():
    """Learned abilities and escapes follow the character, not its name: of two Thugs, only
    the one who learned Speedy and the one shot in the head carry it (p.44)."""
    thug, other = {"id": "7", "name": "Thug", "type": "ally"}, {"id": "8", "name": "Thug"}
    learned = learn_ability(
        {"experience": 4, "games": 1, "taken_out": [{"character": "8"}]},
        character=thug,
        ability="speedy",
        reputation_perks=[],
        rules=BOOK,
    )
    again = learn_ability(
        learned.state,
        character={**other, "type": "ally"},
        ability="agile",
        reputation_perks=[],
        rules=BOOK,
    )
    assert again.accepted  # the other Thug has learned nothing this game
    shot = harrowing_escape(learned.state, character=other, roll=1, reputation_perks=[])
    assert character_lines(shot.state, thug, BOOK) == ["Learned with Experience: Speedy (game 1)"]
    assert character_lines(shot.state, other, BOOK) == [
        "HEADSHOT! (Harrowing Escape): next game, one random skill of theirs rolls a die"
        " fewer (p.44)"
    ]


def test_the_founding_perks_are_fixed_from_the_first_game_on():
    assert fixed_choices({}) == {}
    assert fixed_choices({"games": 0, "reputation": 12}) == {}
    fixed = fixed_choices({"games": 1})
    assert set(fixed) == {"perks"}  # Reputation perks are earned, not chosen here
    assert fixed["perks"].severity == "error" and fixed["perks"].page == 8
