"""7TV, Pulp City and Pulp Fiction at one table, on two phones through one real ASGI server
(test_play_live.py plays Pulp Alley): each game's own tracks change on one phone and show on
the other, an undo sets one back on both, a phone offline mid-game converges when back; and a
player who logs out leaves no game of theirs readable from the phone's offline copy."""

import pytest
from playwright.sync_api import Error, expect

from rosters.handlers.transfer import start_from_sample
from tests.browser.phones import VALUES, change, live, phone_of, shows, sit_down

GAMES = {
    "7tv": ("7tv-claire", "7tv-georgia"),
    "pulp-city": ("pulp-city-starter-box", "pulp-city-major-team-clash"),
    "pulp-fiction": ("pulp-fiction-heroes", "pulp-fiction-villains"),
}


def newest_line(page):
    return page.locator("[data-play-log] li").first


def undo(acting, other, target, value):
    """The acting phone undoes its last change: `target` is back at `value` on both."""
    acting.get_by_role("button", name="Undo my last change").click()
    shows(acting, target, value)
    shows(other, target, value)


def play_7tv(first, second):
    mine, theirs = first.locator(".force.mine"), second.locator(".force.mine")
    overlord = mine.locator(".model-card").first
    change(first, overlord, "Health", "down", second)  # a hit
    expect(newest_line(second)).to_have_text(
        "Side 1 (player) set Evil Overlord's Health from 3 to 2."
    )
    change(second, theirs.locator(".side-tracks"), "Plot points", "up", first)
    act, _ = change(first, first.locator(".game-tracks"), "Act", "up", second)
    expect(second.locator(f"[data-track='{act}'] [data-value]")).to_have_text("Act two")
    card, _ = change(second, second.locator(".game-tracks"), "Script card in play", "up", first)
    expect(first.locator(f"[data-track='{card}'] [data-value]")).to_have_text("A♣ Behind The Sofa")
    stunned, _ = change(first, overlord, "Stunned", "up", second)
    expect(second.locator(f"[data-track='{stunned}'] [data-value]")).to_have_text("Yes")
    undo(first, second, stunned, 0)


def play_pulp_city(first, second):
    mine, theirs = first.locator(".force.mine"), second.locator(".force.mine")
    meridian = theirs.locator(".model-card").first
    change(second, meridian, "Damage", "down", first)
    expect(newest_line(first)).to_have_text(
        "Side 2 (rival) set Captain Meridian's Damage from 14 to 13."
    )
    change(first, mine.locator(".side-tracks"), "Action Pool", "down", second)
    change(first, mine.locator(".model-card").first, "AP used", "up", second)
    change(first, first.locator(".game-tracks"), "Game Round", "up", second)
    knocked_down, _ = change(second, meridian, "Knocked Down", "up", first)
    undo(second, first, knocked_down, 0)


def play_pulp_fiction(first, second, second_context):
    mine, theirs = first.locator(".force.mine"), second.locator(".force.mine")
    doc = mine.locator(".model-card", has_text="Doc Thunder")
    change(first, doc, "Wounds taken", "up", second)
    change(first, doc, "Spare Ammo", "down", second)
    change(first, mine.locator(".side-tracks"), "Activation Points", "up", second)
    # The villains' phone loses its connection mid-turn and keeps playing.
    second_context.set_offline(True)
    expect(second.locator("[data-play-status]")).to_contain_text("Offline")
    graves = theirs.locator(".model-card").first
    acted, _ = change(second, graves, "Acted this turn", "up")
    points, _ = change(second, theirs.locator(".side-tracks"), "Activation Points", "up")
    expect(second.locator("[data-play-status]")).to_contain_text("2 changes kept")
    turn, _ = change(first, first.locator(".game-tracks"), "Turn", "up")
    # Back online it hears the turn it missed and sends what it held, once each.
    second_context.set_offline(False)
    live(second)
    shows(first, acted, 1)
    shows(first, points, 1)
    shows(second, turn, 2)
    undo(second, first, points, 0)
    assert first.evaluate(VALUES) == second.evaluate(VALUES)


@pytest.mark.django_db(transaction=True)
def test_two_phones_play_7tv_pulp_city_and_pulp_fiction_then_one_logs_out(
    chromium, asgi_server, rules_data, player, rival
):
    first_context, first = phone_of(chromium, asgi_server.url, player)
    second_context, second = phone_of(chromium, asgi_server.url, rival)
    for slug, play in (("7tv", play_7tv), ("pulp-city", play_pulp_city)):
        mine, theirs = (
            start_from_sample(owner=owner, slug=sample).roster
            for owner, sample in zip((player, rival), GAMES[slug], strict=True)
        )
        sit_down(first, second, mine, theirs)
        play(first, second)
        assert first.evaluate(VALUES) == second.evaluate(VALUES)
    heroes, villains = (
        start_from_sample(owner=owner, slug=sample).roster
        for owner, sample in zip((player, rival), GAMES["pulp-fiction"], strict=True)
    )
    sit_down(first, second, heroes, villains)
    play_pulp_fiction(first, second, second_context)
    assert rival.seats.get(game__ruleset__slug="pulp-fiction").game.operations.count() == 7

    # The heroes' player leaves the shared phone: its copy of their game goes with them.
    game_url = first.url
    first.wait_for_function("() => navigator.serviceWorker.controller !== null")
    first.wait_for_function("async () => !!(await caches.match(location.pathname))")
    first.locator(".nav-toggle-label").click()
    first.get_by_role("button", name="Log out").click()
    expect(first.locator(".account-menu .who")).to_have_count(0)  # nobody logged in
    assert first.evaluate("async () => (await caches.keys()).length") == 0
    assert first.evaluate("() => localStorage.length") == 0
    first_context.set_offline(True)
    with pytest.raises(Error, match="ERR_INTERNET_DISCONNECTED"):
        first.goto(game_url)
    assert first.js_errors == second.js_errors == []
    first_context.close()
    second_context.close()
