"""The Pulp Alley roster engine (core rulebook): is this league legal, and how many of its
roster slots does it use? Pure functions over the roster format's plain data (see
docs/roster-format.md) and a RulesBook; page numbers are the book's printed ones."""

from collections import Counter
from dataclasses import dataclass, field

from rules.engines.base import Budget, Finding, PrintedProfile, Report, RulesBook
from rules.engines.effects import effect_of, number
from rules.engines.house_rules import with_roster_house_rules
from rules.engines.plain import (
    article,
    as_dict,
    as_list,
    counted,
    id_of,
    name_of,
    page_of,
    plural,
    slugs,
)
from rules.games.pulp_alley.campaign import campaign_findings
from rules.games.pulp_alley.profile import (
    ability_slugs,
    character_cost,
    character_findings,
    may_hold,
    printed_profile,
    subject_of,
    type_of,
)

DEFAULT_SLOTS = 10
ROSTER_PAGE = 6
PERK_PAGE = 8
REPUTATION_PAGE = 45
ACTING_LEADER = "acting-leader"
LEADER = "leader"
FOLLOWER = "follower"
# The book's advice for a first league (p.6-8): warnings, never errors.
FIRST_LEAGUE_SIZE = (4, 6)
FIRST_LEAGUE_PERK_SLOTS = 3
FIRST_LEAGUE_FOLLOWERS = 2

# No role names another character.
BOSS_ROLES = ()
# The effect keys this engine applies; the rest of the effect vocabulary the data records for
# players to read (fixtures/README.md) and no roster maths uses yet.
EFFECT_KEYS = frozenset(
    {
        "add_dice",
        "no_shoot",
        "add_dice_choice",
        "raise_die_choice",
        "restricted_slots",
        "restricted_to",
        "slots",
        "no_leader",
        "acting_leader",
        "acting_leader_cost",
        "max_per_roster",
        "grants_ability_to_all",
    }
)
RECORDED_EFFECT_KEYS = frozenset(
    {"run_inches", "close_range_inches", "long_range_inches", "pregame_points"}
)

__all__ = [
    "ability_slugs",
    "character_cost",
    "character_findings",
    "evaluate",
    "printed_profile",
    "role_choices",
]


@dataclass
class League:
    """The roster's characters with the rules data they point at, and what its perks change."""

    characters: list[dict]
    rules: RulesBook
    perks: list[dict] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def effects(self):
        return [effect_of(perk) for perk in self.perks]

    def of_type(self, slug):
        return [c for c in self.characters if c.get("type") == slug]

    @property
    def mastermind(self):
        return next((effect for effect in self.effects() if effect.get("no_leader")), None)

    @property
    def granted(self):
        """Ability slug -> the perk that gives it to every member."""
        return {
            effect_of(perk)["grants_ability_to_all"]: perk
            for perk in self.perks
            if effect_of(perk).get("grants_ability_to_all")
        }

    def add(self, code, severity, message, page, about=None, custom=False):
        """`about` is the character the finding is about, if any."""
        self.findings.append(
            Finding(
                code,
                severity,
                message,
                page_of(page),
                subject_of(about) if about is not None else None,
                custom,
                character_id=id_of(about),
            )
        )


def evaluate(roster: dict, rules: RulesBook) -> Report:
    roster = as_dict(roster)
    rules, ignored = with_roster_house_rules(roster, rules)
    league = League([as_dict(c) for c in as_list(roster.get("characters"))], rules)
    league.findings += ignored
    check_perks(league, as_dict(roster.get("choices")))
    league.findings += campaign_findings(roster.get("campaign"), roster.get("choices"), rules)
    acting = check_leadership(league)
    check_type_limits(league)
    budget = count_slots(league, roster.get("budget"), acting)
    check_advice(league)
    for character in league.characters:
        league.findings += character_findings(character, rules)
        check_redundant_abilities(league, character)
    return Report(rules.ruleset, budget, tuple(league.findings))


def role_choices(character: dict, printed: PrintedProfile, roster: dict, rules: RulesBook):
    """Under a perk with no Leader (Mastermind), the type it names may be marked acting
    leader; no other member has a role to choose. As (value, label) pairs."""
    perks = [
        as_dict(rules.entry("perk", slug))
        for slug in slugs(as_dict(as_dict(roster).get("choices")).get("perks"))
    ]
    perk = next((perk for perk in perks if effect_of(perk).get("no_leader")), None)
    acting_type = effect_of(perk).get("acting_leader") if perk else None
    if not acting_type or as_dict(character).get("type") != acting_type:
        return []
    kind = as_dict(rules.character_type(acting_type))
    return [
        ("", kind.get("name", acting_type)),
        (ACTING_LEADER, f"Acting leader ({name_of(perk)})"),
    ]


def check_perks(league, choices):
    for kind, key, page in (
        ("perk", "perks", PERK_PAGE),
        ("reputation-perk", "reputation_perks", REPUTATION_PAGE),
    ):
        chosen = slugs(choices.get(key))
        for slug, times in Counter(chosen).items():
            entry = league.rules.entry(kind, slug)
            if entry is None:
                league.add(
                    "unknown-perk",
                    "error",
                    f"{slug!r} is neither a {kind.replace('-', ' ')} in the book nor a house rule.",
                    page,
                )
                continue
            if times > 1:
                league.add(
                    "duplicate-perk",
                    "error",
                    f"{name_of(entry)} is chosen {times} times; a league owns each perk once.",
                    page,
                )
            if entry.get("custom"):
                league.add(
                    "custom-rule",
                    "info",
                    f"{name_of(entry)} is a house rule, not from the book.",
                    entry.get("page"),
                    custom=True,
                )
            league.perks.append(entry)


def check_leadership(league):
    """Exactly one Leader, or under Mastermind one Sidekick marked acting leader. Returns the
    character leading for free under Mastermind, if any."""
    leaders = league.of_type(LEADER)
    marked = [c for c in league.characters if c.get("role") == ACTING_LEADER]
    mastermind = league.mastermind
    acting_type = mastermind.get("acting_leader") if mastermind else None
    stand_ins = [c for c in marked if acting_type and c.get("type") == acting_type]
    for character in marked:
        if not any(character is stand_in for stand_in in stand_ins):
            reason = (
                f"only {article(type_name(league, acting_type))} can stand in"
                if mastermind
                else "only a Mastermind league has one"
            )
            league.add(
                "acting-leader-ignored",
                "warning",
                f"{subject_of(character)} is marked acting leader, but {reason};"
                " the mark changes nothing.",
                PERK_PAGE,
                about=character,
            )
    if mastermind:
        if leaders:
            league.add(
                "too-many-leaders",
                "error",
                f"{counted(len(leaders), 'Leader')} in a Mastermind league, whose true leader"
                " never takes the table: remove the Leader and let a Sidekick lead.",
                PERK_PAGE,
            )
        if not stand_ins:
            league.add(
                "no-leader",
                "error",
                f"Mastermind: mark one {type_name(league, acting_type)} as acting leader.",
                PERK_PAGE,
            )
        elif len(stand_ins) > 1:
            league.add(
                "too-many-leaders",
                "error",
                f"{len(stand_ins)} acting leaders; Mastermind lets exactly one"
                f" {type_name(league, acting_type)} lead.",
                PERK_PAGE,
            )
        return stand_ins[0] if stand_ins else None
    if not leaders:
        league.add("no-leader", "error", "No Leader: every league has exactly one.", ROSTER_PAGE)
    elif len(leaders) > 1:
        league.add(
            "too-many-leaders",
            "error",
            f"{len(leaders)} Leaders; a league has exactly one.",
            ROSTER_PAGE,
        )
    return None


def type_name(league, slug):
    if not isinstance(slug, str):
        return "character"
    return as_dict(league.rules.character_type(slug)).get("name", slug)


def check_type_limits(league):
    """Per-league caps (one Sidekick, two Associates…), which perks may lift."""
    lifted = {}
    for effect in league.effects():
        lifted |= as_dict(effect.get("max_per_roster"))
    for slug, kind in league.rules.character_types.items():
        limit = lifted.get(slug, kind.get("max_per_roster"))
        count = len(league.of_type(slug))
        if slug == LEADER or limit is None or count <= limit:
            continue
        lifters = [
            name_of(perk)
            for perk in league.rules.of_kind("perk")
            if slug in as_dict(effect_of(perk).get("max_per_roster")) and perk not in league.perks
        ]
        hint = f" ({' or '.join(lifters)} raises that)" if lifters else ""
        league.add(
            f"too-many-{slug}s",
            "error",
            f"{counted(count, kind['name'])}; a league may field {limit}{hint}.",
            kind.get("page"),
        )


def count_slots(league, budget, acting):
    """Two pools: the general one (budget, reputation slots, minus perks) pays for anything;
    the restricted one (Commander, Mastermind) pays only for the types it names, and they
    draw on it first."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        budget = DEFAULT_SLOTS
    if budget != DEFAULT_SLOTS:
        league.add(
            "custom-budget",
            "info",
            f"This league plays with {budget} slots instead of the book's {DEFAULT_SLOTS}.",
            ROSTER_PAGE,
            custom=True,
        )
    # An ability its holder may not take is already an error; it must not buy slots too.
    effects = league.effects() + [
        effect_of(entry)
        for character in league.characters
        for slug in ability_slugs(as_dict(character.get("profile")))
        if (entry := league.rules.entry("ability", slug))
        and may_hold(type_of(character, league.rules), entry)
    ]
    general_total = budget + sum(effect.get("slots", 0) for effect in effects)
    restricted_total = sum(effect.get("restricted_slots", 0) for effect in effects)
    restricted_to = {t for effect in effects for t in as_list(effect.get("restricted_to"))}
    perk_cost = sum(number(perk.get("cost")) for perk in league.perks)
    eligible = other = 0
    for character in league.characters:
        kind = as_dict(type_of(character, league.rules))
        cost = number(kind.get("cost"))
        if character is acting:
            cost = league.mastermind.get("acting_leader_cost", cost)
        if kind.get("slug") in restricted_to:
            eligible += cost
        else:
            other += cost
    restricted_used = min(eligible, restricted_total)
    general_used = perk_cost + other + eligible - restricted_used
    over = general_used - general_total
    if over > 0:
        takers = " and ".join(sorted(plural(type_name(league, t)) for t in restricted_to))
        pool = "general slots" if restricted_total else "slots"
        why = (
            f" (the {restricted_total} extra slots pay only for {takers})"
            if restricted_total
            else ""
        )
        league.add(
            "over-budget",
            "error",
            f"{general_used} of {general_total} {pool} used: remove {counted(over, 'slot')} of"
            f" characters or perks{why}.",
            ROSTER_PAGE,
        )
    details = {}
    if restricted_total:
        details = {
            "general": {"used": general_used, "total": general_total},
            "restricted": {"used": restricted_used, "total": restricted_total},
        }
    return Budget(
        used=general_used + restricted_used,
        total=general_total + restricted_total,
        unit="slots",
        details=details,
        split_into=tuple(details),
    )


def check_advice(league):
    fighters = [
        c
        for c in league.characters
        if not as_dict(as_dict(type_of(c, league.rules)).get("profile")).get("non_combatant")
    ]
    low, high = FIRST_LEAGUE_SIZE
    if not low <= len(fighters) <= high:
        league.add(
            "first-league-size",
            "warning",
            f"{counted(len(fighters), 'character')}; the book suggests {low} to {high} for a"
            " first league.",
            ROSTER_PAGE,
        )
    perk_slots = sum(number(perk.get("cost")) for perk in league.perks)
    if perk_slots > FIRST_LEAGUE_PERK_SLOTS:
        league.add(
            "first-league-perks",
            "warning",
            f"{perk_slots} slots spent on perks; the book suggests no more than"
            f" {FIRST_LEAGUE_PERK_SLOTS} in a first league.",
            PERK_PAGE,
        )
    followers = len(league.of_type(FOLLOWER))
    if followers > FIRST_LEAGUE_FOLLOWERS:
        league.add(
            "first-league-followers",
            "warning",
            f"{followers} Followers; they fall fast, so the book suggests one or two in a first"
            " league.",
            as_dict(league.rules.character_type(FOLLOWER)).get("page"),
        )


def check_redundant_abilities(league, character):
    granted = league.granted
    for slug in ability_slugs(as_dict(character.get("profile"))):
        if slug in granted:
            ability = name_of(league.rules.entry("ability", slug) or {"slug": slug})
            league.add(
                "redundant-ability",
                "warning",
                f"{ability} is already given to every member by {name_of(granted[slug])}:"
                " this pick adds nothing.",
                PERK_PAGE,
                about=character,
            )
