"""How a Pulp Alley printed profile reads in the roster reference (the definition's
cheatsheet_reading)."""

from cards.cheatsheets.readings import ProfileReading, stat_label, type_label
from rules.engines.base import RulesBook


def reading(character, printed, rules: RulesBook) -> ProfileReading:
    """Health (starred for Followers), then the six skills in book order."""
    card = printed.game
    health = card.health or "—"
    if card.knocked_out and card.health:
        health += "*"
    return ProfileReading(
        columns=("Health", *(stat_label(slug, rules) for slug in card.skills)),
        cells=(health, *card.skills.values()),
        health=0,
        type_name=type_label(character, rules),
    )
