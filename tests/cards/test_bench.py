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
    rows = [
        line for line in out.getvalue().splitlines() if re.search(r"\d+\.\d +\d+\.\d +\d+$", line)
    ]
    names = [row.split("  ")[0] for row in rows]
    assert "page: league builder (6 cards), drawn" in names
    assert "page: league builder, kept" in names
    assert any(name.startswith("pdf: Fortune deck, 45 cards") for name in names)
    assert len(rows) == 11
    assert not User.objects.filter(username="bench-player").exists()
    assert not Roster.objects.exists()
