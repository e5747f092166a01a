"""A player's completions: their own values for what a book entry leaves empty
(rules/engines/completions.py), kept in their library beside their house rules."""

from dataclasses import dataclass
from functools import cache

from django.utils.text import slugify

from rosters.handlers.base import handler
from rosters.schema import roster_schema
from rosters.transfer import house_rule_fields
from rules.engines.completions import completed_kind, completion_kind, fill, is_empty
from rules.engines.plain import as_dict, citation
from rules.models import DeckCard, LibraryEntry
from rules.rulesets import find
from rules.shapes import ShapeValidator, problems


class CompletionRefused(ValueError):
    """What the player asked to fill cannot be: the book gives it, it is out of bounds, or
    the entry is not one the game lets players complete. One sentence for the page."""


@dataclass(frozen=True)
class CompletionResult:
    entry: LibraryEntry | None
    filled: tuple[str, ...] = ()


@cache
def schema_defs():
    """The roster file's own `$defs`: a completion is bounded as the file that carries it
    is, so a value the form accepts is one the roster file imports again."""
    return roster_schema()["$defs"]


@cache
def shape_validator(shape):
    return ShapeValidator({"$defs": schema_defs(), "$ref": f"#/$defs/{shape}"})


def resolved(schema, defs):
    """A schema with its `$ref` followed (a `#/$defs/...` pointer into `defs`), and its own
    keys (`x-kind`: the library a text value names) kept."""
    own = {key: value for key, value in schema.items() if key != "$ref"}
    ref = schema.get("$ref")
    if not ref:
        return own
    node = {"$defs": defs}
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return resolved(node, defs) | own


def places(schema, defs, book, prefix=""):
    """(dotted place, empty in the book?) for every value a completion of this shape holds."""
    for key, shape in resolved(schema, defs).get("properties", {}).items():
        shape, value = resolved(shape, defs), as_dict(book).get(key)
        if "properties" in shape and isinstance(value, dict) and value:
            yield from places(shape, defs, value, f"{prefix}{key}.")
        elif "properties" in shape and shape.get("type") == "object":
            yield from ((f"{prefix}{key}.{inner}", True) for inner in shape["properties"])
        else:
            yield f"{prefix}{key}", is_empty(value)


def open_places(entry, shape):
    """The places of a book entry a player may fill: those its book leaves empty."""
    defs = schema_defs()
    empty = [place for place, blank in places(defs[shape], defs, entry.data) if blank]
    return (["level"] if entry.levelled and entry.level is None else []) + empty


def named_kinds(shape):
    """The library kinds a completion of this shape names (its `x-kind` fields)."""
    defs = schema_defs()
    return {
        resolved(inner, defs).get("x-kind")
        for inner in resolved(defs[shape], defs).get("properties", {}).values()
    } - {None}


def completable(ruleset, kind):
    """The `$defs` name bounding this kind's completions in this game, or None."""
    definition = find(ruleset.slug)
    return definition.completions.get(kind) if definition else None


@dataclass(frozen=True)
class BookEntry:
    """What a completion fills: a library entry of the book, or a card of one of its decks
    that no library entry stands behind (7TV's script cards), found by its number."""

    kind: str
    slug: str
    name: str
    data: dict
    level: int | None = None
    levelled: bool = False  # whether a Level is part of it (a library entry's)
    page: int | None = None
    section: str = ""

    @property
    def citation(self):
        return citation(self.page, self.section)


def card_slug(card):
    """A deck card's slug: its number in lower case ("A1-06" is "a1-06")."""
    return slugify(card.number)


def as_book_entry(row):
    if isinstance(row, DeckCard):
        return BookEntry(
            kind=row.deck.slug,
            slug=card_slug(row),
            name=row.name or f"Card {row.number}",
            data={"name": row.name, **as_dict(row.data)},
            page=row.page,
        )
    return BookEntry(
        kind=row.kind,
        slug=row.slug,
        name=row.name,
        data=as_dict(row.data),
        level=row.level,
        levelled=True,
        page=row.page,
        section=row.section,
    )


def book_entries(ruleset, kind):
    """Every book entry (or deck card) of a kind players may complete, in the book's order."""
    rows = LibraryEntry.objects.filter(ruleset=ruleset, kind=kind, owner__isnull=True)
    if rows.exists():
        return [as_book_entry(row) for row in rows.order_by("name")]
    cards = DeckCard.objects.filter(deck__ruleset=ruleset, deck__slug=kind).select_related("deck")
    return [as_book_entry(card) for card in cards]


def book_entry(ruleset, kind, slug):
    row = LibraryEntry.objects.filter(
        ruleset=ruleset, kind=kind, slug=slug, owner__isnull=True
    ).first()
    if row is not None:
        return as_book_entry(row)
    return next((entry for entry in book_entries(ruleset, kind) if entry.slug == slug), None)


def check_completion(*, ruleset, kind, slug, data, level=None):
    """The book entry and the places the values fill; CompletionRefused when they cannot."""
    shape = completable(ruleset, kind)
    entry = book_entry(ruleset, kind, slug) if shape else None
    if entry is None:
        raise CompletionRefused(f"{ruleset.name} has no {kind} {slug!r} whose gaps you can fill.")
    trouble = problems(shape_validator(shape), data)
    if trouble:
        where, what = trouble[0]
        raise CompletionRefused(f"{entry.name}: {f'{where} ' if where else ''}{what}.")
    _, filled, refused = fill(entry.data, data)
    if level is not None:
        if entry.level is not None or not entry.levelled:
            refused.append("level")
        elif level not in set(ruleset.character_types.values_list("level", flat=True)):
            raise CompletionRefused(f"{entry.name}: {level} is no level of {ruleset.name}.")
        else:
            filled.append("level")
    if refused:
        raise CompletionRefused(
            f"The book gives {entry.name}'s {', '.join(refused)} already: a completion only"
            " fills what it leaves empty, so change those with a house rule instead."
        )
    if not filled:
        raise CompletionRefused(f"Nothing to fill in for {entry.name}: every value is empty.")
    return entry, tuple(filled)


def without_empty(data):
    """The values as kept: an empty one fills nothing, so it is not kept."""
    kept = {}
    for key, value in data.items():
        value = without_empty(value) if isinstance(value, dict) else value
        if not is_empty(value):
            kept[key] = value
    return kept


@handler
def complete_entry(*, owner, ruleset, kind, slug, data, level=None):
    """Keep the owner's values for the book entry's empty places, replacing their earlier
    completion of it. Only what the book leaves empty may be filled."""
    data = without_empty(data)
    entry, filled = check_completion(ruleset=ruleset, kind=kind, slug=slug, data=data, level=level)
    completion, _ = LibraryEntry.objects.update_or_create(
        owner=owner,
        ruleset=ruleset,
        kind=completion_kind(kind),
        slug=slug,
        defaults={
            "name": entry.name,
            "summary": f"Your own values for what the book leaves empty of {entry.name}.",
            "data": data,
            "level": level,
            "page": entry.page,
            "section": entry.section,
            "edition": "house",
        },
    )
    return CompletionResult(entry=completion, filled=filled)


@handler
def drop_completion(*, owner, ruleset, kind, slug):
    """Forget the owner's values for this entry: it prints as the book has it again."""
    if owner is None or owner.pk is None:
        return CompletionResult(entry=None)  # owner=None would match the book's own rows
    LibraryEntry.objects.filter(
        owner=owner, ruleset=ruleset, kind=completion_kind(kind), slug=slug
    ).delete()
    return CompletionResult(entry=None)


@dataclass(frozen=True)
class PackResult:
    written: tuple[LibraryEntry, ...]


@handler
def import_pack(*, owner, ruleset, pack, lines):
    """Write what the preview (rosters.data_packs.preview) said the pack adds or replaces,
    all or nothing: a completion that would overwrite the book refuses the whole pack."""
    written = []
    rules = {(rule["kind"], rule["slug"]): rule for rule in pack["house_rules"]}
    for line in lines:
        if line.action not in ("adds", "replaces"):
            continue
        rule = rules[(line.kind, line.slug)]
        target = completed_kind(line.kind)
        if target is not None:
            check_completion(
                ruleset=ruleset,
                kind=target,
                slug=line.slug,
                data=as_dict(rule.get("data")),
                level=rule.get("level"),
            )
        entry, _ = LibraryEntry.objects.update_or_create(
            owner=owner,
            ruleset=ruleset,
            kind=line.kind,
            slug=line.slug,
            defaults={
                **house_rule_fields(rule),
                "section": rule.get("section") or "",
                "edition": rule.get("edition") or "house",
            },
        )
        written.append(entry)
    return PackResult(written=tuple(written))
