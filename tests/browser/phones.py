"""Two phones at one table, for the live-game browser tests: a phone logged in as a player,
the two of them sitting down to a game (one starts it from a roster, the other joins with
the code shown), and a change made on one phone that the other must show."""

import re

from django.test import Client
from playwright.sync_api import expect

PHONE = {"width": 360, "height": 740}
# Every value a page shows, by track.
VALUES = """() => Object.fromEntries([...document.querySelectorAll('[data-track]')]
  .map(t => [t.dataset.track, t.dataset.current]))"""


def phone_of(chromium, server, user):
    """A phone's browser context logged in as `user`, and its page."""
    client = Client()
    client.force_login(user)
    context = chromium.new_context(base_url=server, viewport=PHONE)
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors
    return context, page


def live(page):
    expect(page.locator("[data-play-status]")).to_have_text("Live")


def sit_down(first, second, mine, theirs):
    """The first phone starts a game from its roster `mine`; the second joins it with the
    code the first shows, from its roster `theirs`; both end up live with both forces."""
    first.goto(f"/rosters/{mine.pk}/")
    first.get_by_role("button", name="Start a game").click()
    code = first.get_by_label("Join code").inner_text()
    expect(first.locator(".join-qr svg")).to_be_visible()
    second.goto(f"/rosters/{theirs.pk}/")
    second.get_by_label("Join code").fill(code.lower())  # typed as it comes
    second.get_by_role("button", name=re.compile("^Join with this ")).click()
    # The first phone hears that the opponent sat down and shows both forces.
    expect(first.locator(".force")).to_have_count(2)
    expect(first.locator(".join-panel")).to_have_count(0)
    live(first)
    live(second)


def shows(page, target, value):
    """The page shows `target` at `value` (the number the log keeps)."""
    expect(page.locator(f"[data-track='{target}']")).to_have_attribute("data-current", str(value))


def change(phone, where, label, way, other=None):
    """Press `label`'s up or down (`way`) in the `where` part of `phone`'s page (a model's
    card, a side's tracks, the game's), and see the value move by one step there and, when
    given, on the `other` phone. Returns the track's target and its new value."""
    track = where.locator(f".track[data-label='{label}']").first
    target = track.get_attribute("data-track")
    step = int(track.get_attribute("data-increment"))
    value = int(track.get_attribute("data-current")) + (step if way == "up" else -step)
    track.get_by_role("button", name=f"{label} {way}").click()
    shows(phone, target, value)
    if other is not None:
        shows(other, target, value)
    return target, value
