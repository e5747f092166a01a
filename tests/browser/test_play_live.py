"""Two phones at one table, through a real ASGI server: one starts a game from its roster,
the other joins with the code shown, each sees the other's changes, a phone that goes
offline mid-game keeps working (and reopens the game offline), then catches up and sends what
it held, until both show the same game; a server restart loses nothing."""

import pytest
from playwright.sync_api import expect

from rosters.handlers.transfer import start_from_sample
from tests.browser.phones import VALUES, live, phone_of, sit_down
from tests.browser.test_phone_layout import assert_no_sideways_scroll


@pytest.mark.django_db(transaction=True)
def test_two_phones_play_and_one_comes_back_from_offline(
    chromium, asgi_server, rules_data, player, rival
):
    mine = start_from_sample(owner=player, slug="singapore-smith").roster
    theirs = start_from_sample(owner=rival, slug="captain-wolf").roster
    first_context, first = phone_of(chromium, asgi_server.url, player)
    second_context, second = phone_of(chromium, asgi_server.url, rival)
    sit_down(first, second, mine, theirs)

    # A change on one phone shows on the other.
    first.get_by_role("button", name="Turn up").click()
    expect(second.locator("[data-track='turn'] [data-value]")).to_have_text("2")
    their_card = second.locator(".force.mine .model-card").first
    their_name = their_card.locator("h3").inner_text()
    their_card.get_by_role("button", name="Health down").click()
    seen = first.locator(".model-card", has_text=their_name).locator("[data-track$='.health']")
    expect(seen).to_have_attribute("data-current", str(int(seen.get_attribute("data-value")) - 1))

    # The second phone loses its connection and keeps playing.
    second.wait_for_function("() => navigator.serviceWorker.controller !== null")
    second_context.set_offline(True)
    expect(second.locator("[data-play-status]")).to_contain_text("Offline")
    second.locator(".force.mine .side-tracks").get_by_role(
        "button", name="Fortune cards in hand up"
    ).click()
    second.get_by_role("button", name="Turn up").click()
    expect(second.locator("[data-play-status]")).to_contain_text("2 changes kept")
    # Opened again while offline, the game reads from the phone's own copy, changes and all.
    second.reload()
    expect(second.locator("[data-play-status]")).to_contain_text("2 changes kept")
    expect(second.locator("[data-track='turn'] [data-value]")).to_have_text("3")
    first.get_by_role("button", name="Initiative up").click()
    expect(first.locator("[data-track='side2.fortune_held']")).to_have_attribute(
        "data-current", "0"
    )

    # Back online: it hears what it missed and sends what it held, once each.
    second_context.set_offline(False)
    live(second)
    expect(first.locator("[data-track='side2.fortune_held']")).to_have_attribute(
        "data-current", "1"
    )
    expect(first.locator("[data-track='turn'] [data-value]")).to_have_text("3")
    expect(second.locator("[data-track='initiative'] [data-value]")).to_have_text("Side 1")
    assert first.evaluate(VALUES) == second.evaluate(VALUES)
    assert rival.seats.get().game.operations.count() == 5

    # The server restarts mid-game: both phones reconnect and the game goes on from its log.
    asgi_server.restart()
    live(first)
    live(second)
    second.get_by_role("button", name="Turn up").click()
    expect(first.locator("[data-track='turn'] [data-value]")).to_have_text("4")
    assert first.evaluate(VALUES) == second.evaluate(VALUES)

    # At the table: no sideways scroll on a 360 px phone, every step button a thumb's size.
    assert_no_sideways_scroll(second)
    sizes = second.evaluate(
        "() => [...document.querySelectorAll('.step')].map(b => b.getBoundingClientRect())"
        ".map(r => Math.min(r.width, r.height))"
    )
    assert min(sizes) >= 44
    assert first.js_errors == second.js_errors == []
    first_context.close()
    second_context.close()
