"""A player builds a legal 25-rating heroic 7TV cast in the browser."""

from playwright.sync_api import expect

from rosters.models import Roster


def add_profile(page, slug, models=1):
    page.get_by_label("Add from the library").select_option(slug)
    page.get_by_label("Models", exact=True).fill(str(models))
    page.locator("form.add-member", has=page.get_by_label("Add from the library")).get_by_role(
        "button", name="Add"
    ).click()


def test_build_a_legal_heroic_cast_of_25_ratings(page):
    page.goto("/rosters/")
    page.get_by_label("Game").select_option(label="7TV")
    page.get_by_label("Name").fill("The Unlikely Heroes")
    page.get_by_role("button", name="Create").click()
    meter = page.locator("#slot-meter")
    expect(meter).to_have_text("0 / 25 ratings used")
    # The settings save through htmx, which binds its handlers once the new page has loaded.
    page.wait_for_load_state("load")

    # Each setting saves at once (htmx); wait for the builder to come back before going on.
    for label, value in [("Affiliation", "heroic"), ("Chosen genre", "action")]:
        with page.htmx_swap("/settings/"):
            page.get_by_label(label).select_option(value)
        expect(page.get_by_label(label)).to_have_value(value)

    for slug, models, expected in [
        ("bold-blade", 1, 10),  # Star
        ("daring-rebel", 1, 16),  # Co-Star
        ("everyman", 1, 21),  # Co-Star
        ("bystander", 3, 23),  # 1 each, or 2 for 3
        ("cop", 1, 25),
    ]:
        add_profile(page, slug, models)
        expect(meter).to_have_text(f"{expected} / 25 ratings used")  # live, no reload
    expect(page.locator(".stamp")).to_have_text("Legal")

    add_profile(page, "guard", 1)
    expect(meter).to_have_text("27 / 25 ratings used")
    expect(page.locator(".stamp")).to_have_text("Not legal")
    page.get_by_role("button", name="Remove Guard").click()
    expect(meter).to_have_text("25 / 25 ratings used")

    page.reload()
    expect(meter).to_have_text("25 / 25 ratings used")
    cast = Roster.objects.get(name="The Unlikely Heroes")
    assert cast.choices == {"affiliation": "heroic", "genre": "action"}
    assert cast.members.count() == 5
    assert page.js_errors == []
