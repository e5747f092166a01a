"""Feedback while waiting (issue 27): htmx actions log no Content-Security-Policy error (htmx's
own indicator <style> is off, and ours ships in site.css), and a slow request shows the
indicator until its answer arrives."""

from playwright.sync_api import expect

from tests.browser.test_budget_meter import league_of
from tests.browser.test_phone_layout import log_in


def no_injected_style(page):
    # htmx would add its indicator rules as a <style> in <head>, which the CSP refuses.
    assert page.locator("style").count() == 0


def test_htmx_actions_across_the_site_log_no_csp_error(page, django_user_model):
    player = log_in(page, django_user_model)
    roster = league_of(player, ["leader", "sidekick", "ally"])
    response = page.goto(f"/rosters/{roster.pk}/")
    # The policy is really enforced here: an inline style would be refused and logged.
    assert "style-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_load_state("load")
    with page.htmx_swap(r"/move/"):
        page.get_by_role("button", name="Move ally 2 up").click()
    page.get_by_text("Rename").click()
    page.get_by_label("League name").fill("Smith's Second League")
    with page.htmx_swap(r"/rename/"):
        page.get_by_role("button", name="Save name").click()
    expect(page.locator("h1")).to_have_text("Smith's Second League")
    no_injected_style(page)

    page.goto("/cards/designer/")
    page.wait_for_load_state("load")
    with page.htmx_swap(r"/preview"):
        page.get_by_label("Name").first.fill("Captain Thunder")
    no_injected_style(page)

    # The Print page draws the whole PDF through htmx as soon as it loads.
    with page.expect_response(lambda answer: "/print/prepare" in answer.url):
        page.goto(f"/print/?source=roster-{roster.pk}")
    expect(page.get_by_text("The whole PDF is ready.")).to_be_visible()
    no_injected_style(page)
    assert [error for error in page.js_errors if "Content Security Policy" in error] == []
    assert page.js_errors == []


def test_a_slow_request_shows_the_indicator_until_its_answer(page, django_user_model):
    player = log_in(page, django_user_model)
    roster = league_of(player, ["leader", "sidekick", "ally"])
    page.goto(f"/rosters/{roster.pk}/")
    page.wait_for_load_state("load")
    busy = page.get_by_role("status").filter(has_text="Working…")
    expect(busy).to_be_hidden()
    held = []
    # The move's answer waits until the test lets it through.
    page.route("**/move/", lambda route: held.append(route))
    page.get_by_role("button", name="Move ally 2 up").click()
    expect(busy).to_be_visible()
    page.wait_for_timeout(300)
    expect(busy).to_be_visible()  # still there while the request waits
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".member-name")).to_have_text(["leader 0", "ally 2", "sidekick 1"])
    expect(busy).to_be_hidden()
    assert page.js_errors == []
