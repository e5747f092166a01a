"""The portrait editor in a real browser: choose a picture, drag and zoom it, and the frame
shows what the server will crop; in the Card Designer the framing happens on the card preview
and the printed card matches it. The bare editor is a test-only page beside this module, served
through a test-only URL (this module is the URLconf)."""

import re
from io import BytesIO
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.template import engines
from django.urls import include, path
from PIL import Image, ImageChops, ImageStat
from playwright.sync_api import expect

from cards.models import PendingPortrait
from rosters.models import Character
from rosters.portraits import PAPER, PORTRAIT_PIXELS, crop_portrait
from tests.cards import pdf_reading

DEMO = Path(__file__).with_name("portrait_editor_demo.html")


def portrait_editor_demo(request):
    page = engines["django"].from_string(DEMO.read_text(encoding="utf-8"))
    return HttpResponse(page.render({}, request))


urlpatterns = [
    path("portrait-editor-demo/", portrait_editor_demo),
    path("", include("config.urls")),  # the base layout links to the real pages
]
pytestmark = pytest.mark.urls(__name__)

QUADRANTS = [(200, 30, 30), (30, 30, 200), (30, 170, 30), (230, 200, 40)]


def quadrants(size=(800, 400)):
    """A wide picture in four colours, so any crop of it is easy to recognise."""
    width, height = size
    image = Image.new("RGB", size)
    for i, colour in enumerate(QUADRANTS):
        left, top = (i % 2) * width // 2, (i // 2) * height // 2
        image.paste(colour, (left, top, left + width // 2, top + height // 2))
    return image


def png(image):
    buf = BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def values(page):
    return page.evaluate(
        """() => Object.fromEntries(['x', 'y', 'zoom'].map(
            (k) => [k, parseFloat(document.querySelector(`[data-portrait-${k}]`).value)]))"""
    )


def inner_box(page):
    """The frame's inside (without its border), where the picture is laid out."""
    return page.evaluate(
        """() => { const frame = document.querySelector('[data-portrait-frame]');
            const rect = frame.getBoundingClientRect();
            return {x: rect.x + frame.clientLeft, y: rect.y + frame.clientTop,
                    width: frame.clientWidth, height: frame.clientHeight}; }"""
    )


def count_changes(page):
    page.evaluate(
        """() => { window.portraitChanges = 0;
            document.querySelector('form').addEventListener('change', (event) => {
                if (event.target.name === 'portrait_x') window.portraitChanges += 1; }); }"""
    )


def choose(page, image, name="hero.png"):
    page.locator("[data-portrait-file]").set_input_files(
        {"name": name, "mimeType": "image/png", "buffer": png(image)}
    )
    expect(page.locator("[data-portrait-image]")).to_be_visible()


def test_choose_drag_and_zoom_a_portrait(page):
    page.goto("/portrait-editor-demo/")
    picture = page.locator("[data-portrait-image]")
    expect(picture).to_be_hidden()
    choose(page, quadrants())
    count_changes(page)

    box = inner_box(page)
    assert box["width"] / box["height"] == pytest.approx(25 / 31, abs=0.01)
    shown = picture.bounding_box()
    # Cover fit: the 2:1 picture fills the frame's height and is centred across.
    assert shown["height"] == pytest.approx(box["height"], abs=1)
    assert shown["x"] + shown["width"] / 2 == pytest.approx(box["x"] + box["width"] / 2, abs=1)

    page.locator("[data-portrait-zoom]").fill("2")
    assert picture.bounding_box()["height"] == pytest.approx(2 * box["height"], abs=1)

    # Drag the picture right and down: more of its left and top comes into view.
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre)
    page.mouse.down()
    page.mouse.move(centre[0] + 60, centre[1] + 40, steps=6)
    page.mouse.up()
    after_drag = values(page)
    assert after_drag["x"] < 0.5
    assert after_drag["y"] < 0.5
    assert after_drag["zoom"] == 2
    assert page.evaluate("window.portraitChanges") == 1

    page.mouse.wheel(0, -200)
    page.wait_for_function("() => window.portraitChanges === 2")
    assert values(page)["zoom"] > 2
    assert page.js_errors == []


def test_the_frame_shows_what_the_server_crops(page, tmp_path):
    page.goto("/portrait-editor-demo/")
    image = quadrants()
    choose(page, image)
    page.locator("[data-portrait-zoom]").fill("1.6")
    box = inner_box(page)
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 160, box["y"] + 190, steps=4)
    page.mouse.up()

    on_screen = Image.open(BytesIO(page.screenshot(clip=box))).convert("RGB")
    on_screen = on_screen.resize(PORTRAIT_PIXELS, Image.Resampling.LANCZOS)
    printed = Image.open(crop_portrait(BytesIO(png(image)), values(page))).convert("RGB")
    difference = ImageStat.Stat(ImageChops.difference(on_screen, printed)).mean
    assert max(difference) < 6, difference
    assert page.js_errors == []


def test_dropping_something_that_is_not_a_picture_says_so_and_keeps_the_portrait(page):
    page.goto("/portrait-editor-demo/")
    choose(page, quadrants())
    src = page.locator("[data-portrait-image]").get_attribute("src")
    drop_text = page.evaluate_handle(
        """() => { const data = new DataTransfer();
            data.items.add(new File(['Singapore Smith'], 'notes.txt', {type: 'text/plain'}));
            return data; }"""
    )
    page.locator("[data-portrait-drop]").dispatch_event("drop", {"dataTransfer": drop_text})
    expect(page.locator("[data-portrait-message]")).to_have_text(
        "That file is not an image we can read (JPEG, PNG, WebP or GIF)."
    )
    expect(page.locator("[data-portrait-image]")).to_have_attribute("src", src)
    assert page.js_errors == []


def test_dropping_a_picture_puts_it_in_the_form(page):
    page.goto("/portrait-editor-demo/")
    drop_png = page.evaluate_handle(
        """async (bytes) => { const data = new DataTransfer();
            const blob = new Blob([new Uint8Array(bytes)], {type: 'image/png'});
            data.items.add(new File([blob], 'hero.png', {type: 'image/png'}));
            return data; }""",
        list(png(quadrants((300, 300)))),
    )
    page.locator("[data-portrait-drop]").dispatch_event("drop", {"dataTransfer": drop_png})
    expect(page.locator("[data-portrait-image]")).to_be_visible()
    assert page.evaluate("document.querySelector('[data-portrait-file]').files[0].name") == (
        "hero.png"
    )
    assert page.js_errors == []


def test_an_editor_swapped_in_by_htmx_works_too(page):
    page.goto("/portrait-editor-demo/")
    page.evaluate(
        """() => { const form = document.querySelector('form');
            // Fresh server markup: no state the script added to the old editor.
            form.querySelectorAll('[style]').forEach((el) => el.removeAttribute('style'));
            form.innerHTML = form.innerHTML.replace('data-portrait-ready=""', '');
            document.dispatchEvent(new Event('htmx:afterSettle')); }"""
    )
    choose(page, quadrants())
    page.locator("[data-portrait-zoom]").fill("3")
    box = inner_box(page)
    assert page.locator("[data-portrait-image]").bounding_box()["height"] == pytest.approx(
        3 * box["height"], abs=1
    )
    assert page.js_errors == []


# The Card Designer: the same editor laid over the card preview's portrait box.

CARD_PORTRAIT = "#card-portrait"


def designer(page):
    page.goto("/cards/designer/?ruleset=pulp-alley&type=leader")
    page.locator("[name=name]").fill("Singapore Smith")
    page.locator("[data-portrait-file]").set_input_files(
        {"name": "hero.png", "mimeType": "image/png", "buffer": png(quadrants())}
    )
    expect(page.locator("[data-portrait-ref]")).not_to_have_value("")
    caught_up(page)


def caught_up(page):
    """Wait until the server's card preview shows the form's crop (the frame's own picture
    then steps aside). A preview is a real PDF render: slow on a busy machine."""
    expect(page.locator(CARD_PORTRAIT)).not_to_have_class(re.compile("is-live"), timeout=30_000)


def box_of(page, selector):
    return page.evaluate(
        """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
            return {x: box.x, y: box.y, width: box.width, height: box.height}; }""",
        selector,
    )


def drag(page, selector, by):
    box = box_of(page, selector)
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + by[0], start[1] + by[1], steps=6)
    page.mouse.up()


def server_crop(crop):
    """What the server cuts from the stored, cleaned picture for this crop."""
    pending = PendingPortrait.objects.get()
    with pending.image.open("rb") as source:
        return Image.open(crop_portrait(source, crop)).convert("RGB")


def difference(page, clip, expected):
    shown = Image.open(BytesIO(page.screenshot(clip=clip))).convert("RGB")
    size = (59, 73)  # a fifth of the 300 dpi box: small enough to forgive a pixel's offset
    shown = shown.resize(size, Image.Resampling.BOX)
    expected = expected.resize(size, Image.Resampling.BOX)
    return max(ImageStat.Stat(ImageChops.difference(shown, expected)).mean)


def test_the_card_preview_shows_the_framing_live_and_then_as_printed(page):
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else 0)
    designer(page)
    frame = box_of(page, CARD_PORTRAIT)
    assert frame["width"] / frame["height"] == pytest.approx(25 / 31, abs=0.02)
    # The server preview already shows the new picture, centred at cover fit.
    assert difference(page, frame, server_crop({})) < 10
    assert difference(page, frame, server_crop({"x": 0})) > 20  # the comparison can tell

    # While previews cannot arrive, the frame's own picture shows the framing at once.
    assert page.js_errors == []
    page.route("**/preview/", lambda route: route.abort())
    page.locator("[data-portrait-zoom]").fill("1.6")
    drag(page, CARD_PORTRAIT, (40, 30))
    expect(page.locator(CARD_PORTRAIT)).to_have_class(re.compile("is-live"))
    crop = values(page)
    assert crop["x"] < 0.5 and crop["y"] < 0.5 and crop["zoom"] == 1.6
    frame = box_of(page, CARD_PORTRAIT)  # the page may have scrolled to the slider
    assert difference(page, frame, server_crop(crop)) < 10
    page.unroute("**/preview/")
    page.js_errors.clear()  # htmx logs the previews we made fail

    # The next preview catches up: the card itself, drawn from the print file, shows it.
    page.locator("[data-portrait-frame]").press("ArrowLeft")
    caught_up(page)
    crop = values(page)
    assert difference(page, box_of(page, CARD_PORTRAIT), server_crop(crop)) < 10

    # The picture went up once; no preview or save carries it again.
    page.get_by_role("button", name="Save to My Cards").click()
    expect(page.get_by_text("Singapore Smith saved to My Cards.")).to_be_visible()
    uploads = [request for request in posts if request.url.endswith("/cards/portraits/")]
    assert len(uploads) == 1
    others = [request for request in posts if request not in uploads]
    assert others and all(b"\x89PNG" not in (r.post_data_buffer or b"") for r in others)

    # The printed card's portrait is the crop the player set.
    character = Character.objects.get()
    assert character.portrait_crop == pytest.approx(crop, abs=1e-4)
    Character.objects.update(marked_for_print=True)
    pdf = page.request.get("/print/cards.pdf?source=cards").body()
    printed = [
        Image.open(BytesIO(image.get_data())).convert("RGB")
        for image in pdf_reading.images(pdf_reading.read(pdf))
        if int(image["/Width"]) == PORTRAIT_PIXELS[0]
    ]
    with character.portrait.open("rb") as source:
        expected = Image.open(crop_portrait(source, crop)).convert("RGB")
    assert len(printed) == 1
    assert max(ImageStat.Stat(ImageChops.difference(printed[0], expected)).mean) < 2
    assert page.js_errors == []


def test_zooming_out_on_the_card_shows_the_whole_picture_on_card_paper(page):
    designer(page)
    page.locator("[data-portrait-zoom]").fill("0.3")
    caught_up(page)
    frame = box_of(page, CARD_PORTRAIT)
    assert values(page)["zoom"] == 0.3
    shown = Image.open(BytesIO(page.screenshot(clip=frame))).convert("RGB")
    # The 2:1 picture is a thin band across the middle, card paper above and below.
    top = shown.crop((5, 5, shown.width - 5, shown.height // 4))
    assert max(ImageStat.Stat(top).stddev) < 4
    assert ImageStat.Stat(top).mean == pytest.approx(PAPER, abs=8)
    assert difference(page, frame, server_crop(values(page))) < 10
    assert page.js_errors == []


def test_a_picture_the_server_refuses_is_explained_and_the_card_keeps_none(page):
    page.goto("/cards/designer/?ruleset=pulp-alley&type=leader")
    cut = png(quadrants())[:-200]  # a PNG that ends early: the browser shows some of it
    page.locator("[data-portrait-file]").set_input_files(
        {"name": "hero.png", "mimeType": "image/png", "buffer": cut}
    )
    expect(page.locator("[data-portrait-message]")).to_be_visible()
    expect(page.locator("[data-portrait-ref]")).to_have_value("")
    assert not PendingPortrait.objects.exists()


def test_changing_the_character_type_keeps_the_picture_and_its_framing(page):
    designer(page)
    drag(page, CARD_PORTRAIT, (30, 0))
    caught_up(page)
    before = values(page)
    ref = page.locator("[data-portrait-ref]").input_value()
    with page.htmx_swap(r"/cards/designer/$"):
        page.locator("[name=character_type]").select_option("sidekick")
    expect(page.locator("[name=brawl_count]")).to_have_value("3")  # the sidekick's profile
    assert page.locator("[data-portrait-ref]").input_value() == ref
    assert values(page) == pytest.approx(before, abs=1e-4)
    caught_up(page)
    # The frame kept across the swap answers the new form's fields, once each.
    count_changes(page)
    drag(page, CARD_PORTRAIT, (-60, 0))
    assert values(page)["x"] > before["x"]
    assert page.evaluate("window.portraitChanges") == 1
    caught_up(page)
    assert difference(page, box_of(page, CARD_PORTRAIT), server_crop(values(page))) < 10
    assert page.js_errors == []


def test_the_form_waits_while_the_picture_uploads(page):
    """A visitor becomes a guest with the upload: a preview sent between the new session
    cookie and the new token reaching the form would be refused (403), so none is sent."""
    page.goto("/cards/designer/?ruleset=pulp-alley&type=leader")
    held, previews = [], []
    page.route("**/cards/portraits/", lambda route: held.append(route))  # held until we say
    page.on("request", lambda r: previews.append(r) if r.url.endswith("/preview/") else None)
    page.locator("[data-portrait-file]").set_input_files(
        {"name": "hero.png", "mimeType": "image/png", "buffer": png(quadrants())}
    )
    page.locator("[name=name]").fill("Singapore Smith")  # would send a preview 300 ms later
    page.wait_for_timeout(800)
    assert len(held) == 1 and previews == []
    held[0].continue_()
    expect(page.locator("[data-portrait-ref]")).not_to_have_value("")
    caught_up(page)
    assert len(previews) == 1
    preview = page.locator(".card-picture")
    expect(preview).to_have_attribute("alt", "Card preview: Singapore Smith")
    assert page.js_errors == []
