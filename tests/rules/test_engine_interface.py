"""The report every engine returns: plain data, the same in the browser, PDF and CLI."""

import pytest
from django.template.loader import get_template

from rules.engines import UnknownRuleset, engine_for
from rules.engines.base import Budget, Finding, Report, RulesBook


def report(*findings):
    return Report("pulp-alley", Budget(used=12, total=10, unit="slots"), tuple(findings))


def test_a_report_is_legal_only_without_errors():
    advice = Finding("too-many-perks", "warning", "Book advice: at most 3 slots of perks.", 8)
    assert report().legal
    assert report(advice).legal
    broken = Finding("over-budget", "error", "12 slots used of 10.", 6)
    assert not report(advice, broken).legal


def test_report_serialises_to_the_documented_json_shape():
    data = report(Finding("over-budget", "error", "12 slots used of 10.", 6)).to_dict()
    assert data == {
        "ruleset": "pulp-alley",
        "legal": False,
        "budget": {"used": 12, "total": 10, "unit": "slots"},
        "findings": [
            {
                "code": "over-budget",
                "severity": "error",
                "message": "12 slots used of 10.",
                "page": 6,
            }
        ],
    }


def test_findings_about_a_character_can_be_picked_out():
    about_arge = Finding(
        "duplicate-ability", "error", "Fierce twice.", 9, subject="Arge", character_id="7"
    )
    other_arge = Finding("unknown-type", "error", "No type.", 9, subject="Arge", character_id="8")
    league_wide = Finding("no-leader", "error", "A league needs a Leader.", 6)
    found = report(about_arge, other_arge, league_wide)
    assert found.about("7") == [about_arge]
    assert found.not_about(["7", "8"]) == [league_wide]
    assert found.codes == {"duplicate-ability", "unknown-type", "no-leader"}
    written = found.to_dict()["findings"][0]
    assert (written["subject"], written["character_id"]) == ("Arge", "7")


def test_unknown_severity_is_rejected():
    with pytest.raises(ValueError):
        Finding("x", "fatal", "nope")


def test_budget_label_reads_like_the_meter():
    assert Budget(used=7, total=10, unit="slots").label == "7 / 10 slots used"
    assert Budget(used=11, total=10, unit="slots").over


def test_a_game_without_points_has_a_budget_with_no_limit():
    """Pulp Fiction buys nothing with points: the force is never over and the meter, the CLI
    and the roster sheet say only what is counted."""
    budget = Budget(used=5, total=None, unit="figures")
    assert not budget.over
    assert budget.label == "5 figures"
    report = Report("pulp-fiction", budget)
    assert report.to_dict()["budget"] == {"used": 5, "total": None, "unit": "figures"}
    assert report.legal


def test_the_meter_shows_no_bar_for_a_budget_without_a_limit(rf):
    template = get_template("rosters/sample.html")
    for total, bar in ((None, False), (10, True)):
        report = Report("pulp-fiction", Budget(used=5, total=total, unit="figures"))
        context = {"report": report, "slug": "band", "document": {"name": "Band"}, "rows": []}
        html = template.render(context, rf.get("/"))
        assert ("<meter" in html) is bar
        assert "5 / 10 figures used" in html if bar else "5 figures" in html


def test_house_rules_join_the_rules_book_marked_custom_without_replacing_built_ins():
    book = RulesBook(
        "pulp-alley",
        {},
        {("ability", "fierce"): {"slug": "fierce", "name": "Fierce", "level": 1, "custom": False}},
    )
    house = book.with_house_rules(
        [
            {"kind": "ability", "slug": "fierce", "name": "Fake Fierce", "level": 4},
            {"kind": "ability", "slug": "two-guns", "name": "Two Guns", "level": 2},
        ]
    )
    assert house.entry("ability", "fierce")["name"] == "Fierce"
    assert house.entry("ability", "two-guns")["custom"] is True
    assert book.entry("ability", "two-guns") is None


def test_asking_for_an_engine_that_does_not_exist_says_so():
    with pytest.raises(UnknownRuleset):
        engine_for("chess")
