"""What each ruleset's roster builder offers besides the cards in it: checkbox lists of library
choices (Pulp Alley perks), scalar settings (a 7TV cast's affiliation and chosen genre), profiles
added straight from the library (7TV), budget presets, and how a member's profile reads in a row.
A new ruleset adds one BuilderSpec here."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Setting:
    key: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()
    kind: str = ""  # take the choices from this library kind instead
    page: int | None = None


@dataclass(frozen=True)
class BuilderSpec:
    choice_kinds: dict[str, str] = field(default_factory=dict)  # choices key → entry kind
    settings: tuple[Setting, ...] = ()
    library_kind: str = ""  # entries a player can add as members without designing a card
    budget_presets: tuple[tuple[int, str], ...] = ()
    counted_types: tuple[str, ...] = ()  # member types bought several models to a line


BUILDERS = {
    "pulp-alley": BuilderSpec(choice_kinds={"perks": "perk"}),
    "7tv": BuilderSpec(
        settings=(
            Setting(
                "affiliation",
                "Affiliation",
                choices=(
                    ("heroic", "Heroic"),
                    ("villainous", "Villainous"),
                    ("neutral", "Neutral"),
                ),
                page=22,
            ),
            Setting("genre", "Chosen genre", kind="genre", page=22),
        ),
        library_kind="profile",
        budget_presets=(
            (20, "20: small starter"),
            (25, "25: a first game"),
            (30, "30: starter"),
            (40, "40: basic"),
            (50, "50: basic"),
            (75, "75: large"),
        ),
        counted_types=("extra", "vehicle"),
    ),
}


def builder_for(slug):
    return BUILDERS.get(slug, BuilderSpec())


def setting_options(setting, rules):
    if setting.kind:
        return [
            (e["slug"], e["name"])
            for e in sorted(rules.of_kind(setting.kind), key=lambda e: e["name"])
        ]
    return list(setting.choices)


def profile_cells(printed):
    """A member's printed profile as (label, value) pairs, whatever the ruleset's shape."""
    if "skills" in printed:  # Pulp Alley: Health then the six skills
        health = (printed.get("health") or "—") + ("*" if printed.get("knocked_out") else "")
        return [("Health", health), *((k.capitalize(), v) for k, v in printed["skills"].items())]
    cells = [(k.capitalize(), v) for k, v in (printed.get("stats") or {}).items()]
    if printed.get("move"):
        cells.append(("Move", f'{printed["move"]}"'))
    return cells


def role_choices(ruleset, character, printed, cast):
    """The roles a member may take in this roster, as (value, label); [] when it has none to
    choose. `cast` is the roster's plain data (its choices and every member)."""
    if ruleset == "pulp-alley":
        mastermind = "mastermind" in cast["choices"].get("perks", [])
        if character["type"] == "sidekick" and mastermind:
            return [("", "Sidekick"), ("acting-leader", "Acting leader (Mastermind)")]
        return []
    if ruleset == "7tv":
        choices = []
        if character["type"] == "extra":
            choices.append(("fellowship", "Free Fellowship Extra"))
        if any(effect.get("name") == "Sidekick" for effect in printed.get("special_effects", [])):
            choices += [
                (f"sidekick-of:{other['name']}", f"Sidekick of {other['name']}")
                for other in cast["characters"]
                if other["type"] in ("star", "co-star") and other["name"] != character["name"]
            ]
        return [("", "No role")] + choices if choices else []
    return []
