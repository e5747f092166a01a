import re
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from rosters.models import Roster


@pytest.mark.django_db
def test_bench_prints_a_row_per_scenario_and_leaves_nothing_behind(rules_data):
    out = StringIO()
    call_command("bench", "--runs", "1", stdout=out)
    rows = [
        line for line in out.getvalue().splitlines() if re.search(r"\d+\.\d +\d+\.\d +\d+$", line)
    ]
    names = [row.split("  ")[0] for row in rows]
    assert "page: league builder (6 cards)" in names
    assert "pdf: Fortune deck, 45 cards" in names
    assert len(rows) == 10
    assert not User.objects.filter(username="bench-player").exists()
    assert not Roster.objects.exists()
