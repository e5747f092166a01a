"""Card faces: what each card shows, built from rules data, and text that shrinks to fit
(or is reported when it cannot)."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.pulp_alley import faces as pulp_alley_faces
from cards.printing import faces
from cards.printing.fitting import Box, Run, fit
from rules.engines.base import RulesBook
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.layout_reading import face_page_box, walk

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-alley")


@pytest.fixture(scope="module")
def league():
    return {c["name"]: c for c in json.loads(EXAMPLE.read_text())["characters"]}


def view_of(character, rules):
    return pulp_alley_faces.pulp_alley_character(character, rules)


def test_a_character_card_shows_the_printed_profile_in_book_order(rules, league):
    view = view_of(league["Singapore Smith"], rules)
    assert view["name"] == "Singapore Smith"
    assert (view["type_name"], view["level"]) == ("Leader", 4)
    assert view["health"] == "d10"
    assert [label for label, _ in view["skills"]] == [
        "Brawl",
        "Shoot",
        "Dodge",
        "Might",
        "Finesse",
        "Cunning",
    ]
    assert dict(view["skills"]) == {
        "Brawl": "3d8",
        "Shoot": "3d10",
        "Dodge": "3d10",
        "Might": "2d8",
        "Finesse": "3d10",
        "Cunning": "2d10",
    }


def test_stat_abilities_are_applied_to_the_printed_dice(rules, league):
    # Enki's base Shoot is 2d6; Marksman adds a die on the card.
    assert dict(view_of(league["Enki"], rules)["skills"])["Shoot"] == "3d6"


def test_abilities_carry_level_summary_and_page(rules, league):
    sharp = view_of(league["Singapore Smith"], rules)["abilities"][0]
    assert sharp == {
        "name": "Sharp",
        "level": 2,
        "summary": rules.entry("ability", "sharp")["summary"],
        "page": 10,
        "learned": False,  # chosen at creation, not bought with Experience
    }


def test_a_follower_is_marked_out_on_any_failed_health_check(rules, league):
    view = view_of(league["Chu-Chu"], rules)
    assert view["knocked_out_on_failed_health"] is True
    assert view["health_note"].startswith("*")
    assert dict(view["skills"])["Shoot"] == "—"  # an Animal has no ranged attack


def test_an_associate_prints_without_dice(rules):
    view = view_of({"name": "Jeeves", "type": "associate", "profile": {}}, rules)
    assert view["skills"] == [] and view["health"] is None


def test_an_unknown_ability_is_still_named(rules, league):
    character = {
        **league["Enki"],
        "profile": {**league["Enki"]["profile"], "abilities": ["x-ray-eyes"]},
    }
    assert view_of(character, rules)["abilities"][0]["name"] == "X Ray Eyes"


def test_fortune_card_face():
    card = {
        "number": "02",
        "copies": 2,
        "page": 30,
        "data": {
            "play": "An enemy starts to act.",
            "effect": "It meets a peril.",
            "challenge": {"successes": 3, "skills": ["any"], "hits": 3},
        },
    }
    view = pulp_alley_faces.fortune_card(card)
    assert view["label"] == "#02 / x2"
    assert view["skills"] == ["Any skill"]
    assert (view["successes"], view["hits"]) == (3, 3)


def test_reward_card_face():
    card = {"number": "P2", "copies": 1, "data": {"bonus": "A die more.", "reward": "+1 Backup"}}
    view = pulp_alley_faces.reward_card(card)
    assert (view["label"], view["reward"]) == ("#P2 / x1", "+1 Backup")


def test_every_face_gets_its_back(rules, league):
    face = faces.character_face(league["Arge"], rules, ruleset_name="Pulp Alley", copies=3)
    assert face.copies == 3
    assert face.back.data == {"title": "Pulp Alley", "subtitle": "Cliffhanger"}


def test_rulesets_and_decks_without_a_design_are_refused(league):
    # A game listed with its books but not registered (all four shipped games are).
    dime_novel = RulesBook("dime-novel", character_types={}, entries={})
    with pytest.raises(faces.NoCardDesign, match="for Dime Novel characters"):
        faces.character_face(league["Enki"], dime_novel, ruleset_name="Dime Novel")
    with pytest.raises(faces.NoCardDesign, match="for the Agenda deck"):
        faces.deck_faces(
            {"ruleset": "dime-novel", "slug": "agenda", "name": "Agenda deck", "cards": []}
        )


ABILITIES = ["sharp", "deadeye", "hardened-veteran", "brash", "crafty", "daredevil"]


# ---- fitting -------------------------------------------------------------------------------
BOX = Box(width_mm=50, height_mm=10, sizes_pt=(8, 7, 6))


def test_short_text_keeps_the_largest_size():
    assert fit([[Run("Short.")]], BOX).size_pt == 8


def test_longer_text_steps_down_until_it_fits():
    result = fit([[Run("word " * 25)]], BOX)
    assert result.size_pt < 8 and not result.overflow


def test_text_too_long_even_at_the_smallest_size_is_reported():
    result = fit([[Run("word " * 400)]], BOX)
    assert result.overflow and result.size_pt == 6
    assert "cut off" in result.note("Flavour text")
    assert fit([[Run("Short.")]], BOX).note("The flavour text") is None


def test_short_flavour_sits_beside_the_portrait(rules, league):
    arge = {**league["Arge"], "flavour": "Strong, loyal, hungry."}
    face = faces.character_face(arge, rules, ruleset_name="Pulp Alley")
    assert face.layout["flavour_in_body"] is False
    assert face.layout["flavour"] == pulp_alley_faces.PA_FLAVOUR.sizes_pt[0]


def test_longer_flavour_moves_under_the_abilities(rules, league):
    arge = {**league["Arge"], "flavour": "A long and winding story of the docks. " * 9}
    face = faces.character_face(arge, rules, ruleset_name="Pulp Alley")
    assert face.layout["flavour_in_body"] is True
    assert not face.problems


def test_flavour_too_long_for_the_card_is_reported_with_the_characters_name(rules, league):
    arge = {**league["Arge"], "flavour": "A very long story. " * 80}
    face = faces.character_face(arge, rules, ruleset_name="Pulp Alley")
    assert face.layout["body"] == pulp_alley_faces.PA_BODY.sizes_pt[-1]
    assert any(p.startswith("Arge: Abilities and flavour text") for p in face.problems)


def test_a_name_too_long_for_one_line_is_reported(rules, league):
    long_name = {**league["Enki"], "name": "Professor Bartholomew Montgomery-Fitzwilliam III"}
    face = faces.character_face(long_name, rules, ruleset_name="Pulp Alley")
    assert any(
        problem.startswith("Professor Bartholomew Montgomery-Fitzwilliam III: Name")
        for problem in face.problems
    )


def laid_out(face):
    """WeasyPrint's own layout of a face: {css class: (box, bottom of its last line)}."""
    found = {}
    for box in walk(face_page_box(face)):
        element_class = (box.element.get("class") or "") if box.element is not None else ""
        if element_class in ("pa-body", "pa-flavour") and box.children:
            last = box.children[-1]
            found[element_class] = (box, last.position_y + last.margin_height())
    return found


def test_a_veteran_with_many_abilities_gets_names_only_and_a_note(rules, league):
    veteran = {
        **league["Singapore Smith"],
        "profile": {**league["Singapore Smith"]["profile"], "abilities": ABILITIES * 2},
    }
    face = faces.character_face(veteran, rules, ruleset_name="Pulp Alley")
    assert face.layout["ability_summaries"] is False
    assert face.problems == (f"Singapore Smith: {pulp_alley_faces.SUMMARIES_LEFT_OUT}",)


@pytest.mark.parametrize(("flavour_repeat", "abilities"), [(1, 3), (3, 5), (8, 2), (2, 6)])
def test_text_the_fitter_accepts_really_fits_its_box(rules, league, flavour_repeat, abilities):
    """The measured estimate agrees with the layout engine: nothing it calls a fit is cut."""
    smith = {
        **league["Singapore Smith"],
        "flavour": "Soldier of fortune, pilot, and a terrible card player. " * flavour_repeat,
        "profile": {**league["Singapore Smith"]["profile"], "abilities": ABILITIES[:abilities]},
    }
    face = faces.character_face(smith, rules, ruleset_name="Pulp Alley")
    assert not [problem for problem in face.problems if "cut off" in problem]
    boxes = laid_out(face)
    assert boxes
    for box, bottom in boxes.values():
        assert bottom <= box.content_box_y() + box.height + 0.01
