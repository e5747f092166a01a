"""Numbers with their unit in the game's words: "1 slot", "3 slots", "1 rating"."""

from django import template

register = template.Library()


@register.filter
def of_unit(number, unit):
    """`unit` is stored plural (a ruleset's budget unit); one of it reads singular."""
    unit = str(unit)
    return f"{number} {unit.removesuffix('s') if number == 1 else unit}"
