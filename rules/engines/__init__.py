"""One engine per ruleset, looked up by slug. See base.py for the interface; each engine
module exposes `evaluate(roster: dict, rules: RulesBook) -> Report`."""

from rules.engines.base import Budget, Engine, Finding, Report, RulesBook

ENGINES: dict[str, Engine] = {}


class UnknownRuleset(LookupError):
    pass


def engine_for(slug) -> Engine:
    try:
        return ENGINES[slug]
    except KeyError:
        raise UnknownRuleset(f"No roster engine for ruleset {slug!r} yet.") from None


def evaluate(roster: dict, rules: RulesBook) -> Report:
    return engine_for(rules.ruleset)(roster, rules)


__all__ = [
    "ENGINES",
    "Budget",
    "Engine",
    "Finding",
    "Report",
    "RulesBook",
    "UnknownRuleset",
    "engine_for",
    "evaluate",
]
