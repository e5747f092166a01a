"""7TV cheat sheets: the two-page quick reference, and the cast reference that lists only the
star qualities, special effects, stunts and weapon effects a cast really uses. Read back
from the PDF the way a player sees it: pages, type size, fonts, words."""

from pathlib import Path

import pytest
from django.conf import settings

from cards import cheatsheets
from rosters.format import read_roster
from rules import engines
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.pdf_reading import embedded_fonts, glyph_sizes, read, size_pt, text

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
A4_PT = (595.28, 841.89)
MIN_BODY_PT = 7.5
# The core rulebook's own cross-references run from its cast rules to the appendix (p.276).
BOOK_PAGES = set(range(20, 277))
STATUSES = (
    "Captured",
    "Distracted",
    "Dominated",
    "Immobilised",
    "Infected",
    "On Fire",
    "Poisoned",
    "Scared",
    "Stunned",
    "Weakened",
)


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("7tv")


@pytest.fixture(scope="module")
def sheet():
    return cheatsheets.quick_reference("7tv")


@pytest.fixture(scope="module")
def quick_pdf():
    return read(cheatsheets.quick_reference_pdf("7tv"))


def cast(name):
    return read_roster(EXAMPLES / f"7tv-{name}.json")


def flat(value):
    return " ".join(value.split())


# ---- the quick reference -----------------------------------------------------------------------


def test_the_quick_reference_is_exactly_two_a4_pages(quick_pdf):
    assert len(quick_pdf.pages) == 2
    for page in quick_pdf.pages:
        assert size_pt(page) == (
            pytest.approx(A4_PT[0], abs=0.1),
            pytest.approx(A4_PT[1], abs=0.1),
        )


def test_no_text_on_the_quick_reference_is_smaller_than_7_5_pt(quick_pdf):
    sizes = glyph_sizes(quick_pdf)
    assert len(sizes) > 500
    assert min(sizes) >= MIN_BODY_PT


def test_the_quick_reference_embeds_its_fonts(quick_pdf):
    fonts = embedded_fonts(quick_pdf)
    assert fonts and all(fonts.values())


def test_page_one_covers_the_turn_and_fighting_page_two_the_rest(quick_pdf):
    page_one, page_two = (flat(page.extract_text()) for page in quick_pdf.pages)
    for term in (
        "TURN SEQUENCE",
        "BEFORE THE SCENE",
        "ACTIVATING A MODEL",
        "STRIKE LIMITS",
        "MAKING A STRIKE",
        "DEFENCE AND STRIKE ROLLS",
        "DISADVANTAGED",
        "MOVING",
        "Free strikes",
        "Charge",
        "Stretch roll",
        "REMEMBER",
    ):
        assert term in page_one, term
    for term in (
        "PLOT POINTS (PP)",
        "CARD SYMBOLS",
        "STATUSES",
        "WEAPON EFFECTS",
        "SCRIPT DECK",
        "PROPS AND OBJECTIVES",
        "MAGIC",
        "VEHICLES",
        "Steal the scene",
        "Victory points",
        "WHERE DO I LOOK?",
    ):
        assert term in page_two, term


def test_card_symbols_are_written_in_words(sheet):
    symbols = next(block for block in sheet.sections if block.title == "Card symbols")
    assert [line.term for line in symbols.items][:4] == [
        "Free",
        "Passive",
        "Special",
        "Once per turn",
    ]


def test_every_page_reference_is_a_page_of_the_book(sheet):
    for block in sheet.sections:
        assert block.pages and set(block.pages) <= BOOK_PAGES, block.title
        for line in block.items + block.steps:
            assert line.page is None or line.page in block.pages or line.page in BOOK_PAGES


def test_the_index_sends_each_question_to_a_section_on_its_page(sheet):
    sections = {block.title: block for block in sheet.sections}
    assert len(sheet.index) >= 10
    for entry in sheet.index:
        assert entry.page in sections[entry.section].pages, entry.topic


def test_the_statuses_table_agrees_with_the_shipped_statuses(sheet, rules):
    table = next(block.table for block in sheet.sections if block.title == "Statuses")
    rows = {row[0]: row for row in table["rows"]}
    assert tuple(rows) == STATUSES
    for status in rules.of_kind("status"):
        cost = status["data"]["removal_pp"]
        printed = rows[status["name"]][2]
        assert printed.startswith(str(cost)) if cost else printed == "—", status["name"]


# ---- the cast reference ------------------------------------------------------------------------


def group(reference, title):
    found = next((g for g in reference.groups if g.title == title), None)
    return {entry.name: entry for entry in found.items} if found else {}


def used_by_cards(roster, rules):
    """What the cast's printed cards carry: star qualities and special effects by name."""
    module = engines.module_for("7tv")
    printed = [module.printed_profile(c, rules).game for c in roster["characters"]]
    qualities = {p.star_quality["name"] for p in printed if p.star_quality}
    effects = {effect["name"] for p in printed for effect in p.special_effects}
    return qualities, effects


def test_the_cast_reference_lists_exactly_what_georgias_cast_uses(rules):
    georgia = cast("georgia")
    reference = cheatsheets.roster_reference(georgia, rules)
    qualities, effects = used_by_cards(georgia, rules)
    assert set(group(reference, "Star qualities")) == qualities == {"New Hope", "Usual Suspects"}
    assert set(group(reference, "Special effects")) == effects
    assert "Parry" not in effects  # a Bold Blade's effect: not in this cast
    assert "Vehicle stunts" not in [g.title for g in reference.groups]  # no vehicle
    unit_leader = group(reference, "Special effects")["Unit Leader"]
    book = rules.entry("profile-effect", "unit-leader") or rules.entry(
        "special-effect", "unit-leader"
    )
    assert (unit_leader.summary, unit_leader.page) == (book["summary"], book["page"])
    assert unit_leader.users == ("Commander",)
    assert unit_leader.glyphs == "1 PP · Free · once per turn"


def test_a_weapon_effect_is_listed_once_with_everyone_who_uses_it(rules):
    reference = cheatsheets.roster_reference(cast("simon"), rules)
    weapons = group(reference, "Weapon effects")
    assert weapons['Push X"'].users == ("Love Interest",)  # printed as Push 2"
    assert weapons["Spray"].users == ("Mercenary",)
    assert not any(entry.missing for entry in weapons.values())
    assert "Teardrop" not in weapons
    assert group(reference, "Special effects")["Loner"].users == ("Mercenary", "Reporter")


def test_vehicles_get_a_profile_table_of_their_own(rules):
    reference = cheatsheets.roster_reference(cast("simon"), rules)
    characters, vehicles = reference.tables
    assert characters.columns == ("Fight", "Shoot", "Defence", "Mind", "Body", "Spirit", "Health")
    assert vehicles.columns == ("Capacity", "Speed", "Defence", "Armour", "Health")
    (van,) = vehicles.rows
    assert van.stats == ("6", '10"', "8", "5+", "4")
    assert group(reference, "Vehicle stunts")["Tools Of The Trade"].users == ("Van",)
    rows = {row.name: row for row in reference.characters}
    assert rows["Kids"].type_name == "Neutral Extra · Kid · 2 models"
    assert rows["Grizzled Veteran"].abilities[0] == "Highly Decorated"  # the star quality first


def test_a_house_rule_effect_is_marked_custom(rules):
    georgia = cast("georgia")
    georgia["house_rules"] = [
        {
            "kind": "special-effect",
            "slug": "house-smooth-talker",
            "name": "Smooth Talker",
            "page": None,
            "summary": "Rerolls one die of any presence attack.",
            "data": {"pp_cost": 0, "action": "passive"},
        }
    ]
    georgia["characters"][0]["profile"]["customisation"] = {
        "add_effects": ["special-effect/house-smooth-talker"]
    }
    entry = group(cheatsheets.roster_reference(georgia, rules), "Special effects")["Smooth Talker"]
    assert entry.custom and entry.users == ("Loveable Scoundrel",)


def test_the_cast_reference_pdf_is_readable_a4_with_every_entry(rules):
    simon = cast("simon")
    reader = read(cheatsheets.roster_reference_pdf(simon, rules))
    assert size_pt(reader.pages[0]) == pytest.approx(A4_PT, abs=0.1)
    assert min(glyph_sizes(reader)) >= MIN_BODY_PT
    assert all(embedded_fonts(reader).values())
    page = flat(text(reader))
    qualities, effects = used_by_cards(simon, rules)
    for name in qualities | effects:
        assert flat(name) in page, name
    assert "Highly Decorated 2 PP · FREE" in page  # the tag prints in capitals
    assert "CAPACITY" in page and "5+" in page
    assert "Parry" not in page
