"""How a Pulp Fiction printed profile reads in the roster reference (the definition's
cheatsheet_reading)."""

from cards.cheatsheets.readings import ProfileReading, type_label
from rules.engines.base import RulesBook
from rules.engines.plain import as_dict


def reading(character, printed, rules: RulesBook) -> ProfileReading:
    """Side, move, wounds, save, activation dice and Spare Ammo Markers; the type (the
    reference adds whom it serves from the role); the weapons and armour the card names, by
    their library names (the numbers the player wrote are on the stat card)."""
    card = printed.game
    cells = (*printed.cells, ("Ammo", str(card.spare_ammo_markers or 0)))
    described = [str(card.type_name or type_label(character, rules))]

    def library_names(kind, items):
        return [
            as_dict(rules.entry(kind, as_dict(item).get("slug"))).get("name")
            or str(as_dict(item).get("name"))
            for item in items
        ]

    return ProfileReading(
        columns=tuple(label for label, _ in cells),
        cells=tuple(value for _, value in cells),
        health=next(i for i, (label, _) in enumerate(cells) if label == "Wounds"),
        type_name=" · ".join(described),
        uses={
            "weapons": library_names("weapon", card.weapons),
            "armour": library_names("armour", card.armour),
        },
    )
