"""Completions: a player's own values for what a book entry leaves empty.

The books have holes (Pulp City's named Supremes have no full profile, Pulp Fiction's stat
charts are lost). A completion is a house rule of kind "<kind>-completion" whose slug is the
book entry's own, as a profile-genres rule is: it never adds an entry, it fills the empty
values of the one it names. Filling happens where a rules book is made (rules.selectors for a
player, RulesBook.with_house_rules for a roster file), so every engine check, card, sheet and
designer reads the completed entry alike. A value the book gives is never replaced: that is a
house rule's job, and a completion that tries is refused (rules.services) or, from a file,
left out."""

from rules.engines.plain import as_dict

SUFFIX = "-completion"


def completion_kind(kind: str) -> str:
    return f"{kind}{SUFFIX}"


def completed_kind(kind: str) -> str | None:
    """The book kind a completion kind fills, or None for any other kind."""
    return kind.removesuffix(SUFFIX) if kind.endswith(SUFFIX) else None


def is_empty(value) -> bool:
    """What the fixtures write for a value the book does not give."""
    return value is None or value == "" or value == [] or value == {}


def fill(shipped, values, path=""):
    """(the shipped data with `values` put where it is empty, the dotted paths filled, the
    dotted paths refused because the book gives them). An object the book gives is filled key
    by key, so a Supreme's missing traits complete without touching the one it shows."""
    shipped, merged, filled, refused = as_dict(shipped), dict(as_dict(shipped)), [], []
    for key, value in as_dict(values).items():
        where = f"{path}{key}"
        if is_empty(value):
            continue  # nothing to fill with
        book = shipped.get(key)
        if is_empty(book):
            merged[key] = value
            filled.append(where)
        elif isinstance(book, dict) and isinstance(value, dict):
            merged[key], more, refusals = fill(book, value, f"{where}.")
            filled += more
            refused += refusals
        elif book != value:
            refused.append(where)
    return merged, filled, refused


def complete(entry: dict, completion: dict) -> dict:
    """The book entry with the completion's values in its empty places: its level when the
    book gives none, and its data. `completed` lists what is the player's own."""
    filled = []
    result = dict(entry)
    level = completion.get("level")
    if entry.get("level") is None and isinstance(level, int):
        result["level"] = level
        filled.append("level")
    data, more, _ = fill(entry.get("data"), completion.get("data"))
    result["data"] = data
    filled += [f"data.{path}" for path in more]
    if filled:
        # Sorted: PostgreSQL keeps JSON keys in an order of its own, and a report must read
        # the same on every database.
        result["completed"] = sorted(filled)
    return result


def with_completions(entries: dict, rules) -> dict:
    """`entries` ({(kind, slug): entry}) with each completion in `rules` applied to the book
    entry it names; a completion naming no book entry is left as it is (a house rule that
    counts for nothing), and the first completion of an entry counts."""
    done = set()
    merged = None
    for rule in rules:
        kind = completed_kind(str(rule.get("kind", "")))
        key = (kind, rule.get("slug"))
        target = entries.get(key) if kind else None
        if target is None or target.get("custom") or key in done:
            continue
        done.add(key)
        if merged is None:
            merged = dict(entries)
        merged[key] = complete(target, rule)
    return entries if merged is None else merged


def complete_card(card: dict, values) -> dict:
    """A deck card ({number, name, data, ...}) with the player's values in its empty places:
    its name and what its data leaves empty. `completed` lists what is theirs."""
    merged, filled, _ = fill({"name": card.get("name"), **as_dict(card.get("data"))}, values)
    name = merged.pop("name", None)
    return {**card, "name": name or "", "data": merged, "completed": sorted(filled)}


def completed_fields(entry) -> list[str]:
    """The dotted places of an entry that hold the player's values, not the book's."""
    return [str(path) for path in as_dict(entry).get("completed") or []]
