"""The 7TV cast engine (core rulebook): is this cast legal, and how many ratings does it use?
Pure functions over the roster format's plain data (docs/roster-format.md) and a RulesBook;
page numbers are the book's printed ones. Each character of the file is one roster line: a
Central Casting profile bought `count` times."""

from collections import Counter, defaultdict
from fractions import Fraction
from math import ceil

from rules.engines.base import (
    Budget,
    Finding,
    PrintedAbility,
    PrintedProfile,
    Report,
    RulesBook,
    finding_about,
)
from rules.engines.effects import is_count, number
from rules.engines.house_rules import with_roster_house_rules
from rules.engines.plain import as_dict, as_list, counted, id_of, name_of
from rules.games.seven_tv.pricing import FELLOWSHIP, line_cost, price_cast
from rules.games.seven_tv.profile import (
    CAST_PAGE,
    VEHICLE,
    SevenTvCard,
    character_findings,
    genre_name,
    printed_card,
    read_line,
)

DEFAULT_RATINGS = 25
VEHICLE_PAGE = 189
SIDEKICK_PAGE = 40
AFFILIATIONS = ("heroic", "villainous", "neutral")
SIDEKICK_REF = "special-effect/sidekick"
SIDEKICK_OF = "sidekick-of:"
# Roles that name another character of the roster, by its id, after this prefix.
BOSS_ROLES = (SIDEKICK_OF,)

# The effect keys this engine (its pricing and profile reading included) applies.
EFFECT_KEYS = frozenset(
    {
        "set_price",
        "requires_in_cast",
        "vehicle_discount",
        "free_extra",
        "max_per_cast",
        "prop_cards",
        "no_own_prop_card",
    }
)
# Recorded for players to read; no roster maths seats models in vehicles or deals maguffin
# cards yet.
RECORDED_EFFECT_KEYS = frozenset({"vehicle_capacity", "maguffin_cards"})
LEADS = ("star", "co-star")

__all__ = [
    "character_cost",
    "character_findings",
    "evaluate",
    "printed_profile",
    "role_choices",
]


def character_cost(character: dict, rules: RulesBook) -> int | None:
    """The line's ratings on its own: customisation and its own bulk price, before anything
    the rest of the cast changes (fixed prices, Motor Pool, Fellowship, bulk across lines)."""
    return line_cost(read_line(character, rules))


def evaluate(roster: dict, rules: RulesBook) -> Report:
    roster = as_dict(roster)
    rules, findings = with_roster_house_rules(roster, rules)
    choices = as_dict(roster.get("choices"))
    lines = [read_line(character, rules) for character in as_list(roster.get("characters"))]
    cast = [line for line in lines if line.entry is not None]
    findings += check_affiliation(cast, choices.get("affiliation"))
    findings += check_genres(cast)
    findings += check_chosen_genre(cast, rules, choices.get("genre"))
    findings += check_card_limits(cast)
    findings += check_roles(lines)
    if not any(line.is_lead for line in cast):
        findings.append(
            Finding(
                "no-star",
                "warning",
                "No Star or Co-Star: a cast usually has one, and Extras and vehicles may only"
                " join by sharing a genre with one.",
                CAST_PAGE,
            )
        )
    pricing = price_cast(lines)
    findings += pricing.findings
    budget = ratings_budget(roster.get("budget"), pricing, lines, rules, findings)
    for line in lines:
        findings += line.findings
    return Report(rules.ruleset, budget, tuple(findings))


def role_choices(character: dict, printed: PrintedProfile, roster: dict, rules: RulesBook):
    """An Extra may be the free Fellowship Extra; a profile with the Sidekick effect names its
    boss among the cast's Stars and Co-Stars. As (value, label) pairs; [] for none."""
    character = as_dict(character)
    choices = []
    if character.get("type") == "extra":
        choices.append((FELLOWSHIP, "Free Fellowship Extra"))
    if any(effect.get("ref") == SIDEKICK_REF for effect in printed.game.special_effects):
        choices += [
            (f"{SIDEKICK_OF}{id_of(other)}", f"Sidekick of {other.get('name')}")
            for other in map(as_dict, as_list(as_dict(roster).get("characters")))
            if other.get("type") in LEADS and id_of(other) and id_of(other) != id_of(character)
        ]
    return [("", "No role"), *choices] if choices else []


def printed_profile(character: dict, rules: RulesBook) -> PrintedProfile[SevenTvCard]:
    """The card as printed, customisation applied: the statistics then Move as cells; the
    line adds the models bought and the ratings a model; the star quality and special
    effects by name."""
    character = as_dict(character)
    line = read_line(character, rules)
    card = printed_card(line, rules)
    cells = tuple((k.capitalize(), v) for k, v in card.stats.items())
    if card.move:
        cells += (("Move", f'{card.move}"'),)
    text = " · ".join(
        [*(f"{k} {v}" for k, v in cells), f"{counted(card.ratings or 0, 'rating')} a model"]
    )
    if line.count > 1:
        text = f"{line.count} models · {text}"
    effects = [card.star_quality, *card.special_effects]
    slug = character.get("type")
    kind = as_dict(rules.character_type(slug) if isinstance(slug, str) else None)
    return PrintedProfile(
        name=str(character.get("name") or card.profile_name or "Unnamed"),
        type_name=str(kind.get("name") or slug or ""),
        level=None,
        cost=line_cost(line),
        cells=cells,
        line=text,
        abilities=tuple(
            PrintedAbility(effect["name"], effect["page"], custom=effect["custom"])
            for effect in effects
            if effect
        ),
        game=card,
    )


def cast_takes(affiliation, own, *, lead):
    """Whether a cast of `affiliation` may take a model whose own affiliation is `own` (p.22):
    a heroic or villainous cast takes its own kind and neutral models; a neutral cast's Stars
    and Co-Stars are neutral, its other models anything."""
    if affiliation == "neutral":
        return own == "neutral" or not lead
    return own in (affiliation, "neutral")


def offered(entry, choices):
    """Whether the builder lists a library profile for a cast with these choices: once the
    cast has an affiliation, only the profiles it may take."""
    affiliation = as_dict(choices).get("affiliation")
    data = as_dict(entry.get("data"))
    if affiliation not in AFFILIATIONS or "affiliation" not in data:
        return True
    return cast_takes(affiliation, data["affiliation"], lead=data.get("type") in LEADS)


def check_affiliation(cast, affiliation):
    if affiliation not in AFFILIATIONS:
        given = "" if affiliation in (None, "") else f" ({affiliation!r} is none of them)"
        return [
            Finding(
                "unknown-affiliation",
                "error",
                f"Choose whether the cast is heroic, villainous or neutral{given}.",
                CAST_PAGE,
            )
        ]
    findings = []
    for line in cast:
        own = line.data.get("affiliation")
        if affiliation == "neutral":
            rule = "a neutral cast's Stars and Co-Stars must be neutral"
        else:
            rule = f"a {affiliation} cast takes only {affiliation} or neutral models"
        if not cast_takes(affiliation, own, lead=line.is_lead):
            findings.append(
                Finding(
                    "affiliation",
                    "error",
                    f"The {line.profile_name} is {own}; {rule}.",
                    CAST_PAGE,
                    line.subject,
                    character_id=line.character_id,
                )
            )
    return findings


def genre_list(rules, genres):
    return ", ".join(genre_name(rules, genre) for genre in genres)


def check_genres(cast):
    """Extras and vehicles must share a genre with a Star or Co-Star in the cast; an "All"
    genre profile shares any lead's, but with no lead there is nothing to share. Where the
    book text lacks a profile's genres the check is not made, and the report says so."""
    leads = [line for line in cast if line.is_lead]
    offered = sorted({genre for line in leads for genre in line.genres})
    unknown_leads = [line.profile_name for line in leads if line.genres_unknown]
    findings = []
    for line in cast:
        if line.is_lead or (leads and (line.all_genres or set(line.genres) & set(offered))):
            continue
        code, page = (
            ("vehicle-genre", VEHICLE_PAGE) if line.kind == VEHICLE else ("extra-genre", CAST_PAGE)
        )
        its = genre_list(line.rules, line.genres)
        if not leads:
            found = (
                code,
                "error",
                f"The {line.profile_name} must share a genre with a Star or Co-Star, and the"
                " cast has none.",
            )
        elif line.genres_unknown:
            found = (
                "genres-unknown",
                "info",
                f"The book text lacks the {line.profile_name}'s genres, so whether it shares"
                " one with the cast's Stars and Co-Stars could not be checked.",
            )
        elif unknown_leads:
            found = (
                "genres-unknown",
                "info",
                f"Its genres ({its}) meet none the book text gives for the cast's leads, but"
                f" that text lacks the genres of the {', '.join(unknown_leads)}, so the check"
                " could not be made.",
            )
        else:
            found = (
                code,
                "error",
                f"The {line.profile_name} ({its}) shares no genre with the cast's Stars and"
                f" Co-Stars ({genre_list(line.rules, offered)}).",
            )
        findings.append(Finding(*found, page, line.subject))
    return findings


def check_chosen_genre(cast, rules, genre):
    """The cast's preferred genre: its genre effects need members of that genre, and some
    cards bar attacks under it (Anachronism)."""
    if genre in (None, ""):
        return []
    if not isinstance(genre, str) or rules.entry("genre", genre) is None:
        names = genre_list(rules, [entry["slug"] for entry in rules.of_kind("genre")])
        return [Finding("unknown-genre", "error", f"{genre!r} is not a genre: {names}.", CAST_PAGE)]
    findings = anachronisms(cast, genre)
    name = genre_name(rules, genre)
    if any(genre in line.genres for line in cast):
        return findings
    if any(line.genres_unknown for line in cast):
        findings.append(
            Finding(
                "genres-unknown",
                "info",
                f"No model's known genres include {name}; the book text lacks some of the"
                " cast's genres, so whether its genre effects are open could not be checked.",
                CAST_PAGE,
            )
        )
    else:
        findings.append(
            Finding(
                "chosen-genre-unused",
                "warning",
                f"No model in the cast has the {name} genre, so its genre effects are out of"
                " reach.",
                CAST_PAGE,
            )
        )
    return findings


def anachronisms(cast, genre):
    findings = []
    for line in cast:
        attacks = {attack.get("name") for attack in line.attacks}
        for ref, entry in line.effect_entries():
            for ban in as_list(ref.get("bans")):
                ban = as_dict(ban)
                barred = [name for name in as_list(ban.get("attacks")) if name in attacks]
                if genre in as_list(ban.get("genres")) and barred:
                    findings.append(
                        Finding(
                            "anachronism",
                            "info",
                            f"With {genre_name(line.rules, genre)} chosen, the"
                            f" {line.profile_name} may not use {' or '.join(barred)}"
                            f" ({name_of(entry)}).",
                            entry.get("page"),
                            line.subject,
                            character_id=line.character_id,
                        )
                    )
    return findings


def check_card_limits(cast):
    """Rules printed on cards: Unique profiles, and a Carriage that needs a Steed."""
    models = Counter()
    for line in cast:
        models[line.slug] += line.count
    findings, reported = [], set()
    for line in cast:
        for entry, effect in line.card_effects():
            limit = effect.get("max_per_cast")
            if limit is not None and models[line.slug] > limit and line.slug not in reported:
                reported.add(line.slug)
                findings.append(
                    Finding(
                        "unique-profile",
                        "error",
                        f"{counted(models[line.slug], line.profile_name)} in the cast;"
                        f" {name_of(entry)} allows {limit}.",
                        entry.get("page"),
                    )
                )
            needs = as_list(effect.get("requires_in_cast"))
            if needs and not any(models[slug] for slug in needs):
                names = " or ".join(
                    name_of(line.rules.entry("profile", slug) or {"slug": slug}) for slug in needs
                )
                findings.append(
                    Finding(
                        f"{entry['slug']}-needs-{'-or-'.join(needs)}",
                        "error",
                        f"{name_of(entry)}: the {line.profile_name} needs a {names} in the cast.",
                        entry.get("page"),
                        line.subject,
                        character_id=line.character_id,
                    )
                )
    return findings


def check_roles(lines):
    """Roles name a Sidekick's boss by its id ("sidekick-of:<id>", so renaming the boss keeps
    its Sidekick) or the Fellowship Extra."""
    by_id = {line.character_id: line for line in lines if line.character_id}
    sidekicks_of = defaultdict(list)
    findings = []

    def add(code, severity, message, about, page=SIDEKICK_PAGE):
        findings.append(finding_about(about, code, severity, message, page))

    for line in lines:
        role, sidekick = line.role, line.effect(SIDEKICK_REF) is not None
        if line.entry is None:
            continue
        if role.startswith(SIDEKICK_OF):
            boss = by_id.get(role.removeprefix(SIDEKICK_OF).strip())
            if not sidekick:
                whose = f"{boss.subject}'s" if boss else "a"
                add(
                    "role-ignored",
                    "warning",
                    f"Marked as {whose} sidekick, but the {line.profile_name} has no Sidekick"
                    " effect; the mark changes nothing.",
                    line,
                )
            elif boss is None or boss is line:
                why = "itself" if boss is line else "no longer in the cast"
                add("sidekick-boss-unknown", "warning", f"Its boss is {why}.", line)
            else:
                sidekicks_of[boss.character_id].append(line)
        elif sidekick and not role:
            add(
                "sidekick-boss-unchosen",
                "info",
                "Pick its boss before play: the Star or Co-Star it is sidekick of.",
                line,
            )
        elif role not in ("", FELLOWSHIP):
            add(
                "role-ignored",
                "warning",
                f"The role {role!r} means nothing in 7TV; the roles are fellowship and"
                " sidekick-of:<the boss's id>.",
                line,
                CAST_PAGE,
            )
    for boss_id, sidekicks in sidekicks_of.items():
        models = sum(line.count for line in sidekicks)
        if models > 1:
            boss = by_id[boss_id]
            who = ", ".join(line.subject for line in sidekicks)
            add(
                "one-sidekick-per-boss",
                "error",
                f"{models} sidekicks ({who}) name {boss.subject} as their boss; a boss has only"
                " one.",
                boss,
            )
    return findings


def ratings_budget(limit, pricing, lines, rules, findings):
    if not is_count(limit):
        limit = DEFAULT_RATINGS
    if pricing.total > limit:
        findings.append(
            Finding(
                "over-budget",
                "error",
                f"{pricing.total} of {limit} ratings used: drop {pricing.total - limit} ratings"
                " of models, or agree a bigger cast.",
                CAST_PAGE,
            )
        )
    cast = [line for line in lines if line.entry is not None]
    return Budget(
        used=pricing.total,
        total=limit,
        unit="ratings",
        details={
            "plot_points_per_turn": plot_points(lines, rules, pricing.free),
            "models": sum(line.count for line in cast),
            "vehicles": sum(line.count for line in cast if line.kind == VEHICLE),
            "prop_cards": prop_cards(cast, rules),
        },
    )


def type_profile(rules, line):
    return as_dict(as_dict(rules.character_type(line.kind)).get("profile"))


def fraction(value):
    return (
        Fraction(str(value))
        if isinstance(value, int | float) and not isinstance(value, bool)
        else Fraction(0)
    )


def plot_points(lines, rules, free):
    """Plot points a turn at full strength (p.82): Stars 2, Co-Stars 1, Extras half each with
    the cast's total rounded up; a Fellowship Extra makes a whole one; vehicles none."""
    total = Fraction(0)
    for index, line in enumerate(lines):
        if line.entry is None:
            continue
        each = fraction(type_profile(rules, line).get("pp_per_turn"))
        free_models, free_each = free.get(index, (0, 0))
        total += each * (line.count - free_models) + free_each * free_models
    return ceil(total)


def prop_cards(cast, rules):
    """Cards in the prop store (p.180): one per Star and Co-Star, plus the Prop and Delivery
    effects; This Old Thing? gives none."""
    total = 0
    for line in cast:
        effects = [effect for _, effect in line.card_effects()]
        own = number(type_profile(rules, line).get("prop_cards"))
        if any(effect.get("no_own_prop_card") for effect in effects):
            own = 0
        total += line.count * (own + sum(number(effect.get("prop_cards")) for effect in effects))
    return total
