"""Signals that contradict or hide (issue 27), as a player sees them: a cast that is not
legal says why in its report, Pulp Alley's meter adds up, 7TV backs print by default, a cut
in copies is said beside the field, and the home page speaks each game's word for a force."""

from playwright.sync_api import expect

from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document
from tests.browser.test_phone_layout import log_in
from tests.rules.test_pulp_alley_engine import follower, league, sidekick


def test_a_cast_not_legal_for_one_line_leads_its_report_with_why(page, django_user_model):
    player = log_in(page, django_user_model)
    document = sample_document("7tv-shaun")
    document["characters"][-1]["type"] = "no-such-type"
    name = document["characters"][-1]["name"]
    cast = import_roster(owner=player, document=document).roster
    page.goto(f"/rosters/{cast.pk}/")
    expect(page.locator(".stamp")).to_have_text("Not legal")
    report = page.locator("section", has=page.get_by_role("heading", name="Report"))
    expect(report.locator(".finding").first).to_have_class("finding error")
    expect(report.locator(".finding.error").first).to_contain_text(f"{name}:")
    expect(report).not_to_contain_text("Nothing to report")


def test_pulp_alleys_meter_reads_each_pool_and_the_one_over(page, django_user_model):
    player = log_in(page, django_user_model)
    perks = ["mastermind", "company-of-heroes", "network-of-supporters", "bastion-of-science"]
    document = league(
        {**sidekick(), "role": "acting-leader"},
        sidekick("Chu-Chu"),
        follower(),
        perks=[*perks, "greater-purpose", "nefarious"],
    )
    roster = import_roster(owner=player, document=document).roster
    page.goto(f"/rosters/{roster.pk}/")
    expect(page.locator("#slot-meter")).to_have_text(
        "13 / 10 general slots · 1 / 6 restricted slots used"
    )
    expect(page.locator(".over-budget")).to_contain_text("Over budget by 3 general slots")


def test_7tv_backs_print_by_default_and_a_copies_cut_is_said(page, django_user_model):
    player = log_in(page, django_user_model)
    cast = import_roster(owner=player, document=sample_document("7tv-claire")).roster
    page.goto(f"/print/?source=roster-{cast.pk}")
    backs = page.get_by_label("Card backs on the following pages")
    expect(backs).to_be_checked()
    expect(page.locator("#backs-note")).to_have_text(
        "On because these cards carry rules on their backs"
    )
    backs.uncheck()
    with page.expect_navigation():
        page.get_by_role("button", name="Update preview").click()
    expect(page.get_by_label("Card backs on the following pages")).not_to_be_checked()
    # The field's max stops the browser sending 80; a link or an edited address still can.
    key = page.locator(".copies input[type=number]").first.get_attribute("name")
    page.goto(f"/print/?source=roster-{cast.pk}&chosen=1&{key}=80")
    expect(page.locator(f"#id_{key}")).to_have_value("50")
    note = page.locator(f"#note_{key}")
    expect(note).to_have_text("80 asked: a card prints at most 50 times, so 50 are printed")
    expect(page.locator(f"#id_{key}")).to_have_attribute("aria-describedby", f"note_{key}")


def test_the_home_page_offers_every_games_sample_force(page):
    page.goto("/")
    expect(
        page.get_by_role("link", name="Start from a book's sample league, cast, team or band")
    ).to_be_visible()
