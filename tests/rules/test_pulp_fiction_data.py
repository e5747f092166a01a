"""The Pulp Fiction rules data: the source's counts and numbers, every entry cited by its
section heading (the source is a web page with no page numbers), and the lost stat charts
kept empty rather than invented."""

import pytest

from rules.fixture_book import rules_book_from_fixtures
from rules.fixture_folder import FIXTURES_DIR, read_yaml
from rules.integrity import fixture_problems
from rules.loading import load_rules
from rules.models import CharacterType, LibraryEntry, Ruleset
from rules.selectors import rules_book

pytestmark = pytest.mark.django_db

# The section headings of the source (a web page), as printed.
SOURCE_HEADINGS = {
    "Game Set-up",
    "Turn Initiative",
    "Activation Points",
    "Standard Actions",
    "Movement through Other Figures",
    "Targeting Figures",
    "Combat",
    "Human Unarmed Combat",
    "Split Attacks",
    "Range Attacks Made Through Friendly Figures",
    "Double 1's, 2's and Ammo Depletion",
    "Double 6's and Critical Hits",
    "Receiving a Hit",
    "Saving Throws",
    "Wounds, Unconsciousness and Death",
    "Placing New Figures",
    "Main Characters",
    "Secondary Characters",
    "Villains & Henchmen",
    "Monsters",
    "Spare Ammo Markers",
    "Giving Items to Other Characters",
    "Equipment on Dead Characters",
    "Characters and Vehicles",
    "Traits",
    "Ranged Weapons",
    "Melee Weapons",
    "Special Equipment",
    "Vehicles Rules",
    "Entering a Vehicle",
    "Starting a Vehicle",
    "Vehicle Speed and Stopping",
    "Notes Relating to Vehicular Combat",
    "Ramming Enemies",
    "Jumping from Vehicles",
}


def entries(kind):
    return LibraryEntry.objects.filter(ruleset__slug="pulp-fiction", kind=kind, owner=None)


def test_five_figure_types_and_the_vehicle_with_their_sides(rules_data):
    types = {t.slug: t.profile for t in CharacterType.objects.filter(ruleset__slug="pulp-fiction")}
    assert list(types) == [
        "main-character",
        "secondary-character",
        "villain",
        "henchman",
        "monster",
        "vehicle",
    ]
    assert types["vehicle"]["vehicle"] is True and types["vehicle"]["drives"] is False
    assert types["main-character"]["sides"] == ["good"]
    assert types["secondary-character"]["sides"] == ["good"]
    assert "bad" in types["henchman"]["sides"] and "good" not in types["monster"]["sides"]
    lesser = {slug for slug, profile in types.items() if profile["needs_activation_points"]}
    assert lesser == {"secondary-character", "henchman", "monster"}
    several_wounds = {slug for slug, profile in types.items() if profile["multi_wound"]}
    assert several_wounds == {"main-character", "villain", "vehicle"}
    assert types["secondary-character"]["attaches_to"] == "main-character"
    assert types["monster"]["attaches_to"] == "villain"


def test_the_23_traits_carry_the_numbers_of_the_source(rules_data):
    traits = {entry.slug: entry for entry in entries("trait")}
    assert len(traits) == 23
    assert traits["brawler"].effect["unarmed"] == {"attacks": 3, "to_hit": 5}
    assert traits["fast-runner"].effect["move_inches"] == 6
    assert traits["small-build"].effect["wounds"] == 2
    assert traits["tough-as-nails"].effect["wounds"] == 4
    assert traits["inhuman"].effect["save"] == 5
    assert traits["monster"].effect["save"] == 3
    assert traits["leader"].effect == {"ap_dice": 1, "initiative_bonus": 1}
    assert traits["car-thief"].data["start_turns"] == 3
    assert traits["voodoo-mind-control"].data == {"roll": 4, "range_inches": 6}
    assert traits["limited-mobility"].effect == {
        "reduced_move": True,
        "pointless_with": ["fast-runner"],
    }
    assert all(entry.cost is None for entry in traits.values())


def test_every_entry_cites_a_heading_of_the_source_not_a_page(rules_data):
    ruleset = Ruleset.objects.get(slug="pulp-fiction")
    cited = list(ruleset.entries.all()) + list(ruleset.character_types.all())
    assert cited
    for item in cited:
        assert item.page is None
        assert item.section in SOURCE_HEADINGS, (item.slug, item.section)


def test_lost_charts_are_empty_not_invented(rules_data):
    weapons = {entry.slug: entry for entry in entries("weapon")}
    assert len(weapons) == 12
    for slug, weapon in weapons.items():
        if slug != "bare-hands":
            assert weapon.data["stats"]["to_hit"] is None, slug
            assert weapon.data["stats"]["attacks"] is None, slug
    assert weapons["bare-hands"].data["stats"] == {"to_hit": 6, "range_inches": 0, "attacks": 2}
    assert entries("armour").get(slug="bullet-proof-vest").data["stats"] == {"save": None}
    assert not entries("sample-character").exists()


def test_standard_actions_unarmed_combat_saves_kit_ammo_and_activation(rules_data):
    assert entries("action").get(slug="move").data["move_inches"] == 4
    assert entries("rule").get(slug="unarmed-combat").data == {
        "group": "combat",
        "attacks": 2,
        "to_hit": 6,
    }
    for slug in ("saving-throws", "spare-ammo-markers", "activation-points"):
        assert entries("rule").filter(slug=slug).exists()
    kit = {entry.slug: entry.effect for entry in entries("equipment")}
    assert kit["handgun-holster"] == {"holds_handguns": 1, "max_per_figure": 4}
    assert kit["backpack"] == {"heavy": True, "carries_light_freely": True}
    assert {"car-keys", "starting-handle", "spare-ammo"} <= set(kit)


def test_the_files_read_the_same_from_disk_as_from_the_database(rules_data):
    from_db = rules_book(Ruleset.objects.get(slug="pulp-fiction"))
    from_files = rules_book_from_fixtures("pulp-fiction")
    assert from_files.character_types == from_db.character_types
    assert from_files.entries == from_db.entries


def test_loading_the_folder_twice_changes_nothing(rules_data):
    load_rules()
    before = list(entries("trait").order_by("pk").values())
    again = load_rules()
    assert (again.created, again.updated) == (0, 0)
    assert list(entries("trait").order_by("pk").values()) == before


def test_a_section_stands_in_for_a_missing_page_but_not_for_nothing(tmp_path):
    import shutil

    import yaml

    from rules.loading import FIXTURES_DIR

    copy = tmp_path / "fixtures"
    shutil.copytree(FIXTURES_DIR, copy)
    assert fixture_problems(copy) == []
    path = copy / "pulp-fiction" / "traits.yaml"
    document = yaml.safe_load(path.read_text())
    del document["entries"][0]["section"]
    path.write_text(yaml.safe_dump(document, allow_unicode=True))
    assert fixture_problems(copy) == [
        "pulp-fiction/traits.yaml: 'Ambidextrous' has no page or section"
    ]


def test_whether_entering_a_vehicle_is_free_is_left_empty():
    """Entering a Vehicle never says whether it costs the action: no value, and a reason."""
    actions = read_yaml(FIXTURES_DIR / "pulp-fiction" / "actions.yaml")["entries"]
    (enter,) = [entry for entry in actions if entry["slug"] == "enter-vehicle"]
    assert enter["data"]["free"] is None
    assert enter["uncertain"] is True and enter["note"]
