"""The Pulp Alley engine on plain data: the book's sample leagues, every finding code, the
two slot pools and the printed profile. No database: the rules come from fixtures/."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from rules.engines import engine_for, evaluate
from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_alley import engine as pulp_alley
from rules.games.pulp_alley.engine import character_findings, printed_profile
from tests.rules.ids import with_ids

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")


@pytest.fixture(scope="module")
def book():
    return rules_book_from_fixtures("pulp-alley")


def example(name):
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def card(name, kind, line, *abilities, **profile):
    """A character from a base profile line "health brawl shoot dodge might finesse cunning"."""
    health, *dice = line.split()
    skills = dict(zip(SKILLS, dice, strict=True))
    return {
        "name": name,
        "type": kind,
        "role": "",
        "profile": {"health": health, "skills": skills, "abilities": list(abilities), **profile},
    }


def leader(name="Hero", *abilities, **profile):
    abilities = abilities or ("sharp", "deadeye", "brash")
    return card(name, "leader", "d10 3d10 3d10 3d10 2d8 3d8 2d10", *abilities, **profile)


def sidekick(name="Arge", *abilities, **profile):
    abilities = abilities or ("athletic", "fierce")
    return card(name, "sidekick", "d8 3d8 3d8 2d6 3d8 2d6 2d6", *abilities, **profile)


def ally(name="Enki", *abilities, **profile):
    return card(
        name, "ally", "d6 2d6 2d6 1d6 1d6 1d6 1d6", *(abilities or ("marksman",)), **profile
    )


def follower(name="Thug", *abilities, **profile):
    abilities = abilities or ("fierce",)
    return card(name, "follower", "d6 1d6 1d6 1d6 1d6 1d6 1d6", *abilities, **profile)


def associate(name="Jeeves"):
    return {"name": name, "type": "associate", "profile": {}}


def league(*characters, perks=(), budget=None, house_rules=(), **choices):
    roster = {
        "format": "cliffhanger-roster",
        "version": 1,
        "ruleset": "pulp-alley",
        "name": "Test League",
        "choices": {"perks": list(perks), **choices},
        "characters": with_ids(characters),
    }
    if budget is not None:
        roster["budget"] = budget
    if house_rules:
        roster["house_rules"] = list(house_rules)
    return roster


def crew(*more, **options):
    """A plain legal first league: Leader, Sidekick and two Allies, 7 of 10 slots."""
    return league(leader(), sidekick(), ally("Enki"), ally("Kazak"), *more, **options)


def codes_about(report, name):
    return {finding.code for finding in report.about(name)}


# ---- The book's samples ---------------------------------------------------------------------


def test_singapore_smiths_league_is_legal_and_spends_exactly_ten_slots(book):
    report = evaluate(example("singapore-smith"), book)
    assert report.legal
    assert report.findings == ()
    assert report.budget.label == "10 / 10 slots used"


def test_captain_wolf_alone_is_legal_but_advised_to_recruit(book):
    report = evaluate(example("captain-wolf"), book)
    assert report.legal
    assert report.codes == {"first-league-size"}
    assert report.budget.label == "0 / 10 slots used"
    (advice,) = report.findings
    assert advice.severity == "warning"
    assert advice.page == 6
    assert "1 character" in advice.message and "4 to 6" in advice.message


# The printed lines of p.5-7, column order Health Brawl Shoot Dodge Might Finesse Cunning.
BOOK_LINES = {
    "Singapore Smith": "d10 3d8 3d10 3d10 2d8 3d10 2d10",
    "Arge": "d8 4d8 3d8 2d6 3d8 2d6 2d6",
    "Enki": "d6 2d6 3d6 1d6 1d6 1d6 1d6",
    "Kazak": "d6 2d6 3d6 1d6 1d6 1d6 1d6",
    "Little Skeet": "d6 1d6 1d6 2d6 1d6 1d6 2d6",
    "Chu-Chu": "d6* 1d6 — 2d6 1d6 2d6 1d6",
    "Captain Wolf": "d10 3d10 4d10 3d10 2d8 3d8 2d10",
}


def printed_line(character, book):
    printed = printed_profile(character, book).game
    health = printed.health + ("*" if printed.knocked_out else "")
    return " ".join([health, *printed.skills.values()])


@pytest.mark.parametrize("name", BOOK_LINES)
def test_printed_profile_of_each_sample_character_is_the_books_line(book, name):
    characters = example("singapore-smith")["characters"] + example("captain-wolf")["characters"]
    (character,) = [c for c in characters if c["name"] == name]
    assert printed_line(character, book) == BOOK_LINES[name]


def test_printed_profile_of_henchman_24_adds_fierce_to_a_follower(book):
    henchman = follower("Henchman 24", "fierce")
    assert printed_line(henchman, book) == "d6* 2d6 1d6 1d6 1d6 1d6 1d6"


def test_printed_profile_lists_the_skills_in_the_books_column_order(book):
    printed = printed_profile(leader(), book).game
    assert list(printed.skills) == list(SKILLS)
    assert printed.knocked_out is False


def test_extraordinary_raises_the_chosen_d8_skill_to_d10_on_the_card(book):
    hero = leader(
        "Doc", "extraordinary", "sharp", "brash", ability_choices={"extraordinary": ["might"]}
    )
    assert printed_profile(hero, book).game.skills["might"] == "2d10"
    assert character_findings(hero, book) == []


def test_learned_stat_abilities_show_on_the_card_too(book):
    veteran = ally("Enki", "marksman", learned_abilities=["fierce"])
    assert printed_line(veteran, book) == "d6 3d6 3d6 1d6 1d6 1d6 1d6"


def test_a_house_rule_effect_prints_like_a_built_in_one(book):
    two_guns = {"kind": "ability", "slug": "house-two-guns", "name": "Two Guns", "level": 2}
    house_book = book.with_house_rules([{**two_guns, "effect": {"add_dice": {"shoot": 2}}}])
    gunman = ally("Gunman", "house-two-guns")
    assert printed_profile(gunman, house_book).game.skills["shoot"] == "4d6"


def test_a_half_built_card_still_prints(book):
    printed = printed_profile({"type": "ally", "profile": {"skills": {"brawl": "2d6"}}}, book).game
    assert printed.health is None
    assert printed.skills["brawl"] == "2d6"
    assert printed.skills["cunning"] == "—"


# ---- Every finding code: one roster that triggers it ---------------------------------------


def with_profile(character, **changes):
    return {**character, "profile": {**character["profile"], **changes}}


def with_skills(character, **skills):
    return with_profile(character, skills={**character["profile"]["skills"], **skills})


HOUSE_GUNS = {"kind": "ability", "slug": "house-two-guns", "name": "Two Guns", "level": 2}
TRIGGERS = {
    "unknown-type": lambda: crew({"name": "Bob", "type": "hero", "profile": {}}),
    "health-mismatch": lambda: crew(with_profile(follower(), health="d8")),
    "missing-skill": lambda: crew(with_skills(follower(), shoot="—")),
    "unreadable-dice": lambda: crew(with_skills(follower(), brawl="1x6")),
    "dice-count-pattern": lambda: crew(with_skills(follower(), brawl="2d6")),
    "die-type-pattern": lambda: crew(with_skills(follower(), brawl="1d8")),
    "ability-count": lambda: crew(follower("Thug", "fierce", "agile")),
    "learned-ability-count": lambda: crew(follower("Thug", learned_abilities=["agile", "clever"])),
    "duplicate-ability": lambda: crew(follower("Thug", learned_abilities=["fierce"])),
    "ability-level-too-high": lambda: crew(follower("Thug", "sharp")),
    "unknown-ability": lambda: crew(follower("Thug", "two-fists")),
    "animal-choice": lambda: crew(
        with_skills(follower("Rex", "animal", ability_choices={"animal": ["dodge"]}), shoot="—")
    ),
    "extraordinary-choice": lambda: league(
        leader("Doc", "extraordinary", "sharp", "brash", ability_choices={"extraordinary": []}),
        sidekick(),
        ally("Enki"),
        ally("Kazak"),
    ),
    "animal-cannot-shoot": lambda: crew(
        follower(
            "Rex",
            "animal",
            ability_choices={"animal": ["dodge", "might"]},
            learned_abilities=["marksman"],
        )
    ),
    "other-edition": lambda: crew(associate()),
    "no-leader": lambda: league(sidekick(), ally("Enki"), ally("Kazak"), follower()),
    "too-many-leaders": lambda: crew(leader("Second")),
    "acting-leader-ignored": lambda: league(
        leader(), {**sidekick(), "role": "acting-leader"}, ally("Enki"), ally("Kazak")
    ),
    "too-many-sidekicks": lambda: league(leader(), sidekick(), sidekick("Max"), ally()),
    "too-many-associates": lambda: crew(associate("A"), associate("B"), associate("C")),
    "over-budget": lambda: crew(ally("Hwang"), ally("Chen")),
    "custom-budget": lambda: crew(budget=12),
    "duplicate-perk": lambda: crew(perks=["nefarious", "nefarious"]),
    "unknown-perk": lambda: crew(perks=["time-travel"]),
    "redundant-ability": lambda: league(
        leader(), sidekick(), ally("Enki", "intrepid"), ally("Kazak"), perks=["intrepid-explorers"]
    ),
    "first-league-size": lambda: league(leader(), ally()),
    "first-league-perks": lambda: league(
        leader(), follower("A"), follower("B"), perks=["nefarious", "greater-purpose"]
    ),
    "first-league-followers": lambda: league(leader(), follower("A"), follower("B"), follower("C")),
    "custom-rule": lambda: crew(
        follower("Thug", "house-two-guns"), house_rules=[{**HOUSE_GUNS, "level": 1}]
    ),
    "house-rule-ignored": lambda: crew(
        house_rules=[{"kind": "ability", "slug": "fierce", "name": "Fiercer", "level": 1}]
    ),
    "reputation-too-low": lambda: crew(reputation_perks=["local-support"]),
    "reputation-perk-skipped": lambda: {
        **crew(reputation_perks=["regional-influence"]),
        "campaign": {"reputation": 30},
    },
    "society-without-perk": lambda: crew(society_perks=["the-first-cup"]),
    "society-perks-per-rank": lambda: crew(society_perks=["the-first-cup", "the-first-blade"]),
}
ADVICE = {
    "animal-cannot-shoot",
    "acting-leader-ignored",
    "redundant-ability",
    "first-league-size",
    "first-league-perks",
    "first-league-followers",
    "house-rule-ignored",
}
NOTES = {"other-edition", "custom-budget", "custom-rule"}


def test_the_plain_crew_used_below_is_clean(book):
    report = evaluate(crew(), book)
    assert report.findings == ()
    assert report.budget.label == "7 / 10 slots used"


@pytest.mark.parametrize("code", TRIGGERS)
def test_each_finding_code_is_raised_with_its_severity_and_page(book, code):
    report = evaluate(TRIGGERS[code](), book)
    found = [finding for finding in report.findings if finding.code == code]
    assert found, f"{code} not raised; got {sorted(report.codes)}"
    expected = "warning" if code in ADVICE else "info" if code in NOTES else "error"
    assert {finding.severity for finding in found} == {expected}
    assert report.legal == (expected != "error")
    assert all(finding.message.endswith(".") for finding in found)
    if code not in {"custom-rule", "house-rule-ignored"}:  # about the player's own rules
        assert all(isinstance(finding.page, int) for finding in found)


def test_every_documented_code_has_a_trigger_and_every_trigger_is_documented():
    docs = (EXAMPLES.parent / "roster-format.md").read_text(encoding="utf-8")
    table = docs.split("## Pulp Alley finding codes")[1]
    assert set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M)) == set(TRIGGERS)


# ---- Characters: near misses that must stay clean -------------------------------------------


def test_counts_and_die_types_are_dealt_out_independently(book):
    # Captain Wolf's 3-dice Finesse is a d8 while his 2-dice Cunning is a d10 (p.6).
    assert character_findings(example("captain-wolf")["characters"][0], book) == []


def test_printed_values_typed_in_are_caught_with_a_hint(book):
    arge = with_skills(sidekick(), brawl="4d8")
    (finding,) = [f for f in character_findings(arge, book) if f.code == "dice-count-pattern"]
    assert finding.subject == "Arge"
    assert "4, 3, 3, 2, 2, 2" in finding.message and "3, 3, 3, 2, 2, 2" in finding.message
    assert "printed" in finding.message
    assert finding.page == 7


def test_a_half_built_card_only_misses_what_is_missing(book):
    draft = {"name": "Draft", "type": "ally", "profile": {"health": "d6"}}
    draft["profile"]["skills"] = {"brawl": "2d6", "shoot": "1d6"}
    codes = {finding.code for finding in character_findings(draft, book)}
    assert codes == {"missing-skill", "ability-count"}


def test_only_an_animal_may_go_without_shoot(book):
    chu_chu = example("singapore-smith")["characters"][-1]
    assert character_findings(chu_chu, book) == []
    no_gun = with_skills(follower(), shoot=None)
    (finding,) = character_findings(no_gun, book)
    assert finding.code == "missing-skill" and "Animal" in finding.message


@pytest.mark.parametrize(
    "picks", [[], ["dodge"], ["dodge", "dodge"], ["shoot", "dodge"], ["dodge", "might", "brawl"]]
)
def test_animal_needs_two_different_skills_other_than_shoot(book, picks):
    rex = with_skills(follower("Rex", "animal", ability_choices={"animal": picks}), shoot="—")
    assert {f.code for f in character_findings(rex, book)} == {"animal-choice"}


def test_animal_on_two_different_skills_is_fine(book):
    rex = with_skills(
        follower("Rex", "animal", ability_choices={"animal": ["brawl", "might"]}), shoot="—"
    )
    assert character_findings(rex, book) == []
    assert printed_line(rex, book) == "d6* 2d6 — 1d6 2d6 1d6 1d6"


def test_extraordinary_must_name_a_base_d8_skill(book):
    on_d10 = leader(
        "Doc", "extraordinary", "sharp", "brash", ability_choices={"extraordinary": ["shoot"]}
    )
    (finding,) = character_findings(on_d10, book)
    assert finding.code == "extraordinary-choice"
    assert "Might" in finding.message and "Finesse" in finding.message
    assert finding.page == 11


def test_an_animal_with_only_finesse_or_brawl_abilities_gets_no_warning(book):
    rex = follower("Rex", "animal", ability_choices={"animal": ["dodge", "might"]})
    rex = with_profile(with_skills(rex, shoot="—"), learned_abilities=["savvy"])
    assert character_findings(rex, book) == []


def test_learned_abilities_come_on_top_of_the_creation_ones(book):
    veteran = ally("Enki", "marksman", learned_abilities=["fierce", "sharp"])
    assert character_findings(veteran, book) == []


def test_ability_levels_follow_the_character_level(book):
    assert character_findings(ally("Enki", "sharp"), book) == []  # level 2 on a level 2 Ally
    (finding,) = character_findings(ally("Enki", "deadeye"), book)
    assert finding.code == "ability-level-too-high"
    assert "level 3" in finding.message and "level 2" in finding.message
    assert finding.page == 10


def test_associates_need_no_statistics(book):
    findings = character_findings(associate(), book)
    assert [finding.code for finding in findings] == ["other-edition"]


def test_a_character_without_a_type_gets_one_clear_finding(book):
    (finding,) = character_findings({"name": "Nobody"}, book)
    assert finding.code == "unknown-type"
    assert "Leader" in finding.message and "Follower" in finding.message


# ---- League: leadership, limits and slots ---------------------------------------------------


def test_mastermind_league_leads_with_a_free_sidekick_and_six_slots_for_the_crew(book):
    boss = {**sidekick(), "role": "acting-leader"}
    crowd = [follower(f"Thug {n}") for n in range(1, 5)]
    roster = league(boss, ally("Enki"), ally("Kazak"), *crowd, perks=["mastermind"])
    report = evaluate(roster, book)
    assert report.codes == {"first-league-size", "first-league-followers"}
    assert report.legal
    # Sidekick 0; Allies 4 + Followers 4 = 8, of which 6 come from the restricted pool.
    assert report.budget.details == {
        "general": {"used": 2, "total": 10},
        "restricted": {"used": 6, "total": 6},
    }
    assert report.budget.label == "2 / 10 general slots · 6 / 6 restricted slots used"


def test_mastermind_needs_a_sidekick_marked_acting_leader(book):
    report = evaluate(league(sidekick(), ally(), perks=["mastermind"]), book)
    assert "no-leader" in report.codes
    (finding,) = [f for f in report.findings if f.code == "no-leader"]
    assert "Sidekick" in finding.message and finding.page == 8


def test_mastermind_fields_no_leader_model(book):
    boss = {**sidekick(), "role": "acting-leader"}
    report = evaluate(league(leader(), boss, ally(), perks=["mastermind"]), book)
    assert "too-many-leaders" in report.codes


def test_mastermind_lets_only_one_sidekick_lead(book):
    bosses = [{**sidekick(name), "role": "acting-leader"} for name in ("Arge", "Max")]
    roster = league(*bosses, ally(), perks=["mastermind", "company-of-heroes"])
    report = evaluate(roster, book)
    assert "too-many-leaders" in report.codes
    assert "too-many-sidekicks" not in report.codes


def test_an_acting_leader_mark_without_mastermind_saves_no_slots(book):
    report = evaluate(TRIGGERS["acting-leader-ignored"](), book)
    assert report.budget.used == 7
    assert report.about("Arge")[0].code == "acting-leader-ignored"


def test_a_second_sidekick_needs_company_of_heroes(book):
    (finding,) = evaluate(TRIGGERS["too-many-sidekicks"](), book).findings
    assert finding.code == "too-many-sidekicks"
    assert "2 Sidekicks" in finding.message and "Company of Heroes" in finding.message
    heroes = league(leader(), sidekick(), sidekick("Max"), perks=["company-of-heroes"])
    report = evaluate(heroes, book)
    assert "too-many-sidekicks" not in report.codes
    assert report.budget.used == 2 + 3 + 3


def test_associates_cost_a_slot_each_and_two_are_allowed(book):
    report = evaluate(crew(associate("A"), associate("B")), book)
    assert "too-many-associates" not in report.codes
    assert report.budget.used == 9
    assert "first-league-size" not in report.codes  # support cast are not characters


def test_over_budget_names_the_numbers(book):
    report = evaluate(TRIGGERS["over-budget"](), book)
    (finding,) = report.findings
    assert finding.message == "11 of 10 slots used: remove 1 slot of characters or perks."
    assert report.budget.over


def test_perks_spend_slots_and_reputation_perks_add_them(book):
    roster = crew(
        ally("Hwang"),
        perks=["nefarious"],
        reputation_perks=["local-support", "regional-influence"],
    )
    roster["campaign"] = {"reputation": 25}
    report = evaluate(roster, book)
    assert report.budget.label == "11 / 11 slots used"
    assert report.legal


def test_commander_slots_pay_for_allies_and_followers_first(book):
    boss = leader("Wolf", "commander", "sharp", "brash")
    roster = league(boss, sidekick(), ally("A"), ally("B"), ally("C"), follower("F"))
    report = evaluate(roster, book)
    # Allies and Followers cost 7: 4 from Commander's pool, 3 from the general one.
    assert report.budget.details == {
        "general": {"used": 6, "total": 10},
        "restricted": {"used": 4, "total": 4},
    }
    assert "over-budget" not in report.codes


@pytest.mark.parametrize("where", ["abilities", "learned_abilities"])
def test_commander_on_a_character_who_may_not_hold_it_adds_no_slots(book, where):
    # Commander is a level 4 ability; a Sidekick is level 3 (p.11). Sidekick 3 + Allies 4.
    right_hand = sidekick("Arge", "athletic", "fierce")
    right_hand["profile"][where] = [*right_hand["profile"].get(where, []), "commander"]
    report = evaluate(league(leader(), right_hand, ally("A"), ally("B")), book)
    assert "ability-level-too-high" in report.codes
    assert report.budget.total == 10 and report.budget.details == {}
    assert report.budget.label == "7 / 10 slots used"


def test_restricted_slots_cannot_pay_for_sidekicks_or_perks(book):
    boss = leader("Wolf", "commander", "sharp", "brash")
    perks = ["intrepid-explorers", "stealthy-agents", "nefarious"]
    report = evaluate(league(boss, sidekick(), perks=perks), book)
    # 8 slots of perks and a 3-slot Sidekick overflow the general pool even though the 4
    # Commander slots stand empty: the headline says so, never "11 / 14".
    assert report.budget.label == "11 / 10 general slots · 0 / 4 restricted slots used"
    (finding,) = [f for f in report.findings if f.code == "over-budget"]
    assert finding.message.startswith("11 of 10 general slots")
    assert "Allies and Followers" in finding.message


def test_the_books_budget_is_ten_slots_unless_the_league_says_otherwise(book):
    assert evaluate(crew(budget=10), book).findings == ()
    report = evaluate(crew(budget=12), book)
    assert report.budget.total == 12
    assert all(finding.custom for finding in report.findings)


def test_perk_advice_counts_slots_not_perks(book):
    three = evaluate(crew(perks=["intrepid-explorers"], budget=None), book)
    assert "first-league-perks" not in three.codes
    four = evaluate(TRIGGERS["first-league-perks"](), book)
    assert "4 slots" in next(f.message for f in four.findings if f.code == "first-league-perks")


def test_two_followers_are_fine_for_a_first_league(book):
    report = evaluate(crew(follower("A"), follower("B")), book)
    assert "first-league-followers" not in report.codes


def test_six_characters_are_fine_seven_are_too_many_for_a_first_league(book):
    assert "first-league-size" not in evaluate(crew(follower("A"), follower("B")), book).codes
    seven = crew(follower("A"), follower("B"), follower("C"))
    assert "first-league-size" in evaluate(seven, book).codes


# ---- House rules ----------------------------------------------------------------------------


def test_house_rules_in_the_file_are_known_and_marked_custom(book):
    report = evaluate(TRIGGERS["custom-rule"](), book)
    assert "unknown-ability" not in report.codes
    (finding,) = report.about("Thug")
    assert finding.custom and "Two Guns" in finding.message


def test_a_house_rule_perk_counts_its_cost(book):
    safehouse = {"kind": "perk", "slug": "house-safehouse", "name": "Safehouse", "cost": 1}
    report = evaluate(crew(perks=["house-safehouse"], house_rules=[safehouse]), book)
    assert report.budget.used == 8
    assert [f.code for f in report.findings] == ["custom-rule"]


def test_a_house_rule_cannot_replace_a_built_in_entry(book):
    fiercer = {"kind": "ability", "slug": "fierce", "name": "Fiercer", "level": 4}
    fiercer["effect"] = {"add_dice": {"brawl": 3}}
    report = evaluate(crew(follower("Thug", "fierce"), house_rules=[fiercer]), book)
    assert report.codes == {"house-rule-ignored"}
    assert report.legal


def test_unknown_perks_and_abilities_are_named(book):
    report = evaluate(crew(perks=["time-travel"]), book)
    assert "'time-travel'" in report.findings[0].message


# ---- Robustness and registration ------------------------------------------------------------


GARBAGE = [
    {},
    {"characters": "none"},
    {"characters": [None, 3, "x", {"type": ["leader"]}, {"type": "leader", "profile": []}]},
    {"characters": [{"type": "ally", "profile": {"skills": [], "abilities": "fierce"}}]},
    {"characters": [{"type": "ally", "profile": {"skills": {"brawl": 3}, "abilities": [{}]}}]},
    {"characters": [{"type": "leader", "profile": {"ability_choices": {"extraordinary": 3}}}]},
    {"choices": {"perks": "mastermind"}, "budget": "ten"},
    {"choices": [], "budget": True, "house_rules": [None, {"kind": 1}, {"kind": "perk"}]},
    {
        "house_rules": [
            {"kind": "ability", "slug": "odd", "level": "2", "effect": {"add_dice": "lots"}},
            {"kind": "perk", "slug": "weird", "cost": "3", "effect": {"slots": "9"}},
            {"kind": "perk", "slug": "boss", "effect": {"no_leader": True, "max_per_roster": 2}},
        ],
        "choices": {"perks": ["weird", "boss"]},
        "characters": [{"name": 5, "type": "ally", "role": [], "profile": {"abilities": ["odd"]}}],
    },
]


@pytest.mark.parametrize("roster", GARBAGE)
def test_reports_never_raise_on_broken_rosters(book, roster):
    report = evaluate(roster, book)
    assert report.ruleset == "pulp-alley"
    assert isinstance(report.to_dict()["findings"], list)
    for character in roster.get("characters", []) if isinstance(roster, dict) else []:
        printed_profile(character, book)


def test_the_engine_is_registered_for_pulp_alley():
    assert engine_for("pulp-alley") is pulp_alley.evaluate


def test_character_cost_is_the_types_slots_before_perks(book):
    assert [pulp_alley.character_cost(c, book) for c in (leader(), sidekick(), ally())] == [0, 3, 2]
    assert pulp_alley.character_cost({"name": "Nobody", "type": "butler"}, book) is None
