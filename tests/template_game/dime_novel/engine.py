"""Dime Novel's roster engine: a posse spends dollars on its characters (each type's cost),
needs exactly one Hero, and each character knows only the book's knacks (p.1)."""

from dataclasses import dataclass

from rules.engines.base import Budget, Finding, PrintedAbility, PrintedProfile, Report
from rules.engines.house_rules import with_roster_house_rules
from rules.engines.plain import as_dict, as_list, id_of

EFFECT_KEYS = frozenset()
RECORDED_EFFECT_KEYS = frozenset()
BOSS_ROLES = ()
PAGE = 1


@dataclass(frozen=True)
class DimeNovelCard:
    grit: int | None
    knacks: tuple[str, ...]


def character_type(character, rules):
    slug = as_dict(character).get("type")
    return as_dict(rules.character_type(slug)) if isinstance(slug, str) else {}


def knack_slugs(character):
    knacks = as_list(as_dict(as_dict(character).get("profile")).get("knacks"))
    return [slug for slug in knacks if isinstance(slug, str)]


def character_cost(character, rules):
    cost = character_type(character, rules).get("cost")
    return cost if isinstance(cost, int) else None


def printed_profile(character, rules):
    kind = character_type(character, rules)
    known = [rules.entry("knack", slug) for slug in knack_slugs(character)]
    grit = as_dict(kind.get("profile")).get("grit")
    grit = grit if isinstance(grit, int) else None
    name = as_dict(character).get("name")
    name = name if isinstance(name, str) and name else "Unnamed"
    abilities = tuple(
        PrintedAbility(entry["name"], entry.get("page"), custom=bool(entry.get("custom")))
        for entry in known
        if entry
    )
    type_name = str(kind.get("name") or "")
    return PrintedProfile(
        name=name,
        type_name=type_name,
        level=None,
        cost=character_cost(character, rules),
        cells=(("Grit", str(grit or "—")),),
        line=f"{name} ({type_name or 'no type'})",
        abilities=abilities,
        game=DimeNovelCard(grit, tuple(ability.name for ability in abilities)),
    )


def character_findings(character, rules):
    name = as_dict(character).get("name")
    about = {"subject": name if isinstance(name, str) else None, "character_id": id_of(character)}
    findings = []
    if not character_type(character, rules):
        findings.append(Finding("unknown-type", "error", "No such character type.", PAGE, **about))
    findings += [
        Finding("unknown-knack", "error", f"No knack called {slug!r}.", PAGE, **about)
        for slug in knack_slugs(character)
        if rules.entry("knack", slug) is None
    ]
    return findings


def role_choices(character, printed, roster, rules):
    return []


def evaluate(roster, rules):
    roster = as_dict(roster)
    rules, findings = with_roster_house_rules(roster, rules)
    characters = [c for c in as_list(roster.get("characters")) if isinstance(c, dict)]
    budget = roster.get("budget")
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) else 20
    used = sum(character_cost(character, rules) or 0 for character in characters)
    if used > budget:
        findings.append(Finding("over-budget", "error", f"The posse costs ${used}.", PAGE))
    heroes = [c for c in characters if c.get("type") == "hero"]
    if len(heroes) != 1:
        findings.append(Finding("one-hero", "error", "A posse has exactly one Hero.", PAGE))
    for character in characters:
        findings += character_findings(character, rules)
    return Report(rules.ruleset, Budget(used, budget, "dollars"), tuple(findings))
