"""One engine per ruleset, named by its definition in rules/rulesets/. See base.py for the
interface; each engine module exposes `evaluate(roster, rules) -> Report` for a whole force,
for the builder, exports, card faces and cheat sheets `printed_profile(character, rules)` (a
typed PrintedProfile), for the card designer `character_findings(character, rules)`, and for
the builder `character_cost(character, rules)`: one roster line's cost before roster-wide
discounts, and `role_choices(character, printed, roster, rules)`."""

from types import ModuleType

from rules.engines.base import Budget, Engine, Finding, Report, RulesBook
from rules.rulesets import UnknownRuleset, definition_for


def module_for(slug) -> ModuleType:
    return definition_for(slug).engine_module


def engine_for(slug) -> Engine:
    return module_for(slug).evaluate


def evaluate(roster: dict, rules: RulesBook) -> Report:
    return engine_for(rules.ruleset)(roster, rules)


__all__ = [
    "Budget",
    "Engine",
    "Finding",
    "Report",
    "RulesBook",
    "UnknownRuleset",
    "engine_for",
    "evaluate",
    "module_for",
]
