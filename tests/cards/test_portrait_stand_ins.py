"""A face drawn with a stand-in for its portrait, the portrait laid in afterwards, is the face
WeasyPrint draws with the portrait itself: the same image in the PDF and the same picture on
paper, for every game's card, a grey picture, pictures several faces share, and the pictures
WeasyPrint is left to draw (CMYK, turned by their Exif)."""

from io import BytesIO

import pikepdf
import pypdfium2
import pytest
from PIL import Image, ImageDraw

from cards.printing import portrait_prints, rendering
from rules.fixture_book import rules_book_from_fixtures
from tests.cards.sample_faces import character
from tests.cards.test_print_portraits import DESIGNS, card, upload

PRINT_BOX = portrait_prints.pixels((25.0, 31.0))


def by_weasyprint(faces) -> list[bytes]:
    """The faces as WeasyPrint draws them with their portraits in the HTML (over their
    grounds, which hold no picture)."""
    _, grounds, _ = rendering.drawing(faces)
    return rendering.draw(rendering.faces_html(faces), grounds)


def stood_in(faces) -> list[bytes]:
    return rendering.draw(*rendering.drawing(faces))


def images(face_pdf):
    """Each image of the face: its dictionary (but for object numbers) and its bytes."""
    with pikepdf.open(BytesIO(face_pdf)) as opened:
        return [
            (
                {key: repr(value) for key, value in item.stream_dict.items()},
                item.read_raw_bytes(),
            )
            for item in opened.objects
            if isinstance(item, pikepdf.Stream) and item.get("/Subtype") == "/Image"
        ]


def pixels(face_pdf, dpi=150) -> bytes:
    document = pypdfium2.PdfDocument(face_pdf)
    try:
        return document[0].render(scale=dpi / 72).to_pil().tobytes()
    finally:
        document.close()


def assert_same_faces(faces):
    expected, drawn = by_weasyprint(faces), stood_in(faces)
    assert len(drawn) == len(faces)
    for ours, theirs in zip(drawn, expected, strict=True):
        assert images(ours) == images(theirs)
        assert pixels(ours) == pixels(theirs)


@pytest.mark.parametrize("slug", DESIGNS)
def test_each_games_card_shows_its_portrait_as_weasyprint_draws_it(slug):
    rules = rules_book_from_fixtures(slug)
    pictured = card(slug, rules, "Framed", upload(90))
    plain = card(slug, rules, "Unframed", None)
    assert_same_faces([pictured, plain, pictured.back])
    html, _, _ = rendering.drawing([pictured])
    assert pictured.data["portrait_uri"] not in html  # WeasyPrint never reads the picture
    ((image, _),) = images(stood_in([pictured])[0])
    assert image["/ColorSpace"] == repr(pikepdf.Name.DeviceRGB)


def jpeg(mode, *, exif=None) -> bytes:
    """A picture at the usual box's print size, marked so that turning it shows."""
    image = Image.new("RGB", PRINT_BOX, (200, 60, 30))
    ImageDraw.Draw(image).rectangle((0, 0, 120, 60), fill=(20, 40, 220))
    options = {} if exif is None else {"exif": exif}
    buffer = BytesIO()
    image.convert(mode).save(buffer, "JPEG", quality=90, **options)
    return buffer.getvalue()


def turned() -> bytes:
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: WeasyPrint turns the picture a quarter
    return exif.tobytes()


@pytest.mark.parametrize(
    "picture",
    [jpeg("L"), jpeg("CMYK"), jpeg("RGB", exif=turned())],
    ids=["grey", "cmyk", "turned by its exif"],
)
def test_a_grey_cmyk_or_turned_portrait_prints_as_weasyprint_prints_it(picture):
    face = character("Odd One", portrait_uri=portrait_prints.jpeg_uri(picture))
    assert_same_faces([face])


def test_faces_sharing_a_picture_or_its_size_each_show_their_own():
    # All three portraits are one size, so WeasyPrint draws one stand-in for the part.
    twin, other = upload(40, PRINT_BOX), upload(200, PRINT_BOX)
    faces = [
        character(name, portrait_uri=portrait_prints.jpeg_uri(picture))
        for name, picture in (("Twin 1", twin), ("Loner", other), ("Twin 2", twin))
    ]
    assert_same_faces(faces)
    first, loner, second = (images(face)[0][1] for face in stood_in(faces))
    assert first == second == twin
    assert loner == other
