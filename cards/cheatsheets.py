"""Cheat sheets: each ruleset's two-page quick reference, and the reference card of one roster
that prints only the rules that roster uses.

The words live as data in fixtures/<ruleset>/cheatsheet/ (the shape is documented at the top of
each file); this module turns them, or a roster in the JSON roster format plus its RulesBook,
into plain dataclasses the templates under templates/cards/cheatsheets/ lay out."""

from dataclasses import dataclass
from functools import cache

from cards.pdf import render_pdf
from rules import engines
from rules.engines.base import RulesBook
from rules.engines.effects import effect_of
from rules.engines.plain import as_dict, as_list, plural, slugs
from rules.loading import FIXTURES_DIR, read_yaml

SHEET_FOLDER = "cheatsheet"
QUICK_REFERENCE_TEMPLATE = "cards/cheatsheets/quick_reference.html"
ROSTER_REFERENCE_TEMPLATE = "cards/cheatsheets/roster_reference.html"
BLOCK_KEYS = {"title", "aka", "pages", "intro", "steps", "items", "table", "example", "remember"}


class NoCheatSheet(LookupError):
    """The ruleset has no sheet of this kind (yet)."""


class CheatSheetError(ValueError):
    """A sheet's data file has a shape this module cannot lay out."""


# ---- the quick reference -------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One bullet or step: an optional bold term, the text, an optional page to turn to."""

    text: str
    term: str = ""
    page: int | None = None


@dataclass(frozen=True)
class Block:
    title: str = ""
    aka: str = ""
    pages: tuple[int, ...] = ()
    intro: str = ""
    steps: tuple[Line, ...] = ()
    items: tuple[Line, ...] = ()
    table: dict | None = None
    example: str = ""
    remember: tuple[str, ...] = ()

    @property
    def page_label(self):
        return page_label(self.pages)


@dataclass(frozen=True)
class IndexEntry:
    topic: str
    section: str
    page: int


@dataclass(frozen=True)
class SheetPage:
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class QuickReference:
    ruleset: str
    title: str
    subtitle: str
    edition_note: str
    pages: tuple[SheetPage, ...]
    index: tuple[IndexEntry, ...]

    @property
    def sections(self):
        return [block for page in self.pages for block in page.blocks if block.title]


def page_label(pages):
    """[17] -> "p.17", [18, 19] -> "p.18–19", [33, 40, 44] -> "p.33, 40, 44"."""
    if not pages:
        return ""
    if len(pages) > 1 and list(pages) == list(range(pages[0], pages[-1] + 1)):
        return f"p.{pages[0]}–{pages[-1]}"
    return "p." + ", ".join(map(str, pages))


def sheet_path(ruleset, name):
    return FIXTURES_DIR / ruleset / SHEET_FOLDER / f"{name}.yaml"


def read_sheet(ruleset, name):
    path = sheet_path(ruleset, name)
    if not path.is_file():
        raise NoCheatSheet(f"No {name.replace('-', ' ')} for ruleset {ruleset!r} yet.")
    return as_dict(read_yaml(path))


def has_quick_reference(ruleset):
    return sheet_path(ruleset, "quick-reference").is_file()


def as_line(item):
    if isinstance(item, list) and len(item) in (2, 3):
        return Line(term=str(item[0]), text=str(item[1]), page=(item[2:] or [None])[0])
    return Line(text=str(item))


def as_block(data):
    unknown = set(data) - BLOCK_KEYS
    if unknown:
        raise CheatSheetError(f"unknown block keys {sorted(unknown)} in {data.get('title')!r}")
    return Block(
        title=data.get("title", ""),
        aka=data.get("aka", ""),
        pages=tuple(data.get("pages", ())),
        intro=data.get("intro", ""),
        steps=tuple(map(as_line, data.get("steps", ()))),
        items=tuple(map(as_line, data.get("items", ()))),
        table=data.get("table"),
        example=data.get("example", ""),
        remember=tuple(data.get("remember", ())),
    )


@cache
def quick_reference(ruleset) -> QuickReference:
    """The ruleset's quick reference, read once per process (it only changes on deploy)."""
    data = read_sheet(ruleset, "quick-reference")
    sheet = QuickReference(
        ruleset=ruleset,
        title=data["title"],
        subtitle=data.get("subtitle", ""),
        edition_note=data.get("edition_note", ""),
        pages=tuple(
            SheetPage(page["title"], tuple(map(as_block, page["blocks"]))) for page in data["pages"]
        ),
        index=tuple(IndexEntry(**entry) for entry in data.get("index", ())),
    )
    titles = {block.title for block in sheet.sections}
    for entry in sheet.index:
        if entry.section not in titles:
            raise CheatSheetError(f"index topic {entry.topic!r} points at no section")
    return sheet


@cache
def quick_reference_pdf(ruleset) -> bytes:
    """Rendered once per process: the sheet is fixed data and WeasyPrint takes seconds."""
    return render_pdf(QUICK_REFERENCE_TEMPLATE, {"sheet": quick_reference(ruleset)})


# ---- the per-roster reference --------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One library entry the roster uses, and who uses it."""

    name: str
    page: int | None
    summary: str
    level: int | None = None
    cost: int | None = None
    edition: str = ""
    custom: bool = False
    missing: bool = False
    users: tuple[str, ...] = ()


@dataclass(frozen=True)
class Group:
    title: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class CharacterRow:
    name: str
    type_name: str
    role: str
    stats: tuple[str, ...]
    abilities: tuple[str, ...]


@dataclass(frozen=True)
class SupportCast:
    """Characters of a type with no game profile (second-edition Associates)."""

    title: str
    cost: int | None
    page: int | None
    edition: str
    members: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RosterReference:
    name: str
    ruleset: str
    ruleset_name: str
    budget: str
    legal: bool
    columns: tuple[str, ...]
    legend: str
    characters: tuple[CharacterRow, ...]
    support: tuple[SupportCast, ...]
    groups: tuple[Group, ...]


@cache
def ruleset_names():
    return {item["slug"]: item["name"] for item in read_yaml(FIXTURES_DIR / "rulesets.yaml")}


def with_house_rules(roster, rules: RulesBook):
    """The rules plus the roster file's own entries, skipping any that are not well formed."""
    house_rules = [
        rule
        for rule in as_list(roster.get("house_rules"))
        if isinstance(rule, dict)
        and isinstance(rule.get("kind"), str)
        and isinstance(rule.get("slug"), str)
    ]
    return rules.with_house_rules(house_rules)


def roster_reference(roster: dict, rules: RulesBook) -> RosterReference:
    """Everything the roster reference prints, from a roster-format dict and its RulesBook.
    Raises NoCheatSheet for a ruleset without reference data or engine."""
    spec = read_sheet(rules.ruleset, "roster-reference")
    groups_spec = as_list(spec.get("groups"))
    try:
        engine = engines.module_for(rules.ruleset)
    except engines.UnknownRuleset as error:
        raise NoCheatSheet(str(error)) from error
    rules = with_house_rules(roster, rules)
    characters = [as_dict(c) for c in as_list(roster.get("characters"))]
    on_table = [c for c in characters if not non_combatant(c, rules)]
    report = engines.evaluate(roster, rules)
    return RosterReference(
        name=str(roster.get("name", "")),
        ruleset=rules.ruleset,
        ruleset_name=ruleset_names().get(rules.ruleset, rules.ruleset),
        budget=report.budget.label,
        legal=report.legal,
        columns=profile_columns(engine, on_table, rules),
        legend=str(spec.get("legend", "")),
        characters=tuple(character_row(engine, c, rules, groups_spec) for c in on_table),
        support=support_cast(characters, rules),
        groups=used_groups(roster, characters, rules, groups_spec),
    )


def roster_reference_pdf(roster: dict, rules: RulesBook) -> bytes:
    return render_pdf(ROSTER_REFERENCE_TEMPLATE, {"ref": roster_reference(roster, rules)})


def type_of(character, rules):
    slug = character.get("type")
    return as_dict(rules.character_type(slug) if isinstance(slug, str) else None)


def non_combatant(character, rules):
    return bool(as_dict(type_of(character, rules).get("profile")).get("non_combatant"))


def skill_label(slug, rules):
    return as_dict(rules.entry("skill", slug)).get("name") or slug.replace("-", " ").capitalize()


def profile_columns(engine, characters, rules):
    """Health, then the skills in the order the engine prints them."""
    sample = engine.printed_profile(characters[0] if characters else {}, rules)
    return ("Health", *(skill_label(slug, rules) for slug in sample["skills"]))


def character_row(engine, character, rules, groups_spec):
    printed = engine.printed_profile(character, rules)
    health = printed["health"] or "—"
    if printed["knocked_out"] and printed["health"]:
        health += "*"
    profile = as_dict(character.get("profile"))
    abilities = [
        name_in(rules, spec["kind"], slug)
        for spec in groups_spec
        for key in as_list(spec.get("from_profile"))
        for slug in slugs(profile.get(key))
    ]
    return CharacterRow(
        name=str(character.get("name", "")),
        type_name=type_of(character, rules).get("name", str(character.get("type", ""))),
        role=str(character.get("role") or "").replace("-", " "),
        stats=(health, *printed["skills"].values()),
        abilities=tuple(dict.fromkeys(abilities)),
    )


def name_in(rules, kind, slug):
    return as_dict(rules.entry(kind, slug)).get("name") or slug


def support_cast(characters, rules):
    by_type = {}
    for character in characters:
        if non_combatant(character, rules):
            by_type.setdefault(character.get("type"), []).append(character)
    return tuple(cast_of(type_of(members[0], rules), members) for members in by_type.values())


def cast_of(kind, members):
    return SupportCast(
        title=plural(kind.get("name", "Other")),
        cost=kind.get("cost"),
        page=kind.get("page"),
        edition=kind.get("edition", ""),
        members=tuple((str(c.get("name", "")), str(c.get("flavour") or "")) for c in members),
    )


def used_groups(roster, characters, rules, groups_spec):
    """Each group's entries the roster uses, sorted by name; empty groups are left out."""
    choices = as_dict(roster.get("choices"))
    users = {}  # (kind, slug) -> who uses it, in roster order

    def use(kind, slug, who):
        users.setdefault((kind, slug), [])
        if who not in users[(kind, slug)]:
            users[(kind, slug)].append(who)

    for spec in groups_spec:
        for key in as_list(spec.get("from_choices")):
            for slug in slugs(choices.get(key)):
                use(spec["kind"], slug, "")
        for character in characters:
            profile = as_dict(character.get("profile"))
            for key in as_list(spec.get("from_profile")):
                for slug in slugs(profile.get(key)):
                    use(spec["kind"], slug, str(character.get("name", "")))
    # A league-wide perk hands its ability to every member: list it with the abilities.
    for kind, slug in list(users):
        granted = effect_of(as_dict(rules.entry(kind, slug))).get("grants_ability_to_all")
        if granted:
            use("ability", granted, f"everyone ({name_in(rules, kind, slug)})")
    groups = []
    for spec in groups_spec:
        found = [
            entry_of(rules, spec["kind"], slug, who)
            for (kind, slug), who in users.items()
            if kind == spec["kind"]
        ]
        if found:
            groups.append(Group(spec["title"], tuple(sorted(found, key=lambda e: e.name.lower()))))
    return tuple(groups)


def entry_of(rules, kind, slug, who):
    entry = rules.entry(kind, slug)
    users = tuple(name for name in who if name)
    if entry is None:
        return Entry(name=slug, page=None, summary="", missing=True, users=users)
    return Entry(
        name=entry.get("name") or slug,
        page=entry.get("page"),
        summary=entry.get("summary") or "",
        level=entry.get("level"),
        cost=entry.get("cost"),
        edition=entry.get("edition") or "",
        custom=bool(entry.get("custom")),
        users=users,
    )
