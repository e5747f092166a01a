"""My Cards in the browser: search, tick for printing, delete and undo."""

from playwright.sync_api import expect

from rosters.models import Character
from rules.models import Ruleset


def test_search_tick_delete_and_undo(page, django_user_model):
    player = django_user_model.objects.create_user("collector", password="Lost-city-of-Z-1925")
    pulp_alley = Ruleset.objects.get(slug="pulp-alley")
    for name, kind in [("Singapore Smith", "leader"), ("Arge", "sidekick"), ("Enki", "ally")]:
        Character.objects.create(owner=player, ruleset=pulp_alley, character_type=kind, name=name)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("collector")
    page.get_by_label("Password").fill("Lost-city-of-Z-1925")
    page.get_by_role("button", name="Log in").click()

    page.goto("/cards/")
    rows = page.locator("#results tbody tr")
    expect(rows).to_have_count(3)
    page.get_by_label("Search").fill("arg")
    expect(rows).to_have_count(1)  # htmx swap, no reload
    expect(rows.first).to_contain_text("Arge")
    page.get_by_label("Search").fill("")
    expect(rows).to_have_count(3)

    page.get_by_label("Print Enki").check()
    expect(page.locator("#print-count")).to_have_text("Print ticked cards (1)")
    page.get_by_label("Print Arge").check()
    expect(page.locator("#print-count")).to_have_text("Print ticked cards (2)")
    assert Character.objects.filter(marked_for_print=True).count() == 2

    page.locator(
        "#card-{} button".format(Character.objects.get(name="Enki").pk), has_text="Delete"
    ).click()
    expect(page.get_by_text("Deleted Enki.").first).to_be_visible()
    expect(rows).to_have_count(2)
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_text("Enki is back.")).to_be_visible()
    expect(rows).to_have_count(3)
    assert page.js_errors == []
