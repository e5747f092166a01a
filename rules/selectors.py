"""Reads of the rules data: libraries for pages, RulesBooks for engines."""

from django.db import DatabaseError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.utils.text import slugify

from rules.engines.base import RulesBook
from rules.engines.completions import SUFFIX as COMPLETION_SUFFIX
from rules.engines.completions import complete_card, completion_kind, with_completions
from rules.fixture_book import rules_book_from_fixtures
from rules.frozen import FrozenDict, frozen
from rules.models import ENTRY_RULES, TYPE_RULES, CharacterType, Deck, LibraryEntry, Ruleset
from rules.rulesets import definition_for, find
from rules.rulesets.definition import kind_label as label_for


def kind_label(ruleset_slug, kind, plural=False):
    """How the ruleset's book names this kind of entry (its definition's labels)."""
    definition = find(ruleset_slug)
    return label_for(definition.kind_labels if definition else {}, kind, plural)


def visible_entries(owner=None):
    """Built-in entries plus the player's own house rules, never anybody else's."""
    mine = Q(owner__isnull=True)
    if owner is not None and owner.is_authenticated:
        mine |= Q(owner=owner)
    return LibraryEntry.objects.filter(mine)


def house_rules_of(owner, ruleset):
    if owner is None or not owner.is_authenticated:
        return []
    return list(LibraryEntry.objects.filter(owner=owner, ruleset=ruleset).order_by("kind", "name"))


def completed_slugs(owner, ruleset, kind):
    """The book entries of this kind whose empty values the player filled in."""
    if owner is None or not owner.is_authenticated:
        return set()
    rows = LibraryEntry.objects.filter(owner=owner, ruleset=ruleset, kind=completion_kind(kind))
    return set(rows.values_list("slug", flat=True))


def card_slug(card):
    """How a completion names a deck card: the library entry it prints (Pulp City's
    Resources), else its number in lower case ("A1-06" is "a1-06")."""
    return (card.data or {}).get("slug") or slugify(card.number)


def deck_with_completions(deck, owner=None):
    """The deck's cards as plain dicts ({number, name, copies, page, data, uncertain, note,
    completed}), the player's completions (kind "<deck slug>-completion") filled in."""
    mine = {}
    if owner is not None and owner.is_authenticated:
        rows = LibraryEntry.objects.filter(
            owner=owner, ruleset_id=deck.ruleset_id, kind=completion_kind(deck.slug)
        )
        mine = {row.slug: row.data for row in rows}
    cards = []
    for card in deck.cards.all():
        plain = {
            "number": card.number,
            "name": card.name,
            "copies": card.copies,
            "page": card.page,
            "data": card.data,
            "uncertain": card.uncertain,
            "note": card.note,
            "completed": [],
        }
        values = mine.get(card_slug(card))
        cards.append(complete_card(plain, values) if values else plain)
    return cards


def genreless_profiles(ruleset):
    """The book's profiles whose genres its text lacks, which a player may set as a house
    rule so the genre gate can judge them."""
    if not genres_of(ruleset):
        return []  # a game without genres has no genre gate
    profiles = LibraryEntry.objects.filter(ruleset=ruleset, kind="profile", owner__isnull=True)
    return [
        entry
        for entry in profiles.order_by("name")
        if entry.data.get("genres") is None and not entry.data.get("all_genres")
    ]


def genres_of(ruleset):
    return list(LibraryEntry.objects.filter(ruleset=ruleset, kind="genre", owner__isnull=True))


def ruleset_or_404(slug):
    return get_object_or_404(Ruleset, slug=slug)


def library_kinds(ruleset, owner=None):
    rows = (
        visible_entries(owner)
        .filter(ruleset=ruleset)
        # A completion shows on the entry it fills, not as a library of its own.
        .exclude(kind__endswith=COMPLETION_SUFFIX)
        .values("kind")
        .annotate(count=Count("pk"))
        .order_by("kind")
    )
    return [
        {
            "kind": row["kind"],
            "label": kind_label(ruleset.slug, row["kind"], plural=True),
            "count": row["count"],
        }
        for row in rows
    ]


def library(ruleset, kind, *, owner=None, query="", level=None, cost=None):
    entries = visible_entries(owner).filter(ruleset=ruleset, kind=kind)
    if query:
        entries = entries.filter(Q(name__icontains=query) | Q(summary__icontains=query))
    if level is not None:
        entries = entries.filter(level=level)
    if cost is not None:
        entries = entries.filter(cost=cost)
    return list(entries.order_by("level", "cost", "order", "name"))


def may_take(entry, character_types):
    """Character types whose level allows this entry (abilities: entry level ≤ type level)."""
    if entry.level is None:
        return []
    return [t for t in character_types if t.level is not None and entry.level <= t.level]


def decks(ruleset):
    return list(Deck.objects.filter(ruleset=ruleset).prefetch_related("cards"))


def deck_or_404(ruleset, slug):
    return get_object_or_404(Deck.objects.prefetch_related("cards"), ruleset=ruleset, slug=slug)


def character_types(ruleset):
    return list(CharacterType.objects.filter(ruleset=ruleset).order_by("order"))


def entry_as_data(entry):
    return {
        "kind": entry.kind,
        "slug": entry.slug,
        **{name: getattr(entry, name) for name in ENTRY_RULES},
        "custom": entry.owner_id is not None,
    }


def type_as_data(character_type):
    return {
        "slug": character_type.slug,
        **{name: getattr(character_type, name) for name in TYPE_RULES},
    }


# The built-in part of each game's rules book as this process last built it:
# {ruleset pk: (data_version, character types, entries)}. Keyed on the stamp every change to
# a built-in row renews, so any app server sees a reload on its next request. Frozen
# (rules/frozen.py): every request shares it, so none can change it.
built_in_books = {}


def snapshot_book(version):
    """A DataVersion's snapshot (rules/data_versions.py) as a rules book's built-in part."""
    snapshot = version.snapshot
    return (
        frozen(snapshot.get("types") or {}),
        frozen({(e["kind"], e["slug"]): e for e in snapshot.get("entries") or []}),
    )


def rules_book(ruleset, owner=None, version=None):
    """The plain-data rules an engine needs, with the player's house rules. Building the
    book from a game's whole library is most of a page's work, so the built-in part is built
    once per loaded version; the house rules are read on every call (one small query), so a
    player's change shows at once. Two queries the first time, then one (none anonymous).
    With a `version` (a DataVersion), the built-in part is the game's data as that version
    kept it, under the player's own rules of today."""
    built = built_in_books.get(ruleset.pk)
    if version is not None:
        types, entries = snapshot_book(version)
        rows = house_rules_of(owner, ruleset)
    elif built is not None and built[0] == ruleset.data_version:
        _, types, entries = built
        rows = house_rules_of(owner, ruleset)
    else:
        types = frozen({t.slug: type_as_data(t) for t in character_types(ruleset)})
        rows = list(visible_entries(owner).filter(ruleset=ruleset))
        entries = frozen({(e.kind, e.slug): entry_as_data(e) for e in rows if e.owner_id is None})
        built_in_books[ruleset.pk] = (ruleset.data_version, types, entries)
        rows = [e for e in rows if e.owner_id is not None]
    if rows:
        merged = dict(entries)  # the kept one stays as built
        house = [entry_as_data(entry) for entry in rows]
        for rule in house:  # a house rule never replaces a built-in entry
            merged.setdefault((rule["kind"], rule["slug"]), frozen(rule))
        # The player's completions fill the book entries they name (the built copy untouched).
        completed = with_completions(merged, house)
        entries = FrozenDict(
            {
                key: entry if isinstance(entry, FrozenDict) else frozen(entry)
                for key, entry in completed.items()
            }
        )
    return RulesBook(ruleset=ruleset.slug, character_types=types, entries=entries)


def rules_for(slug) -> RulesBook:
    """A registered ruleset's rules from the database when they are loaded there, else straight
    from fixtures/, so the CLI works on a machine that never ran `load_rules`. Raises
    UnknownRuleset for a game that is not registered."""
    definition_for(slug)
    try:
        ruleset = Ruleset.objects.filter(slug=slug).first()
        if ruleset is not None and ruleset.character_types.exists():
            return rules_book(ruleset)
    except DatabaseError:
        pass  # no database yet: the shipped data is just as good
    return rules_book_from_fixtures(slug)
