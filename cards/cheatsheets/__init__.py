"""Cheat sheets: each ruleset's two-page quick reference, and the reference card of one roster
that prints only the rules that roster uses.

The words live as data in fixtures/<ruleset>/cheatsheet/ (the shape is documented at the top of
each file, and checked against sheets.schema.json beside this module); this module turns them,
or a roster in the JSON roster format plus its RulesBook, into plain dataclasses the templates
under templates/cards/cheatsheets/ lay out."""

import hashlib
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from django.conf import settings

from cards.campaign import campaign_print
from cards.pdf import render_pdf
from cards.printing import cache as print_cache
from rules import engines
from rules.engines.base import RulesBook
from rules.engines.effects import effect_of
from rules.engines.plain import as_dict, as_list, plural, slugs
from rules.engines.plain import citation as plain_citation
from rules.fixture_folder import FIXTURES_DIR, read_yaml, ruleset_rows
from rules.rulesets import find
from rules.shapes import ShapeValidator, problems, schema_file, shown_path

SHEET_FOLDER = "cheatsheet"
QUICK_REFERENCE_TEMPLATE = "cards/cheatsheets/quick_reference.html"
ROSTER_REFERENCE_TEMPLATE = "cards/cheatsheets/roster_reference.html"
SCHEMA_PATH = Path(__file__).with_name("sheets.schema.json")


class NoCheatSheet(LookupError):
    """The ruleset has no sheet of this kind (yet)."""


class CheatSheetError(ValueError):
    """A sheet's data file has a shape this module cannot lay out; `problems` says each place
    that is wrong, naming the file."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("; ".join(problems))


# ---- the quick reference -------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One bullet or step: an optional bold term, the text, an optional page to turn to."""

    text: str
    term: str = ""
    page: int | str | None = None  # a page number, or the source's section heading

    @property
    def cite(self):
        return citation(self.page)


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
    # Starts the next column, so a sheet shorter than its pages spreads over all three
    # columns (balancing them in WeasyPrint costs ten times the drawing).
    new_column: bool = False

    @property
    def page_label(self):
        """Page numbers, printed beside the title; sections print on a line of their own."""
        return "" if self.section_label else page_label(self.pages)

    @property
    def section_label(self):
        """ "§ Saving Throws · Traits" for a source cited by section heading, else ""."""
        sections = [page for page in self.pages if isinstance(page, str)]
        return "§ " + " · ".join(sections) if sections else ""


@dataclass(frozen=True)
class IndexEntry:
    topic: str
    section: str
    page: int | str  # a page number, or the source's section heading

    @property
    def cite(self):
        return citation(self.page)


@dataclass(frozen=True)
class Titled:
    """A heading and what prints under it: a quick-reference page's blocks, or a roster
    reference group's entries."""

    title: str
    items: tuple


@dataclass(frozen=True)
class QuickReference:
    ruleset: str
    title: str
    subtitle: str
    edition_note: str
    pages: tuple[Titled, ...]  # each page's blocks
    index: tuple[IndexEntry, ...]

    @property
    def sections(self):
        return [block for page in self.pages for block in page.items if block.title]

    @property
    def cites_sections(self):
        """The index points at the source's section headings (it has no page numbers)."""
        return any(isinstance(entry.page, str) for entry in self.index)


def citation(where):
    """Where to look: a page number (17 -> "p.17") or, for a source without pages (Pulp
    Fiction, a web page), its section heading ("Traits" -> "§ Traits"). A word joiner keeps
    "p." and its number on one line."""
    section = where if isinstance(where, str) else None
    return plain_citation(where, section).replace("p.", "p.\u2060", 1)


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
    """The sheet's data; CheatSheetError when it breaks its shape in sheets.schema.json."""
    path = sheet_path(ruleset, name)
    if not path.is_file():
        raise NoCheatSheet(f"No {name.replace('-', ' ')} for ruleset {ruleset!r} yet.")
    data = read_yaml(path)
    wrong = problems(sheet_validator(name), data)
    if wrong:
        raise CheatSheetError(
            [f"{shown_path(path)}, at {where or 'the top'}: {what}" for where, what in wrong]
        )
    return data


@cache
def sheet_validator(name):
    """`quick-reference` files are held to the schema's quick_reference, and so on."""
    schema = schema_file(SCHEMA_PATH)
    return ShapeValidator({"$defs": schema["$defs"], "$ref": f"#/$defs/{name.replace('-', '_')}"})


def has_quick_reference(ruleset):
    return sheet_path(ruleset, "quick-reference").is_file()


def as_line(item):
    if isinstance(item, list) and len(item) in (2, 3):
        return Line(term=str(item[0]), text=str(item[1]), page=(item[2:] or [None])[0])
    return Line(text=str(item))


def as_block(data):
    return Block(
        title=data.get("title", ""),
        aka=data.get("aka", ""),
        pages=tuple(data.get("pages", ())),  # page numbers, or a source's section headings
        intro=data.get("intro", ""),
        steps=tuple(map(as_line, data.get("steps", ()))),
        items=tuple(map(as_line, data.get("items", ()))),
        table=data.get("table"),
        example=data.get("example", ""),
        remember=tuple(data.get("remember", ())),
        new_column=data.get("new_column", False),
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
            Titled(page["title"], tuple(map(as_block, page["blocks"]))) for page in data["pages"]
        ),
        index=tuple(IndexEntry(**entry) for entry in data.get("index", ())),
    )
    titles = {block.title for block in sheet.sections}
    for entry in sheet.index:
        if entry.section not in titles:
            raise CheatSheetError(
                [
                    f"{shown_path(sheet_path(ruleset, 'quick-reference'))}: index topic"
                    f" {entry.topic!r} points at no section"
                ]
            )
    return sheet


# The papers a quick reference prints on; each is exactly two pages.
SHEET_PAPERS = ("a4", "letter")


def quick_reference_pdf(ruleset, paper="a4") -> bytes:
    """Drawn once per paper and kept in the print cache, which every process shares (and
    which the print worker fills ahead of the first view: cards/ahead.py): WeasyPrint takes
    seconds over it. The key is the sheet's data file, the paper and the code that draws it,
    which is all the sheet reads: it names no rules row, so a new rules data version changes
    nothing on it, and an edited sheet file changes the key."""
    if paper not in SHEET_PAPERS:
        raise NoCheatSheet(f"No quick reference on {paper!r} paper: pick a4 or letter.")
    if not has_quick_reference(ruleset):
        quick_reference(ruleset)  # raises NoCheatSheet, saying which
    data = hashlib.sha256(sheet_path(ruleset, "quick-reference").read_bytes()).hexdigest()
    key = print_cache.digest(
        print_cache.SHEETS, print_cache.code_version(), sheet_code_version(), ruleset, paper, data
    )
    pdf = print_cache.load(print_cache.SHEETS, key)
    if pdf is None:
        context = {"sheet": quick_reference(ruleset), "paper": paper}
        pdf = render_pdf(QUICK_REFERENCE_TEMPLATE, context)
        print_cache.store(print_cache.SHEETS, key, pdf)
    return pdf


SHEET_STYLES = ("fonts.css", "palette.css", "cheatsheet.css", "cheatsheet-letter.css")


@cache
def sheet_code_version() -> str:
    """A fingerprint of what draws a cheat sheet or a roster sheet (drawn from the cheat
    sheets' parts) besides its data: this package, its templates and stylesheets."""
    base = Path(settings.BASE_DIR)
    return print_cache.fingerprint(
        sorted(
            [
                *Path(__file__).parent.glob("*.py"),
                *(base / "templates" / "cards" / "cheatsheets").glob("*.html"),
                base / "cards" / "roster_sheet.py",
                base / "templates" / "cards" / "roster_sheet.html",
                *(base / "static" / "css" / name for name in SHEET_STYLES),
            ]
        )
    )


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
    glyphs: str = ""  # a 7TV effect's plot point cost and action in words
    section: str = ""  # where a source without page numbers has it

    @property
    def cite(self):
        return citation(self.page) or citation(self.section or None)


@dataclass(frozen=True)
class CharacterRow:
    name: str
    type_name: str
    role: str
    stats: tuple[str, ...]
    abilities: tuple[str, ...]
    # What the character carries between games: learned abilities, a wound for next game.
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProfileTable:
    """Characters whose profiles share columns (7TV vehicles get a table of their own)."""

    columns: tuple[str, ...]
    health: int | None  # the Health column's index
    rows: tuple[CharacterRow, ...]


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
    tables: tuple[ProfileTable, ...]
    abilities_heading: str
    legend: str
    support: tuple[SupportCast, ...]
    groups: tuple[Titled, ...]  # each group's entries the roster uses
    campaign: tuple[str, ...] = ()  # the league's standing between games, if it has played

    @property
    def characters(self):
        return tuple(row for table in self.tables for row in table.rows)


@cache
def ruleset_names():
    return {item["slug"]: item["name"] for item in ruleset_rows(FIXTURES_DIR)}


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


def roster_reference_spec(ruleset):
    """What the ruleset's roster reference lists (roster-reference.yaml)."""
    return read_sheet(ruleset, "roster-reference")


def roster_reference(roster: dict, rules: RulesBook) -> RosterReference:
    """Everything the roster reference prints, from a roster-format dict and its RulesBook.
    Raises NoCheatSheet for a ruleset without reference data, engine or profile reading."""
    spec = roster_reference_spec(rules.ruleset)
    groups_spec = spec["groups"]
    definition = find(rules.ruleset)
    if definition is None:
        raise NoCheatSheet(f"No roster engine for ruleset {rules.ruleset!r} yet.")
    engine, reading = definition.engine_module, definition.reading
    rules = with_house_rules(roster, rules)
    characters = engines.with_boss_names(as_list(roster.get("characters")), rules.ruleset)
    readings = [reading(c, engine.printed_profile(c, rules), rules) for c in characters]
    on_table = [
        (character, reading)
        for character, reading in zip(characters, readings, strict=True)
        if not non_combatant(character, rules)
    ]
    report = engines.evaluate(roster, rules)
    campaign = campaign_print(roster, rules)
    return RosterReference(
        name=str(roster.get("name", "")),
        ruleset=rules.ruleset,
        ruleset_name=ruleset_names().get(rules.ruleset, rules.ruleset),
        budget=report.budget.label,
        legal=report.legal,
        tables=profile_tables(on_table, rules, groups_spec, campaign),
        abilities_heading=str(spec.get("abilities_heading", "Abilities")),
        legend=str(spec.get("legend", "")),
        support=support_cast(characters, rules),
        groups=used_groups(
            roster, list(zip(characters, readings, strict=True)), rules, groups_spec
        ),
        campaign=campaign.league,
    )


def roster_reference_pdf(roster: dict, rules: RulesBook, paper="a4") -> bytes:
    """On A4 or US Letter (SHEET_PAPERS), like the quick reference it is printed with."""
    context = {"ref": roster_reference(roster, rules), "paper": paper}
    return render_pdf(ROSTER_REFERENCE_TEMPLATE, context)


def type_of(character, rules):
    slug = character.get("type")
    return as_dict(rules.character_type(slug) if isinstance(slug, str) else None)


def non_combatant(character, rules):
    return bool(as_dict(type_of(character, rules).get("profile")).get("non_combatant"))


def profile_tables(on_table, rules, groups_spec, campaign):
    """One table per set of columns, in the order the roster first uses each."""
    tables = {}
    for character, reading in on_table:
        key = (reading.columns, reading.health)
        row = character_row(character, reading, rules, groups_spec)
        tables.setdefault(key, []).append(replace(row, notes=campaign.of(character)))
    return tuple(
        ProfileTable(columns, health, tuple(rows)) for (columns, health), rows in tables.items()
    )


def character_row(character, reading, rules, groups_spec):
    """The row: name, type, role, the profile's cells and what the character uses from every
    group shown in the table (a group with `in_table: false` is listed only below it)."""
    profile = as_dict(character.get("profile"))
    abilities = []
    for spec in groups_spec:
        if not spec.get("in_table", True):
            continue
        for key in as_list(spec.get("from_profile")):
            abilities += [name_in(rules, spec["kind"], slug) for slug in slugs(profile.get(key))]
        for key in as_list(spec.get("from_printed")):
            abilities += [
                printed_entry(item, spec["kind"], rules)[1].name
                for item in reading.uses.get(key, ())
            ]
    return CharacterRow(
        name=str(character.get("name", "")),
        type_name=reading.type_name,
        role=str(character.get("role") or "").replace("-", " "),
        stats=reading.cells,
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
    """Each group's entries the roster uses, sorted by name; empty groups are left out. A group
    collects library slugs from the roster's choices (from_choices) or the characters'
    profiles (from_profile), or what the printed profiles use (from_printed): printed entries
    as they are, or names looked up among the group's kind."""
    choices = as_dict(roster.get("choices"))
    found = {}  # (group index, key) -> (entry, users in roster order)

    def use(index, key, entry, who):
        _, users = found.setdefault((index, key), (entry, []))
        if who and who not in users:
            users.append(who)

    for index, spec in enumerate(groups_spec):
        kind = spec.get("kind")
        for key in as_list(spec.get("from_choices")):
            for slug in slugs(choices.get(key)):
                use(index, slug, entry_of(rules, kind, slug), "")
        for character, reading in characters:
            who = str(character.get("name", ""))
            profile = as_dict(character.get("profile"))
            for key in as_list(spec.get("from_profile")):
                for slug in slugs(profile.get(key)):
                    use(index, slug, entry_of(rules, kind, slug), who)
            for key in as_list(spec.get("from_printed")):
                for item in reading.uses.get(key, ()):
                    use(index, *printed_entry(item, kind, rules), who)
    # A league-wide perk hands its ability to every member: list it with the abilities.
    abilities = next(
        (i for i, spec in enumerate(groups_spec) if spec.get("kind") == "ability"), None
    )
    for index, key in list(found):
        granted = effect_of(as_dict(rules.entry(groups_spec[index].get("kind"), key))).get(
            "grants_ability_to_all"
        )
        if granted and abilities is not None:
            giver = name_in(rules, groups_spec[index]["kind"], key)
            use(abilities, granted, entry_of(rules, "ability", granted), f"everyone ({giver})")
    groups = []
    for index, spec in enumerate(groups_spec):
        entries = [
            replace(entry, users=tuple(users))
            for (group, _), (entry, users) in found.items()
            if group == index
        ]
        if entries:
            groups.append(
                Titled(spec["title"], tuple(sorted(entries, key=lambda e: e.name.lower())))
            )
    return tuple(groups)


def entry_of(rules, kind, slug):
    entry = rules.entry(kind, slug)
    if entry is None:
        return Entry(name=slug, page=None, summary="", missing=True)
    return Entry(
        name=entry.get("name") or slug,
        page=entry.get("page"),
        section=entry.get("section") or "",
        summary=entry.get("summary") or "",
        level=entry.get("level"),
        cost=entry.get("cost"),
        edition=entry.get("edition") or "",
        custom=bool(entry.get("custom")),
    )


def printed_entry(item, kind, rules):
    """(key, Entry) for something a printed profile uses: an entry the engine printed (a 7TV
    special effect, keyed by its reference) or a name printed on the card ("Push 2\"") looked
    up among the library entries of `kind`."""
    if isinstance(item, dict):
        entry = Entry(
            name=str(item.get("name") or "?"),
            page=item.get("page"),
            summary=str(item.get("summary") or ""),
            custom=bool(item.get("custom")),
            glyphs=str(item.get("glyphs") or ""),
        )
        return str(item.get("ref") or entry.name), entry
    index = slug_by_name(rules, kind)
    slug = index.get(str(item).lower()) or index.get(name_key(item))
    return (
        (slug, entry_of(rules, kind, slug)) if slug else (item, Entry(item, None, "", missing=True))
    )


def name_key(name):
    """A printed name as it matches an entry whose name has X inches in it: 'Push 2"' and
    'Push X"' both read 'push x"'."""
    return re.sub(r'\b\d+"', 'X"', str(name)).lower()


def slug_by_name(rules, kind):
    """{lower-case name: slug} for a kind, plus {name key: slug} for names with an X in them."""
    found = {}
    for entry in rules.of_kind(kind):
        name = str(entry.get("name") or "")
        found.setdefault(name.lower(), entry["slug"])
        if 'X"' in name:
            found.setdefault(name_key(name), entry["slug"])
    return found
