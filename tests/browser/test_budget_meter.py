"""The budget meter as a player sees it: a league over its slots shows it in words, in a
hatched stretch past a bold limit line, and to screen readers; one within budget does not."""

import re
from io import BytesIO

from PIL import Image
from playwright.sync_api import expect

from rosters.handlers import members as member_handlers
from rosters.models import Character, Roster
from rules.models import Ruleset
from tests.browser.test_phone_layout import PHONE, assert_no_sideways_scroll, log_in


def league_of(player, kinds):
    pulp_alley = Ruleset.objects.get(slug="pulp-alley")
    roster = Roster.objects.create(owner=player, ruleset=pulp_alley, name="Smith's League")
    for number, kind in enumerate(kinds):
        character = Character.objects.create(
            owner=player, ruleset=pulp_alley, character_type=kind, name=f"{kind} {number}"
        )
        member_handlers.add_member(roster=roster, character=character)
    return roster


def colour_changes(image, y, x_from, x_to):
    """How often the colour changes along one row of pixels: stripes change often."""
    row = [image.getpixel((x, y)) for x in range(x_from, x_to)]
    return sum(1 for a, b in zip(row, row[1:], strict=False) if a != b)


def test_thirteen_of_ten_slots_is_plainly_over_budget(page, django_user_model):
    player = log_in(page, django_user_model)
    # 0 + 3 + 3 + 2 + 2 + 2 + 1 = 13 slots.
    kinds = ["leader", "sidekick", "sidekick", "ally", "ally", "ally", "follower"]
    roster = league_of(player, kinds)
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#slot-meter")).to_have_text("13 / 10 slots used")
    expect(page.get_by_text("Over budget by 3 slots")).to_be_visible()
    meter = page.get_by_role("meter")
    expect(meter).to_have_attribute("aria-valuetext", "13 of 10 slots used, 3 slots over budget")

    bar = meter.bounding_box()
    limit = page.locator(".budget-meter .limit").bounding_box()
    # The limit line sits 10/13 of the way along the bar.
    assert abs((limit["x"] + limit["width"] / 2 - bar["x"]) / bar["width"] - 10 / 13) < 0.02
    shot = Image.open(BytesIO(meter.screenshot())).convert("RGB")
    middle = shot.height // 2
    split = round(shot.width * 10 / 13)
    inside = colour_changes(shot, middle, 3, split - 4)
    past = colour_changes(shot, middle, split + 4, shot.width - 3)
    assert inside <= 2, "the spent part is one plain fill"
    assert past >= 6, "the part past the limit is hatched, not just another colour"
    assert page.js_errors == []


def test_within_budget_the_bar_is_plain_and_says_nothing_more(page, django_user_model):
    player = log_in(page, django_user_model)
    roster = league_of(player, ["leader", "sidekick", "ally"])  # 5 of 10
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#slot-meter")).to_have_text("5 / 10 slots used")
    expect(page.get_by_text("Over budget")).to_have_count(0)
    expect(page.locator(".budget-meter .overflow")).to_have_count(0)
    meter = page.get_by_role("meter")
    expect(meter).to_have_attribute("aria-valuetext", "5 of 10 slots used")
    bar = meter.bounding_box()
    spent = page.locator(".budget-meter .spent").bounding_box()
    assert abs(spent["width"] / bar["width"] - 0.5) < 0.02


def test_the_over_budget_meter_fits_a_phone(page, django_user_model):
    player = log_in(page, django_user_model)
    roster = league_of(player, ["leader", "sidekick", "sidekick", "sidekick", "ally"])
    page.set_viewport_size(PHONE)
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator(".over-budget")).to_have_text(re.compile(r"Over budget by 1 slot$"))
    assert_no_sideways_scroll(page)


def test_move_buttons_reorder_the_roster_live(page, django_user_model):
    player = log_in(page, django_user_model)
    roster = league_of(player, ["leader", "sidekick", "ally"])
    page.goto(f"/rosters/{roster.pk}/")
    names = page.locator(".member-name")
    expect(names).to_have_text(["leader 0", "sidekick 1", "ally 2"])
    page.get_by_role("button", name="Move ally 2 up").click()
    expect(names).to_have_text(["leader 0", "ally 2", "sidekick 1"])
    # Focus stays on the button that moved, so the keyboard can keep going.
    expect(page.get_by_role("button", name="Move ally 2 up")).to_be_focused()
    page.keyboard.press("Enter")
    expect(names).to_have_text(["ally 2", "leader 0", "sidekick 1"])
