"""The Pulp Fiction band engine (Stephen Gilbert's rules, 1st edition): there are no points,
so the report checks what the rules do say: every figure has a type and a side, lesser
figures have a Leader to give them activation points, sidekicks and monsters belong to
someone, and wounds, traits and kit agree with the rules. Pure functions over the roster
format's plain data (docs/roster-format.md) and a RulesBook; findings cite section headings
because the source has no page numbers."""

from collections import defaultdict

from rules.engines.base import (
    Budget,
    Finding,
    PrintedAbility,
    PrintedProfile,
    Report,
    RulesBook,
    finding_about,
)
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
    words,
)
from rules.games.pulp_fiction.profile import (
    ATTACHED_TO,
    SIDES,
    WEAPON_STATS,
    PulpFictionCard,
    character_findings,
    printed_card,
    read_figure,
)

SETUP_SECTION = "Game Set-up"
INITIATIVE_DICE = 2  # Turn Initiative: each player rolls two dice
AP_SECTION = "Activation Points"
CHARTS_SECTION = "Weapon Stat Reference Charts"
# The Activation Points section says 1D6 "per side"; the Leader trait says 1D6 per Leader,
# pooled by side. The engine follows the trait, and every report says which reading it used.
AP_READING = "per Leader"
# Roles that name another character of the roster, by its id, after this prefix.
BOSS_ROLES = (ATTACHED_TO,)

# The effect keys this engine (its figure reading included) applies, and those the data only
# records for players (nothing limits light objects, so the backpack's freedom checks nothing).
EFFECT_KEYS = frozenset(
    {
        "move_inches",
        "reduced_move",
        "wounds",
        "save",
        "ap_dice",
        "initiative_bonus",
        "unarmed",
        "no_driving",
        "max_range_inches",
        "needs_light_weapons",
        "excludes",
        "pointless_with",
        "ranged",
        "handgun",
        "weight",
        "heavy",
        "holds_handguns",
        "max_per_figure",
    }
)
RECORDED_EFFECT_KEYS = frozenset({"carries_light_freely"})

__all__ = [
    "character_cost",
    "character_findings",
    "evaluate",
    "printed_profile",
    "role_choices",
    "token_counts",
]


def character_cost(character: dict, rules: RulesBook) -> None:
    """Pulp Fiction prices nothing: a figure has no cost."""
    return None


def role_choices(character: dict, printed: PrintedProfile, roster: dict, rules: RulesBook):
    """A Secondary Character picks the Main Character it serves, a Monster its Villain, from
    the band's figures of that type. As (value, label) pairs; [] for figures that serve no one."""
    character = as_dict(character)
    slug = character.get("type")
    kind = as_dict(rules.character_type(slug) if isinstance(slug, str) else None)
    wanted = as_dict(kind.get("profile")).get("attaches_to")
    if not wanted:
        return []
    return [
        ("", "Serves no one yet"),
        *(
            (f"{ATTACHED_TO}{id_of(other)}", f"Serves {other.get('name') or 'Unnamed figure'}")
            for other in map(as_dict, as_list(as_dict(roster).get("characters")))
            if other.get("type") == wanted and id_of(other)
        ),
    ]


def token_counts(roster: dict, rules: RulesBook) -> dict[str, int]:
    """Counters the band needs at the table: an activation point token for each lesser figure
    (one marks it each turn it acts), a wound token for each wound a Main Character or Villain
    can take, and its Spare Ammo Markers."""
    roster = as_dict(roster)
    rules, _ = with_roster_house_rules(roster, rules)
    figures = [read_figure(character, rules) for character in as_list(roster.get("characters"))]
    figures = [figure for figure in figures if figure.kind is not None]
    return {
        "activation-point": sum(1 for figure in figures if figure.lesser),
        "wound": sum(f.wounds or 0 for f in figures if f.type_rules.get("multi_wound")),
        "spare-ammo": sum(spare_ammo(members) for members in by_side(figures).values()),
    }


def printed_profile(character: dict, rules: RulesBook) -> PrintedProfile[PulpFictionCard]:
    """The stat card: side, Move, Wounds, Save and activation dice as cells; the line adds
    the type and the weapons; the traits by name. No figure has a cost."""
    character = as_dict(character)
    figure = read_figure(character, rules)
    card = printed_card(figure)
    cells = (
        ("Side", words(card.side) or "—"),
        ("Move", f'{card.move}"' if card.move else "—"),
        ("Wounds", str(card.wounds or "—")),
        ("Save", str(card.save or "—")),
        ("AP", f"{card.ap_dice}D6" if card.ap_dice else "—"),
    )
    weapons = [str(weapon.get("name")) for weapon in card.weapons]
    line = " · ".join(
        [
            str(card.type_name or "No type"),
            *(f"{label} {value}" for label, value in cells),
            *([", ".join(weapons)] if weapons else []),
        ]
    )
    return PrintedProfile(
        name=str(character.get("name") or "Unnamed"),
        type_name=str(card.type_name or character.get("type") or ""),
        level=None,
        cost=None,
        cells=cells,
        line=line,
        abilities=tuple(
            PrintedAbility(
                name_of(trait),
                page_of(trait.get("page")),
                trait.get("section"),
                custom=bool(trait.get("custom")),
            )
            for trait in figure.traits
        ),
        game=card,
        notes=reminders(card),
    )


def reminders(card: PulpFictionCard):
    """Short lines for what its type means in play; traits say their own part."""
    lines = []
    if card.needs_activation_points:
        lines.append("Acts only on an activation point.")
    if card.spare_ammo == "shared":
        lines.append("Shares its side's Spare Ammo Marker.")
    if card.vehicle_speeds:
        reverse, step = card.vehicle_speeds
        lines.append(
            f"A figure aboard drives it: speed changes {step} inches a turn, {reverse} at most"
            " in reverse."
        )
    elif not card.drives:
        lines.append("Cannot drive.")
    return tuple(lines)


def evaluate(roster: dict, rules: RulesBook) -> Report:
    roster = as_dict(roster)
    rules, findings = with_roster_house_rules(roster, rules)
    figures = [read_figure(character, rules) for character in as_list(roster.get("characters"))]
    findings.append(
        Finding(
            "no-points",
            "info",
            "Pulp Fiction has no points and no size limit: field the figures your story needs.",
            section=SETUP_SECTION,
        )
    )
    findings += check_command(figures)
    findings += check_attachments(figures)
    findings += note_missing_stats(figures)
    for figure in figures:
        findings += figure.findings
    return Report(rules.ruleset, band_budget(figures), tuple(findings))


def by_side(figures):
    sides = defaultdict(list)
    for figure in figures:
        if figure.side in SIDES and figure.kind is not None:
            sides[figure.side].append(figure)
    return {side: sides[side] for side in SIDES if sides[side]}


def ap_dice(figures):
    return sum(figure.ap_dice for figure in figures)


def check_command(figures):
    """Lesser figures act only on activation points, which only Leaders make."""
    findings = []
    for side, members in by_side(figures).items():
        lesser = [figure for figure in members if figure.lesser]
        dice = ap_dice(members)
        for figure in members:
            if figure.lesser and figure.ap_dice:
                findings.append(
                    Finding(
                        "leader-on-lesser",
                        "warning",
                        f"The rules give activation points to Main Characters and Villains; a"
                        f" {figure.type_name} with Leader still has to be activated itself.",
                        subject=figure.subject,
                        character_id=figure.character_id,
                        section=AP_SECTION,
                    )
                )
        if lesser and not dice:
            who = ", ".join(sorted({plural(figure.type_name) for figure in lesser}))
            findings.append(
                Finding(
                    "no-leader",
                    "warning",
                    f"The {side} side's {counted(len(lesser), 'lesser figure')} ({who}) can"
                    " never act:"
                    " only a Leader makes activation points, and this side has none.",
                    section=AP_SECTION,
                )
            )
        elif dice:
            findings.append(
                Finding(
                    "ap-reading",
                    "info",
                    f"The {side} side rolls {dice}D6 activation points a turn: 1D6 per Leader"
                    f" ({counted(dice, 'Leader')}), pooled, as the Leader trait says."
                    + (
                        " Read as 1D6 per side, as the Activation Points section puts it, it"
                        " would roll 1D6."
                        if dice > 1
                        else " With one Leader the Activation Points section's 1D6 per side agrees."
                    ),
                    section=AP_SECTION,
                )
            )
    return findings


def check_attachments(figures):
    """Each Secondary Character serves a Main Character and each Monster a Villain, and leaves
    the table when that figure dies."""
    by_id = {figure.character_id: figure for figure in figures if figure.character_id}
    findings = []

    def add(code, severity, message, figure, section):
        findings.append(finding_about(figure, code, severity, message, section=section))

    for figure in figures:
        if figure.kind is None:
            continue
        wanted = figure.type_rules.get("attaches_to")
        section = figure.kind.get("section")
        boss_id = figure.attached_to
        if (figure.role and boss_id is None) or (boss_id is not None and not wanted):
            add(
                "role-ignored",
                "warning",
                f"The role {figure.role!r} means nothing here: only Secondary Characters and"
                " Monsters are attached, with attached-to:<the id of the figure served>.",
                figure,
                section,
            )
            continue
        if not wanted:
            continue
        boss_type = type_name(figure.rules, wanted)
        if not boss_id:
            add(
                "unattached",
                "warning",
                f"Attach it to {article(boss_type)}: it leaves the table when that figure"
                " falls, and takes its activation points from it.",
                figure,
                section,
            )
            continue
        boss = by_id.get(boss_id)
        if boss is None or boss is figure:
            why = "itself" if boss is figure else "a figure no longer in the band"
            add("attachment-unknown", "error", f"It is attached to {why}.", figure, section)
        else:
            check_boss(figure, boss, wanted, boss_type, add, section)
    return findings


def check_boss(figure, boss, wanted, boss_type, add, section):
    if as_dict(boss.kind).get("slug") != wanted:
        add(
            "attachment-wrong-type",
            "error",
            f"{sentence_plural(figure.type_name)} serve {article(boss_type)};"
            f" {boss.subject} is {article(boss.type_name or 'unknown figure')}.",
            figure,
            section,
        )
    elif boss.side != figure.side:
        add(
            "attachment-other-side",
            "error",
            f"It fights for the {figure.side} side, {boss.subject} for the {boss.side} side.",
            figure,
            section,
        )
    elif not boss.ap_dice:
        add(
            "boss-not-leader",
            "warning",
            f"{boss.subject} has no Leader trait, so makes no activation points for it.",
            figure,
            AP_SECTION,
        )


def sentence_plural(name):
    return plural(name)[:1].upper() + plural(name)[1:]


def type_name(rules, slug):
    kind = rules.character_type(slug)
    return str(as_dict(kind).get("name") or slug)


def note_missing_stats(figures):
    """The source lost its weapon and armour charts: say once which stats the cards lack."""
    blank = sorted(
        {
            weapon["name"]
            for f in figures
            for weapon in f.weapons
            if None in (weapon[k] for k in WEAPON_STATS)
        }
        | {armour["name"] for f in figures for armour in f.armour if armour["save"] is None}
    )
    if not blank:
        return []
    return [
        Finding(
            "stats-missing",
            "info",
            f"The source's weapon and armour charts are lost, so these cards print blanks"
            f" until you write the numbers in: {', '.join(blank)}.",
            section=CHARTS_SECTION,
        )
    ]


def band_budget(figures):
    """No points, so no total: the figures per side, activation dice a turn (per Leader), the
    initiative roll with its bonus and Spare Ammo Markers (one per armed Main Character, one
    shared by a side's Secondary Characters)."""
    sides = by_side(figures)

    def per_side(count):
        return ", ".join(f"{side} {count(members)}" for side, members in sides.items()) or "none"

    return Budget(
        used=len(figures),
        total=None,
        unit="figures",
        details={
            "figures": per_side(len),
            "ap_dice_per_turn": per_side(lambda members: f"{ap_dice(members) or 'no '}D6"),
            "initiative_roll": per_side(initiative_roll),
            "ap_reading": AP_READING,
            "spare_ammo_markers": per_side(spare_ammo),
        },
    )


def initiative_roll(members):
    """Turn Initiative's two dice, plus every +1 the side's traits give (Leader, Advance Spot
    Hidden): the rules set no cap, so they add up."""
    bonus = sum(figure.initiative_bonus for figure in members)
    return f"{INITIATIVE_DICE}D6" + (f"+{bonus}" if bonus else "")


def spare_ammo(members):
    own = sum(figure.spare_ammo_markers for figure in members)
    shared = any(figure.type_rules.get("spare_ammo") == "shared" for figure in members)
    return own + (1 if shared else 0)
