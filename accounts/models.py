import uuid

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import UUID4


class User(AbstractUser):
    """A player. Guests are real users created on their first save, tied to one browser
    session; signing up turns the guest into a full account, so nothing they made moves."""

    is_guest = models.BooleanField(default=False)
    # Duplex back-sheet calibration in millimetres (positive x = right, positive y = down).
    back_offset_x_mm = models.DecimalField(max_digits=4, decimal_places=1, default=0)
    back_offset_y_mm = models.DecimalField(max_digits=4, decimal_places=1, default=0)
    # Renewed on every write to what the player owns (accounts/stamps.py): pages kept for
    # them are keyed on it. The database fills it too, for rows written without the model
    # (old migrations' states).
    data_stamp = models.UUIDField(default=uuid.uuid4, db_default=UUID4(), editable=False)
