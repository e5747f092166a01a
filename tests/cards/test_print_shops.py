"""Print-shop presets: each shop gets exactly what its spec asks for (cards/printing/shops.py,
docs/print-shops.md): a zip of per-face PNGs at the shop's pixels, each card's front then its
back, or a PDF of the shop's page size in that order; from the Print page, the print queue
and the command line."""

import zipfile
from dataclasses import replace
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from PIL import Image

from cards import services
from cards.models import PrintJob
from cards.printing import geometry, sheets
from cards.printing.sheets import PrintOptions
from cards.printing.shops import PDF, PNG_ZIP, SHOPS
from cards.printing.sources import roster_file_faces
from rosters.format import read_roster
from rosters.samples import sample_paths
from rules.fixture_book import rules_book_from_fixtures
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import crew

ZIP_SHOPS = [slug for slug, shop in SHOPS.items() if shop.format == PNG_ZIP]
SMITH = Path(settings.BASE_DIR) / "docs" / "examples" / "singapore-smith.json"
SAMPLES = sample_paths()


def pictures(data):
    """The zip's PNGs in order: (name, pixel size)."""
    with zipfile.ZipFile(BytesIO(data)) as archive:
        return [(name, Image.open(archive.open(name)).size) for name in archive.namelist()]


def in_order(cards):
    return [
        f"{number:03d}-{side}.png" for number in range(1, cards + 1) for side in ("front", "back")
    ]


def outside(line, box):
    """Whether a line lies wholly beyond one edge of the box."""
    x1, y1, x2, y2 = line
    left, top, right, bottom = box
    return max(x1, x2) < left or min(x1, x2) > right or max(y1, y2) < top or min(y1, y2) > bottom


def test_the_presets_say_what_the_issue_quotes_from_each_shop():
    assert SHOPS["makeplayingcards"].face_px == (822, 1122)
    assert SHOPS["makeplayingcards"].format == PNG_ZIP
    assert SHOPS["thegamecrafter"].face_px == (825, 1125)
    assert SHOPS["drivethrucards"].format == PDF
    # 2.75 × 3.75 in with a 1/8 in bleed.
    assert SHOPS["drivethrucards"].page_mm == (pytest.approx(69.85), pytest.approx(95.25))
    assert SHOPS["drivethrucards"].bleed_mm == pytest.approx(3.175)
    assert SHOPS["makeplayingcards"].bleed_mm == pytest.approx(36 / 300 * 25.4)


@pytest.mark.parametrize("slug", SHOPS)
def test_every_preset_bleeds_alike_across_and_down_round_a_poker_card(slug):
    shop = SHOPS[slug]
    width, height = shop.page_mm
    assert width - geometry.CARD_WIDTH == pytest.approx(height - geometry.CARD_HEIGHT)
    assert shop.bleed_mm > 0
    assert shop.order == ("front", "back")


@pytest.mark.parametrize("slug", ZIP_SHOPS)
def test_a_picture_shop_gets_every_face_at_its_pixels_front_then_back(slug):
    job = sheets.plan(crew(3), PrintOptions(shop=slug), title="Crew")
    found = pictures(sheets.draw(job))
    assert [name for name, _ in found] == in_order(3)
    assert {size for _, size in found} == {SHOPS[slug].face_px}


def test_the_pictures_show_the_card_and_its_back_at_300_dpi():
    job = sheets.plan(crew(1), PrintOptions(shop="makeplayingcards"), title="Crew")
    with zipfile.ZipFile(BytesIO(sheets.draw(job))) as archive:
        front, back = (Image.open(archive.open(name)) for name in archive.namelist())
        assert front.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        # The card is not its back: the pictures are of different faces.
        assert front.convert("RGB").tobytes() != back.convert("RGB").tobytes()
        # The bleed is art, not paper: the corner is painted (the bleed art is dark).
        assert sum(front.convert("RGB").getpixel((0, 0))) < 3 * 128


def test_drivethrucards_gets_its_page_size_with_fronts_and_backs_alternating():
    job = sheets.plan(crew(2), PrintOptions(shop="drivethrucards"), title="Crew")
    reader = pdf.read(sheets.draw(job))
    assert len(reader.pages) == 4
    for page in reader.pages:
        assert pdf.size_pt(page) == (pytest.approx(2.75 * 72), pytest.approx(3.75 * 72))
        assert float(page.trimbox.width) == pytest.approx(180, abs=0.001)  # 63.5 mm
        ((x, y, _, _),) = pdf.card_rects(page)
        assert (x, y) == (pytest.approx(3.175, abs=0.001), pytest.approx(3.175, abs=0.001))
        # No crop marks in the bleed: the shop cuts by its own template.
        trim = (3.175, 3.175, 3.175 + geometry.CARD_WIDTH, 3.175 + geometry.CARD_HEIGHT)
        assert not [line for line in pdf.segments(page) if outside(line, trim)]
    texts = [page.extract_text().upper() for page in reader.pages]
    assert ["CREW 1" in texts[0], "CREW 1" in texts[1], "CREW 2" in texts[2]] == [1, 0, 1]
    assert all("PULP ALLEY" in text for text in texts[1::2])


SAFE_ZONE_SAMPLES = ("singapore-smith", "7tv-simon", "pulp-city-starter-box", "pulp-fiction-heroes")


@pytest.fixture(scope="module")
def drivethrucards_pages():
    """Every card of one sample force of each game, fronts and backs, as DriveThruCards
    gets them."""
    pages = []
    for stem in SAFE_ZONE_SAMPLES:
        roster = read_roster(SAMPLES[stem])
        rules = rules_book_from_fixtures(roster["ruleset"])
        faces = roster_file_faces(roster, rules, ruleset_name=roster["ruleset"])
        job = sheets.plan(faces, PrintOptions(shop="drivethrucards"), title=roster["name"])
        pages += [(stem, page) for page in pdf.read(sheets.draw(job)).pages]
    return pages


def test_no_text_on_a_drivethrucards_face_lies_outside_its_safe_zone(drivethrucards_pages):
    """Every glyph's ink, read from the PDF, stays the shop's safe distance inside the trim
    on every face of every game's cards (the 7TV legend sat 2.75 mm from the bottom)."""
    safe = SHOPS["drivethrucards"].safe_mm
    assert safe == pytest.approx(3.175)
    for number, (stem, page) in enumerate(drivethrucards_pages):
        ((x, y, width, height),) = pdf.card_rects(page)
        glyphs = pdf.glyph_boxes(page)
        assert glyphs, f"{stem}: page {number} has no text"
        for char, (left, top, right, bottom) in glyphs:
            room = min(left - x, top - y, x + width - right, y + height - bottom)
            assert room >= safe, f"{stem} page {number}: {char!r} {room:.2f} mm from the cut"


@hypothesis_settings(max_examples=25)
@given(
    copies=st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=5),
    slug=st.sampled_from(list(SHOPS)),
)
def test_every_card_copy_is_a_front_then_its_back_in_any_preset(copies, slug):
    faces = [replace(face, copies=n) for face, n in zip(crew(len(copies)), copies, strict=True)]
    if not sum(copies):
        return
    pages = sheets.layout(faces, PrintOptions(shop=slug))
    assert [page.side for page in pages] == ["front", "back"] * sum(copies)
    fronts = [page.cards[0].face.title for page in pages[::2]]
    assert fronts == [face.title for face in faces for _ in range(face.copies)]


@pytest.fixture
def ticked(player, pulp_alley):
    from tests.cards.test_print_views import card

    return [card(player, pulp_alley, name) for name in ("Singapore Smith", "Arge")]


@pytest.mark.django_db
def test_the_print_page_offers_the_shops_and_downloads_their_zip(player_client, ticked):
    query = {"source": "cards", "shop": "makeplayingcards"}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    assert "For a print shop" in page and "The Game Crafter" in page
    assert "Download ZIP" in page and "822 × 1122 px" in page
    response = player_client.get(reverse("printing:pdf"), query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert '-makeplayingcards.zip"' in response["Content-Disposition"]
    assert pictures(response.content) == [(name, (822, 1122)) for name in in_order(2)]


@pytest.mark.django_db
def test_a_shop_zip_above_the_interactive_size_goes_to_the_queue(player_client, player, big_job):
    query = {**big_job, "shop": "thegamecrafter"}
    page = player_client.get(reverse("printing:page"), query).content.decode()
    assert "Prepare the PDF" in page and "Download ZIP" not in page
    drawn_now = player_client.get(reverse("printing:pdf"), query)
    assert drawn_now.status_code == 302  # to the Print page: nothing drawn in the request
    url = f"{reverse('printing:start_job')}?{'&'.join(f'{k}={v}' for k, v in query.items())}"
    player_client.post(url)
    (job,) = PrintJob.objects.filter(owner=player)
    services.run_print_job(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and job.filename.endswith("-thegamecrafter.zip")
    download = player_client.get(reverse("printing:job_pdf", args=[job.pk]))
    assert download["Content-Type"] == "application/zip"
    cards = sum(int(value) for key, value in big_job.items() if key.startswith("copies-"))
    assert pictures(download.content) == [(name, (825, 1125)) for name in in_order(cards)]


@pytest.mark.django_db
def test_print_roster_writes_a_shops_zip(tmp_path, rules_data):
    out = tmp_path / "cards.zip"
    stdout = StringIO()
    call_command(
        "print_roster", str(SMITH), "--shop", "makeplayingcards", "--out", str(out), stdout=stdout
    )
    assert pictures(out.read_bytes()) == [(name, (822, 1122)) for name in in_order(6)]
    assert "12 pictures, makeplayingcards" in stdout.getvalue()


@pytest.mark.django_db
def test_an_unknown_shop_in_the_query_prints_the_plain_sheets(player_client, ticked):
    response = player_client.get(reverse("printing:pdf"), {"source": "cards", "shop": "../x"})
    assert response["Content-Type"] == "application/pdf"
    assert pdf.size_mm(pdf.read(response.content).pages[0]) == (
        pytest.approx(210, abs=0.1),
        pytest.approx(297, abs=0.1),
    )
