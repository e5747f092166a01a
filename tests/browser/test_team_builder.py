"""A player builds a legal Encounter Level 8 Pulp City team in the browser, designing each
Supreme in the Card Designer, and prints its cards."""

import re

from playwright.sync_api import expect

from rosters.models import Roster
from tests.cards.pdf_reading import read, text


def design(page, name, level, **traits):
    """Open the designer from the team, pick the Level (the form resets), fill in the card."""
    page.get_by_role("link", name="Design a new card").click()
    if level != 1:  # the designer opens on Level 1; another Level reloads the form
        with page.htmx_swap(r"/cards/designer/$"):
            page.get_by_label("Level", exact=True).select_option(f"level-{level}")
    page.locator("#id_name").fill(name)
    page.locator("#id_origin").select_option("science")
    for trait, value in traits.items():
        page.locator(f"#id_{trait}").fill(str(value))
    page.locator("#id_damage").fill("8")
    page.locator("#id_ap").fill("5")
    page.get_by_role("button", name="Save and add to Starter Heroes").click()
    expect(page).to_have_url(re.compile(r"/rosters/\d+/$"))


def test_build_an_encounter_level_8_team_design_a_supreme_and_print(page):
    page.goto("/rosters/")
    page.get_by_label("Game").select_option(label="Pulp City")
    page.get_by_label("Name").fill("Starter Heroes")
    page.get_by_role("button", name="Create").click()
    # The settings save through htmx, which binds its handlers once the new page has loaded.
    page.wait_for_url("**/rosters/*/")
    page.wait_for_load_state("load")

    with page.htmx_swap("/settings/"):
        page.locator("#setting-side").select_option("heroes")
    expect(page.locator("#setting-side")).to_have_value("heroes")
    with page.htmx_swap("/settings/"):
        page.locator("#budget").fill("8")
        page.locator("#budget").press("Tab")
    meter = page.locator("#slot-meter")
    expect(meter).to_have_text("0 / 8 levels used")

    for name, level, expected in [
        ("Blaze", 2, 2),
        ("Bulwark", 2, 4),
        ("Quicksilver", 2, 6),
        ("Spark", 1, 7),
    ]:
        design(page, name, level, strength=4, defense=4, energy=5, agility=4, mind=3, spirit=3)
        expect(meter).to_have_text(f"{expected} / 8 levels used")
    expect(page.locator(".stamp")).to_have_text("Not legal")
    design(page, "Gadget", 1, strength=2, defense=3, energy=4, agility=5, mind=5, spirit=3)
    expect(meter).to_have_text("8 / 8 levels used")
    expect(page.locator(".stamp")).to_have_text("Legal")
    expect(page.get_by_text("level mix: 2×L1 + 3×L2")).to_be_visible()

    team = Roster.objects.get(name="Starter Heroes")
    assert (team.budget, team.choices["side"], team.members.count()) == (8, "heroes", 5)

    page.get_by_role("link", name="Print these cards").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    with open(download.value.path(), "rb") as pdf:
        reader = read(pdf.read())
    assert len(reader.pages) == 1
    words = text(reader).upper()
    assert all(name.upper() in words for name in ("Blaze", "Gadget", "Quicksilver"))
    assert page.js_errors == []
