"""One engine per ruleset, named by its definition (rules/games/<game>/). See base.py for the
interface; each engine module exposes `evaluate(roster, rules) -> Report` for a whole force,
for the builder, exports, card faces and cheat sheets `printed_profile(character, rules)` (a
typed PrintedProfile), for the card designer `character_findings(character, rules)`, and for
the builder `character_cost(character, rules)`: one roster line's cost before roster-wide
discounts, and `role_choices(character, printed, roster, rules)`; optionally
`offered(entry, choices)`, whether the builder lists a library entry to a force with those
choices (a side's Agendas, a cast's affiliation)."""

from types import ModuleType

from rules.engines.base import Budget, Engine, Finding, Report, RulesBook
from rules.engines.plain import as_dict, id_of, repointed
from rules.rulesets import UnknownRuleset, definition_for, find


def module_for(slug) -> ModuleType:
    return definition_for(slug).engine_module


def engine_for(slug) -> Engine:
    return module_for(slug).evaluate


def evaluate(roster: dict, rules: RulesBook) -> Report:
    return engine_for(rules.ruleset)(roster, rules)


def boss_roles(slug) -> tuple[str, ...]:
    """The role prefixes with which the game's characters name another one by id (the
    engine's BOSS_ROLES); none for a game not registered."""
    definition = find(slug)
    return definition.engine_module.BOSS_ROLES if definition else ()


def offered(slug, entry, choices) -> bool:
    """Whether the builder lists this library entry (a choice or a profile) to a force of the
    game with these choices; every entry, for an engine that does not say."""
    hook = getattr(module_for(slug), "offered", None)
    return True if hook is None else bool(hook(entry, choices))


def with_boss_names(characters, slug) -> list[dict]:
    """Roster characters as a card or sheet prints them: a role naming its boss by id
    ("sidekick-of:12") names it by name, the words a player reads. Engines read ids only."""
    names = {id_of(c): str(c.get("name")) for c in map(as_dict, characters) if id_of(c)}
    prefixes = boss_roles(slug)
    return [
        {**c, "role": repointed(c["role"], prefixes, names)}
        if isinstance(c.get("role"), str)
        else c
        for c in map(as_dict, characters)
    ]


__all__ = [
    "Budget",
    "Engine",
    "Finding",
    "Report",
    "RulesBook",
    "UnknownRuleset",
    "boss_roles",
    "engine_for",
    "evaluate",
    "module_for",
    "offered",
    "with_boss_names",
]
