"""The print bench's job shapes and report (its timings are never asserted: speed is watched
by `make bench`, not by tests)."""

from dataclasses import replace

import pytest

from cards.printing import benchmark
from cards.printing.sheets import layout
from tests.cards.sample_faces import crew


def club_faces(count=4, copies=5):
    return [replace(face, copies=copies) for face in crew(count)]


def test_the_first_sheets_are_the_runs_first_cards_copies_cut_to_fit():
    job = benchmark.first_cards(club_faces(), 9)
    assert [face.copies for face in job] == [5, 4]
    assert len(layout(job, benchmark.OPTIONS)) == 1


def test_all_different_cards_are_each_copy_renamed():
    different = benchmark.all_different(club_faces(2))
    assert len(different) == 10 and all(face.copies == 1 for face in different)
    assert len({face.data["name"] for face in different}) == 10


def test_a_figure_over_its_budget_is_flagged_next_to_plain_weasyprint():
    row = benchmark.Row("50 sheets", 9.0, "≤ 8.0 s", plain=18.0, peak_mb=350, within=False)
    printed = benchmark.line(row)
    assert "9.000" in printed and "18.000" in printed and "0.50" in printed
    assert printed.endswith("NO")


def test_only_picks_the_print_groups_it_names():
    assert benchmark.any_chosen("") and benchmark.any_chosen("PRINT PAGE")
    assert benchmark.any_chosen("one card changed")  # a row's name picks its group
    assert not benchmark.any_chosen("designer")


@pytest.mark.django_db
def test_the_club_is_the_named_forces_first_character_in_that_forces_game(
    player, rules_data, monkeypatch
):
    monkeypatch.setattr(benchmark, "CHARACTERS", 2)
    with benchmark.scratch_media():
        made = benchmark.club(player, "pulp-fiction-heroes")
        assert all(c.marked_for_print and c.portrait_print for c in made)
    assert [c.name for c in made] == ["Character 01", "Character 02"]
    assert {(c.ruleset.slug, c.character_type) for c in made} == {
        ("pulp-fiction", "main-character")
    }


@pytest.mark.django_db
def test_the_club_as_a_roster_file_reads_and_prints_each_picture(
    rules_data, monkeypatch, tmp_path, empty_print_cache
):
    from rosters.format import read_roster

    monkeypatch.setattr(benchmark, "CHARACTERS", 2)
    path = benchmark.roster_file("singapore-smith", tmp_path / "club.json")
    roster = read_roster(path)
    assert [c["name"] for c in roster["characters"]] == ["Character 01", "Character 02"]
    assert len({c["portrait"]["data"] for c in roster["characters"]}) == 2
    rows = list(benchmark.measure_roster_file("singapore-smith", 1))
    assert [row.scenario.strip() for row in rows] == [
        "print_roster, 2-character file, unchanged",
        "reading the file alone",
        "print_roster, one card changed",
    ]


@pytest.mark.django_db
def test_first_views_are_timed_after_drawing_ahead_next_to_plain_weasyprint(
    player, rules_data, empty_print_cache
):
    from rules.models import Deck

    deck = Deck.objects.get(ruleset__slug="pulp-alley", slug="plot-point-rewards")
    rows = list(benchmark.measure_first_views(player, 1, decks=[deck], rulesets=["pulp-city"]))
    assert [row.scenario for row in rows] == [
        "first view: Plot Point Reward cards, Print page",
        "first view: Plot Point Reward cards, Download",
        "first view: pulp-city quick reference",
    ]
    assert all(row.plain and row.budget == "≤ 1 s" for row in rows)


def test_a_first_view_refused_stops_the_bench_rather_than_timing_the_refusal(
    player, rules_data, empty_print_cache, monkeypatch
):
    from django.http import HttpResponse
    from django.test import Client

    from rules.models import Deck

    monkeypatch.setattr(Client, "get", lambda self, *a, **k: HttpResponse(status=429))
    deck = Deck.objects.get(ruleset__slug="pulp-alley", slug="plot-point-rewards")
    with pytest.raises(RuntimeError, match="429"):
        list(benchmark.measure_first_views(player, 1, decks=[deck], rulesets=[]))


def test_a_quick_figure_and_its_yardstick_are_timed_turn_about_and_often():
    """The machine's speed drifts: reading a file and printing it are timed one after the
    other, again and again, so that both medians see the same machine."""
    calls = []
    benchmark.turn_about(lambda: calls.append("read"), lambda: calls.append("print"), runs=3)
    assert calls == ["read", "print"] * benchmark.QUICK_RUNS
