"""The portrait editor in a real browser: choose a picture, drag and zoom it, and the frame
shows what the server will crop. Served through a test-only URL (this module is the URLconf)."""

from io import BytesIO

import pytest
from django.urls import include, path
from django.views.generic import TemplateView
from PIL import Image, ImageChops, ImageStat
from playwright.sync_api import expect

from cards.portraits import PORTRAIT_PIXELS, crop_portrait

urlpatterns = [
    path(
        "portrait-editor-demo/",
        TemplateView.as_view(template_name="cards/portrait_editor_demo.html"),
    ),
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
