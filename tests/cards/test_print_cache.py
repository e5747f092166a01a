"""The print cache: a reprint of an unchanged job is the stored PDF, drawn by nobody; any change
to what shows on paper (card data, portrait bytes, layout options, ruleset text, the print
code) draws afresh, and only the faces that changed."""

import io
from dataclasses import replace

import pytest
from PIL import Image

from cards.printing import cache, faces, sheets
from cards.printing.portrait_prints import jpeg_uri
from cards.printing.sheets import PrintOptions, print_cards
from rosters.samples import sample_document
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character, crew


@pytest.fixture(autouse=True)
def empty_cache(empty_print_cache):
    """Each test starts with nothing drawn."""
    return empty_print_cache


def portrait(shade):
    buffer = io.BytesIO()
    Image.new("RGB", (59, 73), (shade, 90, 40)).save(buffer, "JPEG", quality=92)
    return buffer.getvalue()


def test_a_reprint_of_an_unchanged_job_draws_nothing(drawn):
    first = print_cards(crew(3), PrintOptions(backs=True))
    assert sorted(drawn["faces"]) == ["Crew 1", "Crew 2", "Crew 3", "back"]
    drawn["faces"].clear()
    drawn["chrome"] = 0
    again = print_cards(crew(3), PrintOptions(backs=True))
    assert again.pdf == first.pdf
    assert drawn == {"faces": [], "chrome": 0}


def test_a_reprint_of_an_unchanged_job_writes_out_no_sheet_html(monkeypatch):
    cards = [replace(card, copies=9) for card in crew(3)]
    first = print_cards(cards, PrintOptions(backs=True))
    written = []
    render = sheets.render_to_string
    monkeypatch.setattr(sheets, "render_to_string", lambda *a: written.append(a) or render(*a))
    again = print_cards(cards, PrintOptions(backs=True))
    assert again.pdf == first.pdf
    assert written == []  # the key is the chrome's context: its HTML is written when drawn


def test_a_face_key_follows_every_byte_of_every_picture_wherever_it_shows():
    one, two = jpeg_uri(portrait(10)), jpeg_uri(portrait(200))
    changed = bytearray(portrait(10))
    changed[-3] ^= 0x01
    keys = {
        cache.face_key(character("Crew 1", portrait_uri=uri, extras=extras))
        for uri, extras in (
            (one, [two]),
            (jpeg_uri(bytes(changed)), [two]),
            (two, [one]),  # the same two pictures, each where the other was
            (one, [one]),
            (one, []),
        )
    }
    assert len(keys) == 5
    same = character("Crew 1", portrait_uri=one, extras=[two])
    assert cache.face_key(same) in keys


def test_each_distinct_face_is_drawn_once_however_many_copies(drawn):
    cards = [replace(card, copies=7) for card in crew(2)]
    result = print_cards(cards, PrintOptions(backs=True))
    assert sorted(drawn["faces"]) == ["Crew 1", "Crew 2", "back"]
    assert result.pages == 4  # 14 cards: two sheets of fronts, each with its backs


def test_after_one_card_changed_only_that_face_is_drawn_again(drawn):
    cards = crew(4)
    print_cards(cards, PrintOptions())
    drawn["faces"].clear()
    cards[2] = character("Crew 3", flavour="Now with a past.")
    result = print_cards(cards, PrintOptions())
    assert drawn["faces"] == ["Crew 3"]
    assert "Now with a past." in pdf.text(pdf.read(result.pdf))


def test_a_changed_field_prints_the_new_value():
    print_cards([character("Crew 1")], PrintOptions())
    renamed = print_cards([character("Crew 1", type_name="Leader")], PrintOptions())
    assert "LEADER" in pdf.text(pdf.read(renamed.pdf))


def test_a_changed_portrait_byte_draws_the_card_again(drawn):
    before = character("Crew 1", portrait_uri=jpeg_uri(portrait(10)))
    first = print_cards([before], PrintOptions())
    drawn["faces"].clear()
    changed = bytearray(portrait(10))
    changed[-3] ^= 0x01  # one byte of the picture's data, just before its end marker
    after = character("Crew 1", portrait_uri=jpeg_uri(bytes(changed)))
    result = print_cards([after], PrintOptions())
    assert drawn["faces"] == ["Crew 1"]
    (old,) = pdf.images(pdf.read(first.pdf))
    (new,) = pdf.images(pdf.read(result.pdf))
    assert new.get_data() != old.get_data()


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(paper="letter", backs=True),
        PrintOptions(backs=False),
        PrintOptions(backs=True, offset=(1.0, 0.0)),
        PrintOptions(backs=True, bleed=True),
    ],
)
def test_a_changed_layout_option_makes_a_new_pdf_from_the_same_faces(drawn, options):
    base = print_cards(crew(2), PrintOptions(backs=True))
    drawn["faces"].clear()
    changed = print_cards(crew(2), options)
    assert changed.pdf != base.pdf
    assert drawn["faces"] == []  # the card faces themselves did not change


def test_the_backs_offset_moves_the_backs_in_the_new_pdf():
    print_cards(crew(1), PrintOptions(paper="letter", backs=True))
    moved = print_cards(crew(1), PrintOptions(paper="letter", backs=True, offset=(2.0, 1.0)))
    backs = pdf.read(moved.pdf).pages[1]
    ((x, y, _, _),) = pdf.card_rects(backs)
    assert (x, y) == (pytest.approx(139.7 + 2.0, abs=0.01), pytest.approx(6.35 + 1.0, abs=0.01))


def test_a_changed_ruleset_entry_prints_the_new_rules_text(drawn):
    rules = rules_book_from_fixtures("pulp-alley")
    smith = sample_document("singapore-smith")["characters"][0]
    card = faces.character_face(smith, rules, ruleset_name="Pulp Alley")
    print_cards([card], PrintOptions())
    drawn["faces"].clear()
    entries = dict(rules.entries)
    entries[("ability", "sharp")] = {**entries[("ability", "sharp")], "summary": "Sees all."}
    errata = replace(rules, entries=entries)
    result = print_cards(
        [faces.character_face(smith, errata, ruleset_name="Pulp Alley")], PrintOptions()
    )
    assert drawn["faces"] == ["Singapore Smith"]
    assert "Sees all." in pdf.text(pdf.read(result.pdf))


def test_a_new_print_code_version_draws_everything_again(drawn, monkeypatch):
    print_cards(crew(2), PrintOptions())
    drawn["faces"].clear()
    drawn["chrome"] = 0
    monkeypatch.setattr(cache, "PRINT_CODE_VERSION", cache.PRINT_CODE_VERSION + 1)
    print_cards(crew(2), PrintOptions())
    assert sorted(drawn["faces"]) == ["Crew 1", "Crew 2"]
    assert drawn["chrome"] == 1


def test_any_edit_to_a_print_template_or_stylesheet_changes_the_fingerprint(tmp_path):
    template, stylesheet = tmp_path / "card.html", tmp_path / "print.css"
    template.write_text("<div>{{ face.data.name }}</div>")
    stylesheet.write_text(".card { width: 63.5mm }")
    before = cache.fingerprint([template, stylesheet])
    assert cache.fingerprint([template, stylesheet]) == before
    stylesheet.write_text(".card { width: 63.6mm }")
    assert cache.fingerprint([template, stylesheet]) != before


def test_the_print_sources_cover_templates_stylesheets_and_print_code():
    names = {path.name for path in cache.print_sources()}
    assert {"print.css", "fonts.css", "pulp-alley-character.html", "sheet.html"} <= names
    assert {"sheets.py", "compose.py", "faces.py", "pdf.py"} <= names


def test_faces_and_finished_pdfs_are_kept_in_the_prints_storage(empty_cache):
    print_cards(crew(2), PrintOptions())
    kept = {path.parent.parent.name for path in empty_cache.rglob("*.pdf")}
    assert kept == {cache.FACES, cache.CHROME, cache.PRINTS}
    assert len(list((empty_cache / cache.FACES).rglob("*.pdf"))) == 2
