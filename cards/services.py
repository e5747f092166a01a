"""Changes the cards app makes. Keyword-only, atomic, no request in sight."""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction


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
