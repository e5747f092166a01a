"""Reading player-made plain data without trusting its shape, and wording messages."""


def as_dict(value):
    return value if isinstance(value, dict) else {}


def as_list(value):
    return value if isinstance(value, list) else []


def id_of(character):
    """A character's id within its roster (docs/roster-format.md): what findings and roles
    name it by, since two characters may share a display name. None when the data has none."""
    value = as_dict(character).get("id")
    return value if isinstance(value, str) and value else None


def repointed(role, prefixes, bosses):
    """`role` naming its boss as `bosses[old]` rather than as `old`, when it is a role with
    one of these prefixes (an engine's BOSS_ROLES); any other role as it is."""
    for prefix in prefixes:
        if role.startswith(prefix):
            boss = role.removeprefix(prefix).strip()
            return f"{prefix}{bosses[boss]}" if boss in bosses else role
    return role


def recharactered(campaign, ids, *, only_theirs=False):
    """A campaign block whose records (lists of objects with a `character`, as Pulp Alley's
    learned abilities and escapes) name `ids[old]` instead of `old`; a record naming no one
    in `ids` as it is (an older file's name two characters share stays that name), except,
    `only_theirs`, one naming by a card's key a character the file lacks: kept, it would name
    whichever card has that key, so it is left out."""

    def names_a_character(item):
        return isinstance(item, dict) and isinstance(item.get("character"), str)

    def stray_key(item):
        return names_a_character(item) and item["character"].isdigit()

    if not isinstance(campaign, dict):
        return campaign
    return {
        key: [
            {**item, "character": ids[item["character"]]}
            if names_a_character(item) and item["character"] in ids
            else item
            for item in value
            if not (only_theirs and stray_key(item) and item["character"] not in ids)
        ]
        if isinstance(value, list)
        else value
        for key, value in campaign.items()
    }


def words(slug):
    """A slug as title-cased words ("star-quality" → "Star Quality")."""
    return str(slug or "").replace("-", " ").title()


def slugs(value):
    return [item if isinstance(item, str) else str(item) for item in as_list(value)]


def article(name):
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def plural(word):
    """Ally -> Allies, Leader -> Leaders, Henchman -> Henchmen."""
    if word.endswith("man"):
        return word[:-3] + "men"
    if word[-1:] == "y" and word[-2:-1].lower() not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def counted(number, word):
    """'1 character', '3 characters'."""
    return f"{number} {word if number == 1 else plural(word)}"


def name_of(entry):
    """How a message names a rules entry; a house rule may lack a name."""
    entry = as_dict(entry)
    return str(entry.get("name") or entry.get("slug") or "?")


def page_of(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def citation(page, section=None):
    """Where to look a rule up: "p.9", or "§ Traits" for a source without page numbers (Pulp
    Fiction is a web page), or "" when neither is known."""
    if page_of(page):
        return f"p.{page}"
    return f"§ {section}" if isinstance(section, str) and section else ""


def words_in(value):
    """Every text inside a roster's plain data: what may name a library entry by slug."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from words_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from words_in(item)
