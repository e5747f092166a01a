"""One Pulp Fiction figure read against the rules: its stat card (type, side, move, wounds,
saves, traits, kit) and what is wrong with it on its own. The source is a web page without
page numbers, so findings cite the section heading (`section`) instead. Each reading the
rules leave open is written down in docs/roster-format.md."""

from collections import Counter
from dataclasses import dataclass, field

from rules.engines.base import Finding, RulesBook, finding_about
from rules.engines.effects import effect_of, is_count
from rules.engines.plain import article, as_dict, as_list, counted, id_of, name_of

STANDARD_MOVE = 4  # Standard Actions
UNARMED = {"attacks": 2, "to_hit": 6}  # Human Unarmed Combat
MAX_HEAVY_OBJECTS = 2  # Special Equipment, Backpack / Duffle Bag
SIDES = ("good", "bad", "monsters")
ATTACHED_TO = "attached-to:"
WEAPON_STATS = ("to_hit", "range_inches", "attacks")
TYPES_SECTION = "Figure Types"
SETUP_SECTION = "Game Set-up"
TRAITS_SECTION = "Traits"
WOUNDS_SECTION = "Wounds, Unconsciousness and Death"
KIT_SECTION = "Special Equipment"
DUAL_SECTION = "Ranged Weapons"
VEHICLES_SECTION = "Vehicles Rules"
# The Vehicles Rules entries (fixtures/pulp-fiction/rules.yaml) a vehicle's card reads.
VEHICLE_DAMAGE = "vehicle-damage"
VEHICLE_SPEED = "vehicle-speed"
KIT_SECTIONS = {
    "weapon": "Weapon & Equipment Descriptions",
    "armour": KIT_SECTION,
    "equipment": KIT_SECTION,
}

__all__ = [
    "Figure",
    "PulpFictionCard",
    "character_findings",
    "printed_card",
    "read_figure",
    "subject_of",
]


def subject_of(character):
    return str(as_dict(character).get("name") or "Unnamed figure")


def sentence(text):
    return text[:1].upper() + text[1:]


def count_or_none(value):
    return value if is_count(value) else None


def roll(value):
    """A save or to-hit number as the card prints it: 3 -> "3+"."""
    return f"{value}+" if is_count(value) else None


@dataclass
class Figure:
    """A character of the band file with the rules entries it names."""

    character: dict
    rules: RulesBook
    subject: str
    kind: dict | None = None
    side: str | None = None
    traits: list[dict] = field(default_factory=list)
    weapons: list[dict] = field(default_factory=list)
    armour: list[dict] = field(default_factory=list)
    equipment: list[dict] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def profile(self):
        return as_dict(self.character.get("profile"))

    @property
    def character_id(self):
        return id_of(self.character)

    @property
    def type_rules(self):
        return as_dict(as_dict(self.kind).get("profile"))

    @property
    def type_name(self):
        return name_of(self.kind) if self.kind else None

    @property
    def lesser(self):
        """Secondary Characters, Henchmen and Monsters act only on activation points."""
        return bool(self.type_rules.get("needs_activation_points"))

    @property
    def role(self):
        role = self.character.get("role")
        return role.strip() if isinstance(role, str) else ""

    @property
    def attached_to(self):
        return (
            self.role.removeprefix(ATTACHED_TO).strip()
            if self.role.startswith(ATTACHED_TO)
            else None
        )

    def effects(self, key):
        """(trait, value) for every trait whose effect carries `key`: effect_of has already
        dropped a value without the shape shapes.schema.json gives it, so none is checked
        again here."""
        return [(trait, effect_of(trait)[key]) for trait in self.traits if key in effect_of(trait)]

    def has(self, key):
        return any(value for _, value in self.effects(key))

    @property
    def is_vehicle(self):
        return bool(self.type_rules.get("vehicle"))

    def vehicle_rule(self, slug):
        """A Vehicles Rules entry whose numbers a vehicle's card reads (one truth: rules.yaml)."""
        return as_dict(self.rules.entry("rule", slug)) if self.is_vehicle else {}

    def vehicle_number(self, slug, key):
        return count_or_none(as_dict(self.vehicle_rule(slug).get("data")).get(key))

    @property
    def ap_dice(self):
        return sum(value for _, value in self.effects("ap_dice"))

    @property
    def initiative_bonus(self):
        return sum(value for _, value in self.effects("initiative_bonus"))

    @property
    def move(self):
        """Inches a turn: 4, Fast Runner's 6, or for Limited Mobility the number agreed on
        the card (the rules give none)."""
        if self.is_vehicle:
            return self.vehicle_number(VEHICLE_SPEED, "max_speed_inches")
        if self.has("reduced_move"):
            agreed = count_or_none(self.profile.get("move"))
            return agreed if agreed is not None and agreed < STANDARD_MOVE else None
        fast = [value for _, value in self.effects("move_inches")]
        return max(fast) if fast else STANDARD_MOVE

    @property
    def trait_wounds(self):
        return self.effects("wounds")

    @property
    def wounds(self):
        """Only Main Characters and Villains take more than one; Small Build and Tough as
        Nails fix how many, otherwise the card says (the book's cards are missing). None
        where nothing says: the rules give no standard number, so none is made up, and
        none where two traits give different totals."""
        if not self.type_rules.get("multi_wound"):
            return 1
        if self.is_vehicle:
            return self.vehicle_number(VEHICLE_DAMAGE, "wounds")
        totals = {value for _, value in self.trait_wounds}
        if totals:
            return next(iter(totals)) if len(totals) == 1 else None
        given = count_or_none(self.profile.get("wounds"))
        return given if given and given >= 1 else None

    @property
    def saves(self):
        """Every saving throw the figure rolls, best first: a hit counts only when all fail."""
        found = [
            {"roll": value, "label": roll(value), "source": name_of(trait)}
            for trait, value in self.effects("save")
        ]
        found += [
            {"roll": item["save"], "label": roll(item["save"]), "source": item["name"]}
            for item in self.armour
            if is_count(item["save"])
        ]
        vehicle_save = self.vehicle_number(VEHICLE_DAMAGE, "save")
        if vehicle_save:
            source = name_of(self.vehicle_rule(VEHICLE_DAMAGE))
            found.append({"roll": vehicle_save, "label": roll(vehicle_save), "source": source})
        return sorted(found, key=lambda save: save["roll"])

    @property
    def unarmed(self):
        """Bare hands (Human Unarmed Combat) or a trait's; none for a vehicle."""
        if self.is_vehicle:
            return {}
        return next((dict(value) for _, value in self.effects("unarmed")), dict(UNARMED))

    @property
    def ranged_weapons(self):
        return [weapon for weapon in self.weapons if weapon["ranged"]]

    @property
    def light_weapons(self):
        return [weapon for weapon in self.weapons if weapon["weight"] == "light"]

    @property
    def spare_ammo_markers(self):
        """Spare Ammo Markers: one for a Main Character with a ranged weapon; a side's
        Secondary Characters share one, counted for the band, not the figure."""
        return 1 if self.type_rules.get("spare_ammo") == "own" and self.ranged_weapons else 0

    @property
    def drives(self):
        return bool(self.type_rules.get("drives", True)) and not self.has("no_driving")

    @property
    def max_range(self):
        limits = [value for _, value in self.effects("max_range_inches")]
        return min(limits) if limits else None

    def add(self, code, severity, message, section, custom=False):
        self.findings.append(
            finding_about(self, code, severity, message, custom=custom, section=section)
        )


def read_figure(character: dict, rules: RulesBook) -> Figure:
    character = as_dict(character)
    figure = Figure(character, rules, subject_of(character))
    slug = character.get("type")
    figure.kind = rules.character_type(slug) if isinstance(slug, str) else None
    if figure.kind is None:
        names = ", ".join(name_of(kind) for kind in rules.character_types.values())
        what = f"an unknown figure type {slug!r}" if slug else "no figure type"
        figure.add(
            "unknown-type", "error", f"{figure.subject} has {what}: pick {names}.", TYPES_SECTION
        )
    read_side(figure)
    read_traits(figure)
    read_kit(figure)
    if figure.kind is not None:
        check_wounds(figure)
        check_move(figure)
        check_carrying(figure)
    note_house_rules(figure)
    return figure


def read_side(figure):
    side = figure.profile.get("side")
    allowed = [side for side in as_list(figure.type_rules.get("sides")) if side in SIDES]
    if side in (None, "") and len(allowed) == 1:
        figure.side = allowed[0]
        return
    if side not in SIDES:
        given = f"Its side {side!r} is not one of" if side else "It has no side: pick"
        figure.add("no-side", "error", f"{given} good, bad or monsters.", SETUP_SECTION)
        return
    figure.side = side
    if figure.kind is not None and side not in allowed:
        figure.add(
            "wrong-side",
            "error",
            sentence(
                f"{article(figure.type_name)} fights for the {' or '.join(allowed)} side,"
                f" not {side}."
            ),
            figure.kind.get("section") or TYPES_SECTION,
        )


def read_traits(figure):
    given = [slug for slug in as_list(figure.profile.get("traits")) if slug not in (None, "")]
    for slug, times in Counter(map(str, given)).items():
        trait = figure.rules.entry("trait", slug)
        if trait is None:
            figure.add(
                "unknown-trait",
                "error",
                f"{slug!r} is neither a trait of the rules nor a house rule.",
                TRAITS_SECTION,
            )
            continue
        if times > 1:
            figure.add(
                "duplicate-trait",
                "error",
                f"{name_of(trait)} is listed {times} times.",
                TRAITS_SECTION,
            )
        figure.traits.append(trait)
    if figure.is_vehicle and figure.traits:
        figure.add(
            "vehicle-traits",
            "warning",
            f"A vehicle has no traits of its own: {', '.join(map(name_of, figure.traits))}"
            " belong on the figure driving it.",
            VEHICLES_SECTION,
        )
    check_pairs(figure)


def check_pairs(figure):
    """Two kinds of pair. `excludes`: the traits' own words cannot both hold (Small Build's
    "2 total" wounds and Tough as Nails' "4 total"), an error. `pointless_with`: the rules
    forbid nothing, but one trait makes the other useless (Car Thief on a figure that Can't
    Drive), a warning, since a player may still want it on the card."""
    slugs = {trait["slug"] for trait in figure.traits}
    reported = set()
    for trait in figure.traits:
        for key in ("excludes", "pointless_with"):
            for other in effect_of(trait).get(key, []):
                pair = frozenset((trait["slug"], other))
                if other not in slugs or pair in reported:
                    continue
                reported.add(pair)
                names = f"{name_of(trait)} and {name_of(figure.rules.entry('trait', other))}"
                if key == "excludes":
                    figure.add(
                        "conflicting-traits",
                        "error",
                        f"{names} contradict each other: {pair_totals(figure, pair)} keep one.",
                        TRAITS_SECTION,
                    )
                else:
                    figure.add(
                        "pointless-traits",
                        "warning",
                        f"{names} together do nothing useful: the rules allow the pair, but"
                        " one undoes the other.",
                        TRAITS_SECTION,
                    )


def pair_totals(figure, pair):
    """Say what each trait of a contradicting pair sets, where it sets wounds in all."""
    totals = [
        f"{name_of(trait)} means {value} wounds in all"
        for trait, value in figure.trait_wounds
        if trait["slug"] in pair
    ]
    return f"{' and '.join(totals)};" if len(totals) == 2 else ""


def stat(value):
    return value if is_count(value) else None


def written(item, printed, key):
    """A stat the player wrote on this card, else the library's (the book's, or the player's
    completion of it): a card left blank (null) takes the library's value."""
    value = item.get(key)
    return printed.get(key) if value is None else value


def read_kit(figure):
    """Weapons, armour and equipment: library entries, with the stats a player wrote on the
    card filling the tables the source lost."""
    for item in as_list(figure.profile.get("weapons")):
        item = as_dict(item)
        entry = library_item(figure, "weapon", item.get("weapon"))
        if entry is None:
            continue
        effect, data = effect_of(entry), as_dict(entry.get("data"))
        printed = as_dict(data.get("stats"))
        # The player's word on the card wins; the entry's weight is already light or heavy.
        weight = (
            item.get("weight") if item.get("weight") in ("light", "heavy") else effect.get("weight")
        )
        figure.weapons.append(
            {
                "slug": entry["slug"],
                "name": str(item.get("name") or name_of(entry)),
                "table": data.get("table"),
                "ranged": bool(effect.get("ranged")),
                "handgun": bool(effect.get("handgun")),
                "weight": weight,
                "holstered": item.get("holstered") is True,
                **{key: stat(written(item, printed, key)) for key in WEAPON_STATS},
                "custom": bool(entry.get("custom")),
            }
        )
    for item in as_list(figure.profile.get("armour")):
        item = as_dict(item)
        entry = library_item(figure, "armour", item.get("armour"))
        if entry is not None:
            printed = as_dict(as_dict(entry.get("data")).get("stats"))
            save = stat(written(item, printed, "save"))
            figure.armour.append(
                {
                    "slug": entry["slug"],
                    "name": name_of(entry),
                    "save": save,
                    "custom": bool(entry.get("custom")),
                }
            )
    for slug in as_list(figure.profile.get("equipment")):
        entry = library_item(figure, "equipment", slug)
        if entry is not None:
            figure.equipment.append(entry)


def library_item(figure, kind, slug):
    entry = figure.rules.entry(kind, slug) if isinstance(slug, str) else None
    if entry is None:
        what = (
            f"{slug!r} is neither {article(kind)} of the rules nor a house rule."
            if slug
            else sentence(f"{article(kind)} with no name: pick one from the library.")
        )
        figure.add(f"unknown-{kind}", "error", what, KIT_SECTIONS[kind])
    return entry


def check_wounds(figure):
    given = figure.profile.get("wounds")
    if given is not None and (not is_count(given) or given < 1):
        figure.add(
            "bad-wounds",
            "error",
            f"{given!r} wounds: write a whole number, 1 or more.",
            WOUNDS_SECTION,
        )
        given = None
    if not figure.type_rules.get("multi_wound"):
        if given is not None and given > 1:
            figure.add(
                "too-many-wounds",
                "error",
                f"{given} wounds, but a {figure.type_name} has one: only Main Characters and"
                " Villains take more.",
                WOUNDS_SECTION,
            )
        for trait, _ in figure.trait_wounds:
            figure.add(
                "wound-trait-ignored",
                "warning",
                f"{name_of(trait)} changes nothing on a {figure.type_name}: it has one wound.",
                WOUNDS_SECTION,
            )
        return
    if figure.is_vehicle:
        if given is not None and given != figure.wounds:
            figure.add(
                "wounds-mismatch",
                "error",
                f"{given} wounds written, but a vehicle is wrecked after {figure.wounds}.",
                VEHICLES_SECTION,
            )
        return
    if figure.trait_wounds:
        trait, wounds = figure.trait_wounds[0]
        if given is not None and given != wounds:
            figure.add(
                "wounds-mismatch",
                "error",
                f"{given} wounds written, but {name_of(trait)} means {wounds} in all.",
                TRAITS_SECTION,
            )
    elif given is None:
        figure.add(
            "wounds-unset",
            "info",
            f"The rules leave a {figure.type_name}'s wounds to its stat card (the source's"
            " cards are missing): the card prints none until you write a number.",
            WOUNDS_SECTION,
        )


def check_move(figure):
    given = figure.profile.get("move")
    if figure.has("reduced_move"):
        if given is None:
            figure.add(
                "move-unset",
                "info",
                "Limited Mobility gives no number: agree a move under 4 inches and write it"
                " on the card.",
                TRAITS_SECTION,
            )
        elif figure.move is None:
            figure.add(
                "move-mismatch",
                "error",
                f"A move of {given!r} is not reduced: Limited Mobility means fewer than 4 inches.",
                TRAITS_SECTION,
            )
    elif given is not None and given != figure.move:
        figure.add(
            "move-mismatch",
            "error",
            f"A move of {given!r} written, but the rules give this figure {figure.move} inches.",
            "Standard Actions",
        )


def check_carrying(figure):
    holsters = sum(1 for item in figure.equipment if effect_of(item).get("holds_handguns"))
    limit = next(
        (
            effect_of(item)["max_per_figure"]
            for item in figure.equipment
            if "max_per_figure" in effect_of(item)
        ),
        None,
    )
    if limit is not None and holsters > limit:
        figure.add(
            "too-many-holsters",
            "error",
            f"{holsters} holsters: a figure wears at most {limit}.",
            KIT_SECTION,
        )
    holstered = [weapon for weapon in figure.weapons if weapon["holstered"]]
    for weapon in holstered:
        if not weapon["handgun"]:
            figure.add(
                "not-a-handgun",
                "error",
                f"The {weapon['name']} is no handgun, so no holster takes it.",
                KIT_SECTION,
            )
    handguns = sum(1 for weapon in holstered if weapon["handgun"])
    if handguns > holsters:
        figure.add(
            "no-holster",
            "error",
            f"{handguns} holstered handguns but {counted(holsters, 'holster')}: each holds one.",
            KIT_SECTION,
        )
    heavy = [
        weapon["name"]
        for weapon in figure.weapons
        if weapon["weight"] == "heavy" and not weapon["holstered"]
    ]
    heavy += [name_of(item) for item in figure.equipment if effect_of(item).get("heavy")]
    if len(heavy) > MAX_HEAVY_OBJECTS:
        figure.add(
            "too-many-heavy",
            "error",
            f"{len(heavy)} heavy objects ({', '.join(heavy)}): nobody carries more than"
            f" {MAX_HEAVY_OBJECTS}.",
            KIT_SECTION,
        )
    light = len(figure.light_weapons)
    # The option is "Dual Wielding Firearms": light weapons count only if they shoot (a
    # blade or dynamite is light but has no accuracy to lose nor ammo to run out of).
    firearms = [weapon["name"] for weapon in figure.light_weapons if weapon["ranged"]]
    if figure.profile.get("dual_wielding") is True and len(firearms) < 2:
        figure.add(
            "dual-wielding",
            "error",
            "Dual Wielding Firearms needs two light firearms (light weapons that shoot); this"
            f" figure has {len(firearms)}" + (f": {', '.join(firearms)}." if firearms else "."),
            DUAL_SECTION,
        )
    for trait, needed in figure.effects("needs_light_weapons"):
        if light < needed:
            figure.add(
                "trait-unused",
                "warning",
                f"{name_of(trait)} needs {needed} light weapons and the figure carries {light}.",
                TRAITS_SECTION,
            )


def note_house_rules(figure):
    used = [trait for trait in figure.traits if trait.get("custom")]
    used += [item for item in figure.equipment if item.get("custom")]
    names = sorted({name_of(item) for item in used})
    names += sorted({item["name"] for item in figure.weapons + figure.armour if item["custom"]})
    for name in names:
        figure.add(
            "custom-rule",
            "info",
            f"{name} is a house rule: agree it with your opponent.",
            None,
            custom=True,
        )


@dataclass(frozen=True)
class PulpFictionCard:
    """The stat card beyond the common profile, every value derived from the type, traits
    and kit: the type (slug and name), side, Move, wounds (and whether they are tracked),
    saves, the unarmed attack, traits, weapons, armour and equipment as plain dicts, Spare
    Ammo, whether the figure acts only on activation points, its activation dice and
    initiative bonus, whether it drives, its longest range and whom it serves."""

    type: str | None
    type_name: str | None
    side: str | None
    move: int | None
    wounds: int | None
    wounds_tracked: bool
    saves: list[dict]
    save: str | None
    unarmed: dict
    traits: list[dict]
    weapons: list[dict]
    armour: list[dict]
    equipment: list[dict]
    spare_ammo: str
    spare_ammo_markers: int
    needs_activation_points: bool
    ap_dice: int
    initiative_bonus: int
    drives: bool
    max_range_inches: int | None
    attached_to: str | None
    # A vehicle: its reverse speed and speed step, for the card's reminder; None otherwise.
    vehicle_speeds: tuple[int | None, int | None] | None = None


def printed_card(figure: Figure) -> PulpFictionCard:
    """The stat card of one read figure (see read_figure)."""
    return PulpFictionCard(
        type=as_dict(figure.kind).get("slug"),
        type_name=figure.type_name,
        side=figure.side,
        move=figure.move,
        wounds=figure.wounds,
        wounds_tracked=bool(figure.type_rules.get("multi_wound")),
        saves=figure.saves,
        save=figure.saves[0]["label"] if figure.saves else None,
        unarmed=figure.unarmed,
        traits=[
            {
                "slug": t["slug"],
                "name": name_of(t),
                "summary": t.get("summary", ""),
                "custom": bool(t.get("custom")),
            }
            for t in figure.traits
        ],
        weapons=figure.weapons,
        armour=figure.armour,
        equipment=[
            {"slug": item["slug"], "name": name_of(item), "custom": bool(item.get("custom"))}
            for item in figure.equipment
        ],
        spare_ammo=figure.type_rules.get("spare_ammo") or "none",
        spare_ammo_markers=figure.spare_ammo_markers,
        needs_activation_points=figure.lesser,
        ap_dice=figure.ap_dice,
        initiative_bonus=figure.initiative_bonus,
        drives=figure.drives,
        max_range_inches=figure.max_range,
        attached_to=figure.attached_to,
        vehicle_speeds=(
            figure.vehicle_number(VEHICLE_SPEED, "max_reverse_inches"),
            figure.vehicle_number(VEHICLE_SPEED, "speed_step_inches"),
        )
        if figure.is_vehicle
        else None,
    )


def character_findings(character: dict, rules: RulesBook) -> list[Finding]:
    """Everything wrong with one figure on its own, as the designer shows it while editing."""
    return read_figure(character, rules).findings
