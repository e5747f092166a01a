"""Changes the cards app makes. Keyword-only, atomic, no request in sight."""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction

from cards import portraits
from cards.models import PendingPortrait


@dataclass(frozen=True)
class BackOffsetResult:
    x_mm: Decimal
    y_mm: Decimal


@transaction.atomic
def save_back_offset(*, player, x_mm, y_mm):
    """Remember where the player's printer puts the backs of a duplex sheet, in mm (x right,
    y down, as seen on the back); every backs sheet they print moves by it."""
    player.back_offset_x_mm = Decimal(x_mm)
    player.back_offset_y_mm = Decimal(y_mm)
    player.save(update_fields=["back_offset_x_mm", "back_offset_y_mm"])
    return BackOffsetResult(player.back_offset_x_mm, player.back_offset_y_mm)


PENDING_KEPT = 5  # pictures a player may have chosen and not yet saved on a card


@dataclass(frozen=True)
class PendingPortraitResult:
    pending: PendingPortrait


@transaction.atomic
def keep_pending_portrait(*, owner, upload):
    """Clean an upload once and keep it for the designer to refer to while the player frames
    it. Raises PortraitError (nothing stored) for a picture we refuse. The owner's oldest
    unsaved pictures beyond PENDING_KEPT go, so abandoned ones never pile up."""
    source = portraits.clean_upload(upload)
    pending = PendingPortrait(owner=owner)
    pending.image.save(source.name, source, save=False)
    try:
        pending.save()
    except Exception:
        pending.image.delete(save=False)
        raise
    for old in PendingPortrait.objects.filter(owner=owner)[PENDING_KEPT:]:
        discard_pending_portrait(pending=old)
    return PendingPortraitResult(pending=pending)


@transaction.atomic
def discard_pending_portrait(*, pending):
    """Drop the row now and its file once the transaction has committed, so a rollback
    never leaves a row pointing at a deleted file."""
    storage, name = pending.image.storage, pending.image.name
    pending.delete()
    transaction.on_commit(lambda: storage.delete(name))
