"""One engine per ruleset, looked up by slug. See base.py for the interface; each engine
module exposes `evaluate(roster, rules) -> Report` for a whole force, for the card designer
`printed_profile(character, rules)` and `character_findings(character, rules)`, and for the
builder `character_cost(character, rules)`: one roster line's cost before roster-wide
discounts."""

from types import ModuleType

from rules.engines import pulp_alley, seven_tv
from rules.engines.base import Budget, Engine, Finding, Report, RulesBook

ENGINE_MODULES: dict[str, ModuleType] = {"pulp-alley": pulp_alley, "7tv": seven_tv}


class UnknownRuleset(LookupError):
    pass


def module_for(slug) -> ModuleType:
    try:
        return ENGINE_MODULES[slug]
    except KeyError:
        raise UnknownRuleset(f"No roster engine for ruleset {slug!r} yet.") from None


def engine_for(slug) -> Engine:
    return module_for(slug).evaluate


def evaluate(roster: dict, rules: RulesBook) -> Report:
    return engine_for(rules.ruleset)(roster, rules)


__all__ = [
    "ENGINE_MODULES",
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
