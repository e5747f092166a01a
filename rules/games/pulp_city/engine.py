"""The Pulp City Super Team engine (Game Guide, Issue #1): is this team legal at its Encounter
Level, and what do its pools come to? Pure functions over the roster format's plain data
(docs/roster-format.md, Pulp City) and a RulesBook; pages are the Game Guide's.

The roster's `budget` is the Encounter Level; `choices` holds the side (`heroes` or `villains`),
the Agendas taken and, if known, the opponent's side. Where the book is silent the engine says so:
the same Supreme twice in one team is allowed with a warning (the guide only settles a model in
both teams, under Megalomaniac), and so is one Agenda taken twice (p.31 says nothing)."""

from collections import Counter
from math import ceil

from rules.engines.base import Budget, Finding, PrintedProfile, Report, RulesBook
from rules.engines.house_rules import with_roster_house_rules
from rules.engines.plain import as_dict, as_list, name_of, page_of
from rules.games.pulp_city.levels import (
    MAX_ENCOUNTER_LEVEL,
    MIN_ENCOUNTER_LEVEL,
    Mix,
    is_encounter_level,
    legal_mixes,
    max_level_3,
    mixes_label,
    nearest,
)
from rules.games.pulp_city.profile import (
    SIDE_NAMES,
    TEAM_PAGE,
    Supreme,
    card_findings,
    character_cost,
    printed_profile,
    read_supreme,
    word,
)
from rules.games.pulp_city.resources import (
    MINION,
    category_of,
    data_of,
    holder_findings,
    is_exclusive,
    pool_total,
    recruited,
    team_resource_findings,
)

SIDE_PAGE = 8
AGENDA_PAGE = 31
MERC_PAGE = 27
LEVELS_PER_AGENDA = 5
CITIZENS_PER_ENCOUNTER_LEVEL = 1

# No role names another character.
BOSS_ROLES = ()
# The effect keys this engine applies (fixtures/README.md, Pulp City); the data records no
# others for Pulp City.
EFFECT_KEYS = frozenset(
    {
        "resource_pool_plus_x",
        "action_pool_plus_x",
        "starting_roll_plus_x",
        "weapons_up_to_x",
        "extra_weapon_levels_x",
        "recruit_across_sides_for_x",
        "own_exclusive_resources_only",
        "issues_no_commands",
        "commands_only_nonliving",
        "counts_as_majority_sub_faction",
    }
)
RECORDED_EFFECT_KEYS = frozenset()

__all__ = [
    "character_cost",
    "character_findings",
    "evaluate",
    "printed_profile",
    "role_choices",
]


def character_findings(character: dict, rules: RulesBook) -> list[Finding]:
    """The card's own problems and those of the Resources it holds."""
    supreme = read_supreme(character, rules)
    return card_findings(supreme) + holder_findings(supreme)


def role_choices(character: dict, printed: PrintedProfile, roster: dict, rules: RulesBook):
    """Pulp City has no per-team roles: the leader is simply the Level 3 Supreme."""
    return []


def evaluate(roster: dict, rules: RulesBook) -> Report:
    roster = as_dict(roster)
    rules, findings = with_roster_house_rules(roster, rules)
    choices = as_dict(roster.get("choices"))
    side = word(choices.get("side"))
    team = [read_supreme(character, rules) for character in as_list(roster.get("characters"))]
    for supreme in team:
        findings += card_findings(supreme) + holder_findings(supreme)
    encounter_level = roster.get("budget")
    findings += encounter_level_findings(encounter_level)
    mix = Mix(*(sum(1 for s in team if s.level == level) for level in (1, 2, 3)))
    levels = sum(supreme.level for supreme in team)
    findings += level_mix_findings(mix, levels, encounter_level)
    side_found, greed = side_findings(team, side)
    findings += side_found
    pool = pool_total(team, encounter_level if is_encounter_level(encounter_level) else levels)
    resource_found, spent = team_resource_findings(team, side, pool, greed)
    findings += resource_found
    agendas = as_list(choices.get("agendas"))
    findings += agenda_findings(agendas, team, levels, encounter_level, choices)
    findings += leader_bonus_findings(team)
    findings += duplicate_findings(team)
    budget = Budget(
        used=levels,
        total=encounter_level if is_encounter_level(encounter_level) else None,
        unit="levels",
        details=team_figures(team, mix, levels, encounter_level, pool, spent, agendas),
    )
    return Report(rules.ruleset, budget, tuple(findings))


def encounter_level_findings(encounter_level):
    if is_encounter_level(encounter_level):
        return []
    return [
        Finding(
            "encounter-level",
            "error",
            f"Agree an Encounter Level from {MIN_ENCOUNTER_LEVEL} to {MAX_ENCOUNTER_LEVEL}"
            + (f" ({encounter_level!r} is not one)." if encounter_level else ": none is set."),
            TEAM_PAGE,
        )
    ]


def level_mix_findings(mix: Mix, levels, encounter_level):
    if not is_encounter_level(encounter_level):
        return []
    findings = []
    if levels != encounter_level:
        more = "add" if levels < encounter_level else "drop"
        findings.append(
            Finding(
                "levels-sum",
                "error",
                f"The Supremes' Levels add up to {levels}; they must make exactly Encounter Level"
                f" {encounter_level}: {more} {abs(encounter_level - levels)}.",
                TEAM_PAGE,
            )
        )
    if mix.level_3 > max_level_3(encounter_level):
        allowed = max_level_3(encounter_level)
        findings.append(
            Finding(
                "level-3-limit",
                "error",
                f"{mix.level_3} Level 3 Supremes; Encounter Level {encounter_level} allows"
                f" {allowed} (one per full 12 levels).",
                TEAM_PAGE,
            )
        )
    within_limit = mix.level_3 <= max_level_3(encounter_level)
    if within_limit and (
        abs(mix.level_1 - mix.level_2) > 1
        or (levels == encounter_level and mix not in legal_mixes(encounter_level))
    ):
        best, changes = nearest(mix, encounter_level)
        findings.append(
            Finding(
                "level-mix",
                "error",
                f"{mix.label} is not a legal mix: Level 1 and Level 2 Supremes must be equal in"
                f" number, or differ by one where the Encounter Level forces it. Encounter Level"
                f" {encounter_level} takes {mixes_label(encounter_level)}; the nearest,"
                f" {best.label}, is {changes} Supreme{'s' if changes != 1 else ''} away.",
                TEAM_PAGE,
            )
        )
    return findings


def side_findings(team: list[Supreme], side):
    """Every Supreme must fight for the chosen side: its icon, both icons, or Greed paid from
    the Resource Pool (pp.8, 27). Returns the findings and the Greed points spent."""
    if side not in SIDE_NAMES:
        return [
            Finding(
                "no-side",
                "error",
                "Choose Heroes or Villains"
                + (f" ({side!r} is neither)" if side else "")
                + ": the choice decides Agendas and some Resources.",
                SIDE_PAGE,
            )
        ], 0
    findings, greed = [], 0
    for supreme in team:
        if not supreme.sides:
            findings.append(
                Finding(
                    "side-unknown",
                    "warning",
                    "Enter its side icons (heroes, villains or both) to check it may join"
                    f" {SIDE_NAMES[side]}.",
                    SIDE_PAGE,
                    supreme.subject,
                    character_id=supreme.character_id,
                )
            )
            continue
        price = recruited(supreme, side)
        if side in supreme.sides:
            continue
        if price is None:
            findings.append(
                Finding(
                    "wrong-side",
                    "error",
                    f"It fights only for {' and '.join(SIDE_NAMES[s] for s in supreme.sides)};"
                    f" a {SIDE_NAMES[side]} team may hire it only if it has Greed.",
                    SIDE_PAGE,
                    supreme.subject,
                    character_id=supreme.character_id,
                )
            )
        else:
            greed += price
            findings.append(
                Finding(
                    "greed-recruit",
                    "info",
                    f"Hired across sides with Greed {price}: {price} points from the Resource"
                    " Pool.",
                    MERC_PAGE,
                    supreme.subject,
                    character_id=supreme.character_id,
                )
            )
    return findings, greed


def max_agendas(levels):
    return ceil(levels / LEVELS_PER_AGENDA) if levels > 0 else 0


def agenda_findings(agendas, team, levels, encounter_level, choices):
    rules = team[0].rules if team else None
    findings = []
    if not agendas:
        return findings
    allowed = max_agendas(levels)
    if len(agendas) > allowed:
        findings.append(
            Finding(
                "too-many-agendas",
                "error",
                f"{len(agendas)} Agendas for {levels} Supreme Levels; the team may take {allowed}"
                " (one per 5 levels, a part counting whole).",
                AGENDA_PAGE,
            )
        )
    for slug, count in Counter(a for a in agendas if isinstance(a, str)).items():
        if count > 1:
            findings.append(
                Finding(
                    "agenda-twice",
                    "warning",
                    f"The Agenda {slug!r} is taken {count} times. The Game Guide is silent on"
                    " this (p.31) and its deck holds one card of each, so Random Agendas never"
                    " repeat one; we allow it and read each copy as one more Agenda that scores"
                    " on its own, so agree it with your opponent.",
                    AGENDA_PAGE,
                )
            )
    for slug in dict.fromkeys(a if isinstance(a, str) else repr(a) for a in agendas):
        entry = rules.entry("agenda", slug) if rules else None
        if entry is None:
            findings.append(
                Finding("unknown-agenda", "error", f"{slug!r} is not an Agenda card.", AGENDA_PAGE)
            )
            continue
        findings += agenda_prerequisites(entry, team, encounter_level, choices)
    return findings


def sides_of(data):
    """The sides an Agenda card names as those that may take it (p.32-34)."""
    return [s for s in as_list(data.get("sides")) if s in SIDE_NAMES]


def side_may_take(side, data):
    """Whether a team of `side` may take the Agenda; any, while the team has no side."""
    sides = sides_of(data)
    return side not in SIDE_NAMES or not sides or side in sides


def offered(entry, choices):
    """Whether the builder lists an Agenda for a team with these choices: once the team has
    chosen its side, only the Agendas that side may take (a Villains-only card is not offered
    to Heroes)."""
    return side_may_take(word(as_dict(choices).get("side")), data_of(entry))


def agenda_prerequisites(entry, team, encounter_level, choices):
    """An Agenda the team may not take scores its worst penalty (p.31): an error here."""
    rules, name, data = team[0].rules, name_of(entry), data_of(entry)
    needs = as_dict(data.get("requires"))
    page = page_of(entry.get("page"))
    side, opponent = word(choices.get("side")), word(choices.get("opponent_side"))
    reading = (
        " (our reading of an icon lost from the book's text)"
        if data.get("requires_uncertain")
        else ""
    )
    findings = []

    def add(code, severity, message):
        findings.append(Finding(code, severity, f"{name}: {message}", page))

    sides = sides_of(data)
    if not side_may_take(side, data):
        add(
            "agenda-side",
            "error",
            f"only {' and '.join(SIDE_NAMES[s] for s in sides)} may take it.",
        )
    least = needs.get("min_encounter_level")
    if isinstance(least, int) and is_encounter_level(encounter_level) and encounter_level < least:
        add("agenda-encounter-level", "error", f"needs Encounter Level {least} or more.")
    origin = word(needs.get("team_origin"))
    if origin and not any(supreme.origin == origin for supreme in team):
        origin_name = name_of(rules.entry("origin", origin) or {"slug": origin})
        unknown = [s.subject for s in team if s.origin is None]
        if unknown:
            add(
                "agenda-prerequisite",
                "warning",
                f"needs a {origin_name} Supreme{reading}; enter the Origin of {', '.join(unknown)}"
                " to check it.",
            )
        else:
            add(
                "agenda-prerequisite",
                "error",
                f"needs a {origin_name} Supreme in the team{reading}.",
            )
    if needs.get("non_exclusive_minion") and not any(
        category_of(resource) == MINION and not is_exclusive(resource)
        for supreme in team
        for _, resource in supreme.resources
        if resource is not None
    ):
        add("agenda-prerequisite", "error", "needs a Minion Resource that is not Exclusive.")
    barred = word(needs.get("not_against"))
    if barred in SIDE_NAMES:
        if opponent == barred:
            add("agenda-opponent", "error", f"it may not be taken against {SIDE_NAMES[barred]}.")
        elif opponent not in SIDE_NAMES:
            add(
                "agenda-opponent",
                "info",
                f"not allowed if the opponent plays {SIDE_NAMES[barred]}.",
            )
    if word(needs.get("setting")):
        add("agenda-setting", "info", f"the table needs {needs['setting']}.")
    return findings


def leader_bonus_findings(team: list[Supreme]):
    """The leader's sub-faction bonus (p.9): a Level 3 leader and a team all of one
    sub-faction, each Merc counting as the majority's (p.27)."""
    leaders = [supreme for supreme in team if supreme.level == 3]
    if not leaders:
        return []
    members = [s for s in team if not s.has("counts_as_majority_sub_faction")]
    factions = {s.sub_faction for s in members}
    rules = team[0].rules
    if members and len(factions) == 1 and None not in factions:
        faction = name_of(
            rules.entry("sub-faction", next(iter(factions))) or {"slug": next(iter(factions))}
        )
        mercs = len(team) - len(members)
        return [
            Finding(
                "leader-bonus",
                "info",
                f"The whole team is {faction}"
                + (
                    f" (counting {mercs} Merc{'s' if mercs > 1 else ''} with the majority)"
                    if mercs
                    else ""
                )
                + f": {leaders[0].subject}'s leader card bonus applies.",
                TEAM_PAGE,
                leaders[0].subject,
                character_id=leaders[0].character_id,
            )
        ]
    if not members:
        return []
    outside = [s.subject for s in members if s.sub_faction is None]
    mixed = sorted(f for f in factions if f)
    why = (
        f"its Supremes belong to {len(mixed)} sub-factions"
        if len(mixed) > 1
        else f"{', '.join(outside)} belong to none"
    )
    return [
        Finding(
            "leader-bonus-closed",
            "info",
            f"No sub-faction leader bonus: {why}.",
            TEAM_PAGE,
            leaders[0].subject,
            character_id=leaders[0].character_id,
        )
    ]


def duplicate_findings(team: list[Supreme]):
    counts = Counter(supreme.identity for supreme in team)
    findings = []
    for identity, count in counts.items():
        if count > 1:
            who = next(s for s in team if s.identity == identity)
            name = name_of(who.base) if who.base else who.subject
            findings.append(
                Finding(
                    "same-supreme-twice",
                    "warning",
                    f"{name} is in the team {count} times. The Game Guide neither allows nor"
                    " forbids this (it only covers one model in both teams, under Megalomaniac);"
                    " we allow it, so agree it with your opponent.",
                    TEAM_PAGE,
                )
            )
    return findings


def team_figures(team, mix, levels, encounter_level, pool, spent, agendas):
    """What the roster sheet shows beside the level count (pp.9, 13, 29, 31, 35)."""
    leader_x = [s.x_of("starting_roll_plus_x") for s in team if s.has("starting_roll_plus_x")]
    details = {
        "level_mix": mix.label,
        "legal_mixes": mixes_label(encounter_level) or "none (Encounter Level 3 to 24)",
    }
    if is_encounter_level(encounter_level):
        details["changes_to_legal_mix"] = nearest(mix, encounter_level)[1]
    details |= {
        "resource_pool": {"used": spent, "total": pool},
        "action_pool": 2 * levels + 2 + sum(s.x_of("action_pool_plus_x") for s in team),
        "starting_roll_leader_bonus": max(leader_x, default=0),
        "agendas": {"used": len(agendas), "total": max_agendas(levels)},
        "supremes": len(team),
    }
    if agendas and is_encounter_level(encounter_level):
        # Only games with Agendas have Citizens: one per Encounter Level (p.31).
        details["citizens"] = encounter_level * CITIZENS_PER_ENCOUNTER_LEVEL
    return details
