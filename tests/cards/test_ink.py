"""Cards that read right in any ink, on paper a print shop takes: every sample force's cards
read back from the PDF the way a preflight would (the figures, the type sizes, the fonts)."""

import hashlib
import io
import logging
import subprocess
from importlib import import_module
from pathlib import Path

import pikepdf
import pytest
from django.conf import settings
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageStat

from cards import cheatsheets
from cards.printing import fitting, tokens
from cards.printing.geometry import paper
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.sources import roster_file_faces
from rosters.format import read_roster
from rosters.samples import sample_paths
from rules.fixture_book import rules_book_from_fixtures
from rules.rulesets import REGISTRY
from tests.cards import pdf_reading as pdf

SAMPLES = sample_paths()
A4 = paper("a4")
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def sample_faces(stem):
    roster = read_roster(SAMPLES[stem])
    rules = rules_book_from_fixtures(roster["ruleset"])
    return roster, roster_file_faces(roster, rules, ruleset_name=roster["ruleset"])


@pytest.fixture(scope="module")
def card_prints():
    """Every sample force's cards with their backs, as `print_roster --backs` prints them."""
    prints = {}
    for stem in SAMPLES:
        roster, faces = sample_faces(stem)
        prints[stem] = print_cards(faces, PrintOptions(backs=True), title=roster["name"])
    return prints


def font_programs(document):
    """(base font name, the embedded font program) of every font in a PDF, each once."""
    seen = {}
    for descriptor in document.objects:
        if getattr(descriptor, "get", None) and descriptor.get("/Type") == "/FontDescriptor":
            program = next(
                descriptor[key]
                for key in ("/FontFile2", "/FontFile3", "/FontFile")
                if key in descriptor
            )
            seen[descriptor.objgen] = (str(descriptor["/FontName"]), program.read_bytes())
    return list(seen.values())


def figure_glyphs(program):
    """{glyph name: (lowest, highest) point} of every figure glyph a font subset holds, as a
    fraction of the font's cap height."""
    font = TTFont(io.BytesIO(program))
    glyphs, cap = font.getGlyphSet(), font["OS/2"].sCapHeight
    found = {}
    for name in font.getGlyphOrder():
        if name.split(".")[0] in DIGITS:
            pen = BoundsPen(glyphs)
            glyphs[name].draw(pen)
            found[name] = (pen.bounds[1] / cap, pen.bounds[3] / cap)
    return found


def test_every_number_on_a_card_is_a_lining_figure(card_prints):
    """Old-style figures sit on the x-height and hang below the line ("0 Health" reads as
    "o Health"); lining figures stand on the baseline as tall as the capitals."""
    for stem, result in card_prints.items():
        with pikepdf.open(io.BytesIO(result.pdf)) as document:
            figures = {
                f"{name} in {font}": bounds
                for font, program in font_programs(document)
                for name, bounds in figure_glyphs(program).items()
            }
        assert figures, stem
        old_style = [name for name, (low, high) in figures.items() if low < -0.05 or high < 0.85]
        assert not old_style, f"{stem}: {old_style}"


def test_the_fitter_measures_the_lining_figures_that_print():
    font = TTFont(Path(settings.STATICFILES_DIRS[0]) / "fonts" / fitting.FONT_FILES["body"])
    advances, per_em = font["hmtx"].metrics, font["head"].unitsPerEm
    lining = sum(advances[f"{digit}.lf"][0] for digit in DIGITS) / per_em
    assert fitting.width_em("0123456789") == pytest.approx(lining)


def test_nothing_on_a_sample_forces_cards_prints_under_the_smallest_type(card_prints):
    """Every glyph's printed size, read from the PDF (table labels, keys and gauges too)."""
    for stem, result in card_prints.items():
        sizes = pdf.glyph_sizes(pdf.read(result.pdf))
        assert min(sizes) >= fitting.MIN_TYPE_PT, stem


def test_no_game_may_shrink_card_text_under_the_smallest_type():
    """Each game's text boxes and size steps, found through its definition: the fitter's
    last resort for a long text is never smaller than the floor either."""
    for definition in REGISTRY.values():
        module = import_module(definition.character_face.rsplit(".", 1)[0])
        steps = [
            min(value.sizes_pt if isinstance(value, fitting.Box) else value)
            for name, value in vars(module).items()
            if isinstance(value, fitting.Box) or name.endswith("_SIZES")
        ]
        assert steps and min(steps) >= fitting.MIN_TYPE_PT, definition.slug
    with pytest.raises(ValueError, match="5.5 pt"):
        fitting.Box(width_mm=50, height_mm=5, sizes_pt=(6, 5))


def greyscale_page(pdf_bytes, tmp_path, dpi=150):
    """The first page as a black-and-white printer sees it: pdftoppm's greyscale render."""
    source = tmp_path / "card.pdf"
    source.write_bytes(pdf_bytes)
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", source, tmp_path / "grey"],
        check=True,
    )
    return Image.open(next(tmp_path.glob("grey*.pgm")))


def test_a_pulp_city_trump_trait_is_marked_in_black_and_white(tmp_path):
    """The trump trait's value cell is filled: a photocopy shows which trait it is."""
    _, faces = sample_faces("pulp-city-starter-box")
    face = next(face for face in faces if any(t["trump"] for t in face.data["traits"]))
    result = print_cards([face], PrintOptions())
    page = pdf.read(result.pdf).pages[0]
    (left, top, _, _), dpi = pdf.card_rects(page)[0], 150
    image = greyscale_page(result.pdf, tmp_path, dpi)
    traits = face.data["traits"]
    width = 54.5 / len(traits)  # .pc-traits: 2 mm into the panel, 36 mm down, equal columns

    def lightness(column):
        x = left + 2.5 + 2 + width * column
        y = top + 2.5 + 36 + 3.6  # the value row, under the labels
        box = [round((value + inset) * dpi / 25.4) for value, inset in ((x, 1), (y, 1))]
        box += [
            round((value - inset) * dpi / 25.4) for value, inset in ((x + width, 1), (y + 6, 1))
        ]
        return ImageStat.Stat(image.crop(box)).mean[0]

    shades = {t["label"]: (t["trump"], lightness(column)) for column, t in enumerate(traits)}
    trumps = [shade for trump, shade in shades.values() if trump]
    others = [shade for trump, shade in shades.values() if not trump]
    assert trumps and others, shades
    assert max(trumps) < 110 and min(others) > 200, shades


LONG_NAME = "Professor Bartholomew Fitzwilliam-Hargreaves of Lower Mudford"


@pytest.mark.parametrize("stem", ["singapore-smith", "7tv-simon", "pulp-city-starter-box"])
def test_a_name_too_long_for_its_band_ends_in_an_ellipsis_and_is_reported(stem):
    _, faces = sample_faces(stem)
    kind = REGISTRY[read_roster(SAMPLES[stem])["ruleset"]].character_face_kind
    face = kind.face({**faces[0].data, "name": LONG_NAME}, title=LONG_NAME)
    assert any("Name: too long" in problem for problem in face.problems)
    # The PDF's text layer keeps the whole name (a copy-paste gets it all); what is drawn is
    # the cut name and an ellipsis glyph from the name's own bold capitals.
    with pikepdf.open(io.BytesIO(print_cards([face], PrintOptions()).pdf)) as document:
        drawn = {
            glyph
            for font, program in font_programs(document)
            if "Oswald-Bold" in font
            for glyph in TTFont(io.BytesIO(program)).getGlyphOrder()
        }
    assert "ellipsis" in drawn


def test_a_7tv_list_too_long_for_the_front_shows_no_cut_line_over_the_legend(tmp_path):
    """The list of what is on the back is clipped between whole lines: nothing of a half-shown
    line lies between its last whole line and the card's edge, where the legend prints."""
    _, faces = sample_faces("7tv-simon")
    kind = REGISTRY["7tv"].character_face_kind
    many = [{"name": f"Special Effect Number {n}"} for n in range(12)]
    long_list = kind.face({**faces[0].data, "effects": many, "stunts": []}, title="long")
    assert any("what is on the back" in problem for problem in long_list.problems)
    bare = kind.face(
        {**faces[0].data, "star_quality": None, "effects": [], "stunts": []}, title="bare"
    )
    renders = []
    for number, face in enumerate((long_list, bare)):
        result = print_cards([face], PrintOptions())
        (left, top, _, _) = pdf.card_rects(pdf.read(result.pdf).pages[0])[0]
        folder = tmp_path / str(number)
        folder.mkdir()
        renders.append(greyscale_page(result.pdf, folder, dpi=300))
    whole = 2.5 + 76 + 0.35 + long_list.layout["pointer_height"]  # .tv-pointer's last line
    box = [round((value) * 300 / 25.4) for value in (left + 3, top + whole + 0.1)]
    box += [round(value * 300 / 25.4) for value in (left + 58.5, top + 2.5 + 83.9)]
    below = [ImageStat.Stat(image.crop(box)).mean[0] for image in renders]
    assert below[0] == pytest.approx(below[1], abs=0.5)


def one_sample_of_each_game():
    firsts = {}
    for stem, path in SAMPLES.items():
        firsts.setdefault(read_roster(path)["ruleset"], stem)
    return set(firsts.values())


def every_pdf_of(stem, card_prints):
    """Every PDF a player can print for a sample force: its cards and backs, and for one
    force of each game also one card a page with bleed, its roster reference, the game's
    quick reference and any token sheet. Those are drawn by the same code for every force of
    a game, so one force reaches each kind of PDF with each game's fonts; drawing them for all
    eleven cost the suite a minute and a half."""
    roster, faces = sample_faces(stem)
    yield "cards", card_prints[stem].pdf
    if stem not in ONE_SAMPLE_OF_EACH_GAME:
        return
    rules = rules_book_from_fixtures(roster["ruleset"])
    definition = REGISTRY[roster["ruleset"]]
    yield "bleed", print_cards(faces, PrintOptions(bleed=True), title=roster["name"]).pdf
    yield "roster reference", cheatsheets.roster_reference_pdf(roster, rules)
    if cheatsheets.has_quick_reference(roster["ruleset"]):
        yield "quick reference", cheatsheets.quick_reference_pdf(roster["ruleset"])
    if definition.token_sheet_maker:
        yield "tokens", tokens.token_sheet_pdf(definition.token_sheet_maker(roster, rules, A4))


ONE_SAMPLE_OF_EACH_GAME = one_sample_of_each_game()


class Warned(logging.Handler):
    """Keeps what WeasyPrint warns of while it is attached."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture(scope="module")
def drawn_every_pdf(card_prints):
    """every_pdf's rows, and WeasyPrint's warnings while it drew them in this process."""
    warned, logger = Warned(), logging.getLogger("weasyprint")
    logger.addHandler(warned)
    try:
        rows = [
            (stem, what, made) for stem in SAMPLES for what, made in every_pdf_of(stem, card_prints)
        ]
    finally:
        logger.removeHandler(warned)
    return rows, warned.messages


@pytest.fixture(scope="module")
def every_pdf(drawn_every_pdf):
    """(sample force, which PDF, its bytes) for every PDF of every sample force (every_pdf_of),
    drawn once for the module: drawing them takes most of a minute."""
    return drawn_every_pdf[0]


def test_no_character_prints_as_a_missing_glyph(drawn_every_pdf):
    """WeasyPrint found a font with a glyph for every character of the references, sheets
    and bleed prints: the space after the reference's "▸" fell into the arrows' font, which
    has none, and printed as its .notdef, a gap of the wrong width a shop's RIP may draw as
    a box."""
    _, warnings = drawn_every_pdf
    assert not [message for message in warnings if ".notdef" in message]


def test_every_pdf_passes_a_validator_and_names_each_font_subset_once(every_pdf):
    """qpdf's structural check finds nothing, and no two different embedded subsets share a
    name (against the PDF spec: a shop's RIP may draw one card's glyphs from another's)."""
    for stem, what, made in every_pdf:
        with pikepdf.open(io.BytesIO(made)) as document:
            assert document.check_pdf_syntax() == [], f"{stem} {what}"
            programs = {}
            for name, program in font_programs(document):
                programs.setdefault(name, set()).add(hashlib.sha256(program).digest())
        shared = [name for name, found in programs.items() if len(found) > 1]
        assert not shared, f"{stem} {what}: {shared}"


def shipped_families():
    """The family names of the fonts in static/fonts/, as a PDF spells them (no spaces)."""
    fonts = Path(settings.STATICFILES_DIRS[0]) / "fonts"
    return {
        TTFont(path)["name"].getDebugName(1).replace(" ", "-") for path in fonts.glob("*/*.woff2")
    }


def is_shipped(base_font, families):
    """A PDF font name ("ABCDEF+Oswald-Bold") is one of ours: its family is one we ship."""
    name = base_font.lstrip("/").split("+")[-1]
    return any(name == family or name.startswith(family + "-") for family in families)


def test_every_font_in_every_pdf_is_one_we_ship(every_pdf):
    """No glyph falls back to whatever fonts the machine has: a PDF drawn on another server
    (or a shop's RIP substituting a missing one) would print different shapes and widths."""
    families = shipped_families()
    for stem, what, made in every_pdf:
        with pikepdf.open(io.BytesIO(made)) as document:
            foreign = {
                name for name, _ in font_programs(document) if not is_shipped(name, families)
            }
        assert not foreign, f"{stem} {what}: {sorted(foreign)}"


SIGNS = {"▸": "the cheat sheets' bullet", "→": "a die type's next step"}


def test_bullets_and_arrows_print_from_our_fonts_with_a_real_glyph(every_pdf):
    """Every ▸ and → on the references is drawn in a font we ship, whose embedded program
    maps it to a glyph with an outline (not an empty box)."""
    families, found, read = shipped_families(), set(), set()
    for stem, what, made in every_pdf:
        kind = (read_roster(SAMPLES[stem])["ruleset"], what)
        if "reference" not in what or kind in read:
            continue  # the signs are the references': each game's two kinds are read once
        read.add(kind)
        drawn_in = set()  # (sign, the font that draws it)

        def visit(chunk, cm, tm, font, size, drawn_in=drawn_in):
            drawn_in.update((sign, str(font["/BaseFont"])) for sign in set(chunk) & SIGNS.keys())

        for page in pdf.read(made).pages:
            page.extract_text(visitor_text=visit)
        with pikepdf.open(io.BytesIO(made)) as document:
            programs = dict(font_programs(document))
        for sign, name in drawn_in:
            assert is_shipped(name, families), f"{SIGNS[sign]} in {name}: {stem} {what}"
            font = TTFont(io.BytesIO(programs[name]))
            pen = BoundsPen(font.getGlyphSet())
            font.getGlyphSet()[font.getBestCmap()[ord(sign)]].draw(pen)
            assert pen.bounds, f"{SIGNS[sign]} has no outline in {name}: {stem} {what}"
            found.add(sign)
    assert found == SIGNS.keys()
