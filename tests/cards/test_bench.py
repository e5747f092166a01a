import re
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from rosters.models import Roster


@pytest.mark.django_db
def test_bench_prints_a_row_per_scenario_and_leaves_nothing_behind(rules_data):
    out = StringIO()
    # The print-run table (a club-sized job) is for `make bench`; its rows are tested with
    # small jobs in tests/cards/test_benchmark.py.
    call_command("bench", "--runs", "1", "--no-print", stdout=out)
    rows = timed_rows(out)
    names = [row.split("  ")[0] for row in rows]
    assert "page: league builder (6 cards), drawn" in names
    assert "page: league builder, kept" in names
    assert any(name.startswith("pdf: Fortune deck, 45 cards") for name in names)
    assert len(rows) == 12
    designer = [row for row in rows if "designer" in row]
    assert len(designer) == 3 and all(re.search(r"≤ 50 +(yes|NO)$", row) for row in designer)
    assert not User.objects.filter(username="bench-player").exists()
    assert not Roster.objects.exists()


def timed_rows(out):
    """The table's rows: name, median, max, queries, and a budget with its verdict if any."""
    timed = r"\d+\.\d +\d+\.\d +\d+( +≤ \d+ +(yes|NO))?$"
    return [line for line in out.getvalue().splitlines() if re.search(timed, line)]


@pytest.mark.django_db
def test_bench_only_times_the_scenarios_named(rules_data):
    out = StringIO()
    call_command("bench", "--runs", "1", "--only", "LIVE PREVIEW", stdout=out)
    names = [row.split("  ")[0] for row in timed_rows(out)]
    assert names == [
        "htmx: designer live preview, new name",
        "htmx: designer live preview, seen before",
    ]
    assert "print scenario" not in out.getvalue()  # no print group is named
