"""Characters as a roster hands them to an engine: each with its id (docs/roster-format.md)."""


def with_ids(characters):
    """Here a character's id is its name, so a test names a boss and picks out a character's
    findings by the words it reads; a test of names shared gives ids of its own."""
    return [
        {"id": str(character.get("name")), **character}
        if isinstance(character, dict) and "id" not in character
        else character
        for character in characters
    ]
