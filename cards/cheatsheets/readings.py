"""How each ruleset's printed profile (its engine's `printed_profile`) reads in the roster
reference: the table's columns and cells, which column is Health, how the row names the
character's type, and the printed things the character uses that a reference group can list
(`from_printed` in fixtures/<ruleset>/cheatsheet/roster-reference.yaml). Each ruleset
definition (rules/rulesets/) names its reading here."""

from dataclasses import dataclass, field

from cards.printing.faces_7tv import effect_view, stat_value, words
from rules.engines.base import RulesBook
from rules.engines.plain import as_dict, as_list


@dataclass(frozen=True)
class ProfileReading:
    columns: tuple[str, ...]
    cells: tuple[str, ...]
    health: int | None  # the Health column's index, printed in red
    type_name: str
    uses: dict = field(default_factory=dict)  # key -> printed entries (dicts) or names (str)


def stat_label(slug, rules: RulesBook):
    return as_dict(rules.entry("skill", slug)).get("name") or words(slug)


def type_label(character, rules: RulesBook):
    slug = character.get("type")
    kind = as_dict(rules.character_type(slug) if isinstance(slug, str) else None)
    return kind.get("name", str(slug or ""))


def pulp_alley(character, printed, rules: RulesBook) -> ProfileReading:
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


def seven_tv(character, printed, rules: RulesBook) -> ProfileReading:
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


def pulp_city(character, printed, rules: RulesBook) -> ProfileReading:
    """Level, the six traits (Trump Traits marked T), Damage and AP as the engine's roster row
    has them; the type with sides, Origin and sub-faction; the skills, Trump Trait Actions and
    Exclusive Actions (with their notation) for the reference groups."""
    card, cells = printed.game, printed.cells
    described = [type_label(character, rules), " / ".join(card.sides)]
    described += [card.origin or "", card.team_allegiance or ""]
    return ProfileReading(
        columns=tuple(label for label, _ in cells),
        cells=tuple(value for _, value in cells),
        health=next(i for i, (label, _) in enumerate(cells) if label == "Damage"),
        type_name=" · ".join(part for part in described if part),
        uses={
            "skills": [skill["name"] for skill in card.skills],
            "trump_actions": [action["name"] for action in card.trump_actions],
            "exclusive_actions": [
                {
                    "name": f"{action['name']} {action['notation']}".strip(),
                    "summary": action["summary"],
                }
                for action in card.exclusive_actions
            ],
        },
    )


def pulp_fiction(character, printed, rules: RulesBook) -> ProfileReading:
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
