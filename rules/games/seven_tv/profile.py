"""One 7TV roster line: a Central Casting profile bought `count` times, perhaps customised
(Stars and Co-Stars only, p.38). Its printed card, its ratings per model and what is wrong
with it on its own. The customisation prices, and each reading the book leaves open, are
written down in docs/roster-format.md."""

import re
from dataclasses import dataclass, field

from rules.engines.base import Finding, RulesBook, finding_about
from rules.engines.effects import effect_of, is_count, number
from rules.engines.house_rules import PROFILE_GENRES
from rules.engines.plain import as_dict, as_list, id_of, name_of, page_of

CHARACTER_STATS = ("fight", "shoot", "defence", "mind", "body", "spirit", "health")
VEHICLE_STATS = ("capacity", "speed", "defence", "armour", "health")
LEADS = ("star", "co-star")
VEHICLE = "vehicle"
ATTACK_TYPES = ("fight", "shoot", "presence")
STANDARD_MOVE = 6
CUSTOMISE_PAGE = 38
EFFECT_LIST_PAGE = 40
MOVE_REF = "special-effect/move-x"
MAGIC_REF = "special-effect/magic-user-x"
# Changes that have their own key in `customisation` because the book prices them per inch
# or per rank, so they never come in through add_effects or swap_effects.
KEYED_REFS = {MOVE_REF: "move", MAGIC_REF: "magic_user"}
MAX_RAISED = MAX_LOWERED = 2
MAX_EFFECT_SWAPS = 2
MAX_REMOVED = MAX_ATTACK_SWAPS = MAX_ADDED_ATTACKS = 1
SHAPE_WORDS = {dict: "an object", list: "a list", int: "a whole number"}
# Chapter 01's cast rules fill pp.22-25; the extracted text fixes no finer page, so they all
# cite its first page. Central Casting's cards start at p.207.
CAST_PAGE = 22
CARDS_PAGE = 207

__all__ = ["Line", "SevenTvCard", "character_findings", "printed_card", "read_line", "subject_of"]


def subject_of(character):
    return str(character.get("name") or "Unnamed model")


def entry_for_ref(rules: RulesBook, ref):
    """The library entry a "kind/slug" reference points at, or None."""
    if not isinstance(ref, str) or "/" not in ref:
        return None
    kind, slug = ref.split("/", 1)
    return rules.entry(kind, slug)


def present(value):
    """A customisation key the player really used: empty lists and zero change nothing."""
    return value not in (None, "", 0, [], {})


@dataclass
class Line:
    """A roster line read against the rules: what the card prints once customised."""

    character: dict
    rules: RulesBook
    entry: dict | None = None
    count: int = 1
    delta: int = 0
    stats: dict = field(default_factory=dict)
    genres: list = field(default_factory=list)
    genres_unknown: bool = False
    effects: list = field(default_factory=list)
    attacks: list = field(default_factory=list)
    customised: bool = False
    findings: list = field(default_factory=list)

    @property
    def subject(self):
        return subject_of(self.character)

    @property
    def character_id(self):
        return id_of(self.character)

    @property
    def data(self):
        return as_dict(as_dict(self.entry).get("data"))

    @property
    def slug(self):
        return as_dict(self.entry).get("slug")

    @property
    def kind(self):
        return self.data.get("type")

    @property
    def is_lead(self):
        return self.kind in LEADS

    @property
    def profile_name(self):
        return name_of(self.entry)

    @property
    def role(self):
        role = self.character.get("role")
        return role.strip() if isinstance(role, str) else ""

    @property
    def ratings(self):
        """Ratings per model, customisation included; None for an unknown profile."""
        if self.entry is None:
            return None
        return max(0, number(self.entry.get("cost")) + self.delta)

    @property
    def bulk(self):
        """The printed bulk price {size, cost}, which a customised model never has."""
        bulk = as_dict(self.data.get("bulk"))
        if self.customised or not (is_count(bulk.get("size")) and is_count(bulk.get("cost"))):
            return None
        return bulk if bulk["size"] > 1 else None

    @property
    def all_genres(self):
        return bool(self.data.get("all_genres"))

    @property
    def move(self):
        if self.entry is None or self.kind == VEHICLE:
            return None
        ref = self.effect(MOVE_REF)
        return ref["x"] if ref and is_count(ref.get("x")) else STANDARD_MOVE

    def effect(self, ref):
        return next((item for item in self.effects if item.get("ref") == ref), None)

    def effect_entries(self):
        """(reference, entry) for each special effect and stunt the line's models carry."""
        refs = self.effects + [as_dict(stunt) for stunt in as_list(self.data.get("stunts"))]
        found = [(ref, entry_for_ref(self.rules, ref.get("ref"))) for ref in refs]
        return [(ref, entry) for ref, entry in found if entry is not None]

    def card_effects(self):
        """The machine-readable `effect` of everything on the card."""
        return [(entry, effect_of(entry)) for _, entry in self.effect_entries()]

    def add(self, code, severity, message, page, custom=False):
        self.findings.append(finding_about(self, code, severity, message, page, custom=custom))


def read_line(character: dict, rules: RulesBook) -> Line:
    character = as_dict(character)
    line = Line(character, rules)
    profile = as_dict(character.get("profile"))
    count = profile.get("count", 1)
    if not is_count(count) or count < 1:
        line.add(
            "model-count",
            "error",
            f"{count!r} models: a line buys a whole number of models, 1 or more.",
            CAST_PAGE,
        )
        count = 1
    line.count = count
    slug = profile.get("base")
    line.entry = rules.entry("profile", slug) if isinstance(slug, str) else None
    if line.entry is None:
        message = (
            f"{slug!r} is neither a Central Casting profile nor a house rule."
            if slug
            else "No profile chosen: pick one from Central Casting."
        )
        line.add("unknown-profile", "error", message, CARDS_PAGE)
        return line
    data = line.data
    stat_names = VEHICLE_STATS if line.kind == VEHICLE else CHARACTER_STATS
    line.stats = {stat: as_dict(data.get("stats")).get(stat) for stat in stat_names}
    known = as_list(data.get("genres")) or as_list(data.get("genres_include"))
    line.genres = [genre for genre in known if isinstance(genre, str)]
    line.genres_unknown = data.get("genres") is None and not line.all_genres
    if line.genres_unknown:
        use_house_genres(line)
    line.effects = [
        dict(ref) for ref in as_list(data.get("special_effects")) if isinstance(ref, dict)
    ]
    line.attacks = [
        dict(attack) for attack in as_list(data.get("attacks")) if isinstance(attack, dict)
    ]
    given = character.get("type")
    if given and given != line.kind:
        line.add(
            "type-mismatch",
            "error",
            f"Written as {given!r}, but the {line.profile_name} is {kind_label(line.kind)}.",
            CARDS_PAGE,
        )
    customise(line, as_dict(profile.get("customisation")))
    note_house_rules(line)
    return line


def kind_label(kind):
    return {
        "star": "a Star",
        "co-star": "a Co-Star",
        "extra": "an Extra",
        VEHICLE: "a vehicle",
    }.get(kind, "of no known type")


def use_house_genres(line):
    """The player's genres for a profile the book text leaves without: the genre gate judges
    by them, and the report says they are the player's, not the book's."""
    house = as_dict(line.rules.entry(PROFILE_GENRES, line.slug))
    genres = [
        genre
        for genre in as_list(as_dict(house.get("data")).get("genres"))
        if isinstance(genre, str) and line.rules.entry("genre", genre)
    ]
    if not (house.get("custom") and genres):
        return
    line.genres = list(dict.fromkeys([*line.genres, *genres]))
    line.genres_unknown = False
    names = ", ".join(name_of(line.rules.entry("genre", genre)) for genre in line.genres)
    line.add(
        "custom-rule",
        "info",
        f"The {line.profile_name}'s genres ({names}) are your house rule: the book text lacks"
        " them.",
        None,
        custom=True,
    )


def note_house_rules(line):
    used = [line.entry] + [entry for _, entry in line.effect_entries()]
    for entry in used:
        if entry.get("custom"):
            line.add(
                "custom-rule",
                "info",
                f"{name_of(entry)} is a house rule, not from the book.",
                entry.get("page"),
                custom=True,
            )


# Customisation (p.38) ------------------------------------------------------------------------


def customise(line, custom):
    changes = {key: value for key, value in custom.items() if present(value)}
    if not changes:
        return
    if not line.is_lead:
        line.add(
            "not-customisable",
            "error",
            f"Only Stars and Co-Stars may be customised; the {line.profile_name} is"
            f" {kind_label(line.kind)}, so the changes are ignored.",
            CUSTOMISE_PAGE,
        )
        return
    line.customised = True
    steps = (
        ("stats", dict, change_stats),
        ("genre_swap", dict, swap_genre),
        ("remove_effects", list, remove_effects),
        ("swap_effects", list, swap_effects),
        ("add_effects", list, add_effects),
        ("magic_user", int, add_magic),
        ("move", int, change_move),
        ("swap_attacks", list, swap_attacks),
        ("add_attacks", list, add_attacks),
    )
    known = {key for key, _, _ in steps}
    for key in changes:
        if key not in known:
            bad(line, f"{key!r} is not a change the customisation rules know.")
    for key, shape, step in steps:
        if key not in changes:
            continue
        value = changes[key]
        if isinstance(value, shape) and not isinstance(value, bool):
            step(line, value)
        else:
            bad(line, f"{key} should be {SHAPE_WORDS[shape]}, not {value!r}.")
    printed = number(line.entry.get("cost"))
    line.add(
        "customised",
        "info",
        f"Customised from the {line.profile_name}"
        + (
            f", still at the book's {printed} ratings."
            if line.ratings == printed
            else f": {line.ratings} ratings, against the book's {printed}."
        )
        + " Agree custom profiles with your opponent before play.",
        CUSTOMISE_PAGE,
    )


def bad(line, message, page=CUSTOMISE_PAGE):
    line.add("bad-customisation", "error", message, page)


def too_many(line, message):
    line.add("too-many-changes", "error", message, CUSTOMISE_PAGE)


def change_stats(line, changes):
    raised, lowered = [], []
    for stat, by in as_dict(changes).items():
        label = str(stat).capitalize()
        if stat not in CHARACTER_STATS:
            bad(line, f"{stat!r} is not a statistic; a Star has {', '.join(CHARACTER_STATS)}.")
        elif not is_count(by):
            bad(line, f"The change to {label} must be a whole number.")
        elif by == 0:
            continue
        elif stat == "health":
            line.add(
                "health-changed",
                "error",
                f"Health cannot be customised: it stays at {line.stats.get('health')}.",
                CUSTOMISE_PAGE,
            )
        elif stat == "defence" and by > 0:
            shift(line, stat, by, 2 * by)
        elif abs(by) > 1:
            bad(line, f"{label} changes by {by:+d}; a statistic goes up or down by 1 only.")
        else:
            shift(line, stat, by, by)
            (raised if by > 0 else lowered).append(label)
    for changed, limit, way in ((raised, MAX_RAISED, "up"), (lowered, MAX_LOWERED, "down")):
        if len(changed) > limit:
            too_many(
                line,
                f"{', '.join(changed)} all go {way}; at most {limit} statistics go {way} by 1.",
            )


def shift(line, stat, by, ratings):
    if is_count(line.stats.get(stat)):
        line.stats[stat] += by
    line.delta += ratings


def swap_genre(line, swap):
    swap = as_dict(swap)
    old, new = swap.get("from"), swap.get("to")
    if not (isinstance(old, str) and isinstance(new, str)):
        bad(line, 'One genre swap, written {"from": genre dropped, "to": genre taken}.')
    elif line.rules.entry("genre", new) is None:
        bad(line, f"{new!r} is not one of the genres.")
    elif not line.genres_unknown and old not in line.genres:
        bad(line, f"The {line.profile_name} has no {genre_name(line.rules, old)} genre to swap.")
    elif new in line.genres:
        bad(line, f"The {line.profile_name} already has {genre_name(line.rules, new)}.")
    else:
        line.genres = [genre for genre in line.genres if genre != old] + [new]
        line.delta += 1


def genre_name(rules, slug):
    return name_of(rules.entry("genre", slug) or {"slug": slug})


def ref_of(item):
    """A special effect as a reference dict: "special-effect/parry" or {"ref": …, "x": 2}."""
    if isinstance(item, str):
        return {"ref": item}
    if isinstance(item, dict) and isinstance(item.get("ref"), str):
        return {key: item[key] for key in ("ref", "x") if key in item}
    return None


def effect_label(rules, ref):
    return name_of(entry_for_ref(rules, ref) or {"slug": str(ref).rpartition("/")[2]})


def own_effect(line, item, verb):
    """The effect the card already carries, for removing or swapping out."""
    ref = ref_of(item)
    found = line.effect(ref["ref"]) if ref else None
    if found is None:
        what = effect_label(line.rules, ref["ref"]) if ref else repr(item)
        bad(line, f"The {line.profile_name} has no {what} to {verb}.")
    return found


def new_effect(line, item):
    """A special effect the player brings in: from the customisation list (pp.40-46), a house
    rule, or, with a warning, another card's effect as the book's own Regenerate example
    does. Returns (reference, entry) or None when it cannot be taken."""
    ref = ref_of(item)
    if ref is None:
        bad(line, f"{item!r} is not a special effect reference such as special-effect/parry.")
        return None
    entry = entry_for_ref(line.rules, ref["ref"])
    if entry is None:
        bad(line, f"{ref['ref']!r} is neither a special effect in the book nor a house rule.")
        return None
    if ref["ref"] in KEYED_REFS:
        bad(line, f"{name_of(entry)} is bought with the {KEYED_REFS[ref['ref']]!r} change.")
        return None
    kind = ref["ref"].split("/", 1)[0]
    if kind == "profile-effect":
        line.add(
            "effect-off-list",
            "warning",
            f"{name_of(entry)} comes from another card, not the customisation list"
            " (pp.40-46): agree it with your opponent.",
            EFFECT_LIST_PAGE,
        )
    elif kind != "special-effect":
        bad(line, f"{name_of(entry)} is a {kind.replace('-', ' ')}, not a special effect.")
        return None
    if as_dict(entry.get("data")).get("param") and "x" not in ref:
        bad(line, f'{name_of(entry)} needs its X: {{"ref": "{ref["ref"]}", "x": …}}.')
        return None
    if line.effect(ref["ref"]):
        bad(line, f"The {line.profile_name} already has {name_of(entry)}.")
        return None
    return ref, entry


def plot_points(entry):
    """Each ✪ on an effect swapped or added costs 1 rating."""
    return number(as_dict(entry.get("data")).get("pp_cost"))


def remove_effects(line, items):
    items = as_list(items)
    if len(items) > MAX_REMOVED:
        too_many(line, f"{len(items)} special effects removed; the book allows {MAX_REMOVED}.")
    for item in items:
        found = own_effect(line, item, "remove")
        if found is not None:
            line.effects.remove(found)
            line.delta -= 1


def swap_effects(line, swaps):
    swaps = as_list(swaps)
    if len(swaps) > MAX_EFFECT_SWAPS:
        too_many(line, f"{len(swaps)} special effects swapped; the book allows 1 or 2.")
    for swap in swaps:
        swap = as_dict(swap)
        old = own_effect(line, swap.get("from"), "swap out")
        incoming = new_effect(line, swap.get("to"))
        if old is None or incoming is None:
            continue
        ref, entry = incoming
        line.effects[line.effects.index(old)] = ref
        line.delta += plot_points(entry)


def add_effects(line, items):
    # The book prices only the ✪ on an added effect, but its Regenerate example (+2 to add,
    # +1 to swap) shows that adding anything costs 1 as well.
    for item in as_list(items):
        incoming = new_effect(line, item)
        if incoming is not None:
            ref, entry = incoming
            line.effects.append(ref)
            line.delta += 1 + plot_points(entry)


def add_magic(line, ranks):
    if not is_count(ranks) or ranks < 1:
        bad(line, "magic_user is the number of Magic User ranks to add, 1 or more.")
        return
    current = line.effect(MAGIC_REF)
    if current is None:
        line.effects.append({"ref": MAGIC_REF, "x": ranks})
    else:
        # A new reference, so the card's printed "(2)" no longer names it.
        rank = number(current.get("x")) + ranks
        line.effects[line.effects.index(current)] = {**without_printed(current), "x": rank}
    line.delta += 2 * ranks


def without_printed(ref):
    return {key: value for key, value in ref.items() if key != "printed"}


def change_move(line, inches):
    if not is_count(inches) or inches < 1:
        bad(line, "move is the new movement in whole inches, 1 or more.")
        return
    line.delta += inches - line.move
    current = line.effect(MOVE_REF)
    moved = {"ref": MOVE_REF, "x": inches}
    if current is not None and inches == STANDARD_MOVE:
        line.effects.remove(current)
    elif current is not None:
        line.effects[line.effects.index(current)] = moved
    elif inches != STANDARD_MOVE:
        line.effects.append(moved)


def attack_of(line, item):
    """A new attack the player wrote out; the attack tables (pp.48-49) are cut short in the
    text, so its numbers are taken as given."""
    attack = as_dict(item)
    if not (isinstance(attack.get("name"), str) and attack["name"].strip()):
        bad(line, "A new attack needs a name.", 48)
        return None
    if attack.get("type") not in ATTACK_TYPES:
        bad(line, f"{attack['name']} needs a type: {', '.join(ATTACK_TYPES)}.", 48)
        return None
    return {
        "name": attack["name"],
        "type": attack["type"],
        "range_in": attack.get("range_in"),
        "strike": attack.get("strike"),
        "effects": [text for text in as_list(attack.get("effects")) if isinstance(text, str)],
        "or_group": None,
        "custom": True,
    }


def swap_attacks(line, swaps):
    swaps = as_list(swaps)
    if len(swaps) > MAX_ATTACK_SWAPS:
        too_many(line, f"{len(swaps)} attacks swapped; the book allows {MAX_ATTACK_SWAPS}.")
    for swap in swaps:
        swap = as_dict(swap)
        old = next((a for a in line.attacks if a.get("name") == swap.get("from")), None)
        new = attack_of(line, swap.get("to"))
        if old is None:
            bad(line, f"The {line.profile_name} has no attack called {swap.get('from')!r}.", 48)
        elif new is not None and new["type"] != old.get("type"):
            bad(
                line, f"{old['name']} is a {old.get('type')} attack; swap it for the same type.", 48
            )
        elif new is not None:
            line.attacks[line.attacks.index(old)] = new


def add_attacks(line, items):
    items = as_list(items)
    if len(items) > MAX_ADDED_ATTACKS:
        too_many(line, f"{len(items)} attacks added; the book allows {MAX_ADDED_ATTACKS}.")
    for item in items:
        new = attack_of(line, item)
        if new is not None:
            line.attacks.append(new)
            line.delta += 1


# The card -----------------------------------------------------------------------------------


def effect_view(rules, ref):
    """A special effect, star quality or stunt as a card prints it."""
    ref = as_dict(ref)
    entry = as_dict(entry_for_ref(rules, ref.get("ref")))
    data = as_dict(entry.get("data"))
    view = {
        "ref": ref.get("ref"),
        "name": effect_name(rules, ref, entry),
        "summary": entry.get("summary", ""),
        "pp": number(ref.get("pp_cost", data.get("pp_cost"))),
        "action": ref.get("action", data.get("action")) or "none",
        "once_per_turn": bool(ref.get("once_per_turn", data.get("once_per_turn"))),
        "page": page_of(entry.get("page")),
        "custom": bool(entry.get("custom")),
    }
    view |= {key: ref[key] for key in ("x", "grimoires", "units", "bans", "counts") if key in ref}
    return view


def effect_name(rules, ref, entry):
    if isinstance(ref.get("printed"), str):
        return ref["printed"]
    name = name_of(entry) if entry else effect_label(rules, ref.get("ref"))
    if "x" not in ref:
        return name
    x = ref["x"]
    mount = rules.entry("profile", x) if isinstance(x, str) else None
    value = name_of(mount) if mount else str(x)
    return re.sub(r"\bX\b", value, name)


@dataclass(frozen=True)
class SevenTvCard:
    """What a 7TV card prints beyond the common profile, customisation applied: the book's
    profile (`profile_name`, its slug `base`, its `type` and affiliation), genres (with
    whether the book text lost them), the statistics by slug, Move in inches, the attacks,
    special effects, star quality and stunts as the card shows them (plain dicts), the
    ratings a model, its bulk price {size, cost} and whether it was customised. An unknown
    profile gives empty values."""

    profile_name: str | None
    base: str | None
    type: str | None
    affiliation: str | None
    genres: list
    genres_unknown: bool
    stats: dict
    move: int | None
    attacks: list
    special_effects: list
    star_quality: dict | None
    stunts: list
    ratings: int | None
    bulk: dict | None
    customised: bool


def printed_card(line: Line, rules: RulesBook) -> SevenTvCard:
    """The card of one read line (see read_line)."""
    data = line.data
    star_quality = data.get("star_quality")
    return SevenTvCard(
        profile_name=as_dict(line.entry).get("name"),
        base=line.slug,
        type=line.kind or as_dict(line.character).get("type"),
        affiliation=data.get("affiliation"),
        genres=list(line.genres),
        genres_unknown=line.genres_unknown,
        stats=dict(line.stats),
        move=line.move,
        attacks=line.attacks,
        special_effects=[effect_view(rules, ref) for ref in line.effects],
        star_quality=effect_view(rules, {"ref": star_quality}) if star_quality else None,
        stunts=[effect_view(rules, ref) for ref in as_list(data.get("stunts"))],
        ratings=line.ratings,
        bulk=line.bulk,
        customised=line.customised,
    )


def character_findings(character: dict, rules: RulesBook) -> list[Finding]:
    """Everything wrong with one line on its own, as the designer shows it while editing."""
    return read_line(character, rules).findings
