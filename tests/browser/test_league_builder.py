"""A player builds a legal Pulp Alley league from scratch in the browser."""

import re

from playwright.sync_api import expect

from rosters.models import Roster

STEALTHY = 'input[name="perks"][value="stealthy-agents"]'


def design(page, *, kind, name, abilities):
    """Fill the Card Designer for one character and save it."""
    if kind != "Leader":
        with page.htmx_swap(r"/cards/designer/$"):
            page.get_by_label("Character type").select_option(label=kind)
        expect(page.get_by_label("Character type")).to_have_value(kind.lower())
    page.get_by_label("Name").fill(name)
    for ability in abilities:
        page.locator(f'input[name="abilities"][value="{ability}"]').check()
    expect(page.locator("#preview .finding.ok")).to_be_visible()
    page.get_by_role("button", name=re.compile("^Save")).click()


def meter(page):
    return page.locator("#slot-meter")


def test_build_a_legal_league_and_watch_the_slot_meter(page):
    page.goto("/rosters/")
    page.get_by_label("Name").fill("The Shanghai Irregulars")
    page.get_by_role("button", name="Create").click()
    expect(meter(page)).to_have_text("0 / 10 slots used")

    # A Leader and a Sidekick designed in place: each joins the league on save.
    page.get_by_role("link", name="Design a new card").click()
    design(
        page,
        kind="Leader",
        name="Singapore Smith",
        abilities=["sharp", "deadeye", "hardened-veteran"],
    )
    expect(meter(page)).to_have_text("0 / 10 slots used")
    page.get_by_role("link", name="Design a new card").click()
    design(page, kind="Sidekick", name="Arge", abilities=["athletic", "fierce"])
    expect(meter(page)).to_have_text("3 / 10 slots used")

    # Two Allies and a Follower designed in My Cards, then added from the roster page.
    for kind, name, abilities in [
        ("Ally", "Enki", ["marksman"]),
        ("Ally", "Kazak", ["marksman"]),
        ("Follower", "Chu-Chu", ["agile"]),
    ]:
        page.goto("/cards/designer/")
        design(page, kind=kind, name=name, abilities=abilities)
        expect(page.get_by_text(f"{name} saved to My Cards.")).to_be_visible()
    league = Roster.objects.get(name="The Shanghai Irregulars")
    page.goto(f"/rosters/{league.pk}/")
    for label, expected in [("Enki (ally)", 5), ("Kazak (ally)", 7), ("Chu-Chu (follower)", 8)]:
        page.get_by_label("Add from My Cards").select_option(label=label)
        page.get_by_role("button", name="Add", exact=True).click()
        expect(meter(page)).to_have_text(f"{expected} / 10 slots used")  # live, no reload
    expect(page.locator(".stamp")).to_have_text("Legal")

    # A perk spends slots too; too many make the league not legal, and it still saves.
    page.locator(STEALTHY).check()
    expect(meter(page)).to_have_text("11 / 10 slots used")
    expect(page.locator(".stamp")).to_have_text("Not legal")
    page.locator(STEALTHY).uncheck()
    expect(meter(page)).to_have_text("8 / 10 slots used")

    page.reload()
    expect(meter(page)).to_have_text("8 / 10 slots used")
    expect(page.locator(".member-name")).to_have_count(5)
    assert league.members.count() == 5
    assert page.js_errors == []
