"""The Pulp City data is complete and honest: the Game Guide's counts, eligibility and card
values, and every doubtful value marked with its reason."""

from collections import Counter

import pytest

from rules.fixture_folder import FIXTURES_DIR, read_yaml
from rules.models import CharacterType, Deck, LibraryEntry, Ruleset

FOLDER = FIXTURES_DIR / "pulp-city"


def library(name):
    return read_yaml(FOLDER / name)["entries"]


def by_slug(name):
    return {entry["slug"]: entry for entry in library(name)}


def test_six_traits_in_card_order_and_a_closed_origins_triad():
    assert [t["name"] for t in library("traits.yaml")] == [
        "Strength",
        "Defense",
        "Energy",
        "Agility",
        "Mind",
        "Spirit",
    ]
    beats = {o["slug"]: o["data"]["beats"] for o in library("origins.yaml")}
    assert beats == {"nature": "science", "science": "mystery", "mystery": "nature"}


def test_each_trump_trait_has_a_basic_advanced_and_leader_action():
    tiers = Counter(
        (trait, action["data"]["tier"])
        for action in library("trump-actions.yaml")
        for trait in action["data"]["traits"]
    )
    traits = [t["slug"] for t in library("traits.yaml")]
    assert tiers == {(t, tier): 1 for t in traits for tier in ("basic", "advanced", "leader")}
    levels = {"basic": 1, "advanced": 2, "leader": 3}
    assert all(a["level"] == levels[a["data"]["tier"]] for a in library("trump-actions.yaml"))


def test_the_guides_skills_with_their_roster_effects():
    skills = by_slug("skills.yaml")
    defined = [s for s in skills.values() if s["data"].get("defined", True)]
    assert len(defined) == 64
    assert skills["inhuman"]["uncertain"] is True
    effects = {slug: set(s["effect"]) for slug, s in skills.items() if s.get("effect")}
    assert effects == {
        "construct": {"own_exclusive_resources_only", "issues_no_commands"},
        "inhuman": {"issues_no_commands"},
        "nonliving": {"commands_only_nonliving"},
        "greed": {"recruit_across_sides_for_x"},
        "leader": {"action_pool_plus_x", "starting_roll_plus_x"},
        "living-arsenal": {"extra_weapon_levels_x"},
        "merc": {"counts_as_majority_sub_faction"},
        "resourceful": {"resource_pool_plus_x"},
        "tactician": {"action_pool_plus_x"},
        "weapon-master": {"weapons_up_to_x"},
    }


def test_fourteen_agenda_cards_by_side():
    agendas = library("agendas.yaml")
    assert len(agendas) == 14
    shapes = Counter(
        "shared" if a["data"].get("titles") else "+".join(a["data"]["sides"]) for a in agendas
    )
    assert shapes == {"heroes+villains": 7, "heroes": 2, "villains": 4, "shared": 1}
    cards = by_slug("agendas.yaml")
    assert cards["protect-the-hq"]["data"]["requires"] == {"min_encounter_level": 12}
    assert cards["sabotage"]["data"]["write_ins"] == [
        "Sabotaging Villain",
        "Scenery 1",
        "Scenery 2",
        "Scenery 3",
    ]


def test_resource_cards_with_levels_and_prerequisites():
    resources = by_slug("resources.yaml")
    printed = [r for r in resources.values() if not r["data"].get("exclusive_to")]
    assert len(printed) == 18
    assert Counter(r["data"]["category"] for r in printed) == {"minion": 8, "device": 4, "misc": 6}
    assert {slug: r["level"] for slug, r in resources.items() if r["level"] != 1} == {
        "teleport-anchor": 2,
        "zombie-wolf": None,
        "hellstromm": None,
    }
    assert resources["sentry-bots"]["data"]["requires"] == {"team_origin": "science"}
    assert resources["advanced-sentry-bot"]["data"]["requires"] == {
        "team_sub_faction": "heavy-metal"
    }
    assert resources["ulthar-prototype"]["data"]["requires"] == {"team_sub_faction": "ulthar"}
    assert resources["hellstromm"]["data"]["exclusive_to"] == "ace-of-wraiths"


def test_lost_icons_are_stored_as_uncertain_with_a_reason():
    """Nothing doubtful is stored silently: every uncertain entry says why."""
    for path in FOLDER.glob("*.yaml"):
        document = read_yaml(path)
        items = document if isinstance(document, list) else document.get("entries", [])
        for item in items:
            if item.get("uncertain"):
                assert item.get("note", "").strip(), f"{path.name}: {item['slug']} has no note"
    categories = by_slug("resource-categories.yaml")
    assert categories["device"]["data"] == {
        "origins": ["science"],
        "origins_uncertain": True,
        "needs_skill": None,
        "order": 4,
    }


def test_named_supremes_are_partial_and_say_only_what_the_book_gives():
    supremes = by_slug("supremes.yaml")
    assert len(supremes) == 15
    assert all(s["data"]["partial"] for s in supremes.values())
    starter_box = {
        "solar": 2,
        "iron-train": 2,
        "ace-of-wraiths": 2,
        "red-riding-hoodoo": 1,
        "androida": 1,
    }
    assert {slug: supremes[slug]["level"] for slug in starter_box} == starter_box
    assert all(supremes[slug]["data"]["sides"] == ["heroes"] for slug in starter_box)
    assert all(s["data"]["damage"] is None for s in supremes.values())
    assert (supremes["solar"]["data"]["ap"], supremes["nuke"]["data"]["ap"]) == (6, 5)


@pytest.mark.django_db
def test_the_folder_loads_into_the_database(rules_data):
    city = Ruleset.objects.get(slug="pulp-city")
    levels = CharacterType.objects.filter(ruleset=city).order_by("order")
    assert [(t.slug, t.level, t.cost) for t in levels] == [
        ("level-1", 1, 1),
        ("level-2", 2, 2),
        ("level-3", 3, 3),
    ]
    kinds = Counter(
        LibraryEntry.objects.filter(ruleset=city, owner=None).values_list("kind", flat=True)
    )
    assert (kinds["skill"], kinds["agenda"], kinds["resource"], kinds["supreme"]) == (
        65,
        14,
        20,
        15,
    )
    assert LibraryEntry.objects.get(ruleset=city, kind="resource", slug="spare-parts").uncertain


@pytest.mark.django_db
def test_the_agenda_and_resource_decks_print_the_entries_the_engine_reads(rules_data):
    agenda = Deck.objects.get(ruleset__slug="pulp-city", slug="agenda")
    cards = list(agenda.cards.order_by("order"))
    assert [card.name for card in cards] == [a["name"] for a in library("agendas.yaml")]
    sabotage = next(card for card in cards if card.name == "Sabotage")
    assert sabotage.data["write_ins"][0] == "Sabotaging Villain"
    assert sabotage.data["slug"] == "sabotage" and sabotage.page == 34
    resources = list(Deck.objects.get(ruleset__slug="pulp-city", slug="resource").cards.all())
    assert len(resources) == 18
    assert "Zombie Wolf" not in {card.name for card in resources}
    anchor = next(card for card in resources if card.name == "Teleport Anchor")
    assert (anchor.data["level"], anchor.data["category"], anchor.uncertain) == (2, "device", True)


@pytest.mark.parametrize(
    ("file", "slug", "reason"),
    [
        ("supremes.yaml", "iron-train", "icon"),
        ("trump-actions.yaml", "throw", "Strength"),
        ("sub-factions.yaml", "ulthar", "sub-faction"),
        ("skills.yaml", "fury", "Strike Fury"),
        ("resources.yaml", "pulp-city-cops", "+1"),
        ("resources.yaml", "corrupted-cops", "-1"),
        ("core-rules.yaml", "citizens", "chapter 6"),
    ],
)
def test_inferred_readings_carry_the_uncertain_flag_and_say_what_was_inferred(file, slug, reason):
    """The audit's inferences: each stored value read from context, not from the page."""
    entry = by_slug(file)[slug]
    assert entry.get("uncertain") is True
    assert reason.lower() in entry["note"].lower()


def test_values_the_book_does_not_give_are_empty_not_guessed():
    close_combat = by_slug("attack-types.yaml")["close-combat"]
    assert close_combat["data"]["targets"] is None
    assert close_combat["data"]["line_of_sight"] is None
    assert close_combat["uncertain"] and "line of sight" in close_combat["note"].lower()
    assert by_slug("supremes.yaml")["iron-train"]["data"]["inferred"] == ["traits", "trump_traits"]
