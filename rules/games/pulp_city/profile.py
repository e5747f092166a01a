"""A Pulp City Supreme read from a roster line: its card values, what it holds, and what is
wrong with it on its own. Pure functions over the roster format's plain data
(docs/roster-format.md, Pulp City) and a RulesBook; pages are the Game Guide's.

A character may start from a named Supreme (`profile.base`, a book or house-rule entry of kind
`supreme`); whatever the profile itself gives replaces the base's value, so a player completes
the book's partial cards without retyping what the book knows."""

from dataclasses import dataclass, field
from functools import cached_property

from rules.engines.base import Finding, PrintedAbility, PrintedProfile, RulesBook, finding_about
from rules.engines.completions import completed_fields
from rules.engines.effects import effect_of, is_count
from rules.engines.plain import as_dict, as_list, counted, id_of, name_of, page_of

CARD_PAGE = 8
TEAM_PAGE = 9
TRAITS_PAGE = 11
SKILLS_PAGE = 25
RESOURCES_PAGE = 35
SIDES = ("heroes", "villains")
SIDE_NAMES = {"heroes": "Heroes", "villains": "Villains"}
TIER_NAMES = {"basic": "Basic", "advanced": "Advanced", "leader": "Leader"}
# Card fields a complete Supreme has; a missing one is reported, never invented.
CARD_FIELDS = ("sides", "origin", "traits", "damage", "ap")
PROFILE_FIELDS = (
    "sides",
    "origin",
    "team_allegiance",
    "traits",
    "trump_traits",
    "damage",
    "ap",
    "skills",
    "exclusive_actions",
    "team_power",
)
ATTACK_CODES = {"pr": "Pr", "r": "R", "bl": "Bl", "sbl": "SBl", "au": "Au", "close": ""}

__all__ = [
    "PulpCityCard",
    "Supreme",
    "card_findings",
    "character_cost",
    "printed_profile",
    "read_supreme",
]


def subject_of(character):
    return str(as_dict(character).get("name") or "Unnamed Supreme")


def whole(value):
    return value if is_count(value) else None


def slugs(value):
    """The text items of a list from player data."""
    return [item for item in as_list(value) if isinstance(item, str)]


def word(value):
    """A slug or name from player data, or None when it is anything but text."""
    return value if isinstance(value, str) and value else None


@dataclass
class Supreme:
    """One roster line as the engine sees it. `card` is the merged profile (base + own)."""

    character: dict
    rules: RulesBook
    card: dict
    base: dict | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def subject(self):
        return subject_of(self.character)

    @property
    def character_id(self):
        return id_of(self.character)

    @property
    def type(self):
        slug = self.character.get("type")
        return self.rules.character_type(slug) if isinstance(slug, str) else None

    @property
    def level(self):
        return whole(as_dict(self.type).get("level")) or 0

    @property
    def base_slug(self):
        return self.base["slug"] if self.base else None

    @property
    def identity(self):
        """Who the model is, for the 'same Supreme twice' reading: its base, else its name."""
        return f"base:{self.base_slug}" if self.base else f"name:{self.subject.strip().lower()}"

    @property
    def sides(self):
        return [side for side in as_list(self.card.get("sides")) if side in SIDES]

    @property
    def origin(self):
        return word(self.card.get("origin"))

    @property
    def sub_faction(self):
        return word(self.card.get("team_allegiance"))

    @cached_property
    def skills(self) -> list[tuple[dict, dict | None]]:
        """(the card's skill line, the skill entry or None when unknown)."""
        lines = []
        for item in as_list(self.card.get("skills")):
            line = {"skill": item} if isinstance(item, str) else as_dict(item)
            slug = line.get("skill")
            entry = self.rules.entry("skill", slug) if isinstance(slug, str) else None
            lines.append((line, entry))
        return lines

    def x_of(self, effect_key):
        """The summed X of the skills whose effect carries `effect_key` (Resourceful 2 -> 2)."""
        return sum(
            whole(line.get("x")) or 0
            for line, entry in self.skills
            if entry is not None and effect_of(entry).get(effect_key)
        )

    def has(self, effect_key):
        return any(
            entry is not None and effect_of(entry).get(effect_key) for _, entry in self.skills
        )

    @property
    def resource_slugs(self):
        return [slug for slug in as_list(self.card.get("resources")) if isinstance(slug, str)]

    @property
    def resources(self) -> list[tuple[str, dict | None]]:
        return [(slug, self.rules.entry("resource", slug)) for slug in self.resource_slugs]

    def add(self, code, severity, message, page, custom=False, fill_in=None):
        self.findings.append(
            finding_about(self, code, severity, message, page, custom=custom, fill_in=fill_in)
        )


def read_supreme(character: dict, rules: RulesBook) -> Supreme:
    character = as_dict(character)
    profile = as_dict(character.get("profile"))
    base_slug = profile.get("base")
    base = rules.entry("supreme", base_slug) if isinstance(base_slug, str) and base_slug else None
    card = {key: value for key, value in as_dict(as_dict(base).get("data")).items()}
    card |= {key: profile[key] for key in PROFILE_FIELDS if key in profile}
    card["resources"] = profile.get("resources", [])
    supreme = Supreme(character, rules, card, base)
    if base_slug and base is None:
        supreme.add(
            "unknown-supreme",
            "error",
            f"{base_slug!r} is not a Supreme of the Game Guide nor one of your house rules.",
            TEAM_PAGE,
        )
    elif base is not None and base.get("custom"):
        supreme.add(
            "custom-rule", "info", f"{name_of(base)} is a house-rule Supreme.", None, custom=True
        )
    return supreme


def character_cost(character: dict, rules: RulesBook) -> int | None:
    """The Supreme Levels this character takes from the Encounter Level."""
    level = read_supreme(character, rules).level
    return level or None


def trait_rows(supreme: Supreme):
    traits = as_dict(supreme.card.get("traits"))
    trumps = set(slugs(supreme.card.get("trump_traits")))
    entries = sorted(
        supreme.rules.of_kind("trait"),
        key=lambda entry: whole(as_dict(entry.get("data")).get("order")) or 0,
    )
    return [
        {
            "slug": entry["slug"],
            "name": name_of(entry),
            "abbreviation": as_dict(entry.get("data")).get("abbreviation", name_of(entry)[:3]),
            "value": whole(traits.get(entry["slug"])),
            "trump": entry["slug"] in trumps,
        }
        for entry in entries
    ]


def skill_label(name, x):
    return f"{name} {x}" if x not in (None, "") else name


def trait_name(rules, slug):
    """A trait's name from the rules, or its slug in words where no rules are at hand (a deck
    card's order prints without a RulesBook)."""
    slug = word(slug)
    if slug is None:
        return None
    entry = rules.entry("trait", slug) if rules is not None else None
    return name_of(entry) if entry else slug.replace("-", " ").capitalize()


def notation(action: dict, rules: RulesBook | None = None) -> str:
    """An action line in the book's shape: (SBl2 Str vs. Def / rng 6 / AP 3)."""
    attack = as_dict(action.get("attack"))
    code = ATTACK_CODES.get(word(attack.get("type")), "")
    radius = whole(attack.get("radius"))
    parts = []
    head = f"{code}{radius if radius is not None and code else ''}"
    versus = [
        trait_name(rules, action.get("attack_trait")),
        trait_name(rules, action.get("defense_trait")),
    ]
    if action.get("vs") is not None and versus[0] is None:
        versus[0] = str(action["vs"])
    if any(versus):
        head = " ".join(filter(None, [head, f"{versus[0] or '?'} vs. {versus[1] or '?'}"]))
    if head:
        parts.append(head)
    if action.get("range") is not None:
        parts.append(f"rng {action['range']}")
    if action.get("ap") is not None:
        each = " for each" if action.get("per_model") else ""
        parts.append(f"AP {action['ap']}{each}")
    return f"({' / '.join(parts)})" if parts else ""


def trump_actions(supreme: Supreme):
    """The Trump Trait Actions this Supreme may use: its Trump Traits' tiers up to its Level."""
    tiers = as_list(as_dict(as_dict(supreme.type).get("profile")).get("trump_action_tiers"))
    trumps = set(slugs(supreme.card.get("trump_traits")))
    rows = []
    for entry in supreme.rules.of_kind("trump-action"):
        data = as_dict(entry.get("data"))
        traits = [trait for trait in as_list(data.get("traits")) if trait in trumps]
        if traits and data.get("tier") in tiers:
            rows.append(
                {
                    "slug": entry["slug"],
                    "name": name_of(entry),
                    "tier": TIER_NAMES.get(word(data.get("tier")), data.get("tier")),
                    "traits": [trait_name(supreme.rules, trait) for trait in traits],
                    "notation": notation(data, supreme.rules),
                    "summary": entry.get("summary", ""),
                }
            )
    return rows


@dataclass(frozen=True)
class PulpCityCard:
    """What a Supreme card prints beyond the common profile (Game Guide p.8), as plain data:
    its base Supreme, the card fields not yet known (`missing`), sides, Origin and Team
    Allegiance by name, the six trait rows, Damage, AP, strikes a round, skills, Exclusive
    Actions in the book's notation, Team Power, the Trump Trait Actions it may take and the
    Resources it holds."""

    base: str | None
    missing: list[str]
    sides: list[str]
    origin: str | None
    team_allegiance: str | None
    traits: list[dict]
    damage: int | None
    ap: int | None
    strikes_per_round: int | None
    skills: list[dict]
    exclusive_actions: list[dict]
    team_power: dict | None
    trump_actions: list[dict]
    resources: list[dict]


def printed_profile(character: dict, rules: RulesBook) -> PrintedProfile[PulpCityCard]:
    """What the Supreme's card shows, from the rules data and the player's entries: Level,
    the six traits (a Trump Trait marked T), Damage and AP as cells; the export line adds
    sides, Origin and sub-faction; the skills by name."""
    supreme = read_supreme(character, rules)
    card = supreme_card(supreme)
    traits = [
        (str(row.get("abbreviation") or row.get("name")), shown(row.get("value")) + trump_mark(row))
        for row in card.traits
    ]
    cells = (
        ("Level", shown(supreme.level or None)),
        *traits,
        ("Damage", shown(card.damage)),
        ("AP", shown(card.ap)),
    )
    identity = [" / ".join(card.sides), card.origin, card.team_allegiance]
    return PrintedProfile(
        name=supreme.subject,
        type_name=str(as_dict(supreme.type).get("name") or supreme.character.get("type") or ""),
        level=supreme.level or None,
        cost=supreme.level or None,
        cells=cells,
        line=" · ".join(
            [*(str(part) for part in identity if part), *(f"{k} {v}" for k, v in cells)]
        ),
        abilities=tuple(
            PrintedAbility(skill["label"], skill["page"], custom=skill["custom"])
            for skill in card.skills
        ),
        game=card,
    )


def shown(value):
    return "—" if value is None else str(value)


def trump_mark(row):
    return " T" if row.get("trump") else ""


def supreme_card(supreme: Supreme) -> PulpCityCard:
    rules = supreme.rules
    skills = [
        {
            "slug": line.get("skill"),
            "name": name_of(entry) if entry else str(line.get("skill") or "?"),
            "x": line.get("x"),
            "label": skill_label(
                name_of(entry) if entry else str(line.get("skill")), line.get("x")
            ),
            "page": page_of(as_dict(entry).get("page")),
            "custom": bool(as_dict(entry).get("custom")),
        }
        for line, entry in supreme.skills
    ]
    origin = rules.entry("origin", supreme.origin) if supreme.origin else None
    allegiance = rules.entry("sub-faction", supreme.sub_faction) if supreme.sub_faction else None
    actions = [as_dict(action) for action in as_list(supreme.card.get("exclusive_actions"))]
    power = as_dict(supreme.card.get("team_power"))
    profile = as_dict(as_dict(supreme.type).get("profile"))
    return PulpCityCard(
        base=supreme.base_slug,
        missing=missing_fields(supreme),
        sides=[SIDE_NAMES[side] for side in supreme.sides],
        origin=name_of(origin) if origin else supreme.origin,
        team_allegiance=name_of(allegiance) if allegiance else supreme.sub_faction,
        traits=trait_rows(supreme),
        damage=whole(supreme.card.get("damage")),
        ap=whole(supreme.card.get("ap")),
        strikes_per_round=whole(profile.get("strikes_per_round")),
        skills=skills,
        exclusive_actions=[
            {
                "name": str(action.get("name") or "?"),
                "notation": notation(action, rules),
                "summary": str(action.get("summary") or ""),
            }
            for action in actions
        ],
        team_power={
            "name": str(power.get("name") or ""),
            "summary": str(power.get("summary") or ""),
        }
        if power
        else None,
        trump_actions=trump_actions(supreme),
        resources=[
            {
                "slug": slug,
                "name": name_of(entry) if entry else slug,
                "level": whole(as_dict(entry).get("level")),
                "category": as_dict(as_dict(entry).get("data")).get("category"),
            }
            for slug, entry in supreme.resources
        ],
    )


def missing_fields(supreme: Supreme):
    """Card fields not yet known: the book's partial Supremes lack most of them."""
    traits = as_dict(supreme.card.get("traits"))
    known = {
        "sides": bool(supreme.sides),
        "origin": supreme.origin is not None,
        "traits": all(
            whole(traits.get(entry["slug"])) is not None for entry in supreme.rules.of_kind("trait")
        ),
        "damage": whole(supreme.card.get("damage")) is not None,
        "ap": whole(supreme.card.get("ap")) is not None,
    }
    return [name for name in CARD_FIELDS if not known[name]]


def card_findings(supreme: Supreme) -> list[Finding]:
    """What is wrong with the card itself, whatever team it joins."""
    rules, card = supreme.rules, supreme.card
    if supreme.type is None:
        supreme.add(
            "unknown-type",
            "error",
            f"{supreme.character.get('type')!r} is not a Supreme Level: use level-1, level-2 or"
            " level-3.",
            TEAM_PAGE,
        )
    base_level = whole(as_dict(supreme.base).get("level"))
    if base_level is not None and supreme.type is not None and base_level != supreme.level:
        supreme.add(
            "level-mismatch",
            "error",
            f"{name_of(supreme.base)} is a Level {base_level} Supreme, not Level {supreme.level}.",
            supreme.base.get("page"),
        )
    for side in as_list(card.get("sides")):
        if side not in SIDES:
            supreme.add(
                "bad-side", "error", f"{side!r} is not a side: heroes or villains.", CARD_PAGE
            )
    if supreme.origin and rules.entry("origin", supreme.origin) is None:
        supreme.add(
            "unknown-origin",
            "error",
            f"{supreme.origin!r} is not an Origin: science, nature or mystery.",
            10,
        )
    trait_findings(supreme)
    skill_findings(supreme)
    if supreme.sub_faction and rules.entry("sub-faction", supreme.sub_faction) is None:
        supreme.add(
            "unknown-sub-faction",
            "warning",
            f"{supreme.sub_faction!r} is not a sub-faction the Game Guide names; add it as a house"
            " rule if your cards print it.",
            CARD_PAGE,
        )
    blanks = blank_values(supreme)
    if blanks and supreme.base and not supreme.base.get("custom"):
        supreme.add(
            "card-incomplete",
            "info",
            f"{counted(len(blanks), 'value')} the Game Guide does not give print empty"
            f" ({', '.join(blanks)}): fill them in.",
            CARD_PAGE,
            fill_in=(rules.ruleset, "supreme", supreme.base_slug),
        )
    elif blanks:
        supreme.add(
            "card-incomplete",
            "info",
            f"{counted(len(blanks), 'value')} still to enter print empty: {', '.join(blanks)}.",
            CARD_PAGE,
        )
    yours = completed_fields(supreme.base)
    if yours:
        supreme.add(
            "completed-by-you",
            "info",
            f"{name_of(supreme.base)}'s {', '.join(place.rpartition('.')[2] for place in yours)}"
            " are your own values, not the Game Guide's.",
            None,
            custom=True,
            fill_in=(rules.ruleset, "supreme", supreme.base_slug),
        )
    return supreme.findings


def blank_values(supreme: Supreme):
    """Each value the card prints empty, a Trait counted on its own (Solar has eight)."""
    blanks = []
    for name in missing_fields(supreme):
        if name != "traits":
            blanks.append(name)
            continue
        blanks += [row["name"] for row in trait_rows(supreme) if row["value"] is None]
    return blanks


def trait_findings(supreme: Supreme):
    traits = supreme.card.get("traits")
    known = {entry["slug"] for entry in supreme.rules.of_kind("trait")}
    for slug, value in as_dict(traits).items():
        if slug not in known:
            supreme.add(
                "unknown-trait", "error", f"{slug!r} is not one of the six Traits.", TRAITS_PAGE
            )
        elif whole(value) is None or not 0 <= value <= 10:
            supreme.add(
                "trait-range",
                "error",
                f"{trait_name(supreme.rules, slug)} is {value!r}; Traits run from 0 to 10.",
                TRAITS_PAGE,
            )
    for slug in as_list(supreme.card.get("trump_traits")):
        if not isinstance(slug, str) or slug not in known:
            supreme.add(
                "unknown-trait",
                "error",
                f"Trump Trait {slug!r} is not one of the six Traits.",
                TRAITS_PAGE,
            )


def skill_findings(supreme: Supreme):
    seen = set()
    for line, entry in supreme.skills:
        slug = line.get("skill")
        if entry is None:
            supreme.add(
                "unknown-skill",
                "error",
                f"{slug!r} is not a skill of the Game Guide nor a house rule.",
                SKILLS_PAGE,
            )
            continue
        if slug in seen:
            supreme.add(
                "skill-twice", "warning", f"{name_of(entry)} is listed twice.", entry.get("page")
            )
        seen.add(slug)
        wants = as_dict(entry.get("data")).get("x")
        x = line.get("x")
        if wants == "number" and x is not None and whole(x) is None:
            supreme.add(
                "skill-value",
                "error",
                f"{name_of(entry)} takes a number (as in {name_of(entry)} 2), not {x!r}.",
                entry.get("page"),
            )
        elif wants in ("number", "name") and x in (None, ""):
            supreme.add(
                "skill-value-missing",
                "warning",
                f"{name_of(entry)} needs its value from the card ({name_of(entry)} X).",
                entry.get("page"),
            )
        if entry.get("custom"):
            supreme.add(
                "custom-rule",
                "info",
                f"{name_of(entry)} is a house rule.",
                entry.get("page"),
                custom=True,
            )
