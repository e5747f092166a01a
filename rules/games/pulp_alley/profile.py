"""One Pulp Alley character: its printed profile and what is wrong with it (p.4-11).

Profiles hold BASE values, the creation pattern before any ability; abilities whose `effect`
changes dice are applied here when the card is printed, never stored twice."""

from collections import Counter
from dataclasses import dataclass

from rules.engines.base import Finding, PrintedAbility, PrintedProfile, RulesBook
from rules.engines.dice import ABSENT, DiceError, is_absent, parse_dice, parse_die
from rules.engines.effects import effect_of, number
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

SKILLS = ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
# Every die the game rolls, smallest first: a shift moves one step and d12 is the top (p.2).
DIE_TYPES = ("d6", "d8", "d10", "d12")
BOOK_EDITION = "core"
DICE_PAGE = 2
TYPES_PAGE = 6
ABILITY_PAGE = 9
XP_PAGE = 44
# Abilities an Animal (no Shoot) takes for nothing, or for half their worth (p.9-10).
WASTED_WITHOUT_SHOOT = {
    "marksman": "its extra die goes on a Shoot that is struck out",
    "deadeye": "it only picks shooting targets",
    "quick-shot": "it only works when shooting",
    "eagle-eyed": "ranges only matter when shooting",
    "sharp": "only the Finesse re-roll is any use",
}


def skill_name(skill):
    return skill.capitalize()


def subject_of(character):
    return str(character.get("name") or "Unnamed character")


def type_of(character, rules: RulesBook):
    slug = character.get("type")
    return rules.character_type(slug) if isinstance(slug, str) else None


def ability_slugs(profile):
    """Creation abilities then learned ones, each once, in the order the card lists them."""
    return list(
        dict.fromkeys(slugs(profile.get("abilities")) + slugs(profile.get("learned_abilities")))
    )


def ability_level(kind):
    """The highest ability level a character type may take, or None when the book sets none."""
    kind = as_dict(kind)
    return as_dict(kind.get("profile")).get("max_ability_level", kind.get("level"))


def may_hold(kind, entry):
    """Whether a character of this type may take this ability (its level is within reach)."""
    if kind is None:
        return False
    entry_level, level = entry.get("level"), ability_level(kind)
    return not (isinstance(entry_level, int) and level is not None and entry_level > level)


def ability_entries(profile, rules: RulesBook):
    found = [(slug, rules.entry("ability", slug)) for slug in ability_slugs(profile)]
    return [(slug, entry) for slug, entry in found if entry is not None]


def readable_pool(value):
    try:
        return parse_dice(value)
    except DiceError:
        return None


def base_pools(profile):
    skills = as_dict(profile.get("skills"))
    return {skill: readable_pool(skills.get(skill)) for skill in SKILLS}


def choosable_skills(spec):
    """The skills a choice ability (its `add_dice_choice` or `raise_die_choice`) may pick."""
    return [skill for skill in SKILLS if skill not in as_list(as_dict(spec).get("exclude"))]


def choice_of(rules: RulesBook, slug, key):
    """The choice spec of one ability's effect (`key` is add_dice_choice or raise_die_choice),
    {} when the ability or its choice is not in the rules."""
    return as_dict(effect_of(as_dict(rules.entry("ability", slug))).get(key))


def struck_out(entries):
    """The skills these abilities leave the character without (an Animal's Shoot, p.9): the
    card prints them as a dash and no dice are owed for them."""
    return {"shoot"} if any(effect_of(entry).get("no_shoot") for entry in entries) else set()


def add_dice_prompt(entry):
    """What an ability with an `add_dice_choice` asks the player to pick, in its own numbers."""
    spec = as_dict(effect_of(entry).get("add_dice_choice"))
    dice = spec.get("dice", 1)
    return (
        f"{name_of(entry)}: {spec.get('count', 0)} different skills that gain"
        f" {counted(dice, 'die') if dice != 1 else 'a die'} each"
    )


def raise_die_prompt(entry):
    """What an ability with a `raise_die_choice` asks the player to pick, in its own numbers."""
    spec = as_dict(effect_of(entry).get("raise_die_choice"))
    count, low, high = spec.get("count", 0), spec.get("from"), spec.get("to")
    picked = f"the {low} skill" if count == 1 else f"{count} of the {low} skills"
    return f"{name_of(entry)}: {picked} raised to {high}"


def picked_skills(choices, slug, spec):
    """The skills a choice ability really affects: distinct, allowed, at most `count`."""
    allowed = choosable_skills(spec)
    picks = [skill for skill in dict.fromkeys(slugs(choices.get(slug))) if skill in allowed]
    return picks[: spec.get("count", 0)]


@dataclass(frozen=True)
class PulpAlleyCard:
    """What a Pulp Alley card prints beyond the common profile: the Health die (None when
    unreadable), whether any failed Health check takes the character out (d6*), and the six
    skills in the book's column order as dice ("2d6", or "—" when struck out)."""

    health: str | None
    knocked_out: bool
    skills: dict[str, str]


def printed_profile(character: dict, rules: RulesBook) -> PrintedProfile[PulpAlleyCard]:
    """Health, the knocked-out flag (d6*) and the six skills as the card prints them; its
    abilities by name, with the choices Animal and the like make."""
    character = as_dict(character)
    profile = as_dict(character.get("profile"))
    pattern = as_dict((type_of(character, rules) or {}).get("profile"))
    choices = as_dict(profile.get("ability_choices"))
    base = base_pools(profile)
    pools = dict(base)
    entries = ability_entries(profile, rules)
    for slug, entry in entries:
        effect = effect_of(entry)
        for skill, count in as_dict(effect.get("add_dice")).items():
            if pools.get(skill):
                pools[skill] = pools[skill].plus(count)
        extra = as_dict(effect.get("add_dice_choice"))
        for skill in picked_skills(choices, slug, extra) if extra else ():
            if pools[skill]:
                pools[skill] = pools[skill].plus(extra.get("dice", 1))
        raise_die = as_dict(effect.get("raise_die_choice"))
        for skill in picked_skills(choices, slug, raise_die) if raise_die else ():
            if base[skill] and base[skill].die == raise_die.get("from"):
                pools[skill] = pools[skill].with_die(raise_die["to"])
    for skill in struck_out(entry for _, entry in entries):
        pools[skill] = None
    health = profile.get("health")
    try:
        health = f"d{parse_die(health)}"
    except DiceError:
        health = None
    card = PulpAlleyCard(
        health=health,
        knocked_out=bool(pattern.get("knocked_out_on_failed_health")),
        skills={skill: str(pool) if pool else ABSENT for skill, pool in pools.items()},
    )
    # Health is starred when any failed Health check takes the character out.
    star = "*" if card.knocked_out else ""
    skills = tuple((skill_name(skill), value) for skill, value in card.skills.items())
    kind = type_of(character, rules) or {}
    return PrintedProfile(
        name=str(character.get("name") or "Unnamed"),
        type_name=str(kind.get("name") or character.get("type") or ""),
        level=kind.get("level"),
        cost=character_cost(character, rules),
        cells=(("Health", (health or "—") + star), *skills),
        line=" · ".join([f"Health {health or '?'}{star}", *(f"{k} {v}" for k, v in skills)]),
        abilities=tuple(ability_of(rules, slug, choices) for slug in ability_slugs(profile)),
        game=card,
    )


def character_cost(character: dict, rules: RulesBook) -> int | None:
    """The slots this character's type costs, before perks such as Mastermind change it."""
    kind = type_of(as_dict(character), rules)
    return number(kind.get("cost"), None) if kind else None


def ability_of(rules, slug, choices):
    entry = as_dict(rules.entry("ability", slug))
    label = entry.get("name") or slug
    picks = choices.get(slug)
    if isinstance(picks, list) and picks:
        label += f" ({', '.join(str(pick).capitalize() for pick in picks)})"
    custom = bool(entry.get("custom"))
    return PrintedAbility(
        label + (" [house rule]" if custom else ""), page_of(entry.get("page")), custom=custom
    )


def character_findings(character: dict, rules: RulesBook) -> list[Finding]:
    """Everything wrong with one card on its own, as the designer shows it while editing."""
    character = as_dict(character)
    subject = subject_of(character)

    def found(code, severity, message, page, custom=False):
        return Finding(
            code,
            severity,
            message,
            page_of(page),
            subject=subject,
            custom=custom,
            character_id=id_of(character),
        )

    kind = type_of(character, rules)
    if kind is None:
        given = character.get("type")
        what = f"an unknown character type {given!r}" if given else "no character type"
        types = ", ".join(t["name"] for t in rules.character_types.values())
        return [found("unknown-type", "error", f"{subject} has {what}: pick {types}.", TYPES_PAGE)]
    findings = []
    if kind.get("edition", BOOK_EDITION) != BOOK_EDITION:
        findings.append(
            found(
                "other-edition",
                "info",
                f"{plural(kind['name'])} belong to the {kind['edition']} rules"
                f" (p.{kind['page']} there), not to the core rulebook the rest follows.",
                kind["page"],
            )
        )
    pattern = as_dict(kind.get("profile"))
    if pattern.get("non_combatant"):
        return findings
    profile = as_dict(character.get("profile"))
    findings += health_findings(profile, kind, found)
    findings += dice_findings(profile, kind, rules, found)
    findings += ability_findings(profile, kind, rules, found)
    return findings


def health_findings(profile, kind, found):
    expected = kind["profile"].get("health")
    given = profile.get("health")
    if given is None:
        return [
            found(
                "health-mismatch",
                "error",
                f"Health is not set: {article(kind['name'])} starts at {expected}.",
                kind["page"],
            )
        ]
    try:
        sides = parse_die(given)
    except DiceError:
        return [
            found(
                "unreadable-dice",
                "error",
                f"Health {given!r} is not a die type such as d10.",
                DICE_PAGE,
            )
        ]
    if expected and sides != parse_die(expected):
        return [
            found(
                "health-mismatch",
                "error",
                f"Health d{sides}, but {article(kind['name'])} starts at {expected}.",
                kind["page"],
            )
        ]
    return []


def dice_findings(profile, kind, rules, found):
    pattern = kind["profile"]
    skills = as_dict(profile.get("skills"))
    struck = struck_out(entry for _, entry in ability_entries(profile, rules))
    findings, pools, missing = [], {}, []
    for skill in SKILLS:
        value = skills.get(skill)
        if is_absent(value):
            if skill not in struck:
                missing.append(skill_name(skill))
            continue
        try:
            pools[skill] = parse_dice(value)
        except DiceError as error:
            findings.append(
                found("unreadable-dice", "error", f"{skill_name(skill)}: {error}.", DICE_PAGE)
            )
    if missing:
        hint = " (only an Animal goes without Shoot)" if "Shoot" in missing else ""
        findings.append(
            found(
                "missing-skill",
                "error",
                f"No dice for {', '.join(missing)}: every skill gets dice at creation{hint}.",
                kind["page"],
            )
        )
    count_pattern = Counter(pattern.get("dice_counts", ()))
    type_pattern = Counter(pattern.get("die_types", ()))
    complete = len(pools) == count_pattern.total()
    counts = Counter(pool.count for pool in pools.values())
    if not fits(counts, count_pattern, complete):
        unbonused = Counter(
            pool.count - bonus(profile, rules, skill) for skill, pool in pools.items()
        )
        looks_printed = fits(unbonused, count_pattern, complete)
        hint = (
            " These look like printed values: enter the dice before ability bonuses."
            if looks_printed
            else ""
        )
        findings.append(
            found(
                "dice-count-pattern",
                "error",
                f"Base dice counts are {listing(counts)}; {article(kind['name'])} starts with"
                f" {listing(count_pattern)}.{hint}",
                kind["page"],
            )
        )
    types = Counter(pool.die for pool in pools.values())
    if not fits(types, type_pattern, complete):
        findings.append(
            found(
                "die-type-pattern",
                "error",
                f"Base die types are {listing(types)}; {article(kind['name'])} starts with"
                f" {listing(type_pattern)}.",
                kind["page"],
            )
        )
    return findings


def fits(given: Counter, pattern: Counter, complete):
    """A full profile must match the pattern exactly; a half-built one must not overshoot it."""
    return given == pattern if complete else given <= pattern


def listing(counter: Counter):
    def size(value):
        return value if isinstance(value, int) else parse_die(value)

    return ", ".join(str(value) for value in sorted(counter.elements(), key=size, reverse=True))


def bonus(profile, rules, skill):
    """Extra dice the character's fixed-bonus abilities put on one skill."""
    return sum(
        count
        for _, entry in ability_entries(profile, rules)
        for name, count in as_dict(effect_of(entry).get("add_dice")).items()
        if name == skill
    )


def ability_findings(profile, kind, rules, found):
    pattern = kind["profile"]
    creation = slugs(profile.get("abilities"))
    learned = slugs(profile.get("learned_abilities"))
    level = ability_level(kind)
    findings = []
    wanted = pattern.get("abilities")
    if wanted is not None and len(creation) != wanted:
        findings.append(
            found(
                "ability-count",
                "error",
                f"{counted(len(creation), 'ability')} at creation;"
                f" {article(kind['name'])} picks exactly {wanted} (abilities bought with"
                " experience are listed as learned).",
                kind["page"],
            )
        )
    if level is not None and len(learned) > level:
        findings.append(
            found(
                "learned-ability-count",
                "error",
                f"{counted(len(learned), 'learned ability')}; a level"
                f" {level} character learns at most {level} with experience.",
                XP_PAGE,
            )
        )
    for slug, times in Counter(creation + learned).items():
        if times > 1:
            name = name_of(rules.entry("ability", slug) or {"slug": slug})
            findings.append(
                found(
                    "duplicate-ability",
                    "error",
                    f"{name} is taken {times} times; each ability counts once per character.",
                    ABILITY_PAGE,
                )
            )
    choices = as_dict(profile.get("ability_choices"))
    for slug in ability_slugs(profile):
        entry = rules.entry("ability", slug)
        if entry is None:
            findings.append(
                found(
                    "unknown-ability",
                    "error",
                    f"{slug!r} is neither in the Ability Library nor among the house rules.",
                    ABILITY_PAGE,
                )
            )
            continue
        if not may_hold(kind, entry):
            findings.append(
                found(
                    "ability-level-too-high",
                    "error",
                    f"{name_of(entry)} is a level {entry['level']} ability; {article(kind['name'])}"
                    f" is level {level} and takes abilities up to level {level}.",
                    entry.get("page") or ABILITY_PAGE,
                )
            )
        if entry.get("custom"):
            findings.append(
                found(
                    "custom-rule",
                    "info",
                    f"{name_of(entry)} is a house rule, not from the book.",
                    entry.get("page"),
                    custom=True,
                )
            )
        findings += choice_findings(slug, entry, choices, profile, found)
    findings += animal_findings(profile, rules, found)
    return findings


def choice_findings(slug, entry, choices, profile, found):
    effect = effect_of(entry)
    picks = slugs(choices.get(slug))
    shown = ", ".join(skill_name(pick) for pick in picks) or "none"
    findings = []
    extra = as_dict(effect.get("add_dice_choice"))
    if extra:
        count = extra.get("count", 0)
        excluded = as_list(extra.get("exclude"))
        if picks != picked_skills(choices, slug, extra) or len(picks) != count:
            others = f" other than {', '.join(map(skill_name, excluded))}" if excluded else ""
            findings.append(
                found(
                    "animal-choice",
                    "error",
                    f"{name_of(entry)} needs {count} different skills{others} to gain"
                    f" {extra.get('dice', 1)} die each; picked: {shown}.",
                    entry.get("page"),
                )
            )
    raise_die = as_dict(effect.get("raise_die_choice"))
    if raise_die:
        count, low, high = raise_die.get("count", 0), raise_die.get("from"), raise_die.get("to")
        base = base_pools(profile)
        eligible = [skill for skill, pool in base.items() if pool and pool.die == low]
        if len(picks) != count or not set(picks) <= set(eligible):
            offer = ", ".join(map(skill_name, eligible)) or "none yet"
            findings.append(
                found(
                    "extraordinary-choice",
                    "error",
                    f"{name_of(entry)} raises {count} of the base {low} skills to {high}; picked:"
                    f" {shown}; the {low} skills are: {offer}.",
                    entry.get("page"),
                )
            )
    return findings


def animal_findings(profile, rules, found):
    entries = ability_entries(profile, rules)
    beast = next((entry for _, entry in entries if effect_of(entry).get("no_shoot")), None)
    if beast is None:
        return []
    return [
        found(
            "animal-cannot-shoot",
            "warning",
            f"{name_of(entry)} is wasted on {article(name_of(beast))}, which cannot shoot: {why}.",
            entry.get("page") or ABILITY_PAGE,
        )
        for slug, entry in entries
        if (why := WASTED_WITHOUT_SHOOT.get(slug))
    ]
