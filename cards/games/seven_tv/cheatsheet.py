"""How a 7TV printed profile reads in the roster reference (the definition's
cheatsheet_reading)."""

from cards.cheatsheets.readings import ProfileReading, stat_label, type_label
from cards.games.seven_tv.faces import effect_view, stat_value
from rules.engines.base import RulesBook
from rules.engines.plain import as_dict, as_list, words


def reading(character, printed, rules: RulesBook) -> ProfileReading:
    """The card's statistics (a vehicle's own for vehicles); the type with its affiliation,
    the book's profile when the character was renamed, and how many models the line buys."""
    card = printed.game
    stats = card.stats
    columns = tuple(stat_label(slug, rules) for slug in stats)
    count = as_dict(character.get("profile")).get("count", 1)
    described = [f"{words(card.affiliation)} {type_label(character, rules)}".strip()]
    if card.profile_name and card.profile_name != character.get("name"):
        described.append(card.profile_name)
    if isinstance(count, int) and count > 1:
        described.append(f"{count} models")
    star_quality = card.star_quality

    def with_glyphs(effects):
        """Printed effects with their cost and action in words, as the card back has them."""
        return [{**effect, "glyphs": effect_view(effect, rules)["glyphs"]} for effect in effects]

    return ProfileReading(
        columns=columns,
        cells=tuple(stat_value(slug, value) for slug, value in stats.items()),
        health=columns.index("Health") if "Health" in columns else None,
        type_name=" · ".join(described),
        uses={
            "star_quality": with_glyphs([star_quality] if star_quality else []),
            "special_effects": with_glyphs(card.special_effects),
            "stunts": with_glyphs(card.stunts),
            "weapon_effects": [
                str(effect) for attack in card.attacks for effect in as_list(attack.get("effects"))
            ],
        },
    )
