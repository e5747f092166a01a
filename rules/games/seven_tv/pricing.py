"""What a 7TV cast costs in ratings (Chapter 01 from p.22, and the cards from p.207).

The book prints the prices but not how they combine, so this is our stacking rule (also in
docs/roster-format.md):

1. A card's fixed price (Yee-Haw!, Cavalry, Horse-Drawn, Landing Party, Clean Getaway,
   Travels In Style) replaces the printed price of every model of the profile it names, and
   its bulk price with it. Cards naming the same profile do not add up: the lowest counts.
2. Each Fellowship model brings one Extra of 3 printed ratings or less for free: the player
   marks it with the role "fellowship", and that model is taken out before pricing.
3. The other models of one uncustomised profile are priced together, across lines: each
   whole bulk group at the bulk price, the rest singly (6 Imperial Troopers = 10, 4 = 7).
4. Motor Pool last: each vehicle model costs that much less, never below 0, however many
   Daredevils the cast has.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from rules.engines.base import finding_about
from rules.engines.effects import number
from rules.engines.plain import counted, name_of, plural
from rules.games.seven_tv.profile import CARDS_PAGE, CAST_PAGE, VEHICLE, Line

FELLOWSHIP = "fellowship"
EXTRA = "extra"


def bulk_price(models, each, bulk):
    """`models` at `each` ratings, whole groups of bulk["size"] at bulk["cost"]."""
    if not bulk:
        return models * each
    groups, rest = divmod(models, bulk["size"])
    return groups * bulk["cost"] + rest * each


def line_cost(line: Line):
    """The line on its own, before anything the rest of the cast changes."""
    if line.ratings is None:
        return None
    return bulk_price(line.count, line.ratings, line.bulk)


@dataclass
class Pricing:
    total: int = 0
    # line index -> (free models, plot points each of them makes)
    free: dict = field(default_factory=dict)
    findings: list = field(default_factory=list)

    def add(self, code, severity, message, page, about: Line | None = None):
        """`about` is the line the finding is about, if any."""
        self.findings.append(finding_about(about, code, severity, message, page))


def source_label(entry, line):
    return f"{name_of(entry)} ({line.profile_name})"


def fixed_prices(lines):
    """Profile slug -> (price each, the card giving it, the line carrying that card)."""
    best = {}
    for line in lines:
        for entry, effect in line.card_effects():
            for slug, price in effect.get("set_price", {}).items():
                if slug not in best or price < best[slug][0]:
                    best[slug] = (price, entry, line)
    return best


def motor_pool(lines):
    found = [
        (effect["vehicle_discount"], entry, line)
        for line in lines
        for entry, effect in line.card_effects()
        if effect.get("vehicle_discount")
    ]
    return max(found, key=lambda item: item[0], default=None)


def fellowship(lines, pricing):
    """Marks the chosen free Extras in pricing.free; each Fellowship model brings one."""
    sources = [
        (effect["free_extra"], entry, line)
        for line in lines
        for entry, effect in line.card_effects()
        if effect.get("free_extra")
        for _ in range(line.count)
    ]
    unused = list(sources)
    for index, line in enumerate(lines):
        if line.role != FELLOWSHIP or line.entry is None:
            continue
        printed = number(line.entry.get("cost"))
        limit = unused[0][0]["max_ratings"] if unused else None
        if not sources:
            why = "no model in the cast has Fellowship"
        elif not unused:
            why = f"the cast's {counted(len(sources), 'Fellowship model')} already brought theirs"
        elif line.kind != EXTRA:
            why = f"only an Extra can, and the {line.profile_name} is not one"
        elif printed > limit:
            why = f"the {line.profile_name} costs {printed} ratings, more than {limit}"
        else:
            terms, entry, source = unused.pop(0)
            pricing.free[index] = (1, Fraction(terms.get("pp_per_turn", 1)))
            pricing.add(
                "discount",
                "info",
                f"{source_label(entry, source)}: one {line.profile_name} joins free and makes"
                f" {terms.get('pp_per_turn', 1)} plot point a turn.",
                entry.get("page"),
                line,
            )
            continue
        page = sources[0][1].get("page") if sources else CARDS_PAGE
        pricing.add(
            "fellowship-invalid",
            "error",
            f"Marked as the free Fellowship Extra, but {why}.",
            page,
            line,
        )
    for terms, entry, source in unused:
        pricing.add(
            "fellowship-unused",
            "info",
            f"{name_of(entry)} could bring one Extra of {terms['max_ratings']} ratings or less"
            " for free: give that Extra the role fellowship.",
            entry.get("page"),
            source,
        )


def price_cast(lines: list[Line]) -> Pricing:
    pricing = Pricing()
    fellowship(lines, pricing)
    fixed = fixed_prices(lines)
    discount = motor_pool(lines)
    groups = {}
    for index, line in enumerate(lines):
        if line.entry is not None:
            # A customised Star is a profile of its own; plain profiles share their bulk price.
            key = ("custom", index) if line.customised else line.slug
            groups.setdefault(key, []).append(index)
    for indexes in groups.values():
        line = lines[indexes[0]]
        bought = {i: lines[i].count - pricing.free.get(i, (0,))[0] for i in indexes}
        models = sum(bought.values())
        if line.slug in fixed and not line.customised:
            price, entry, source = fixed[line.slug]
            cost = models * price
            if models and price < line.ratings:
                pricing.add(
                    "discount",
                    "info",
                    f"{source_label(entry, source)}: each {line.profile_name} costs {price}"
                    f" ratings rather than {line.ratings}.",
                    entry.get("page"),
                    line,
                )
        else:
            cost = bulk_price(models, line.ratings, line.bulk)
            apart = sum(bulk_price(n, line.ratings, line.bulk) for n in bought.values())
            if cost < apart:
                pricing.add(
                    "bulk-across-lines",
                    "info",
                    f"The {models} {plural(line.profile_name)} on {len(indexes)} lines are"
                    f" bought together: {cost} ratings rather than {apart}.",
                    CAST_PAGE,
                )
        if line.kind == VEHICLE and discount and models:
            amount, entry, source = discount
            saving = min(cost, amount * models)
            cost -= saving
            pricing.add(
                "discount",
                "info",
                f"{source_label(entry, source)}: {counted(models, line.profile_name)} cost"
                f" {saving} less.",
                entry.get("page"),
                line,
            )
        pricing.total += cost
    return pricing
