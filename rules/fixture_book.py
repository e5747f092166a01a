"""A RulesBook read straight from fixtures/ without touching the database: for engine tests
and for the CLI on a machine where the rules data was never loaded. It holds the same plain
data as rules.selectors.rules_book (tests keep the two equal), frozen as that is."""

from rules.engines.base import RulesBook
from rules.fixture_folder import ENTRIES, FIXTURES_DIR, TYPES, documents
from rules.frozen import frozen
from rules.loading import ENTRY_DEFAULTS, TYPE_DEFAULTS, pick
from rules.models import ENTRY_RULES, TYPE_RULES
from rules.rulesets import UnknownRuleset


def entry_data(kind, item):
    values = pick(item, ENTRY_RULES, ENTRY_DEFAULTS)
    if kind == "skill":
        values["data"] = {**values["data"], "group": item.get("group", "")}
    return {"kind": kind, "slug": item["slug"], **values, "custom": False}


def type_data(item):
    return {"slug": item["slug"], **pick(item, TYPE_RULES, TYPE_DEFAULTS)}


def rules_book_from_fixtures(slug, fixtures_dir=FIXTURES_DIR) -> RulesBook:
    folder = fixtures_dir / slug
    if not folder.is_dir():
        raise UnknownRuleset(f"No rules data for ruleset {slug!r}.")
    types, entries = {}, {}
    for document in documents(folder):
        if document.form == TYPES:
            types |= {item["slug"]: type_data(item) for item in document.items}
        elif document.form == ENTRIES:
            kind = document.kind
            for item in document.items:
                entries[(kind, item["slug"])] = entry_data(kind, item)
        # Card decks are for printing; no engine reads them.
    return RulesBook(ruleset=slug, character_types=frozen(types), entries=frozen(entries))
