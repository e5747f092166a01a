from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player. Guests are real users created on their first save, tied to one browser
    session; signing up turns the guest into a full account, so nothing they made moves."""

    is_guest = models.BooleanField(default=False)
    # Duplex back-sheet calibration in millimetres (positive x = right, positive y = down).
    back_offset_x_mm = models.DecimalField(max_digits=4, decimal_places=1, default=0)
    back_offset_y_mm = models.DecimalField(max_digits=4, decimal_places=1, default=0)
