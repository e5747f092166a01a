"""Between games in the browser: a player records a game's result on the league page, sees it
on the timeline with what it earned, and undoes it (Pulp Alley, p.44-45), each answered in
place by the form that asked."""

from playwright.sync_api import expect

from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document
from tests.browser.test_phone_layout import log_in


def test_record_a_result_see_it_on_the_timeline_and_undo_it(page, django_user_model):
    player = log_in(page, django_user_model)
    league = import_roster(owner=player, document=sample_document("singapore-smith")).roster
    page.goto(f"/rosters/{league.pk}/")
    timeline = page.locator("#campaign-timeline")
    expect(timeline).to_contain_text("No games recorded yet.")

    result = page.locator("form.result-form")
    result.get_by_label("Scenario").fill("The Lost Idol")
    result.get_by_label("Victory points").fill("11")
    result.get_by_label("+1 Experience").check()
    result.get_by_label("Chu-Chu").check()
    page.evaluate("() => { window.sameVisit = true; }")  # gone if the page reloads
    with page.htmx_swap(r"/campaign/result/"):
        result.get_by_role("button", name="Record result").click()
    # The answer comes in place: no reload to the top, the message by the form that asked.
    assert page.evaluate("() => window.sameVisit === true")
    expect(result.get_by_role("status")).to_contain_text("Recorded: +11 Reputation")
    expect(result.get_by_role("status")).to_be_in_viewport()
    # The builder above follows: the league has played a game now.
    expect(page.locator(".lineup-note")).to_contain_text("has played 1 game")

    entry = timeline.locator("li").first
    expect(entry).to_contain_text("after game 1")
    expect(entry).to_contain_text("+11 Reputation (11 in all)")
    expect(entry).to_contain_text("Local Support earned at 10 Reputation")
    expect(entry).to_contain_text("Chu-Chu is back on their feet for the next game")
    expect(page.locator(".campaign-state")).to_contain_text("Reputation 11")
    expect(page.locator(".campaign-state")).to_contain_text("Experience 1")

    with page.htmx_swap(r"/campaign/undo/"):
        entry.get_by_role("button", name="Undo").click()
    expect(timeline.get_by_role("status")).to_contain_text("Undone: +11 Reputation")
    expect(timeline.get_by_role("status")).to_be_in_viewport()
    assert page.evaluate("() => window.sameVisit === true")
    expect(timeline).to_contain_text("No games recorded yet.")
    expect(page.locator(".campaign-state")).to_contain_text("Reputation 0")
    league.refresh_from_db()
    assert league.campaign == {} and league.choices["reputation_perks"] == []
    assert page.js_errors == []
