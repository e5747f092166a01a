"""A Pulp City player fills in Solar's missing values once, in their library, and the
Heroes Starter Box they then start from prints Solar's card with no blank left."""

import re

from playwright.sync_api import expect

from rosters.models import Roster
from tests.cards.pdf_reading import read, text

TRAITS = {"strength": 4, "defense": 4, "energy": 6, "agility": 4, "mind": 3, "spirit": 4}


def test_fill_in_solar_once_and_print_the_heroes_starter_box(page):
    page.goto("/rosters/library/pulp-city/")
    page.locator("#complete-supreme-solar").get_by_role("link", name="Fill in").click()
    expect(page.locator("#id_ap")).to_have_count(0)  # AP 6 is the Game Guide's own
    page.locator("#id_origin").select_option("science")
    for trait, value in TRAITS.items():
        page.locator(f"[name='traits.{trait}']").fill(str(value))
    page.locator("#id_damage").fill("10")
    page.get_by_role("button", name="Keep my values").click()
    expect(page.locator("#complete-supreme-solar .tag")).to_have_text("Your values")

    page.goto("/rosters/samples/pulp-city-starter-box/")
    page.get_by_role("button", name=re.compile("Start from this")).click()
    page.wait_for_url(re.compile(r"/rosters/\d+/$"))
    report = page.locator(".finding", has_text="Solar's damage, origin, traits")
    expect(report).to_contain_text("your own values")

    roster = Roster.objects.get(name="Heroes Starter Box")
    pdf = page.request.get(f"/print/cards.pdf?source=roster-{roster.pk}")
    cards = text(read(pdf.body()))
    solar = cards[cards.index("SOLAR L2") : cards.index("IRON TRAIN")]
    assert "10" in solar and "Your values damage, origin, traits" in solar
    assert "–" not in solar and "—" not in solar
