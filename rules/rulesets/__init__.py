"""The registry of playable rulesets: one RulesetDefinition per game, found by its slug.

A game is playable (offered in the builder, the Card Designer, import, cheat sheets) exactly
when it is registered here; rulesets.yaml may list a game before its definition exists, and
then its libraries show but nothing else does. To add a game see docs/adding-a-ruleset.md."""

from rules.games.pulp_alley import definition as pulp_alley
from rules.games.pulp_city import definition as pulp_city
from rules.games.pulp_fiction import definition as pulp_fiction
from rules.games.seven_tv import definition as seven_tv
from rules.rulesets.definition import RulesetDefinition, UnknownRuleset
from rules.rulesets.parts import BuilderSpec, Setting

REGISTRY: dict[str, RulesetDefinition] = {
    definition.slug: definition
    for definition in (
        pulp_alley.DEFINITION,
        seven_tv.DEFINITION,
        pulp_city.DEFINITION,
        pulp_fiction.DEFINITION,
    )
}


def find(slug) -> RulesetDefinition | None:
    return REGISTRY.get(slug)


def definition_for(slug) -> RulesetDefinition:
    try:
        return REGISTRY[slug]
    except KeyError:
        raise UnknownRuleset(f"No roster engine for ruleset {slug!r} yet.") from None


def playable_slugs() -> tuple[str, ...]:
    return tuple(REGISTRY)


__all__ = [
    "REGISTRY",
    "BuilderSpec",
    "RulesetDefinition",
    "Setting",
    "UnknownRuleset",
    "definition_for",
    "find",
    "playable_slugs",
]
