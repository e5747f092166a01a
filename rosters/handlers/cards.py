"""My Cards: a card designed or imported, copied, binned and brought back, marked for
print. A card joins a roster only through members.add_member."""

from rosters.handlers import _writes
from rosters.handlers.base import CharacterResult, RestoreResult, handler


@handler
def save_card(**card) -> CharacterResult:
    """Create or update a card (keyword arguments as _writes.save_character: owner,
    ruleset, data, character, upload, cleaned, crop); raises PortraitError, nothing saved."""
    return _writes.save_character(**card)


@handler
def duplicate_card(*, character) -> CharacterResult:
    return _writes.duplicate_character(character=character)


@handler
def delete_card(*, character) -> CharacterResult:
    return _writes.delete_character(character=character)


@handler
def restore_card(*, character) -> RestoreResult:
    return _writes.restore(thing=character)


@handler
def mark_for_print(*, character, marked) -> CharacterResult:
    return _writes.mark_for_print(character=character, marked=marked)
