"""Phones of 360 and 390 px: no page scrolls sideways, targets are thumb-sized, the card
preview stays in reach and opens for framing the portrait by finger, ability text opens on a
tap, and the menu's hidden checkbox takes no tab stop on a desktop."""

import re

import pytest
from playwright.sync_api import expect

from rosters.handlers import roster as roster_handlers
from rosters.handlers import transfer
from rosters.models import Character, Roster
from rules.models import LibraryEntry, Ruleset
from tests.browser.test_portrait_editor import (
    CARD_PORTRAIT,
    box_of,
    caught_up,
    designer,
    drag,
    values,
)

PHONE = {"width": 390, "height": 844}
PASSWORD = "Lost-city-of-Z-1925"

# Elements whose right edge passes the viewport, for the failure message.
OVERFLOWING = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
  .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + [...e.classList].join('.')
       + ' right=' + Math.round(e.getBoundingClientRect().right))
  .slice(0, 12)"""

# Whether an element's text sits on one line (a word cut in two takes two).
ONE_LINE = """e => { const range = document.createRange(); range.selectNodeContents(e);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size === 1; }"""


def assert_no_sideways_scroll(page):
    scroll_width, inner_width = page.evaluate(
        "() => [document.scrollingElement.scrollWidth, innerWidth]"
    )
    assert scroll_width <= inner_width, page.evaluate(OVERFLOWING)


def log_in(page, django_user_model):
    player = django_user_model.objects.create_user("collector", password=PASSWORD)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("collector")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".account-menu")).to_contain_text("collector", use_inner_text=True)
    return player


@pytest.fixture
def phone(page):
    page.set_viewport_size(PHONE)
    return page


def test_the_7tv_designer_fits_a_phone(phone):
    phone.goto("/cards/designer/?ruleset=7tv", timeout=30_000)  # a busy machine
    expect(phone.get_by_role("group", name="Customise")).to_be_visible()
    assert_no_sideways_scroll(phone)
    # Every statistic of the customise row can be reached without scrolling sideways.
    for label in ("Fight", "Shoot", "Defence", "Mind", "Body", "Spirit"):
        box = phone.get_by_label(label, exact=True).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], label
    flavour = phone.get_by_label("Flavour").bounding_box()
    assert flavour["x"] + flavour["width"] <= PHONE["width"]
    assert phone.js_errors == []


def test_the_pulp_alley_designer_fits_a_phone_and_its_ability_text_opens_on_a_tap(phone):
    phone.goto("/cards/designer/?ruleset=pulp-alley")
    assert_no_sideways_scroll(phone)
    # A touch screen has no hover: what an ability does opens with a tap of its own.
    ability = phone.locator(".ability-picker li").filter(has_text="Agile")
    text = LibraryEntry.objects.get(
        ruleset__slug="pulp-alley", kind="ability", name="Agile"
    ).summary
    expect(ability.get_by_text(text)).to_be_hidden()
    ability.get_by_text("What it does").click()
    expect(ability.get_by_text(text)).to_be_visible()
    assert_no_sideways_scroll(phone)


def test_on_a_phone_a_small_card_preview_stays_in_reach(phone):
    phone.goto("/cards/designer/?ruleset=pulp-alley")
    expect(phone.locator(".lede")).not_to_contain_text("on the right")
    card = phone.get_by_alt_text("Card preview: Singapore Smith")
    with phone.expect_response(lambda response: "/preview/" in response.url):
        phone.get_by_label("Name").fill("Singapore Smith")
    # Down among the abilities, the card rides small in the corner, showing the new name.
    phone.locator('input[name="abilities"]').first.scroll_into_view_if_needed()
    expect(card).to_be_in_viewport()
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert box["width"] <= PHONE["width"] / 3, "a small card, not the card over the form"
    # Tapped, it opens whole over the form, where the player is.
    phone.get_by_role("link", name="See the whole card").click()
    expect(card).to_be_in_viewport()
    # Read in the page, and waited for: a preview swapped in meanwhile replaces the image, so
    # a box read from outside can find none for an instant.
    phone.wait_for_function(
        """half => [...document.querySelectorAll('img[alt="Card preview: Singapore Smith"]')]
            .some(image => image.getBoundingClientRect().width > half)""",
        arg=PHONE["width"] / 2,
    )
    assert_no_sideways_scroll(phone)


def test_on_a_phone_the_opened_card_frames_the_portrait_and_closes_where_the_player_was(phone):
    designer(phone)
    phone.locator("[data-portrait-zoom]").fill("1.6")  # room to move the picture both ways
    caught_up(phone)
    phone.locator('input[name="abilities"]').first.scroll_into_view_if_needed()
    where = phone.evaluate("() => scrollY")
    phone.get_by_role("link", name="See the whole card").click()
    # The portrait box is a finger's size, on screen, not thousands of pixels down the page.
    frame = box_of(phone, CARD_PORTRAIT)
    assert frame["width"] >= 100 and frame["height"] >= 120
    assert frame["y"] >= 0 and frame["y"] + frame["height"] <= PHONE["height"]
    before = values(phone)
    drag(phone, CARD_PORTRAIT, (-40, -40))
    moved = values(phone)
    assert moved["x"] > before["x"] and moved["y"] > before["y"]
    caught_up(phone)  # the card itself, redrawn, shows the new framing
    phone.get_by_role("button", name="Back to the form").click()
    expect(phone.get_by_alt_text(re.compile("Card preview"))).to_be_in_viewport()
    assert phone.locator(CARD_PORTRAIT).bounding_box()["width"] < 60, "small again"
    assert abs(phone.evaluate("() => scrollY") - where) < 5
    assert phone.js_errors == []


def test_on_a_desktop_the_preview_sits_beside_the_form_full_size(page):
    page.goto("/cards/designer/?ruleset=pulp-alley")
    card = page.locator("#preview-card img.card-picture")
    expect(card).to_be_visible()
    assert card.bounding_box()["width"] > 250
    form = page.locator(".designer-form").bounding_box()
    assert card.bounding_box()["x"] > form["x"] + form["width"]


def test_my_cards_fits_a_phone_with_every_delete_button_on_screen(phone, django_user_model):
    player = log_in(phone, django_user_model)
    seven_tv = Ruleset.objects.get(slug="7tv")
    for name in ("Professor Archibald Fotheringay-Smythe", "Bold Blade", "Enki"):
        Character.objects.create(
            owner=player, ruleset=seven_tv, character_type="star", name=name, profile={}
        )
    phone.goto("/cards/")
    assert_no_sideways_scroll(phone)
    buttons = phone.get_by_role("button", name="Delete")
    expect(buttons).to_have_count(3)
    for index in range(3):
        box = buttons.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # Every action and card name is a thumb-sized target, its words whole on one line.
    targets = phone.locator(".card-table").get_by_role("button").all()
    targets += phone.locator(".card-table").get_by_role("link").all()
    assert len(targets) == 9
    for target in targets:
        assert target.bounding_box()["height"] >= 44, target.inner_text()
        assert target.evaluate(ONE_LINE), target.inner_text()


def test_a_roster_with_a_long_name_fits_a_phone(phone, django_user_model):
    player = log_in(phone, django_user_model)
    pulp_alley = Ruleset.objects.get(slug="pulp-alley")
    roster = Roster.objects.create(
        owner=player, ruleset=pulp_alley, name="Singapore Smith's League of Adventurers"
    )
    phone.goto(f"/rosters/{roster.pk}/")
    heading = phone.get_by_role("heading", level=1)
    expect(heading).to_have_text("Singapore Smith's League of Adventurers")
    assert heading.evaluate("h => h.scrollWidth <= h.clientWidth")
    assert_no_sideways_scroll(phone)


# One of the books' sample forces per game: the pages are walked with real rosters and cards.
SAMPLES = ("singapore-smith", "7tv-claire", "pulp-city-starter-box", "pulp-fiction-heroes")


def pages_of_every_kind(player):
    """A player's tour of the site: every kind of page, for every game."""
    yield from ("/", "/rosters/", "/rosters/samples/", "/rosters/import/", "/rules/", "/cards/")
    yield from ("/print/", "/cheat-sheets/")
    for slug in SAMPLES:
        roster = transfer.start_from_sample(owner=player, slug=slug).roster
        game = roster.ruleset.slug
        # A long name, as players give them, must wrap in headings and selects alike.
        Roster.objects.filter(pk=roster.pk).update(
            name=f"{roster.name} of Extraordinary Adventurers"
        )
        character = roster.members.first().character
        yield from (f"/rules/{game}/", f"/cards/designer/?ruleset={game}")
        yield from (f"/rosters/{roster.pk}/", f"/rosters/{roster.pk}/campaign/")
        yield from (f"/cards/{character.pk}/edit/?roster={roster.pk}", f"/rosters/samples/{slug}/")
        yield f"/print/?source=roster-{roster.pk}"
        yield f"/rosters/shared/{roster_handlers.share_roster(roster=roster).link.token}/"


def test_every_page_fits_a_phone_of_360_and_390_px(phone, django_user_model):
    player = log_in(phone, django_user_model)
    for path in pages_of_every_kind(player):
        phone.set_viewport_size(PHONE)
        response = phone.goto(path, timeout=30_000)  # a busy machine draws a first view
        assert response.ok, path
        for width in (390, 360):
            phone.set_viewport_size({"width": width, "height": PHONE["height"]})
            try:
                assert_no_sideways_scroll(phone)
            except AssertionError as error:
                raise AssertionError(f"{path} at {width} px: {error}") from None
    assert phone.js_errors == []


def test_the_hidden_menu_checkbox_takes_no_tab_stop_on_a_desktop(page):
    page.goto("/")
    stops = []
    for _ in range(14):
        page.keyboard.press("Tab")
        stops.append(
            page.evaluate("() => document.activeElement.id || document.activeElement.tagName")
        )
    assert "nav-toggle" not in stops
    # On a phone the menu button is still reachable by keyboard.
    page.set_viewport_size(PHONE)
    page.goto("/")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.id")
    assert focused == "nav-toggle"
