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
    scale: int  # what the whole bar stands for: the limit, or more when it is passed
    within_percent: float  # the bar spent inside the limit
    over_percent: float  # the hatched part past the limit
    limit_percent: float  # where the limit sits on the bar


def overspend(budget: Budget) -> int:
    pools = [value for value in budget.details.values() if isinstance(value, dict)]
    spilled = [pool.get("used", 0) - pool.get("total", 0) for pool in pools]
    return max(0, budget.used - budget.total, *spilled)


def meter_for(budget: Budget) -> Meter | None:
    """None for a game without a points limit: there is nothing to fill."""
    if budget.total is None:
        return None
    over = overspend(budget)
    scale = max(budget.total + over, budget.used, 1)
    within = min(budget.used - over, budget.total)
    return Meter(
        used=budget.used,
        total=budget.total,
        unit=budget.unit,
        over=over,
        scale=scale,
        within_percent=round(100 * max(within, 0) / scale, 2),
        over_percent=round(100 * over / scale, 2),
        limit_percent=round(100 * budget.total / scale, 2),
    )
