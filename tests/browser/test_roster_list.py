"""The roster list in the browser (issue 27): a guest with a league and a cast narrows the
list to one game and to the rosters that are not legal, each choice swapping the list in
place (htmx) and kept in the address, so a reload shows the same list; on a phone the list
fits the screen."""

from playwright.sync_api import expect

from tests.browser.test_phone_layout import assert_no_sideways_scroll


def start(page, sample):
    page.goto("/rosters/samples/")
    page.locator(f'form[action="/rosters/samples/{sample}/start/"] button').click()
    expect(page.locator("h1.roster-title")).to_be_visible()


def test_the_list_filters_by_game_and_legality_in_place(page):
    start(page, "singapore-smith")
    start(page, "7tv-luca")
    page.goto("/rosters/")
    rows = page.locator("#roster-list tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Singapore Smith's League")).to_contain_text("slots used")
    with page.htmx_swap(r"/rosters/\?"):
        page.get_by_label("Rosters of").select_option(label="7TV")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Luca's Sci-Fi Cast")
    expect(rows.first).to_contain_text("ratings")
    assert "game=7tv" in page.url
    legal = rows.first.locator(".stamp").inner_text()
    other = "legal" if legal.lower() == "not legal" else "not-legal"
    with page.htmx_swap(r"/rosters/\?"):
        page.get_by_label("Legality").select_option(other)
    expect(page.locator("#roster-list")).to_contain_text("No roster matches.")
    page.reload()
    expect(page.get_by_label("Rosters of")).to_have_value("7tv")
    expect(page.locator("#roster-list")).to_contain_text("No roster matches.")
    # On the narrowest phone the whole list, stamps and all, stays on the screen.
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto("/rosters/")
    expect(rows).to_have_count(2)
    assert_no_sideways_scroll(page)
    assert not page.js_errors, page.js_errors
