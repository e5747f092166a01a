"""The Pulp Fiction band engine: no points, and every check the rules do make, each shown
failing on a band that breaks it and passing once the band is put right. No database: the
rules come straight from fixtures/pulp-fiction."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_fiction.engine import (
    EFFECT_KEYS,
    RECORDED_EFFECT_KEYS,
    character_cost,
    character_findings,
    evaluate,
    printed_profile,
    role_choices,
)
from tests.rules.ids import with_ids

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-fiction")


def figure(name, kind, role="", **profile):
    return {"name": name, "type": kind, "role": role, "profile": profile}


def band(*figures, house_rules=()):
    return {
        "format": "cliffhanger-roster",
        "version": 1,
        "ruleset": "pulp-fiction",
        "name": "Test band",
        "house_rules": list(house_rules),
        "characters": with_ids(figures),
    }


def codes(rules, roster):
    return evaluate(roster, rules).codes


def found(rules, roster, code):
    return [finding for finding in evaluate(roster, rules).findings if finding.code == code]


DOC = figure("Doc", "main-character", traits=["leader"], wounds=3)
PLAIN_DOC = figure("Doc", "main-character", wounds=3)
KID = figure("Kid", "secondary-character", role="attached-to:Doc")
BOSS = figure("Boss", "villain", side="bad", traits=["leader"], wounds=3)
THUG = figure("Thug", "henchman", side="bad")
ZOMBIE = figure("Zombie", "monster", side="bad", role="attached-to:Boss")


def armed(*weapons, **profile):
    return figure(
        "Doc", "main-character", traits=["leader"], wounds=3, weapons=list(weapons), **profile
    )


HANDGUN = {"weapon": "handgun", "to_hit": 4, "range_inches": 12, "attacks": 1}
HOLSTERED = {**HANDGUN, "holstered": True}

# code: (a band that breaks the rule, the same band put right)
CHECKS = {
    "unknown-type": (band(figure("Doc", "sidekick")), band(PLAIN_DOC)),
    "no-side": (band(BOSS, figure("Boss2", "villain", wounds=3)), band(BOSS)),
    "wrong-side": (band(figure("Doc", "main-character", side="bad", wounds=3)), band(PLAIN_DOC)),
    "no-leader": (band(PLAIN_DOC, KID), band(DOC, KID)),
    "leader-on-lesser": (
        band(DOC, figure("Kid", "secondary-character", role="attached-to:Doc", traits=["leader"])),
        band(DOC, KID),
    ),
    "unattached": (band(DOC, figure("Kid", "secondary-character")), band(DOC, KID)),
    "attachment-unknown": (
        band(DOC, figure("Kid", "secondary-character", role="attached-to:Nobody")),
        band(DOC, KID),
    ),
    "attachment-wrong-type": (
        band(BOSS, THUG, figure("Zombie", "monster", side="bad", role="attached-to:Thug")),
        band(BOSS, THUG, ZOMBIE),
    ),
    "attachment-other-side": (
        band(BOSS, figure("Zombie", "monster", side="monsters", role="attached-to:Boss")),
        band(BOSS, ZOMBIE),
    ),
    "boss-not-leader": (
        band(
            DOC,
            PLAIN_DOC | {"name": "Sam"},
            figure("Kid", "secondary-character", role="attached-to:Sam"),
        ),
        band(DOC, PLAIN_DOC | {"name": "Sam"}, KID),
    ),
    "role-ignored": (band(DOC | {"role": "attached-to:Kid"}, KID), band(DOC, KID)),
    "too-many-wounds": (
        band(BOSS, figure("Thug", "henchman", side="bad", wounds=2)),
        band(BOSS, THUG),
    ),
    "wound-trait-ignored": (
        band(BOSS, figure("Thug", "henchman", side="bad", traits=["tough-as-nails"])),
        band(BOSS, THUG),
    ),
    "wounds-mismatch": (
        band(figure("Doc", "main-character", traits=["small-build"], wounds=3)),
        band(figure("Doc", "main-character", traits=["small-build"], wounds=2)),
    ),
    "wounds-unset": (band(figure("Doc", "main-character")), band(PLAIN_DOC)),
    "bad-wounds": (band(figure("Doc", "main-character", wounds="lots")), band(PLAIN_DOC)),
    "unknown-trait": (
        band(figure("Doc", "main-character", wounds=3, traits=["telepath"])),
        band(PLAIN_DOC),
    ),
    "duplicate-trait": (
        band(figure("Doc", "main-character", wounds=3, traits=["lucky", "lucky"])),
        band(PLAIN_DOC),
    ),
    "conflicting-traits": (
        band(figure("Doc", "main-character", traits=["small-build", "tough-as-nails"])),
        band(figure("Doc", "main-character", traits=["tough-as-nails"])),
    ),
    "unknown-weapon": (band(armed({"weapon": "ray-gun"})), band(armed(HANDGUN))),
    "unknown-armour": (
        band(armed(armour=[{"armour": "chainmail"}])),
        band(armed(armour=[{"armour": "bullet-proof-vest", "save": 5}])),
    ),
    "unknown-equipment": (band(armed(equipment=["jetpack"])), band(armed(equipment=["backpack"]))),
    "too-many-heavy": (
        band(armed({"weapon": "club"}, {"weapon": "crowbar"}, equipment=["backpack"])),
        band(armed({"weapon": "club"}, equipment=["backpack"])),
    ),
    "too-many-holsters": (
        band(armed(equipment=["handgun-holster"] * 5)),
        band(armed(equipment=["handgun-holster"] * 4)),
    ),
    "not-a-handgun": (
        band(
            armed({"weapon": "bolt-action-rifle", "holstered": True}, equipment=["handgun-holster"])
        ),
        band(armed({"weapon": "bolt-action-rifle"}, equipment=["handgun-holster"])),
    ),
    "no-holster": (
        band(armed(HOLSTERED, HOLSTERED, equipment=["handgun-holster"])),
        band(armed(HOLSTERED, HOLSTERED, equipment=["handgun-holster"] * 2)),
    ),
    "dual-wielding": (
        band(armed(HANDGUN, {"weapon": "bolt-action-rifle"}, dual_wielding=True)),
        band(armed(HANDGUN, HANDGUN, dual_wielding=True)),
    ),
    "trait-unused": (
        band(figure("Doc", "main-character", wounds=3, traits=["ambidextrous"], weapons=[HANDGUN])),
        band(
            figure(
                "Doc",
                "main-character",
                wounds=3,
                traits=["ambidextrous"],
                weapons=[HANDGUN, HANDGUN],
            )
        ),
    ),
    "move-unset": (
        band(figure("Doc", "main-character", wounds=3, traits=["limited-mobility"])),
        band(figure("Doc", "main-character", wounds=3, traits=["limited-mobility"], move=3)),
    ),
    "move-mismatch": (
        band(figure("Doc", "main-character", wounds=3, traits=["limited-mobility"], move=5)),
        band(figure("Doc", "main-character", wounds=3, traits=["limited-mobility"], move=2)),
    ),
    "stats-missing": (band(armed({"weapon": "handgun"})), band(armed(HANDGUN))),
}
ERRORS = {
    "unknown-type",
    "no-side",
    "wrong-side",
    "attachment-unknown",
    "attachment-wrong-type",
    "attachment-other-side",
    "too-many-wounds",
    "wounds-mismatch",
    "bad-wounds",
    "unknown-trait",
    "duplicate-trait",
    "conflicting-traits",
    "unknown-weapon",
    "unknown-armour",
    "unknown-equipment",
    "too-many-heavy",
    "too-many-holsters",
    "not-a-handgun",
    "no-holster",
    "dual-wielding",
    "move-mismatch",
}


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_each_check_fails_a_band_that_breaks_it_and_passes_it_put_right(rules, code):
    broken, fixed = CHECKS[code]
    report = evaluate(broken, rules)
    assert code in report.codes
    assert not report.legal if code in ERRORS else report.legal
    assert code not in codes(rules, fixed)
    assert evaluate(fixed, rules).legal


def test_every_finding_cites_a_section_since_the_source_has_no_pages(rules):
    for broken, _ in CHECKS.values():
        for finding in evaluate(broken, rules).findings:
            assert finding.page is None and finding.section or finding.custom, finding


def test_a_band_says_plainly_it_has_no_points_and_its_budget_no_total(rules):
    report = evaluate(band(DOC, KID), rules)
    assert report.budget.total is None
    assert report.budget.used == 2 and report.budget.unit == "figures"
    assert report.budget.label == "2 figures" and not report.budget.over
    assert evaluate(band(DOC), rules).budget.label == "1 figure"
    [note] = found(rules, band(DOC, KID), "no-points")
    assert "no points" in note.message and note.severity == "info"
    assert report.to_dict()["budget"]["total"] is None
    assert character_cost(DOC, rules) is None


def test_activation_dice_follow_one_d6_per_leader_and_the_report_says_so(rules):
    second = figure("Sam", "main-character", traits=["leader"], wounds=3)
    report = evaluate(band(DOC, second, KID, BOSS, THUG), rules)
    assert report.budget.details["ap_dice_per_turn"] == "good 2D6, bad 1D6"
    assert report.budget.details["ap_reading"] == "per Leader"
    [good, bad] = found(rules, band(DOC, second, KID, BOSS, THUG), "ap-reading")
    assert "2D6" in good.message and "1D6 per side" in good.message
    assert "agrees" in bad.message


def test_no_leader_names_the_side_and_its_stranded_figures(rules):
    boss = figure("Boss", "villain", side="bad", wounds=3)
    [warning] = found(rules, band(boss, THUG, ZOMBIE), "no-leader")
    assert "bad side" in warning.message
    assert "Henchmen" in warning.message and "Monsters" in warning.message
    assert "2 lesser figures" in warning.message


def test_a_lone_main_character_needs_no_leader(rules):
    assert "no-leader" not in codes(rules, band(PLAIN_DOC))


def test_a_pair_the_book_allows_but_that_does_nothing_useful_is_a_warning(rules):
    """The Traits section forbids no pair; Car Thief is wasted on a figure that Can't Drive,
    and Fast Runner's 6 inches on one with Limited Mobility."""
    for pair in (["cant-drive", "car-thief"], ["fast-runner", "limited-mobility"]):
        report = evaluate(band(figure("Doc", "main-character", wounds=3, traits=pair)), rules)
        assert "conflicting-traits" not in report.codes and report.legal
        (warning,) = found(
            rules, band(figure("Doc", "main-character", traits=pair)), "pointless-traits"
        )
        assert warning.severity == "warning" and warning.section == "Traits"


def test_small_build_with_tough_as_nails_gives_two_totals_and_no_wound_count(rules):
    """Read by the Traits section's words, each trait sets the total ("2 total", "4 total"):
    a card with both has two answers, so it is an error and prints no wound number."""
    doc = figure("Doc", "main-character", traits=["tough-as-nails", "small-build"])
    (error,) = found(rules, band(doc), "conflicting-traits")
    assert error.severity == "error" and "2" in error.message and "4" in error.message
    assert printed_profile(doc, rules).cells[2] == ("Wounds", "—")


def test_a_main_character_or_villain_with_no_wounds_written_prints_none(rules):
    """The rules leave their wounds to the lost stat cards: no number is the book's."""
    for kind, side in (("main-character", "good"), ("villain", "bad")):
        printed = printed_profile(figure("Doc", kind, side=side), rules)
        assert dict(printed.cells)["Wounds"] == "—"
        assert "Wounds 1" not in printed.line


def test_derived_values_on_the_card(rules):
    vest = {"armour": "bullet-proof-vest", "save": 5}
    hero = figure(
        "Doc",
        "main-character",
        traits=["leader", "fast-runner", "tough-as-nails", "brawler", "monster"],
        weapons=[HOLSTERED],
        armour=[vest],
        equipment=["handgun-holster"],
    )
    card = printed_profile(hero, rules).game
    assert card.side == "good" and card.type_name == "Main Character"
    assert (card.move, card.wounds, card.save) == (6, 4, "3+")
    assert [save["source"] for save in card.saves] == ["Monster", "Bullet-Proof Vest"]
    assert card.unarmed == {"attacks": 3, "to_hit": 5}
    assert (card.spare_ammo_markers, card.ap_dice, card.initiative_bonus) == (1, 1, 1)
    assert card.weapons[0]["to_hit"] == 4 and card.weapons[0]["holstered"]


def test_lesser_figures_print_one_untracked_wound_and_need_activation(rules):
    card = printed_profile(figure("Kid", "secondary-character", traits=["small-build"]), rules).game
    assert (card.wounds, card.wounds_tracked, card.needs_activation_points) == (
        1,
        False,
        True,
    )
    assert card.spare_ammo == "shared" and card.spare_ammo_markers == 0
    assert card.move == 4 and card.save is None and card.unarmed == {"attacks": 2, "to_hit": 6}


def test_small_build_and_unset_wounds(rules):
    assert (
        printed_profile(figure("Gran", "main-character", traits=["small-build"]), rules).game.wounds
        == 2
    )
    assert printed_profile(figure("Doc", "main-character"), rules).game.wounds is None
    assert printed_profile(figure("Doc", "main-character", wounds=3), rules).game.wounds == 3


def test_monsters_and_non_drivers_do_not_drive(rules):
    assert not printed_profile(ZOMBIE, rules).game.drives
    cant_drive = figure("Doc", "main-character", traits=["cant-drive"])
    assert not printed_profile(cant_drive, rules).game.drives
    assert printed_profile(DOC, rules).game.drives


def test_poor_eyesight_caps_shooting_and_limited_mobility_prints_the_agreed_move(rules):
    card = printed_profile(
        figure("Doc", "main-character", traits=["poor-eyesight", "limited-mobility"], move=2), rules
    ).game
    assert card.max_range_inches == 6 and card.move == 2
    unset = printed_profile(
        figure("Doc", "main-character", traits=["limited-mobility"]), rules
    ).game
    assert unset.move is None


def test_spare_ammo_markers_per_side(rules):
    gunman = armed(HANDGUN)
    unarmed_hero = figure("Sam", "main-character", wounds=3)
    boss = BOSS | {"profile": {**BOSS["profile"], "weapons": [HANDGUN]}}
    report = evaluate(band(gunman, unarmed_hero, KID, KID | {"name": "Lou"}, boss, THUG), rules)
    # one for the armed Main Character, one shared by the Secondary Characters, none for villains
    assert report.budget.details["spare_ammo_markers"] == "good 2, bad 0"


def test_written_weapon_stats_fill_the_lost_charts(rules):
    card = printed_profile(
        armed({"weapon": "submachine-gun", "to_hit": 5, "attacks": 3}), rules
    ).game
    [gun] = card.weapons
    assert (gun["to_hit"], gun["attacks"], gun["range_inches"]) == (5, 3, None)
    assert gun["weight"] is None and gun["ranged"]


def test_house_rule_traits_work_and_are_marked(rules):
    tough = {
        "kind": "trait",
        "slug": "house-iron-jaw",
        "name": "Iron Jaw",
        "summary": "Saves on 4+.",
        "effect": {"save": 4},
    }
    roster = band(
        figure("Doc", "main-character", wounds=3, traits=["house-iron-jaw"]), house_rules=[tough]
    )
    report = evaluate(roster, rules)
    assert report.legal
    [custom] = found(rules, roster, "custom-rule")
    assert custom.custom and "Iron Jaw" in custom.message


def test_a_house_rule_value_of_the_wrong_shape_changes_nothing_on_the_card(rules):
    # The engine trusts effect values to have their shapes.schema.json shape: a house rule
    # typed wrong must leave the figure as if the trait said nothing, not crash the report.
    odd = {
        "kind": "trait",
        "slug": "house-odd",
        "name": "Odd",
        "effect": {
            "ap_dice": "two",
            "move_inches": 6.5,
            "save": True,
            "wounds": -1,
            "unarmed": {"attacks": 3},
            "max_range_inches": "far",
            "needs_light_weapons": [2],
            "excludes": "leader",
        },
    }
    doc = figure("Doc", "main-character", traits=["leader", "house-odd"], wounds=3)
    roster = band(doc, KID, house_rules=[odd])
    card = printed_profile(doc, rules.with_house_rules([odd])).game
    assert (card.move, card.wounds, card.save, card.ap_dice) == (4, 3, None, 1)
    assert card.unarmed == {"attacks": 2, "to_hit": 6} and card.max_range_inches is None
    assert evaluate(roster, rules).legal
    assert not {"conflicting-traits", "trait-unused", "wounds-mismatch"} & set(codes(rules, roster))


def test_a_house_rule_cannot_replace_a_built_in_trait(rules):
    fake = {"kind": "trait", "slug": "leader", "name": "Fake Leader", "effect": {"ap_dice": 6}}
    roster = band(DOC, KID, house_rules=[fake])
    assert "house-rule-ignored" in codes(rules, roster)
    assert evaluate(roster, rules).budget.details["ap_dice_per_turn"] == "good 1D6"


def test_character_findings_are_the_figures_own(rules):
    findings = character_findings(figure("Thug", "henchman", side="bad", wounds=2), rules)
    assert [finding.code for finding in findings] == ["too-many-wounds"]
    assert findings[0].subject == "Thug"


@pytest.mark.parametrize("name", ["pulp-fiction-heroes", "pulp-fiction-villains"])
def test_the_example_bands_pass(rules, name):
    roster = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    report = evaluate(roster, rules)
    assert report.legal
    assert not report.of_severity("warning"), report.of_severity("warning")


def test_the_heroes_example_is_a_leader_a_sidekick_and_two_allies(rules):
    roster = json.loads((EXAMPLES / "pulp-fiction-heroes.json").read_text(encoding="utf-8"))
    kinds = [character["type"] for character in roster["characters"]]
    assert kinds == ["main-character"] + ["secondary-character"] * 3
    assert "leader" in roster["characters"][0]["profile"]["traits"]


def test_the_villains_example_has_henchmen_and_a_monster(rules):
    roster = json.loads((EXAMPLES / "pulp-fiction-villains.json").read_text(encoding="utf-8"))
    kinds = [character["type"] for character in roster["characters"]]
    assert (
        kinds.count("villain") == 1 and kinds.count("henchman") >= 2 and kinds.count("monster") >= 1
    )


def test_a_sidekick_chooses_among_the_main_characters_and_a_monster_among_the_villains(rules):
    roster = band(DOC, PLAIN_DOC | {"name": "Sam"}, KID, BOSS, ZOMBIE, THUG)
    kid = role_choices(KID, printed_profile(KID, rules), roster, rules)
    assert [value for value, _ in kid] == ["", "attached-to:Doc", "attached-to:Sam"]
    zombie = role_choices(ZOMBIE, printed_profile(ZOMBIE, rules), roster, rules)
    assert [value for value, _ in zombie] == ["", "attached-to:Boss"]
    assert role_choices(THUG, printed_profile(THUG, rules), roster, rules) == []
    assert role_choices(DOC, printed_profile(DOC, rules), roster, rules) == []


def test_a_roster_row_shows_side_move_wounds_save_and_activation_dice(rules):
    hero = figure(
        "Doc", "main-character", traits=["leader", "inhuman"], wounds=3, weapons=[HANDGUN]
    )
    summary = printed_profile(hero, rules)
    assert summary.cells == (
        ("Side", "Good"),
        ("Move", '4"'),
        ("Wounds", "3"),
        ("Save", "5+"),
        ("AP", "1D6"),
    )
    assert (
        summary.line
        == 'Main Character · Side Good · Move 4" · Wounds 3 · Save 5+ · AP 1D6 · Handgun'
    )
    assert summary.ability_names == ("Leader", "Inhuman")
    assert [ability.citation for ability in summary.abilities] == ["§ Traits", "§ Traits"]
    thug = printed_profile(THUG, rules)
    assert thug.cells[3:] == (("Save", "—"), ("AP", "—"))


def test_the_engine_reads_every_effect_key_the_data_uses_and_no_other(rules):
    used = {key for entry in rules.entries.values() for key in entry["effect"]}
    assert used == EFFECT_KEYS | RECORDED_EFFECT_KEYS


def test_dual_wielding_counts_light_firearms_only_as_the_book_words_it(rules):
    """'Dual Wielding Firearms' (Ranged Weapons): two light weapons that shoot; a blade or a
    stick of dynamite is light but fires nothing, so it does not make the pair."""
    blade_and_gun = band(armed(HANDGUN, {"weapon": "blade"}, dual_wielding=True))
    (refused,) = found(rules, blade_and_gun, "dual-wielding")
    assert "Handgun" in refused.message and "firearm" in refused.message
    dynamite = band(armed(HANDGUN, {"weapon": "dynamite"}, dual_wielding=True))
    assert "dual-wielding" in codes(rules, dynamite)
    pistols = band(armed(HANDGUN, {"weapon": "hold-out-pistol"}, dual_wielding=True))
    assert "dual-wielding" not in codes(rules, pistols)


def test_each_sides_initiative_bonus_is_totalled(rules):
    """Turn Initiative: two dice a side; each Leader and Advance Spot Hidden adds 1."""
    spotter = figure("Sam", "main-character", traits=["leader", "advance-spot-hidden"], wounds=3)
    report = evaluate(band(DOC, spotter, KID, BOSS, THUG), rules)
    assert report.budget.details["initiative_roll"] == "good 2D6+3, bad 2D6+1"
    assert "initiative roll: good 2D6+3, bad 2D6+1" in report.budget.detail_lines
    plain = evaluate(band(PLAIN_DOC), rules).budget.details["initiative_roll"]
    assert plain == "good 2D6"


def test_a_band_fields_a_vehicle_with_the_vehicle_rules_numbers(rules):
    """Vehicles Rules: save 4+, wrecked after 3 wounds, up to 20 inches forward (10 back)."""
    car = figure("Packard", "vehicle", side="good")
    card = printed_profile(car, rules)
    assert dict(card.cells) | {} == {
        "Side": "Good",
        "Move": '20"',
        "Wounds": "3",
        "Save": "4+",
        "AP": "—",
    }
    assert card.game.wounds_tracked and card.game.saves[0]["source"] == "Vehicle Toughness"
    assert "Cannot drive." not in card.notes and any("reverse" in n for n in card.notes)
    report = evaluate(band(PLAIN_DOC, car), rules)
    assert report.legal and "no-leader" not in report.codes
    assert "wounds-unset" not in report.codes


def test_a_vehicle_written_with_other_numbers_or_traits_is_refused(rules):
    tougher = band(figure("Tank", "vehicle", side="bad", wounds=5))
    assert "wounds-mismatch" in codes(rules, tougher)
    lucky = band(figure("Herbie", "vehicle", side="good", traits=["lucky"]))
    assert "vehicle-traits" in codes(rules, lucky)
