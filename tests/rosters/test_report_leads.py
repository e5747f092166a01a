"""A force that is not legal says why wherever its report is read: the builder, the shared
page, the roster sheet and `roster validate` lead with every error, the force's own and each
character's (named by the character), and never say "Nothing to report" (issue 27)."""

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils.html import escape

from cards.roster_sheet import roster_sheet_pdf
from rosters.handlers.transfer import import_roster
from rosters.models import ShareLink
from rosters.samples import sample_document, samples
from rules import engines
from rules.rulesets import playable_slugs
from rules.selectors import rules_for
from tests.cards.pdf_reading import read, text

pytestmark = pytest.mark.django_db


def spoiled_force(slug):
    """The game's largest sample force with its last character given a type the book lacks:
    an error about that character alone."""
    sample = max((s for s in samples() if s.ruleset == slug), key=lambda sample: sample.characters)
    document = sample_document(sample.slug)
    document["characters"][-1]["type"] = "no-such-type"
    return document


def errors_of(document):
    report = engines.evaluate(document, rules_for(document["ruleset"]))
    assert not report.legal
    errors = report.of_severity("error")
    assert any(f.character_id == document["characters"][-1]["id"] for f in errors)
    return errors


def report_section(page):
    return page.split("<h2>Report</h2>", 1)[1].split("</section>", 1)[0]


def assert_leads_with_every_error(section, errors):
    assert "Nothing to report" not in section
    shown = re.findall(r'<li class="finding (\w+)">(.*?)</li>', section, re.S)
    assert [severity for severity, _ in shown[: len(errors)]] == ["error"] * len(errors)
    for finding in errors:
        named = f"{escape(finding.subject)}:</span> " if finding.subject else ""
        assert any(f"{named}{escape(finding.message)}" in line for _, line in shown)


@pytest.mark.parametrize("slug", playable_slugs())
def test_the_builder_and_the_shared_page_lead_with_every_error(
    slug, player, player_client, rules_data
):
    document = spoiled_force(slug)
    errors = errors_of(document)
    roster = import_roster(owner=player, document=document).roster
    builder = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert "Not legal" in builder
    assert_leads_with_every_error(report_section(builder), errors)

    assert player_client.post(f"/rosters/{roster.pk}/share/").status_code == 302
    token = ShareLink.objects.get(roster=roster).token
    shared = player_client.get(f"/rosters/shared/{token}/").content.decode()
    assert_leads_with_every_error(report_section(shared), errors)


@pytest.mark.parametrize("slug", playable_slugs())
def test_the_roster_sheet_lists_every_error_before_the_rest(slug):
    document = spoiled_force(slug)
    errors = errors_of(document)
    words = re.sub(r"\s+", " ", text(read(roster_sheet_pdf(document, rules_for(slug)))))
    report = words.upper().split("REPORT SEVERITY ABOUT FINDING PAGE", 1)[1]
    assert "NOTHING TO REPORT" not in report
    rows = re.findall(r"\b(ERROR|WARNING|INFO) ", report)
    assert rows[: len(errors)] == ["ERROR"] * len(errors)
    last_character = document["characters"][-1]["name"]
    assert last_character.upper() in report


@pytest.mark.parametrize("slug", playable_slugs())
def test_roster_validate_prints_every_error_first(slug, tmp_path):
    document = spoiled_force(slug)
    errors = errors_of(document)
    path = tmp_path / "force.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_code:
        call_command("roster", "validate", str(path), stdout=out)
    assert exit_code.value.code == 1
    lines = out.getvalue().splitlines()
    verdict = next(n for n, line in enumerate(lines) if line.startswith("NOT LEGAL"))
    listed = lines[verdict + 1 : verdict + 1 + len(errors)]
    assert all(line.startswith("  ERROR") for line in listed)
    last_character = document["characters"][-1]["name"]
    assert any(f"{last_character}: " in line for line in listed)
