"""The budget meter's bar: spent inside the limit, and the part past it that is hatched."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rosters.meter import meter_for
from rules.engines.base import Budget


def test_inside_the_budget_nothing_spills():
    meter = meter_for(Budget(used=7, total=10, unit="slots"))
    assert (meter.over, meter.within_percent, meter.over_percent) == (0, 70.0, 0.0)
    assert meter.limit_percent == 100.0


def test_at_13_of_10_slots_three_spill_past_the_limit():
    meter = meter_for(Budget(used=13, total=10, unit="slots"))
    assert meter.over == 3 and meter.scale == 13
    assert meter.within_percent == meter.limit_percent == 76.92
    assert meter.over_percent == 23.08


def test_an_overspent_pool_counts_even_when_the_total_fits():
    # Pulp Alley: 11 of 10 general slots used, Commander's 4 restricted slots empty.
    budget = Budget(
        used=11,
        total=14,
        unit="slots",
        details={"general": {"used": 11, "total": 10}, "restricted": {"used": 0, "total": 4}},
    )
    meter = meter_for(budget)
    assert meter.over == 1
    assert meter.over_percent > 0


@given(used=st.integers(0, 500), total=st.integers(0, 500))
def test_the_bar_never_spills_out_of_its_box(used, total):
    meter = meter_for(Budget(used=used, total=total, unit="ratings"))
    assert meter.over == max(0, used - total)
    assert 0 <= meter.within_percent <= meter.limit_percent <= 100
    assert meter.limit_percent + meter.over_percent <= 100.01
    assert (meter.over_percent > 0) == (used > total)


def test_fifteen_of_fourteen_with_the_general_pool_two_over_reads_as_the_pools():
    # Pulp Alley with Commander: 12 of the 10 general slots and 3 of the 4 restricted ones
    # (Allies and Followers only). The sum "15 / 14" would say one over; the general pool
    # alone is two over, so the headline names each pool and the overspill names its pool.
    budget = Budget(
        used=15,
        total=14,
        unit="slots",
        details={"general": {"used": 12, "total": 10}, "restricted": {"used": 3, "total": 4}},
        split_into=("general", "restricted"),
    )
    assert budget.label == "12 / 10 general slots · 3 / 4 restricted slots used"
    assert budget.detail_lines == []  # no second copy of the pools beside the headline
    meter = meter_for(budget)
    assert (meter.over, meter.over_unit) == (2, "general slots")
    assert meter.spoken == "12 of 10 general slots · 3 of 4 restricted slots used"


@pytest.mark.django_db
def test_the_builder_says_the_general_slots_are_over_when_the_whole_would_fit(
    player, player_client, rules_data
):
    from rosters.handlers.transfer import import_roster
    from tests.rules.test_pulp_alley_engine import follower, league, sidekick

    # Mastermind: the acting leader costs 0, a second Sidekick 3, five perks 10 = 13 of the
    # 10 general slots; one Follower takes 1 of the 6 restricted ones: 14 of 16 in all.
    perks = ["mastermind", "company-of-heroes", "network-of-supporters", "bastion-of-science"]
    document = league(
        {**sidekick(), "role": "acting-leader"},
        sidekick("Chu-Chu"),
        follower(),
        perks=[*perks, "greater-purpose", "nefarious"],
    )
    roster = import_roster(owner=player, document=document).roster
    page = player_client.get(f"/rosters/{roster.pk}/").content.decode()
    assert "13 / 10 general slots · 1 / 6 restricted slots used" in page
    assert "Over budget by 3 general slots" in page
    assert "14 / 16" not in page


def test_a_pool_beside_the_limit_stays_a_figure_of_its_own():
    # Pulp City's Resource Pool and Agendas are counted beside the Encounter Level, not
    # slices of it: the headline stays the levels, the pools are read out after it.
    budget = Budget(
        used=8,
        total=8,
        unit="levels",
        details={"resource_pool": {"used": 2, "total": 8}, "agendas": {"used": 2, "total": 2}},
    )
    assert budget.label == "8 / 8 levels used"
    assert budget.detail_lines == ["resource pool: 2 / 8", "agendas: 2 / 2"]
