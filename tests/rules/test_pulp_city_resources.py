"""Resources in a Pulp City team (Game Guide pp.35-40): who may hold what, one copy per team,
card prerequisites. Each rule has a team that passes and one that fails."""

import pytest

from rules.fixture_book import rules_book_from_fixtures
from rules.games.pulp_city.engine import evaluate
from tests.rules.test_pulp_city_engine import codes, starter, supreme


def house_resource(slug, name, level, category, **data):
    """A player's own Resource card, carried in the roster file as a house rule."""
    return {
        "kind": "resource",
        "slug": slug,
        "name": name,
        "level": level,
        "data": {"category": category, **data},
    }


PISTOL = house_resource("house-pistol", "Pistol", 1, "weapon")
CANNON = house_resource("house-cannon", "Cannon", 2, "weapon")
AMULET = house_resource("house-amulet", "Amulet", 1, "artifact")
GOLEM = {
    "kind": "supreme",
    "slug": "house-golem",
    "name": "Golem",
    "level": 1,
    "data": {"sides": ["heroes"]},
}
GOLEM_CORE = house_resource(
    "house-golem-core", "Golem Core", 1, "device", exclusive_to="house-golem"
)


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-city")


def check(rules, *members, house_rules=(), **choices):
    return evaluate(starter(*members, house_rules=house_rules, **choices), rules)


def test_a_supreme_holds_as_many_resource_levels_as_its_level(rules):
    assert check(rules, supreme("One", 1, resources=["sirens"])).legal
    report = check(rules, supreme("One", 1, resources=["sirens", "first-aid-kit"]))
    assert codes(report, "error") == {"resource-levels"}
    assert report.about("One")[0].code == "resource-levels"
    assert check(
        rules,
        supreme("One", 1),
        supreme("Two", 1),
        supreme("Three", 2, resources=["sirens", "first-aid-kit"]),
    ).legal


def test_living_arsenal_extends_the_limit_for_weapons_only(rules):
    gunman = [{"skill": "living-arsenal", "x": 1}, {"skill": "weapon-master", "x": 1}]
    armed = supreme("Gentleman", 1, skills=gunman, resources=["sirens", "house-pistol"])
    assert check(rules, armed, house_rules=[PISTOL]).legal
    two_misc = supreme("Gentleman", 1, skills=gunman, resources=["sirens", "first-aid-kit"])
    assert "resource-levels" in codes(check(rules, two_misc), "error")


def test_weapons_need_a_weapon_master_of_their_value(rules):
    plain = supreme("Plain", 2, resources=["house-pistol"])
    assert "weapon-master" in codes(
        check(rules, supreme("a", 1), supreme("b", 1), plain, house_rules=[PISTOL]), "error"
    )
    short = supreme(
        "Short", 2, skills=[{"skill": "weapon-master", "x": 1}], resources=["house-cannon"]
    )
    assert "weapon-master" in codes(
        check(rules, supreme("a", 1), supreme("b", 1), short, house_rules=[CANNON]), "error"
    )
    master = supreme(
        "Master", 2, skills=[{"skill": "weapon-master", "x": 2}], resources=["house-cannon"]
    )
    assert check(rules, supreme("a", 1), supreme("b", 1), master, house_rules=[CANNON]).legal


def test_devices_only_for_the_device_origin(rules):
    assert check(rules, supreme("Tech", 1, origin="science", resources=["force-field"])).legal
    report = check(rules, supreme("Druid", 1, origin="nature", resources=["force-field"]))
    assert "resource-origin" in codes(report, "error")
    assert "our reading" in report.about("Druid")[0].message
    unknown = check(rules, supreme("Who", 1, origin=None, resources=["force-field"]))
    assert unknown.legal and "origin-unknown" in codes(unknown, "warning")


def test_artifacts_only_for_the_artifact_origins(rules):
    assert check(
        rules,
        supreme("Witch", 1, origin="mystery", resources=["house-amulet"]),
        house_rules=[AMULET],
    ).legal
    report = check(
        rules,
        supreme("Tech", 1, origin="science", resources=["house-amulet"]),
        house_rules=[AMULET],
    )
    assert "resource-origin" in codes(report, "error")


def test_exclusive_resources_stay_with_their_owner(rules):
    hoodoo = supreme("Red Riding Hoodoo", 1, base="red-riding-hoodoo", resources=["zombie-wolf"])
    report = check(rules, hoodoo)
    assert report.legal
    assert "resource-level-unknown" in codes(report, "warning")
    thief = supreme("Thief", 1, resources=["zombie-wolf"])
    assert "exclusive-resource" in codes(check(rules, thief), "error")


def test_exclusive_weapons_need_no_weapon_master(rules):
    ace = supreme("Ace of Wraiths", 2, base="ace-of-wraiths", resources=["hellstromm"])
    assert "weapon-master" not in codes(check(rules, supreme("a", 1), supreme("b", 1), ace))


def test_a_construct_holds_only_its_own_exclusive_resources(rules):
    construct = [{"skill": "construct"}]
    golem = supreme(
        "Golem", 1, base="house-golem", skills=construct, resources=["house-golem-core"]
    )
    assert check(rules, golem, house_rules=[GOLEM, GOLEM_CORE]).legal
    loaded = supreme("Golem", 1, base="house-golem", skills=construct, resources=["sirens"])
    assert "construct-resources" in codes(check(rules, loaded, house_rules=[GOLEM]), "error")


def test_one_copy_of_each_resource_per_team(rules):
    report = check(
        rules,
        supreme("One", 1, resources=["hired-guns"]),
        supreme("Two", 1, resources=["hired-guns"]),
    )
    assert codes(report, "error") == {"resource-twice"}
    assert report.budget.details["resource_pool"]["used"] == 2
    assert check(
        rules, supreme("One", 1, resources=["hired-guns"]), supreme("Two", 1, resources=["sirens"])
    ).legal


def test_unknown_resources_are_errors(rules):
    assert "unknown-resource" in codes(
        check(rules, supreme("One", 1, resources=["death-ray"])), "error"
    )


def test_sentry_bots_need_a_science_supreme(rules):
    assert check(rules, supreme("One", 1, resources=["sentry-bots"])).legal
    everyone_nature = [
        supreme(n, lv, origin="nature") for n, lv in [("a", 1), ("c", 2), ("d", 2), ("e", 2)]
    ]
    report = check(
        rules, supreme("One", 1, origin="nature", resources=["sentry-bots"]), *everyone_nature
    )
    assert "resource-prerequisite" in codes(report, "error")


def test_the_advanced_sentry_bot_needs_heavy_metal(rules):
    assert "resource-prerequisite" in codes(
        check(rules, supreme("One", 1, resources=["advanced-sentry-bot"])), "error"
    )
    metal = supreme("One", 1, team_allegiance="heavy-metal", resources=["advanced-sentry-bot"])
    assert check(rules, metal).legal


def test_side_bound_resources(rules):
    assert check(rules, supreme("One", 1, resources=["heroic-call"])).legal
    villains = [
        supreme(n, lv, sides=("villains",)) for n, lv in [("a", 1), ("c", 2), ("d", 2), ("e", 2)]
    ]
    caller = supreme("One", 1, sides=("villains",), resources=["heroic-call"])
    assert "resource-side" in codes(check(rules, caller, *villains, side="villains"), "error")
    cops = supreme("One", 1, sides=("villains",), resources=["pulp-city-cops"])
    message = next(
        f.message
        for f in check(rules, cops, *villains, side="villains").findings
        if f.code == "resource-side"
    )
    assert "inference" in message


def test_manholes_show_their_table_needs_as_advice(rules):
    report = check(rules, supreme("One", 1, resources=["manholes"]))
    assert report.legal and "resource-setting" in codes(report, "info")


def test_the_ulthar_prototype_needs_an_ulthar_supreme_and_says_that_is_our_reading(rules):
    """p.38 asks for an 'Ulthar Supreme'; Ulthar as a Team Allegiance is our reading."""
    alone = check(rules, supreme("One", 1, resources=["ulthar-prototype"]))
    (needs,) = [f for f in alone.findings if f.code == "resource-prerequisite"]
    assert needs.severity == "error" and "our reading" in needs.message
    ulthar = supreme("One", 1, resources=["ulthar-prototype"], team_allegiance="ulthar")
    assert "resource-prerequisite" not in codes(check(rules, ulthar))


def test_the_books_gentleman_takes_a_level_1_resource_and_a_level_1_weapon(rules):
    """p.27's Living Arsenal example, on the Game Guide's Gentleman (no Weapon Master given)
    and a Weapon a player made: legal, so Living Arsenal carries its own Weapons."""
    gentleman = supreme(
        "Gentleman", 1, sides=("villains",), base="gentleman", resources=["sirens", "house-pistol"]
    )
    del gentleman["profile"]["skills"]
    report = check(rules, gentleman, side="villains", house_rules=[PISTOL])
    assert not {"weapon-master", "resource-levels"} & codes(report, "error")
    bigger = gentleman | {"profile": gentleman["profile"] | {"resources": ["house-cannon"]}}
    report = check(rules, bigger, side="villains", house_rules=[CANNON])
    assert "weapon-master" in codes(report, "error")


def test_a_team_whose_minions_no_supreme_may_command_is_warned(rules):
    """Minions act only on a Command (p.35): a Construct issues none (p.26), a Nonliving
    Supreme commands only Nonliving models (p.28), and we read Inhuman as barring Command
    (p.14's mindless undead). Not forbidden, so a warning, naming why each one cannot."""
    construct = [{"skill": "construct"}]
    robots = check(
        rules,
        supreme("One", 1, skills=construct, resources=[]),
        supreme("Two", 1, skills=[{"skill": "nonliving"}], resources=["pulp-city-cops"]),
        supreme("Three", 2, skills=[{"skill": "inhuman"}]),
        supreme("Four", 2, skills=construct),
        supreme("Five", 2, skills=construct),
    )
    (warning,) = [f for f in robots.findings if f.code == "no-commander"]
    assert warning.severity == "warning" and "Pulp City Cops" in warning.message
    assert "Construct" in warning.message and "Nonliving" in warning.message
    assert "Inhuman" in warning.message and "reading" in warning.message
    anyone = check(rules, supreme("One", 1, resources=["pulp-city-cops"]))
    assert "no-commander" not in codes(anyone)
