"""7TV cards: the profile card (front and its own back) built through the 7TV engine, the
script deck as cards, and text that shrinks to fit or is reported. PDFs are read back the way
a player would look at them: the words on each page, the pages, the fonts."""

import pytest

from cards.games.seven_tv import faces as faces_7tv
from cards.printing import faces
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.sources import deck_cards
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf
from tests.cards.layout_reading import face_page_box, walk

A4_PT = (595.28, 841.89)


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("7tv")


def line(base, name=None, **profile):
    return {"name": name or base.replace("-", " ").title(), "profile": {"base": base, **profile}}


def card(rules, base, name=None, **profile):
    return faces.character_face(line(base, name, **profile), rules, ruleset_name="7TV")


def words(page):
    return " ".join(page.extract_text().split())


@pytest.fixture(scope="module")
def bold_blade_pdf(rules):
    """Bold Blade's card with its back, as the Print page makes it."""
    result = print_cards([card(rules, "bold-blade")], PrintOptions(backs=True))
    return result, pdf.read(result.pdf)


# ---- the view-model ----------------------------------------------------------------------------


def test_the_front_shows_ratings_type_genres_and_the_seven_statistics(rules):
    view = card(rules, "bold-blade").data
    assert (view["name"], view["type_name"], view["ratings"]) == ("Bold Blade", "Heroic Star", 10)
    assert view["genres"] == ["Action", "Fantasy", "Historical"]
    assert view["stats"] == [
        ("Fight", "4"),
        ("Shoot", "4"),
        ("Defence", "10"),
        ("Mind", "3"),
        ("Body", "4"),
        ("Spirit", "5"),
        ("Health", "3"),
    ]
    assert len(view["health_boxes"]) == 3  # one box per Health point to tick off
    assert view["move"] == ""  # the standard 6" is not printed


def test_attacks_carry_type_range_strike_and_effects(rules):
    attacks = card(rules, "bold-blade").data["attacks"]
    assert [(a["tag"], a["name"], a["range"], a["strike"]) for a in attacks] == [
        ("F", "Flashing Blade", '0"', "+9"),
        ("F", "Forceful Sweep", '0"', "+7"),
        ("S", "Improbable Shot", '8"', "+7"),
        ("P", "Dramatic Entrance", '0"', "+7"),
    ]
    # Short weapon effects never break inside: "Push 2"" stays on one line.
    assert attacks[1]["effects"] == 'Barrier, 0\u00a0Health, Push\u00a02"'


def test_alternative_attacks_are_marked_or(rules):
    attacks = {a["name"]: a["or_next"] for a in card(rules, "mercenary").data["attacks"]}
    assert attacks == {
        "Combat Knife": True,
        "Long Sword": False,
        "Crossbow": True,
        "Submachine Gun": False,
    }


def test_the_back_holds_the_star_quality_and_effects_with_costs_in_words(rules):
    back = card(rules, "bold-blade").back
    assert back.template.endswith("7tv-profile-back.html")
    quality = back.data["star_quality"]
    assert quality["name"] == "Who Wants To Live Forever?"
    assert quality["glyphs"] == "2 PP · Free"
    assert quality["summary"] == rules.entry("star-quality", "who-wants-to-live-forever")["summary"]
    effects = {effect["name"]: effect["glyphs"] for effect in back.data["effects"]}
    assert effects == {
        "Blind Fury": "1 PP · Free",
        "Blown Clear": "Passive",
        "Parry": "Passive",
        "The Bigger They Are...": "Passive",
    }
    assert (
        "once per turn"
        in {e["name"]: e["glyphs"] for e in card(rules, "dog").back.data["effects"]}["Fight Back"]
    )


def test_the_back_adds_what_this_card_names_to_the_general_rule(rules):
    def details(base, effect):
        back = card(rules, base).back.data
        return next(e["details"] for e in back["effects"] if e["name"] == effect)

    assert details("agent", "Unit Leader") == "Units: Law Enforcement, Security Detail."
    assert details("wise-mentor", "Magic User (2)") == (
        "Grimoires: The Book of Four Winds, The Book of Stones."
    )
    assert details("freedom-fighter", "Anachronism") == (
        "Barred in Fantasy or Historical: Blaster, Submachine Gun. Barred in Action: Short Sword."
    )
    assert details("kid", "Strength In Numbers") == "Counts: Kid."
    assert details("bold-blade", "Parry") == ""


def test_the_front_names_what_is_on_the_back(rules):
    view = card(rules, "bold-blade").data
    assert faces_7tv.back_names(view)[:2] == ["Who Wants To Live Forever?", "Blind Fury"]


def test_a_vehicle_prints_its_own_statistics_and_its_stunts(rules):
    chopper = card(rules, "chopper")
    assert chopper.data["stats"] == [
        ("Capacity", "4"),
        ("Speed", '16"'),
        ("Defence", "8"),
        ("Armour", "5+"),
        ("Health", "3"),
    ]
    assert chopper.data["attacks"] == []
    assert [stunt["name"] for stunt in chopper.back.data["stunts"]] == ["Strafe"]
    assert chopper.back.data["stunts_note"] == faces_7tv.STUNTS_NOTE


def test_a_renamed_character_still_names_its_profile_and_its_bulk_price(rules):
    zombies = card(rules, "zombie", name="The Shambling Horde", count=3).data
    assert (zombies["name"], zombies["profile_name"]) == ("The Shambling Horde", "Zombie")
    assert zombies["bulk"] == "or 2 for 3"
    assert zombies["move"] == 'Move 4"'
    assert card(rules, "bold-blade").data["profile_name"] == ""


def test_lost_genres_are_printed_as_unknown_and_all_six_as_all(rules):
    assert card(rules, "dog").data["genres"] == []
    assert card(rules, "comic-relief").data["genres"] == ["All genres"]


def test_customisation_reaches_the_card(rules):
    tougher = card(rules, "bold-blade", customisation={"stats": {"defence": 1}}).data
    assert dict(tougher["stats"])["Defence"] == "11"
    assert tougher["ratings"] == 12


def test_a_profile_with_nothing_for_its_back_gets_the_shared_back(rules):
    goon = {
        "kind": "profile",
        "slug": "house-goon",
        "name": "Plain Goon",
        "cost": 1,
        "page": None,
        "data": {
            "type": "extra",
            "affiliation": "neutral",
            "genres": ["action"],
            "stats": {
                "fight": 2,
                "shoot": 2,
                "defence": 7,
                "mind": 1,
                "body": 2,
                "spirit": 1,
                "health": 1,
            },
            "attacks": [],
            "special_effects": [],
        },
    }
    face = faces.character_face(
        line("house-goon"), rules.with_house_rules([goon]), ruleset_name="7TV"
    )
    assert face.back.data == {"title": "7TV", "subtitle": "Cliffhanger"}
    assert face.data["effects"] == [] and face.data["star_quality"] is None


# ---- fitting -----------------------------------------------------------------------------------

MONOLOGUE = {
    "kind": "special-effect",
    "slug": "house-monologue",
    "name": "Villainous Monologue",
    "page": None,
    "summary": "Explains the whole plan, at length, to anyone still listening. " * 40,
    "data": {"pp_cost": 1, "action": "special", "once_per_turn": True},
}


def test_an_absurdly_long_custom_effect_is_reported_never_cut_silently(rules):
    book = rules.with_house_rules([MONOLOGUE])
    character = line(
        "bold-blade", customisation={"add_effects": ["special-effect/house-monologue"]}
    )
    face = faces.character_face(character, book, ruleset_name="7TV")
    assert face.back.layout["rules"] == faces_7tv.BACK_BODY.sizes_pt[-1]
    added = face.back.data["effects"][-1]
    assert (added["glyphs"], added["custom"]) == ("1 PP · Special · once per turn", True)
    assert any(
        problem.startswith("Bold Blade (back): Star quality and special effects: too long")
        for problem in face.back.problems
    )
    result = print_cards([face], PrintOptions())
    assert any("Star quality and special effects" in problem for problem in result.problems)


def test_a_name_too_long_for_the_band_is_reported(rules):
    face = card(rules, "bold-blade", name="Sir Reginald Bartholomew Fortescue-Montgomery III")
    assert any("Name: too long" in problem for problem in face.problems)


def test_every_core_profile_fits_its_card_at_a_readable_size(rules):
    for profile in rules.of_kind("profile"):
        face = card(rules, profile["slug"])
        assert not face.problems + face.back.problems, profile["name"]
        assert face.layout["attacks"] >= 5.5, profile["name"]
        assert face.back.layout["rules"] >= 7, profile["name"]


def laid_out(face):
    """WeasyPrint's own layout of one face: {css class: (box, bottom of its content)}."""
    found = {}
    for box in walk(face_page_box(face)):
        classes = (box.element.get("class") or "").split() if box.element is not None else []
        for name in ("tv-attacks-box", "tv-rules", "tv-pointer"):
            if name in classes and box.children:
                last = box.children[-1]
                found[name] = (box, last.position_y + last.margin_height())
    return found


# The profiles whose text comes closest to filling its box, front and back (a vehicle's back
# with stunts among them); lines that mix the two fonts once overflowed here.
@pytest.mark.parametrize("base", ["heavy-weapons-team", "bold-blade", "zombie", "shuttlecraft"])
def test_text_the_fitter_accepts_really_fits_its_box(rules, base):
    face = card(rules, base)
    boxes = laid_out(face) | laid_out(face.back)
    assert {"tv-rules", "tv-pointer"} <= set(boxes)
    for box, bottom in boxes.values():
        assert bottom <= box.content_box_y() + box.height + 0.01, base


# ---- printed -----------------------------------------------------------------------------------


def test_bold_blades_card_prints_name_ratings_stats_and_star_quality(bold_blade_pdf, rules):
    result, reader = bold_blade_pdf
    assert result.pages == len(reader.pages) == 2
    front, back = words(reader.pages[0]), words(reader.pages[1])
    assert "BOLD BLADE" in front
    assert "10 RATINGS" in front and "HEROIC STAR" in front
    assert "4 4 10 3 4 5 3" in front  # Fight Shoot Defence Mind Body Spirit Health
    assert "Flashing Blade" in front and "+9" in front
    assert "On the back Who Wants To Live Forever?" in front
    summary = rules.entry("star-quality", "who-wants-to-live-forever")["summary"]
    assert "STAR QUALITY" in back and "Who Wants To Live Forever? 2 PP · Free" in back
    assert " ".join(summary.split()) in back
    assert "Blind Fury 1 PP · Free" in back


def test_the_card_is_true_size_with_embedded_fonts(bold_blade_pdf):
    _, reader = bold_blade_pdf
    assert len(pdf.card_rects(reader.pages[0])) == 1
    assert len(pdf.card_rects(reader.pages[1])) == 1
    fonts = pdf.embedded_fonts(reader)
    assert fonts and all(fonts.values())
    names = " ".join(fonts).replace("-", "")
    assert "Oswald" in names and "AlegreyaSans" in names


# ---- the script deck ---------------------------------------------------------------------------


def test_a_script_card_shows_act_name_effect_genres_and_stand_in():
    view = faces_7tv.script_card(
        {
            "number": "A1-01",
            "name": "Behind The Sofa",
            "page": 77,
            "data": {
                "act": 1,
                "playing_card": "A♣",
                "genres": ["horror", "sci-fi"],
                "effect": "Shift one enemy.",
            },
        }
    )
    assert (view["act"], view["act_class"], view["name"]) == (
        "Act One",
        "act-one",
        "Behind The Sofa",
    )
    assert (view["genres"], view["stand_in"]) == (["Horror", "Sci-Fi"], "Ace of clubs")
    finale = faces_7tv.script_card(
        {"number": "F-05", "data": {"act": "finale", "playing_card": "10♦"}}
    )
    assert (finale["act"], finale["stand_in"]) == ("Finale", "10 of diamonds")


def test_an_unknown_script_card_asks_to_be_filled_in():
    view = faces_7tv.script_card(
        {
            "number": "A1-06",
            "name": "",
            "page": 74,
            "data": {"act": 1, "genres": None, "effect": ""},
        }
    )
    assert view["name"] == "Unnamed card — fill in from your deck"
    assert (view["named"], view["effect"], view["genres"], view["stand_in"]) == (False, "", [], "")


@pytest.fixture(scope="module")
def script_deck(django_db_setup, django_db_blocker):
    """The deck read once from the rules data for the module. Its tests carry the django_db
    mark: pytest-django makes the test database only for a run that has a test asking for it."""
    with django_db_blocker.unblock():
        printable = deck_cards("7tv", "script")
    return printable, print_cards(printable.faces, PrintOptions(paper="a4"))


@pytest.mark.django_db
def test_the_script_deck_prints_39_cards_on_5_a4_sheets(script_deck):
    printable, result = script_deck
    assert sum(face.copies for face in printable.faces) == 39
    assert not printable.skipped and not result.problems
    reader = pdf.read(result.pdf)
    assert result.pages == len(reader.pages) == 5
    assert [len(pdf.card_rects(page)) for page in reader.pages] == [9, 9, 9, 9, 3]
    for page in reader.pages:
        assert pdf.size_pt(page) == (
            pytest.approx(A4_PT[0], abs=0.01),
            pytest.approx(A4_PT[1], abs=0.01),
        )
    first, last = words(reader.pages[0]), words(reader.pages[-1])
    assert "ACT ONE Behind The Sofa" in first and "Ace of clubs" in first
    assert "Unnamed card — fill in from your deck" in first
    assert "FINALE" in last
    assert all(pdf.embedded_fonts(reader).values())


@pytest.mark.django_db
def test_the_script_deck_back_names_the_deck(script_deck):
    printable, _ = script_deck
    assert printable.faces[0].back.data == {"title": "Script", "subtitle": "7TV"}
