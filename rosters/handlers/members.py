"""Who is in a roster, in what role and in what order: from the builder, the designer's
"Save and add to league" and the library. Once a league has played (selectors.played), a
change of who plays or in what role is its book's reorganisation, refused with the book's
reason or recorded on the timeline; before that the player builds freely."""

from rosters import selectors
from rosters.handlers import _writes
from rosters.handlers.base import CampaignResult, CharacterResult, RosterResult, handler
from rosters.handlers.campaign import reorganise


def lineup_change(roster, free, **reorganisation) -> CampaignResult:
    """The gate every line-up change passes: `free` makes it before the league's first
    game; after it, it is the book's reorganisation (`drop`, `add`, `recast`)."""
    roster = _writes.locked(roster)
    if selectors.played(roster):
        return reorganise(roster=roster, **reorganisation)
    return CampaignResult(roster=free(roster).roster, entry=None)


@handler
def add_member(*, roster, character) -> CampaignResult:
    """Add a card of My Cards to the roster (once); raises RosterFull past the limit."""
    _writes.same_game(roster, character)
    return lineup_change(
        roster,
        lambda roster: _writes.add_member(roster=roster, character=character),
        add=[character.pk],
    )


@handler
def remove_member(*, roster, character_id) -> CampaignResult:
    return lineup_change(
        roster,
        lambda roster: _writes.remove_member(roster=roster, character_id=character_id),
        drop=[character_id],
    )


@handler
def set_member_role(*, roster, character_id, role) -> CampaignResult:
    return lineup_change(
        roster,
        lambda roster: _writes.set_member_role(roster=roster, character_id=character_id, role=role),
        recast=[(character_id, role)],
    )


@handler
def move_member(*, roster, character_id, by) -> RosterResult:
    """Move a member `by` places (-1 up, +1 down): the order the sheets print, no change of
    who plays, so free at any time. Raises RosterMember.DoesNotExist for a non-member."""
    return _writes.move_member(roster=roster, character_id=character_id, by=by)


@handler
def add_library_profile(*, roster, entry, count=1) -> CharacterResult:
    """Buy a profile from the library: a new card in My Cards that joins the roster, through
    the same gate as any card (refused, the card is not kept either)."""
    character = _writes.library_card(roster=roster, entry=entry, count=count).character
    add_member(roster=roster, character=character)
    return CharacterResult(character=character)


@handler
def set_model_count(*, character, count) -> CharacterResult:
    """How many models one roster line buys (7TV Extras and vehicles come in groups)."""
    return _writes.set_model_count(character=character, count=count)
