"""Cheat sheets: the two-page Pulp Alley quick reference, and the per-roster rules reference
that lists only what a roster uses. Both are read back from the PDF the way a player sees
them: page count and size, type size, embedded fonts, the words on the page."""

from pathlib import Path

import pytest
from django.conf import settings

from cards import cheatsheets
from cards.pdf import html_to_pdf
from rosters.format import read_roster
from rules.engines.base import RulesBook
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.pdf_reading import embedded_fonts, glyph_sizes, read, size_pt, text

SMITH = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"
A4_PT = (595.28, 841.89)
MIN_BODY_PT = 7.5
# The research page map (pulp-alley-facts.md §0) lists the book's printed pages 1 to 45.
BOOK_PAGES = set(range(1, 46))
# Where the page map puts each rule the index sends a player to.
PAGE_MAP = {
    "Dice and modifiers": {2},
    "Initiative": {14},
    "Dodge move": {15},
    "Matching dice": {17},
    "Cover": {18},
    "Brawling": {19},
    "Health and injuries": {21},
    "Actions": {22},
    "Stealth": {23},
    "Perils": {24, 25},
    "Bursts": {25},
    "Plot points": {26},
    "Recovery": {28},
}


@pytest.fixture(scope="module")
def sheet():
    return cheatsheets.quick_reference("pulp-alley")


@pytest.fixture(scope="module")
def quick_pdf():
    return read(cheatsheets.quick_reference_pdf("pulp-alley"))


@pytest.fixture
def smith():
    return read_roster(SMITH)


@pytest.fixture(scope="module")
def rules():
    return rules_book_from_fixtures("pulp-alley")


def words(reader):
    return " ".join(text(reader).split())


# ---- the quick reference -------------------------------------------------------------------


def test_the_quick_reference_is_exactly_two_a4_pages(quick_pdf):
    assert len(quick_pdf.pages) == 2
    for page in quick_pdf.pages:
        width, height = size_pt(page)
        assert width == pytest.approx(A4_PT[0], abs=0.1)
        assert height == pytest.approx(A4_PT[1], abs=0.1)


def test_no_text_on_the_quick_reference_is_smaller_than_7_5_pt(quick_pdf):
    sizes = glyph_sizes(quick_pdf)
    assert len(sizes) > 500
    assert min(sizes) >= MIN_BODY_PT


def test_the_size_measure_catches_small_print():
    """The check above can fail: text shrunk by a font size or a transform is seen."""
    pdf = read(
        html_to_pdf(
            "<p style='font-size:9pt'>Fine</p><p style='font-size:7pt'>Too small</p>"
            "<p style='font-size:9pt; transform: scale(0.5)'>Shrunk</p>"
        )
    )
    assert sorted(glyph_sizes(pdf)) == [4.5, 7.0, 9.0]


def test_the_quick_reference_embeds_its_fonts(quick_pdf):
    fonts = embedded_fonts(quick_pdf)
    assert all(fonts.values()), fonts
    names = " ".join(fonts)
    assert "Oswald" in names and "Alegreya-Sans" in names


def test_the_quick_reference_covers_play_from_turn_to_plot_points(quick_pdf):
    page_one, page_two = (" ".join(page.extract_text().split()) for page in quick_pdf.pages)
    for term in (
        "TURN SEQUENCE",
        "INITIATIVE",
        "FIGHT SEQUENCE",
        "MATCHING DICE",
        "SHOOTING",
        "BRAWLING",
        "DODGE",
        "FIGHT MODIFIERS",
        "HEALTH AND INJURIES",
        "RECOVERY",
        "REMEMBER",
        "Defensive fire",
        "Overwhelmed",
        "Health check",
        "knocked out",
    ):
        assert term in page_one, term
    for term in (
        "MOVING AND EVADING",
        "DODGE MOVE",
        "DICE AND MODIFIERS",
        "COVER",
        "ACTIONS",
        "PERILS",
        "BURSTS",
        "PLOT POINTS",
        "STEALTH",
        "Ambush",
        "Re-roll",
        "Extreme",
        "WHERE DO I LOOK?",
    ):
        assert term in page_two, term


def test_the_sheet_says_which_edition_it_follows_and_brackets_second_edition_names(
    sheet, quick_pdf
):
    assert "core rulebook (first edition)" in sheet.edition_note
    names = {block.title: block.aka for block in sheet.sections}
    assert names["Initiative"] == "Director"
    assert names["Matching dice"] == "blocking"
    page_words = words(quick_pdf)
    assert "INITIATIVE [Director]" in page_words
    assert "MATCHING DICE [blocking]" in page_words
    # The sheet's own rules speak first-edition: the second-edition word is only a label.
    lines = [line.text for block in sheet.sections for line in block.items + block.steps]
    assert not any("Director" in line or "blocking" in line for line in lines)


def test_every_page_reference_is_a_page_of_the_book(sheet):
    for block in sheet.sections:
        assert block.pages and set(block.pages) <= BOOK_PAGES, block.title
        for line in block.items + block.steps:
            assert line.page is None or line.page in BOOK_PAGES, line.text


def test_the_index_sends_each_question_to_a_section_on_the_right_page(sheet):
    sections = {block.title: block for block in sheet.sections}
    assert len(sheet.index) >= 10
    for entry in sheet.index:
        assert entry.page in BOOK_PAGES
        assert entry.page in sections[entry.section].pages, entry.topic
        assert entry.page in PAGE_MAP[entry.section], entry.topic


def test_the_character_table_agrees_with_the_shipped_character_types(sheet, rules):
    table = next(block.table for block in sheet.sections if block.title == "Character types")
    for name, level, health, slots in table["rows"]:
        kind = next(t for t in rules.character_types.values() if name.startswith(t["name"]))
        star = "*" if kind["profile"].get("knocked_out_on_failed_health") else ""
        assert (level, health, slots) == (
            str(kind["level"]),
            kind["profile"]["health"] + star,
            str(kind["cost"]),
        )


def test_a_sheet_whose_index_points_nowhere_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "test-game" / "cheatsheet"
    folder.mkdir(parents=True)
    (folder / "quick-reference.yaml").write_text(
        "title: Test\npages:\n  - title: One\n    blocks:\n      - {title: Moving, pages: [3]}\n"
        "index:\n  - {topic: Running, section: Sprinting, page: 3}\n"
    )
    monkeypatch.setattr(cheatsheets, "FIXTURES_DIR", tmp_path)
    with pytest.raises(cheatsheets.CheatSheetError, match="Running"):
        cheatsheets.quick_reference("test-game")


def test_only_rulesets_with_content_have_a_quick_reference():
    assert cheatsheets.has_quick_reference("pulp-alley")
    assert not cheatsheets.has_quick_reference("no-such-game")
    with pytest.raises(cheatsheets.NoCheatSheet):
        cheatsheets.quick_reference("no-such-game")


def test_page_labels_read_like_the_book():
    assert cheatsheets.page_label([17]) == "p.17"
    assert cheatsheets.page_label([24, 25]) == "p.24–25"
    assert cheatsheets.page_label([33, 40, 44]) == "p.33, 40, 44"


# ---- the per-roster reference --------------------------------------------------------------


def group(reference, title):
    return {
        entry.name: entry for entry in next(g for g in reference.groups if g.title == title).items
    }


def test_smiths_reference_lists_exactly_the_abilities_his_league_uses(smith, rules):
    reference = cheatsheets.roster_reference(smith, rules)
    abilities = group(reference, "Abilities")
    assert list(abilities) == [
        "Animal",
        "Athletic",
        "Crafty",
        "Deadeye",
        "Fierce",
        "Hardened Veteran",
        "Marksman",
        "Sharp",
    ]
    for entry in abilities.values():
        book = next(e for e in rules.of_kind("ability") if e["name"] == entry.name)
        assert (entry.page, entry.summary, entry.level) == (
            book["page"],
            book["summary"],
            book["level"],
        )
    assert abilities["Marksman"].users == ("Enki", "Kazak")
    assert [g.title for g in reference.groups] == ["Abilities"]  # no perks, no resources


def test_smiths_reference_prints_each_characters_printed_profile(smith, rules):
    reference = cheatsheets.roster_reference(smith, rules)
    (table,) = reference.tables
    assert table.columns == ("Health", "Brawl", "Shoot", "Dodge", "Might", "Finesse", "Cunning")
    rows = {row.name: row for row in reference.characters}
    assert rows["Arge"].stats[:2] == ("d8", "4d8")  # Fierce's extra die is in
    assert rows["Chu-Chu"].stats == ("d6*", "1d6", "—", "2d6", "1d6", "2d6", "1d6")
    assert rows["Singapore Smith"].abilities == ("Sharp", "Deadeye", "Hardened Veteran")
    assert (reference.budget, reference.legal) == ("10 / 10 slots used", True)


def test_chosen_perks_and_resources_are_listed_with_what_they_grant(smith, rules):
    smith["choices"] = {
        "perks": ["eagle-eyed-troopers"],
        "reputation_perks": ["regional-influence"],
        "gear": ["smoke-grenades"],
    }
    reference = cheatsheets.roster_reference(smith, rules)
    assert [g.title for g in reference.groups] == [
        "Abilities",
        "League perks",
        "Reputation perks",
        "Gear",
    ]
    assert list(group(reference, "League perks")) == ["Eagle-Eyed Troopers"]
    assert group(reference, "League perks")["Eagle-Eyed Troopers"].page == 8
    assert group(reference, "Gear")["Smoke Grenades"].page == 39
    granted = group(reference, "Abilities")["Eagle-Eyed"]
    assert granted.users == ("everyone (Eagle-Eyed Troopers)",)
    assert "Commander" not in group(reference, "Abilities")


def test_house_rules_unknown_entries_and_associates_are_shown_for_what_they_are(smith, rules):
    smith["house_rules"] = [
        {
            "kind": "ability",
            "slug": "house-two-guns",
            "name": "Two Guns",
            "level": 2,
            "summary": "Shoots at two targets once a turn.",
            "page": None,
            "effect": {},
        }
    ]
    smith["characters"][2]["profile"]["abilities"] = ["house-two-guns"]
    smith["characters"][3]["profile"]["abilities"] = ["made-up"]
    smith["characters"].append(
        {"name": "Jeeves", "type": "associate", "profile": {}, "flavour": "The butler."}
    )
    reference = cheatsheets.roster_reference(smith, rules)
    abilities = group(reference, "Abilities")
    assert abilities["Two Guns"].custom and abilities["Two Guns"].users == ("Enki",)
    assert abilities["made-up"].missing
    assert "Jeeves" not in [row.name for row in reference.characters]
    (cast,) = reference.support
    assert (cast.title, cast.members, cast.page, cast.edition) == (
        "Associates",
        (("Jeeves", "The butler."),),
        27,
        "2e",
    )


def test_the_roster_reference_pdf_is_readable_a4_with_every_entry_and_page(smith, rules):
    pdf = read(cheatsheets.roster_reference_pdf(smith, rules))
    assert len(pdf.pages) == 1
    assert size_pt(pdf.pages[0]) == pytest.approx(A4_PT, abs=0.1)
    assert min(glyph_sizes(pdf)) >= MIN_BODY_PT
    assert all(embedded_fonts(pdf).values())
    page = words(pdf)
    for name, number in (
        ("Sharp", 10),
        ("Deadeye", 10),
        ("Hardened Veteran", 10),
        ("Athletic", 10),
        ("Fierce", 9),
        ("Marksman", 9),
        ("Crafty", 10),
        ("Animal", 9),
    ):
        assert f"{name} L" in page and f"p.{number}" in page, name
    assert "Commander" not in page
    assert "Singapore Smith" in page and "Chu-Chu" in page and "4d8" in page


def test_a_ruleset_without_roster_reference_data_says_so(smith, rules):
    smith["ruleset"] = "no-such-game"
    with pytest.raises(cheatsheets.NoCheatSheet):
        cheatsheets.roster_reference(smith, RulesBook("no-such-game", {}, {}))
