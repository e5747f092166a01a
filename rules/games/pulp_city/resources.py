"""Pulp City Resources in a Super Team (Game Guide pp.35-36): what each Supreme may hold, and
what the team may buy from its Resource Pool. Category gates (which Origins may hold Devices and
Artifacts, which skill a Weapon needs) are rules data (fixtures/pulp-city/resource-categories.yaml),
so a corrected reading of the lost icons is a data edit, not a code change.

Readings where the book is silent: an Exclusive Resource is exempt from its category's Origin
gate, as the book exempts Exclusive Weapons from Weapon Master; a Resource whose level the Game
Guide does not print counts 0 until the player enters it; Living Arsenal (X) lets its holder
carry Weapons of value X or less with no Weapon Master, as p.27's example gives the Gentleman
(whose only skill there is Living Arsenal 1) a Level 1 Weapon."""

from collections import Counter

from rules.engines.base import Finding, finding_about
from rules.engines.effects import effect_of, is_count
from rules.engines.plain import as_dict, name_of, page_of
from rules.games.pulp_city.profile import RESOURCES_PAGE, SIDE_NAMES, Supreme, word

WEAPON = "weapon"
MINION = "minion"


def data_of(entry):
    return as_dict(as_dict(entry).get("data"))


def level_of(entry):
    level = as_dict(entry).get("level")
    return level if is_count(level) else 0


def category_of(entry):
    return word(data_of(entry).get("category"))


def exclusive_to(entry):
    return word(data_of(entry).get("exclusive_to"))


def is_exclusive(entry):
    return exclusive_to(entry) is not None


def owns(supreme: Supreme, entry):
    return exclusive_to(entry) == supreme.base_slug


def origin_names(rules, slugs):
    return " or ".join(name_of(rules.entry("origin", slug) or {"slug": slug}) for slug in slugs)


def holder_findings(supreme: Supreme) -> list[Finding]:
    """Checks on the Resources one Supreme holds, whatever team it joins."""
    rules = supreme.rules
    findings = []

    def add(code, severity, message, page=RESOURCES_PAGE):
        findings.append(finding_about(supreme, code, severity, message, page))

    held = [(slug, entry) for slug, entry in supreme.resources if entry is not None]
    for slug, entry in supreme.resources:
        if entry is None:
            add(
                "unknown-resource",
                "error",
                f"{slug!r} is not a Resource of the Game Guide nor a house rule.",
            )
    for _, entry in held:
        name = name_of(entry)
        category = rules.entry("resource-category", category_of(entry) or "")
        gate = data_of(category)
        if as_dict(entry).get("level") is None:
            add(
                "resource-level-unknown",
                "warning",
                f"The Game Guide does not print the level of {name}; it counts 0 until you enter it"
                " (as a house rule with the card's level).",
                entry.get("page"),
            )
        if entry.get("custom"):
            findings.append(
                Finding(
                    "custom-rule",
                    "info",
                    f"{name} is a house rule.",
                    page_of(entry.get("page")),
                    supreme.subject,
                    custom=True,
                    character_id=supreme.character_id,
                )
            )
        if is_exclusive(entry) and not owns(supreme, entry):
            owner = rules.entry("supreme", exclusive_to(entry)) or {"slug": exclusive_to(entry)}
            add(
                "exclusive-resource",
                "error",
                f"{name} is Exclusive to {name_of(owner)}; only that model may take it.",
                entry.get("page"),
            )
            continue
        if supreme.has("own_exclusive_resources_only") and not owns(supreme, entry):
            add(
                "construct-resources",
                "error",
                f"A Construct may hold only its own Exclusive Resources, not {name}.",
                26,
            )
            continue
        if is_exclusive(entry):
            continue
        if gate.get("needs_skill") == "weapon-master":
            master = max(supreme.x_of("weapons_up_to_x"), supreme.x_of("extra_weapon_levels_x"))
            if master < level_of(entry):
                have = (
                    f"Weapon Master {supreme.x_of('weapons_up_to_x')}"
                    if supreme.has("weapons_up_to_x")
                    else "no Weapon Master"
                )
                arsenal = (
                    f" (Living Arsenal {supreme.x_of('extra_weapon_levels_x')} carries Weapons"
                    " of that value only)"
                    if supreme.has("extra_weapon_levels_x")
                    else ""
                )
                add(
                    "weapon-master",
                    "error",
                    f"{name} is a Level {level_of(entry)} Weapon; it needs Weapon Master"
                    f" {level_of(entry)} or more, and this Supreme has {have}{arsenal}.",
                    category.get("page"),
                )
        origins = gate.get("origins")
        if origins:
            reading = (
                " (our reading of an icon lost from the book's text)"
                if gate.get("origins_uncertain")
                else ""
            )
            if supreme.origin is None:
                add(
                    "origin-unknown",
                    "warning",
                    f"{name} is a {name_of(category)}, open only to {origin_names(rules, origins)}"
                    f" Supremes{reading}; enter this Supreme's Origin to check it.",
                    category.get("page"),
                )
            elif supreme.origin not in origins:
                add(
                    "resource-origin",
                    "error",
                    f"{name} is a {name_of(category)}, open only to {origin_names(rules, origins)}"
                    f" Supremes{reading}.",
                    category.get("page"),
                )
    weapons = sum(level_of(entry) for _, entry in held if category_of(entry) == WEAPON)
    others = sum(level_of(entry) for _, entry in held if category_of(entry) != WEAPON)
    arsenal = supreme.x_of("extra_weapon_levels_x")
    carried = others + max(0, weapons - arsenal)
    if supreme.level and carried > supreme.level:
        extra = f" plus {arsenal} in Weapons (Living Arsenal)" if arsenal else ""
        add(
            "resource-levels",
            "error",
            f"It holds {others + weapons} Resource Levels; a Level {supreme.level} Supreme may hold"
            f" {supreme.level}{extra}.",
        )
    return findings


def recruited(supreme: Supreme, side):
    """A Supreme of the other side joining through Greed (p.27): the price, else None."""
    if word(side) not in SIDE_NAMES or not supreme.sides or side in supreme.sides:
        return None
    return (
        supreme.x_of("recruit_across_sides_for_x")
        if supreme.has("recruit_across_sides_for_x")
        else None
    )


def pool_total(team: list[Supreme], encounter_level):
    return encounter_level + sum(supreme.x_of("resource_pool_plus_x") for supreme in team)


def team_resource_findings(team: list[Supreme], side, pool, greed) -> tuple[list[Finding], int]:
    """One copy of each Resource, the pool, and the card prerequisites; returns the findings and
    the points spent (Resources plus Greed)."""
    findings = []
    rules = team[0].rules if team else None
    counts = Counter(
        slug for supreme in team for slug, entry in supreme.resources if entry is not None
    )
    for slug, count in counts.items():
        if count > 1:
            entry = rules.entry("resource", slug)
            holders = ", ".join(s.subject for s in team if slug in s.resource_slugs)
            findings.append(
                Finding(
                    "resource-twice",
                    "error",
                    f"{name_of(entry)} is taken {count} times ({holders}); a team may have one copy"
                    " of each Resource.",
                    RESOURCES_PAGE,
                )
            )
    entries = {slug: rules.entry("resource", slug) for slug in counts} if rules else {}
    spent = sum(level_of(entries[slug]) * count for slug, count in counts.items()) + greed
    if spent > pool:
        findings.append(
            Finding(
                "resource-pool",
                "error",
                f"{spent} Resource points spent of a pool of {pool}"
                + (f" ({greed} of them to hire Supremes with Greed)" if greed else "")
                + ": drop a Resource.",
                RESOURCES_PAGE,
            )
        )
    for entry in entries.values():
        findings += prerequisite_findings(entry, team, side)
    findings += command_findings(team, entries)
    return findings, spent


def is_nonliving(entry):
    return any(as_dict(k).get("skill") == "nonliving" for k in data_of(entry).get("keywords") or [])


def why_no_command(supreme: Supreme, minion):
    """Why this Supreme may not Command this Minion (pp.14, 26, 28), or None if it may. An
    Exclusive Minion answers to its own Supreme only."""
    if is_exclusive(minion) and not owns(supreme, minion):
        return f"{supreme.subject} is not the Supreme it is Exclusive to"
    for _, entry in supreme.skills:
        if entry is None:
            continue
        effect = effect_of(entry)
        if effect.get("issues_no_commands"):
            undefined = data_of(entry).get("defined") is False
            reading = " (our reading of a skill the guide never defines)" if undefined else ""
            return f"{supreme.subject} is {name_of(entry)}{reading}"
        if effect.get("commands_only_nonliving") and not is_nonliving(minion):
            return f"{supreme.subject} is {name_of(entry)} and commands only Nonliving models"
    return None


def command_findings(team: list[Supreme], entries):
    """Minions act when a Supreme Commands them (p.35); the book forbids no team that cannot,
    but its Minions would stand idle, so a warning says who is barred and why."""
    findings = []
    for entry in entries.values():
        if entry is None or category_of(entry) != MINION:
            continue
        barred = [why_no_command(supreme, entry) for supreme in team]
        if team and all(barred):
            findings.append(
                Finding(
                    "no-commander",
                    "warning",
                    f"No Supreme in the team may Command {name_of(entry)}: "
                    + "; ".join(barred)
                    + ".",
                    RESOURCES_PAGE,
                )
            )
    return findings


def prerequisite_findings(entry, team: list[Supreme], side):
    rules, name, data = team[0].rules, name_of(entry), data_of(entry)
    needs = as_dict(data.get("requires"))
    reading = " (the card's side is our inference)" if data.get("requires_uncertain") else ""
    page = page_of(entry.get("page"))
    findings = []
    needed_side = word(needs.get("side"))
    if needed_side in SIDE_NAMES and side in SIDE_NAMES and needed_side != side:
        findings.append(
            Finding(
                "resource-side",
                "error",
                f"{name} is for {SIDE_NAMES[needed_side]} teams only{reading}.",
                page,
            )
        )
    origin = word(needs.get("team_origin"))
    if origin and not any(supreme.origin == origin for supreme in team):
        unknown = [s.subject for s in team if s.origin is None]
        severity, more = (
            ("warning", f"; the Origin of {', '.join(unknown)} is not entered yet")
            if unknown
            else ("error", "")
        )
        findings.append(
            Finding(
                "resource-prerequisite",
                severity,
                f"{name} needs a {origin_names(rules, [origin])} Supreme in the team{more}.",
                page,
            )
        )
    faction = word(needs.get("team_sub_faction"))
    if faction and not any(supreme.sub_faction == faction for supreme in team):
        faction_name = name_of(rules.entry("sub-faction", faction) or {"slug": faction})
        # Ulthar may be a race rather than a Team Allegiance: say the check rests on a reading.
        doubt = (
            f" ({faction_name} as a sub-faction is our reading)"
            if data.get("requires_uncertain")
            else ""
        )
        findings.append(
            Finding(
                "resource-prerequisite",
                "error",
                f"{name} needs a {faction_name} Supreme in the team{doubt}.",
                page,
            )
        )
    if word(needs.get("setting")):
        findings.append(Finding("resource-setting", "info", f"{name}: {needs['setting']}.", page))
    return findings
