"""Pulp Fiction stat cards: every value through the band engine, the lost chart numbers as
lines to write on, wound boxes to tick, text that shrinks to fit or is reported. The PDF is
read back: words, true-size card, embedded fonts."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.pulp_fiction import faces as faces_pulp_fiction
from cards.printing import faces
from cards.printing.sheets import PrintOptions, print_cards
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf
from tests.cards.layout_reading import face_page_box, walk

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
HANDGUN = {"weapon": "handgun", "to_hit": 4, "range_inches": 12, "attacks": 1, "holstered": True}


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-fiction")


def figure(name, kind, role="", **profile):
    return {"name": name, "type": kind, "role": role, "profile": profile}


def card(rules, character):
    back = faces.BACK.face(faces.back(title="Pulp Fiction", subtitle="Cliffhanger"), title="back")
    view = faces_pulp_fiction.stat_card(character, rules)
    return faces_pulp_fiction.STAT_CARD.face(view, title=view["name"], back=back)


def band(name):
    return json.loads((EXAMPLES / f"pulp-fiction-{name}.json").read_text(encoding="utf-8"))


DOC = figure(
    "Doc Thunder",
    "main-character",
    traits=["leader", "tough-as-nails", "fast-runner"],
    weapons=[HANDGUN, {"weapon": "submachine-gun"}, {"weapon": "crowbar"}],
    armour=[{"armour": "bullet-proof-vest", "save": 5}],
    equipment=["handgun-holster", "handgun-holster", "backpack"],
)


def test_the_card_shows_type_side_wounds_saves_and_the_derived_figures(rules):
    view = card(rules, DOC).data
    assert (view["type_name"], view["side_name"]) == ("Main Character", "Good side")
    assert len(view["wound_boxes"]) == 4  # Tough as Nails: a box to tick per wound
    assert view["saves"] == "5+ Bullet-Proof Vest"
    assert view["stats"] == [
        ("Move", '6"'),
        ("Wounds", "4"),
        ("Save", "5+"),
        ("Unarmed", "2 at 6+"),
        ("AP", "1D6"),
        ("Ammo", "1"),
    ]
    assert view["kit"] == "Bullet-Proof Vest · Handgun Holster ×2 · Backpack / Duffle Bag"


def test_weapons_print_the_written_numbers_and_a_line_for_each_blank(rules):
    weapons = card(rules, DOC).data["weapons"]
    blank = faces_pulp_fiction.BLANK
    assert [(w["tag"], w["name"], w["to_hit"], w["range"], w["attacks"]) for w in weapons] == [
        ("R", "Handgun", "4+", '12"', "1"),
        ("R", "Submachine Gun", blank, blank, blank),
        ("M", "Crowbar / Tire Iron", blank, "base", blank),
    ]
    assert weapons[0]["notes"] == "holster · light"


def test_a_henchman_has_one_untracked_wound_and_needs_activation(rules):
    view = card(rules, figure("Thug", "henchman", side="bad", traits=["brawler"])).data
    assert view["wound_boxes"] == [] and view["wounds_note"]
    assert view["side_name"] == "Bad side"
    assert ("Unarmed", "3 at 5+") in view["stats"]
    assert view["reminders"][0] == "Acts only on an activation point."


def test_a_sidekick_names_whom_it_serves_and_shares_the_ammo_marker(rules):
    view = card(rules, figure("Kid", "secondary-character", role="attached-to:Doc Thunder")).data
    assert view["serves"] == "Serves Doc Thunder"
    assert "Shares its side's Spare Ammo Marker." in view["reminders"]


def test_a_monster_cannot_drive(rules):
    view = card(rules, figure("Zombie", "monster", side="bad", traits=["monster"])).data
    assert "Cannot drive." in view["reminders"] and ("Save", "3+") in view["stats"]


def test_every_example_figure_fits_its_card_at_a_readable_size(rules):
    for name in ("heroes", "villains"):
        for character in band(name)["characters"]:
            face = card(rules, character)
            assert not face.problems, face.problems
            assert face.layout["body"] >= 5.5 and face.layout["trait_summaries"], character["name"]


def test_too_many_traits_print_their_names_only_and_say_so(rules):
    everything = [slug for kind, slug in rules.entries if kind == "trait"]
    face = card(rules, figure("Overloaded", "villain", side="bad", traits=everything))
    assert not face.layout["trait_summaries"]
    assert any("Traits: too many to print" in problem for problem in face.problems)


def test_a_name_too_long_for_the_band_is_reported(rules):
    face = card(rules, figure("Professor Algernon Throckmorton-Smythe the Third", "villain"))
    assert any("Name: too long" in problem for problem in face.problems)


def laid_out(face):
    """WeasyPrint's layout of the fitted boxes: {css class: (box, bottom of its content)}."""
    found = {}
    for box in walk(face_page_box(face)):
        classes = (box.element.get("class") or "").split() if box.element is not None else []
        for name in ("pf-weapons-box", "pf-body"):
            if name in classes and box.children:
                last = box.children[-1]
                found[name] = (box, last.position_y + last.margin_height())
    return found


def test_text_the_fitter_accepts_really_fits_its_box(rules):
    villain = band("villains")["characters"][0]
    for character in (DOC, villain):
        boxes = laid_out(card(rules, character))
        assert set(boxes) == {"pf-weapons-box", "pf-body"}
        for box, bottom in boxes.values():
            assert bottom <= box.content_box_y() + box.height + 0.01, character["name"]


def test_the_printed_card_reads_right_true_size_with_embedded_fonts(rules):
    result = print_cards([card(rules, DOC)], PrintOptions(backs=True))
    reader = pdf.read(result.pdf)
    assert result.pages == len(reader.pages) == 2
    front = " ".join(reader.pages[0].extract_text().split())
    assert "DOC THUNDER" in front and "MAIN CHARACTER" in front and "GOOD SIDE" in front
    assert '6" 4 5+ 2 at 6+ 1D6 1' in front  # Move Wounds Save Unarmed AP Ammo
    assert 'R Handgun holster · light 4+ 12" 1' in front
    assert "R Submachine Gun ____ ____ ____" in front  # lines to write the lost numbers on
    assert "Tough as Nails" in front and "Kit Bullet-Proof Vest" in front
    assert len(pdf.card_rects(reader.pages[0])) == 1
    fonts = pdf.embedded_fonts(reader)
    assert fonts and all(fonts.values())


def test_a_main_character_without_written_wounds_gets_a_line_to_fill_not_one_box(rules):
    view = card(rules, figure("Doc", "main-character")).data
    assert view["wound_boxes"] == [] and ("Wounds", "–") in view["stats"]
    assert "write" in view["wounds_note"].lower()


def test_a_vehicle_card_has_three_wound_boxes_its_save_and_top_speed(rules):
    view = card(rules, figure("Packard", "vehicle", side="good")).data
    assert len(view["wound_boxes"]) == 3
    assert ("Move", '20"') in view["stats"] and ("Save", "4+") in view["stats"]
    assert view["saves"] == "4+ Vehicle Toughness"
    assert "Cannot drive." not in view["reminders"]
    assert ("Unarmed", "–") in view["stats"]  # a car throws no punches (Human Unarmed Combat)
    assert not view["bare_hands"]
