"""Database rows → the plain roster format (docs/roster-format.md) that engines, the CLI and
export all read."""

from rosters.format import FORMAT, VERSION


def character_as_data(character, role=""):
    # The card's own key is its id: a card joins a roster at most once, and keeps its key
    # when renamed.
    return {
        "id": str(character.pk),
        "name": character.name,
        "type": character.character_type,
        "role": role,
        "profile": character.profile,
        "flavour": character.flavour,
        "portrait": None,
    }


def roster_as_data(roster, members, house_rules=()):
    """`members` are the roster's RosterMember rows with their characters loaded."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": roster.ruleset.slug,
        "name": roster.name,
        "budget": roster.budget_total,
        "choices": roster.choices,
        "house_rules": list(house_rules),
        "characters": [character_as_data(m.character, m.role) for m in members],
    }
    if roster.campaign:
        document["campaign"] = roster.campaign
    return document
