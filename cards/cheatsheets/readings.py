"""How each ruleset's printed profile (its engine's `printed_profile`) reads in the roster
reference: the table's columns and cells, which column is Health, how the row names the
character's type, and the printed things the character uses that a reference group can list
(`from_printed` in fixtures/<ruleset>/cheatsheet/roster-reference.yaml). Each ruleset
definition (rules/rulesets/) names its reading here."""

from dataclasses import dataclass, field

from cards.printing.faces_7tv import effect_view, stat_value, words
from rules.engines.base import RulesBook
from rules.engines.plain import as_dict, as_list
from rules.engines.pulp_city import profile_summary


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
    health = printed["health"] or "—"
    if printed["knocked_out"] and printed["health"]:
        health += "*"
    return ProfileReading(
        columns=("Health", *(stat_label(slug, rules) for slug in printed["skills"])),
        cells=(health, *printed["skills"].values()),
        health=0,
        type_name=type_label(character, rules),
    )


def seven_tv(character, printed, rules: RulesBook) -> ProfileReading:
    """The card's statistics (a vehicle's own for vehicles); the type with its affiliation,
    the book's profile when the character was renamed, and how many models the line buys."""
    stats = as_dict(printed.get("stats"))
    columns = tuple(stat_label(slug, rules) for slug in stats)
    count = as_dict(character.get("profile")).get("count", 1)
    described = [f"{words(printed.get('affiliation'))} {type_label(character, rules)}".strip()]
    if printed.get("name") and printed["name"] != character.get("name"):
        described.append(printed["name"])
    if isinstance(count, int) and count > 1:
        described.append(f"{count} models")
    star_quality = printed.get("star_quality")

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
            "special_effects": with_glyphs(as_list(printed.get("special_effects"))),
            "stunts": with_glyphs(as_list(printed.get("stunts"))),
            "weapon_effects": [
                str(effect)
                for attack in as_list(printed.get("attacks"))
                for effect in as_list(as_dict(attack).get("effects"))
            ],
        },
    )


def pulp_city(character, printed, rules: RulesBook) -> ProfileReading:
    """Level, the six traits (Trump Traits marked T), Damage and AP as the engine's roster row
    has them; the type with sides, Origin and sub-faction; the skills, Trump Trait Actions and
    Exclusive Actions (with their notation) for the reference groups."""
    cells = profile_summary(character, printed, rules).cells
    described = [type_label(character, rules), " / ".join(as_list(printed.get("sides")))]
    described += [printed.get("origin") or "", printed.get("team_allegiance") or ""]
    return ProfileReading(
        columns=tuple(label for label, _ in cells),
        cells=tuple(value for _, value in cells),
        health=next(i for i, (label, _) in enumerate(cells) if label == "Damage"),
        type_name=" · ".join(part for part in described if part),
        uses={
            "skills": [skill["name"] for skill in as_list(printed.get("skills"))],
            "trump_actions": [action["name"] for action in as_list(printed.get("trump_actions"))],
            "exclusive_actions": [
                {
                    "name": f"{action['name']} {action['notation']}".strip(),
                    "summary": action["summary"],
                }
                for action in as_list(printed.get("exclusive_actions"))
            ],
        },
    )


def pulp_fiction(character, printed, rules: RulesBook) -> ProfileReading:
    """Side, move, wounds, save, activation dice and Spare Ammo Markers; the type (the
    reference adds whom it serves from the role); the weapons and armour the card names, by
    their library names (the numbers the player wrote are on the stat card)."""
    printed = as_dict(printed)
    move, ap = printed.get("move"), printed.get("ap_dice")
    described = [str(printed.get("type_name") or type_label(character, rules))]

    def library_names(kind, items):
        return [
            as_dict(rules.entry(kind, as_dict(item).get("slug"))).get("name")
            or str(as_dict(item).get("name"))
            for item in items
        ]

    return ProfileReading(
        columns=("Side", "Move", "Wounds", "Save", "AP", "Ammo"),
        cells=(
            str(printed.get("side") or "—"),
            f'{move}"' if move else "—",
            str(printed.get("wounds") or "—"),
            str(printed.get("save") or "—"),
            f"{ap}D6" if ap else "—",
            str(printed.get("spare_ammo_markers") or 0),
        ),
        health=2,
        type_name=" · ".join(described),
        uses={
            "weapons": library_names("weapon", as_list(printed.get("weapons"))),
            "armour": library_names("armour", as_list(printed.get("armour"))),
        },
    )
