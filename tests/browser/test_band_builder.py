"""A player builds a Pulp Fiction band in the browser (a hero, his sidekick and three
henchmen), attaches the sidekick to the hero, and prints the band's stat cards."""

import re

from playwright.sync_api import expect

from rosters.models import Roster


def design(page, *, kind, name, side="", traits=()):
    """Fill the Card Designer for one figure and save it into the band."""
    if kind != "Main Character":
        with page.htmx_swap(r"/cards/designer/$"):
            page.get_by_label("Figure type").select_option(label=kind)
        expect(page.get_by_label("Figure type")).to_have_value(kind.lower().replace(" ", "-"))
    page.get_by_label("Name").fill(name)
    if side:
        page.get_by_label("Side").select_option(side)
    for trait in traits:
        page.locator(f'input[name="traits"][value="{trait}"]').check()
    page.get_by_role("button", name=re.compile("^Save")).click()


def test_build_a_band_and_print_its_cards(page):
    # Each save renders the stat card preview (WeasyPrint): allow a loaded machine its time.
    page.set_default_timeout(30_000)
    page.goto("/rosters/")
    page.get_by_label("Game").select_option(label="Pulp Fiction")
    page.get_by_label("Name").fill("Doc Thunder's Irregulars")
    page.get_by_role("button", name="Create").click()
    meter = page.locator("#slot-meter")
    expect(meter).to_contain_text("0 figures")
    expect(page.get_by_text("has no points")).to_be_visible()

    page.get_by_role("link", name="Design a new card").click()
    design(page, kind="Main Character", name="Doc Thunder", traits=["leader"])
    expect(meter).to_contain_text("1 figure")
    page.get_by_role("link", name="Design a new card").click()
    design(page, kind="Secondary Character", name="Sparky", traits=["sneaky"])
    expect(meter).to_contain_text("2 figures")
    expect(page.get_by_text("Attach it to a Main Character")).to_be_visible()

    # The sidekick serves the hero: chosen in the builder, saved at once.
    with page.expect_response(lambda response: "/role/" in response.url):
        page.get_by_label("Role of Sparky").select_option(label="Serves Doc Thunder")
    expect(page.get_by_text("Attach it to a Main Character")).to_have_count(0)

    for number in (1, 2, 3):
        page.get_by_role("link", name="Design a new card").click()
        design(page, kind="Henchman", name=f"Thug {number}", side="bad")
    expect(meter).to_contain_text("5 figures")
    # Henchmen with no Leader on their side can never act: a warning, still legal.
    expect(page.get_by_text("can never act")).to_be_visible()
    expect(page.locator(".stamp")).to_have_text("Legal")

    band = Roster.objects.get(name="Doc Thunder's Irregulars")
    assert band.members.count() == 5
    doc = band.members.get(character__name="Doc Thunder").character
    assert band.members.get(character__name="Sparky").role == f"attached-to:{doc.pk}"

    page.get_by_role("link", name="Print these cards").click()
    expect(page.locator(".thumbnails img")).to_have_count(1)  # five cards on one A4 sheet
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    assert download.value.suggested_filename.endswith(".pdf")
    assert page.js_errors == []
