"""The budget meter drawn above a roster: how much of the bar is spent and how much spills
past the limit. The bar alone never carries the news: the over-budget part is hatched, and
the words say by how much (a pool of its own, such as Commander's slots, counts too)."""

from dataclasses import dataclass

from rules.engines.base import Budget


@dataclass(frozen=True)
class Meter:
    used: int
    total: int
    unit: str
    over: int  # how far past its limit the force (or one of its pools) is
    over_unit: str  # what `over` counts: the unit, or the pool's ("general slots")
    spoken: str  # the label as a screen reader says it: "12 of 10 general slots used"
    scale: int  # what the whole bar stands for: the limit, or more when it is passed
    within_percent: float  # the bar spent inside the limit
    over_percent: float  # the hatched part past the limit
    limit_percent: float  # where the limit sits on the bar


def overspend(budget: Budget) -> tuple[int, str]:
    """How far over and in what: a pool's own spill (the whole may fit while the general
    pool does not), named with it so the words add up with the label."""
    spilled = [
        (pool.get("used", 0) - pool.get("total", 0), f"{name.replace('_', ' ')} {budget.unit}")
        for name, pool in budget.details.items()
        if isinstance(pool, dict)
    ]
    # The first biggest spill: a pool's before the whole's, as the label names the pools.
    over, unit = max([*spilled, (budget.used - budget.total, budget.unit)], key=lambda s: s[0])
    return max(over, 0), unit


def meter_for(budget: Budget) -> Meter | None:
    """None for a game without a points limit: there is nothing to fill."""
    if budget.total is None:
        return None
    over, over_unit = overspend(budget)
    scale = max(budget.total + over, budget.used, 1)
    within = min(budget.used - over, budget.total)
    return Meter(
        used=budget.used,
        total=budget.total,
        unit=budget.unit,
        over=over,
        over_unit=over_unit,
        spoken=budget.label.replace(" / ", " of "),
        scale=scale,
        within_percent=round(100 * max(within, 0) / scale, 2),
        over_percent=round(100 * over / scale, 2),
        limit_percent=round(100 * budget.total / scale, 2),
    )
