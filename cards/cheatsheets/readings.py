"""How each ruleset's printed profile (its engine's `printed_profile`) reads in the roster
reference: the table's columns and cells, which column is Health, how the row names the
character's type, and the printed things the character uses that a reference group can list
(`from_printed` in fixtures/<ruleset>/cheatsheet/roster-reference.yaml). Each game's
definition names its own reading (cards/games/<game>/cheatsheet.py), built on these."""

from dataclasses import dataclass, field

from rules.engines.base import RulesBook
from rules.engines.plain import as_dict, words


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
