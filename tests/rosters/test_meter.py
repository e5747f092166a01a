"""The budget meter's bar: spent inside the limit, and the part past it that is hatched."""

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
