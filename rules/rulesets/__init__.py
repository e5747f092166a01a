"""The registry of playable rulesets: one RulesetDefinition per game, found by its slug.

A game is a package under rules/games/ (or one settings.CLIFFHANGER_EXTRA_GAMES names) whose
`definition` module exposes DEFINITION; the registry finds them all, so adding a game edits
nothing here. A game is playable (offered in the builder, the Card Designer, import, cheat
sheets) exactly when it is registered; a data folder with a ruleset.yaml but no definition
shows its libraries and nothing else. The registry keeps the order of the games' ruleset.yaml
rows. To add a game see docs/adding-a-ruleset.md."""

import importlib
import pkgutil

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

import rules.games
from rules.fixture_folder import FixtureError, ruleset_rows
from rules.rulesets.definition import RulesetDefinition, UnknownRuleset
from rules.rulesets.parts import BuilderSpec, Setting


def game_packages() -> list[str]:
    """Every package under rules/games/, then the extra ones the settings name."""
    shipped = [
        f"{rules.games.__name__}.{module.name}"
        for module in pkgutil.iter_modules(rules.games.__path__)
        if module.ispkg
    ]
    return [*shipped, *settings.CLIFFHANGER_EXTRA_GAMES]


def definition_of(package) -> RulesetDefinition:
    """The package's DEFINITION; a package without one stops start-up naming its file."""
    try:
        module = importlib.import_module(f"{package}.definition")
    except ImportError as error:
        raise ImproperlyConfigured(
            f"Game package {package!r}: its definition module does not import ({error})."
            " See docs/adding-a-ruleset.md."
        ) from error
    definition = getattr(module, "DEFINITION", None)
    if not isinstance(definition, RulesetDefinition):
        raise ImproperlyConfigured(
            f"Game package {package!r}: {module.__file__} has no DEFINITION"
            " (a rules.rulesets.definition.RulesetDefinition). See docs/adding-a-ruleset.md."
        )
    return definition


def discovered() -> tuple[dict[str, RulesetDefinition], dict[str, str]]:
    """The definitions by slug, in the order of the games' rows, and each one's package."""
    found: dict[str, RulesetDefinition] = {}
    packages: dict[str, str] = {}
    for package in game_packages():
        definition = definition_of(package)
        if definition.slug in found:
            raise ImproperlyConfigured(
                f"Game packages {packages[definition.slug]!r} and {package!r} both define"
                f" the ruleset {definition.slug!r}."
            )
        found[definition.slug], packages[definition.slug] = definition, package
    try:
        order = [row["slug"] for row in ruleset_rows()]
    except (FixtureError, OSError):
        order = []  # the start-up checks name the unreadable file
    place = {slug: index for index, slug in enumerate(order)}
    ordered = sorted(found, key=lambda slug: (place.get(slug, len(order)), slug))
    return {slug: found[slug] for slug in ordered}, packages


REGISTRY, PACKAGES = discovered()


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
    "PACKAGES",
    "REGISTRY",
    "BuilderSpec",
    "RulesetDefinition",
    "Setting",
    "UnknownRuleset",
    "definition_for",
    "find",
    "playable_slugs",
]
