"""The raw writes to rosters and characters, private to the handlers (rosters/handlers/):
nothing here asks whether the player's book lets the change happen (a league that has
played), so nothing else calls them, and each runs in its handler's one transaction (no
savepoint of its own). A full roster is refused here, the last guard."""

import uuid

from django.core.files.base import ContentFile
from django.utils import timezone

from accounts import freshness
from config.limits import ROSTER_MAX_CHARACTERS
from rosters import portraits
from rosters.handlers.base import CharacterResult, RestoreResult, RosterFull, RosterResult
from rosters.models import Character, Roster, RosterMember, ShareLink
from rules import data_versions
from rules.models import CharacterType


def create_roster(*, owner, ruleset, name):
    roster = Roster.objects.create(
        owner=owner,
        ruleset=ruleset,
        name=name.strip(),
        rules_version=data_versions.latest_number(ruleset),
    )
    return RosterResult(roster=roster)


DESIGNED_FIELDS = (
    "character_type",
    "name",
    "profile",
    "flavour",
    "portrait",
    "portrait_crop",
    "portrait_print",
    "updated_at",
)


def save_character(*, owner, ruleset, data, character=None, upload=None, cleaned=None, crop=None):
    """Create or update a card from roster-format character data. A new portrait upload is
    cleaned (re-encoded) before anything is stored; a bad one raises PortraitError and
    leaves the card untouched. `cleaned` is a stored picture that was cleaned already (one
    the designer kept while the player framed it): the card gets its own copy."""
    source = portraits.clean_upload(upload) if upload is not None else None
    if cleaned is not None:
        source = copied(cleaned)
    if character is None:
        character = Character(owner=owner, ruleset=ruleset)
    character.character_type = data["type"]
    character.name = data["name"]
    character.profile = data["profile"]
    character.flavour = data.get("flavour", "")
    stored = (character.portrait.name, character.portrait_print.name)
    try:
        if source is not None:
            character.portrait.save(source.name, source, save=False)
        if character.portrait and (source is not None or crop is not None):
            set_portrait_crop(character, crop)
        # Only what the designer edits: a delete or print mark made meanwhile in another tab
        # stays.
        character.save(update_fields=DESIGNED_FIELDS if character.pk else None)
    except BaseException:
        # The files are written before the row that names them; if the row fails they
        # belong to nothing, so they go with it.
        for attname, name in zip(("portrait", "portrait_print"), stored, strict=True):
            if getattr(character, attname).name != name:
                getattr(character, attname).delete(save=False)
                setattr(character, attname, name)
        raise
    return CharacterResult(character=character)


def set_portrait_crop(character, crop):
    """Cut the 300 dpi print crop from the stored source with the player's crop."""
    character.portrait_crop = portraits.normalise_crop(crop)
    with character.portrait.open("rb") as source:
        cropped = portraits.crop_portrait(source, character.portrait_crop)
    # A fresh random name on every save: copies never share a file, and nobody can guess one.
    character.portrait_print.save(cropped.name, cropped, save=False)


def copied(stored):
    """A stored picture's bytes under a fresh random name: copies never share a file."""
    with stored.open("rb") as handle:
        return ContentFile(handle.read(), name=f"{uuid.uuid4().hex}.jpg")


def duplicate_character(*, character):
    """A copy named "… (copy)" with its own copies of the portrait files."""
    copy = Character.objects.get(pk=character.pk)
    copy.pk = None
    copy.name = f"{character.name} (copy)"[:80]
    copy.marked_for_print = False
    for field in ("portrait", "portrait_print"):
        original = getattr(character, field)
        if original:
            picture = copied(original)
            getattr(copy, field).save(picture.name, picture, save=False)
    copy.save()
    return CharacterResult(character=copy)


def hide(thing, *also_changed):
    """Soft delete (a card or a roster): hidden from every selector until `restore`."""
    thing.deleted_at = timezone.now()
    thing.save(update_fields=["deleted_at", "updated_at", *also_changed])


def delete_character(*, character):
    """Soft delete, so the player can undo."""
    character.marked_for_print = False
    hide(character, "marked_for_print")
    return CharacterResult(character=character)


def restore(*, thing):
    """Undo a delete of a card or a roster: it comes back as it was."""
    thing.deleted_at = None
    thing.save(update_fields=["deleted_at", "updated_at"])
    return RestoreResult(thing=thing)


def mark_for_print(*, character, marked):
    character.marked_for_print = marked
    character.save(update_fields=["marked_for_print", "updated_at"])
    return CharacterResult(character=character)


def locked(roster):
    """The roster re-read under a row lock, with its ruleset. Every change (the builder's and
    the campaign's) starts from this fresh copy, not the one the view loaded, so two requests
    at the same moment apply one after the other and neither writes back a stale field (or
    stale JSON) over what the other saved. Only the roster's row is locked, not its game's."""
    rows = Roster.objects.select_for_update(of=("self",)).select_related("ruleset")
    return rows.get(pk=roster.pk)


def update_roster(*, roster, name=None, budget=None, notes=None):
    roster = locked(roster)
    changed = ["updated_at"]
    if name is not None:
        roster.name = name.strip() or roster.name
        changed.append("name")
    if budget is not None:
        roster.budget = budget
        changed.append("budget")
    if notes is not None:
        roster.notes = notes
        changed.append("notes")
    roster.save(update_fields=changed)
    return RosterResult(roster=roster)


def add_member(*, roster, character, role=""):
    """Add a card from My Cards to the roster (once; adding it again changes nothing). It goes
    after every member of its own type or an earlier one in the book's order (Leader, then
    Sidekick…; Star, then Co-Star…), so a re-added Leader heads the roster again."""
    same_game(roster, character)
    roster = locked(roster)
    if roster.members.filter(character=character).exists():
        return RosterResult(roster=roster)
    members = ordered_members(roster)
    if len(members) >= ROSTER_MAX_CHARACTERS:
        raise RosterFull()
    rank = type_ranks(roster)
    mine = rank.get(character.character_type, len(rank))
    place = sum(1 for m in members if rank.get(m.character.character_type, len(rank)) <= mine)
    members.insert(place, RosterMember(roster=roster, character=character, role=role))
    save_positions(members)
    roster.save(update_fields=["updated_at"])
    return RosterResult(roster=roster)


def same_game(roster, character):
    if character.ruleset_id != roster.ruleset_id:
        raise ValueError(f"{character.name} is a {character.ruleset.name} card.")


def ordered_members(roster):
    return list(roster.members.select_related("character").order_by("position", "pk"))


def type_ranks(roster):
    types = CharacterType.objects.filter(ruleset=roster.ruleset).order_by("order", "pk")
    return {slug: index for index, slug in enumerate(types.values_list("slug", flat=True))}


def save_positions(members):
    """Number the members 0, 1, 2… in list order (new ones are created). Positions are unique
    per roster, so members that move first step past the end, then take their new places:
    no write ever lands on a place another member still holds. Those moves are two UPDATEs
    however many members move, each renewing the owner's data stamp (accounts/freshness.py)."""
    moved = [(place, m) for place, m in enumerate(members) if m.position != place or not m.pk]
    stepping = [m for _, m in moved if m.pk]
    clear = len(members) + max((m.position for m in members if m.pk), default=0) + 1
    for step, member in enumerate(stepping):
        member.position = clear + step
    RosterMember.objects.bulk_update(stepping, ["position"])
    for place, member in moved:
        member.position = place
    RosterMember.objects.bulk_update(stepping, ["position"])
    for _, member in moved:
        if not member.pk:
            member.save()


def move_member(*, roster, character_id, by):
    """Move a member `by` places (-1 up, +1 down); the printed sheets follow this order."""
    roster = locked(roster)
    members = ordered_members(roster)
    index = next((i for i, m in enumerate(members) if m.character_id == character_id), None)
    if index is None:
        raise RosterMember.DoesNotExist
    target = max(0, min(len(members) - 1, index + by))
    members.insert(target, members.pop(index))
    with freshness.once():  # the moves and the roster's save renew the stamp once
        save_positions(members)
        roster.save(update_fields=["updated_at"])
    return RosterResult(roster=roster)


def remove_member(*, roster, character_id):
    roster.members.filter(character_id=character_id).delete()
    roster.save(update_fields=["updated_at"])
    return RosterResult(roster=roster)


def set_member_role(*, roster, character_id, role):
    roster.members.filter(character_id=character_id).update(role=role)
    roster.save(update_fields=["updated_at"])
    return RosterResult(roster=roster)


def delete_roster(*, roster):
    """Soft delete, as for cards: the roster, its members and choices come back on undo. Its
    share link does not: deleting is how a player may stop a link, so it is revoked for good
    here rather than only hidden while the roster is in the bin."""
    ShareLink.objects.filter(roster=roster).delete()
    hide(roster)
    return RosterResult(roster=roster)


def update_settings(*, roster, settings, budget=None):
    """Scalar choices (a cast's affiliation, its chosen genre) and the budget limit."""
    roster = locked(roster)
    roster.choices = {**roster.choices, **settings}
    changed = ["choices", "updated_at"]
    if budget is not None:
        roster.budget = budget
        changed.append("budget")
    roster.save(update_fields=changed)
    return RosterResult(roster=roster)


def library_card(*, roster, entry, count=1):
    """A card in My Cards for a profile bought straight from the library (a 7TV Star, Extra
    or vehicle), so it can be printed and customised; the handler then adds it."""
    character = Character.objects.create(
        owner=roster.owner,
        ruleset=roster.ruleset,
        character_type=entry["data"].get("type", ""),
        name=entry["name"],
        profile={"base": entry["slug"], "count": max(1, count)},
    )
    return CharacterResult(character=character)


def set_model_count(*, character, count):
    """How many models one roster line buys (Extras and vehicles come in groups)."""
    character = Character.objects.select_for_update().get(pk=character.pk)
    character.profile = {**character.profile, "count": max(1, min(count, 99))}
    character.save(update_fields=["profile", "updated_at"])
    return CharacterResult(character=character)
