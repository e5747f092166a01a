"""Portraits print at the size of their box on the card, made once per picture and box, and
a picture that many cards share is stored once in the PDF."""

import base64
import json
from io import BytesIO

import pikepdf
import pytest
from PIL import Image, ImageDraw

from cards.cheatsheets import ruleset_names
from cards.printing import faces, portrait_prints
from cards.printing.sheets import PrintOptions, print_cards
from rules.fixture_book import rules_book_from_fixtures
from rules.fixture_folder import FIXTURES_DIR
from rules.rulesets import REGISTRY, find
from tests.cards import pdf_reading as pdf

# Each registered game's character card design, drawn for its example force's first character.
DESIGNS = list(REGISTRY)


def upload(shade, size=(900, 1200)) -> bytes:
    """A picture the size a player uploads, its own colours and a ring to tell it apart."""
    image = Image.new("RGB", size, (shade, 120, 255 - shade))
    ImageDraw.Draw(image).ellipse((100, 100, size[0] - 100, size[1] - 100), width=20)
    buffer = BytesIO()
    image.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def first_character(slug):
    example = FIXTURES_DIR / slug / "samples" / REGISTRY[slug].example
    roster = json.loads(example.read_text(encoding="utf-8"))
    return ruleset_names()[slug], roster["characters"][0]


def card(slug, rules, name, picture):
    ruleset_name, character = first_character(slug)
    return faces.character_face(
        {**character, "name": name}, rules, ruleset_name=ruleset_name, portrait=picture
    )


def image_sizes(document):
    """(width, height) in pixels of every image stored in the PDF, however often drawn."""
    with pikepdf.open(BytesIO(document)) as opened:
        return sorted(
            (int(item.Width), int(item.Height))
            for item in opened.objects
            if isinstance(item, pikepdf.Stream) and item.get("/Subtype") == "/Image"
        )


def test_cards_sharing_a_portrait_store_it_once_at_print_size(empty_print_cache):
    rules = rules_book_from_fixtures("pulp-alley")
    shared, own = upload(40), upload(200)
    crew = [card("pulp-alley", rules, f"Twin {number}", shared) for number in range(1, 12)]
    crew.append(card("pulp-alley", rules, "Loner", own))
    result = print_cards(crew, PrintOptions(backs=True))
    assert image_sizes(result.pdf) == [(295, 366), (295, 366)]  # one each, not twelve
    drawn = [size for page in pdf.read(result.pdf).pages for size in pdf.image_placements(page)]
    assert len(drawn) == 12  # every card still shows its portrait


@pytest.mark.parametrize("slug", DESIGNS)
def test_each_design_prints_its_portrait_at_its_own_box_size(slug, empty_print_cache):
    rules = rules_book_from_fixtures(slug)
    face = card(slug, rules, "Framed", upload(90))
    box = find(slug).character_face_kind.portrait_mm
    result = print_cards([face], PrintOptions())
    assert image_sizes(result.pdf) == [portrait_prints.pixels(box)]
    (page,) = pdf.read(result.pdf).pages
    ((width, height),) = pdf.image_placements(page)
    assert (width, height) == (pytest.approx(box[0], abs=0.05), pytest.approx(box[1], abs=0.05))


def test_the_300_dpi_size_of_the_usual_box_and_of_pulp_citys():
    assert portrait_prints.pixels((25.0, 31.0)) == (295, 366)
    assert portrait_prints.pixels((22.0, 24.0)) == (260, 283)


def test_a_picture_is_resized_once_for_each_box_it_prints_in(empty_print_cache, monkeypatch):
    made = []
    resized = portrait_prints.resized

    def counting(jpeg, size):
        made.append(size)
        return resized(jpeg, size)

    monkeypatch.setattr(portrait_prints, "resized", counting)
    picture = upload(10)
    first = portrait_prints.at_print_size(picture, (22.0, 24.0))
    assert portrait_prints.at_print_size(picture, (22.0, 24.0)) == first
    assert made == [(260, 283)]
    portrait_prints.at_print_size(picture, (25.0, 31.0))
    portrait_prints.at_print_size(upload(11), (22.0, 24.0))
    assert made == [(260, 283), (295, 366), (260, 283)]


def test_a_crop_already_at_print_size_is_used_as_it_is_without_its_metadata():
    image = Image.new("RGB", (295, 366), (10, 20, 30))
    buffer = BytesIO()
    image.save(buffer, "JPEG", quality=92, comment=b"taken at the club")
    printed = portrait_prints.at_print_size(buffer.getvalue(), (25.0, 31.0))
    assert b"taken at the club" not in printed
    assert Image.open(BytesIO(printed)).size == (295, 366)


def test_a_roster_files_portrait_is_cut_once_per_picture_and_crop(empty_print_cache, monkeypatch):
    from cards.printing.sources import exported_portrait
    from rosters import portraits

    cuts = []
    crop_portrait = portraits.crop_portrait

    def counting(source, crop):
        cuts.append(crop)
        return crop_portrait(source, crop)

    monkeypatch.setattr(portraits, "crop_portrait", counting)

    def carried(picture, crop):
        data = base64.b64encode(picture).decode("ascii")
        return {"media_type": "image/jpeg", "data": data, "crop": crop}

    framed = {"x": 0.5, "y": 0.4, "zoom": 1.2}
    first = exported_portrait(carried(upload(30), framed))
    assert Image.open(BytesIO(first)).size == portraits.PORTRAIT_PIXELS
    assert exported_portrait(carried(upload(30), framed)) == first  # an unchanged reprint
    assert cuts == [framed]
    moved = {"x": 0.1, "y": 0.4, "zoom": 1.2}
    assert exported_portrait(carried(upload(30), moved)) != first
    exported_portrait(carried(upload(31), framed))
    assert cuts == [framed, moved, framed]
