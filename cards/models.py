"""A picture the player has chosen in the Card Designer but not yet saved on a card."""

import uuid

from django.conf import settings
from django.db import models


class PendingPortrait(models.Model):
    """Uploaded once, cleaned, and then referred to by `token` while the player frames it:
    every live preview and the final save use the stored copy instead of the file again.
    Only its owner can see it; a player keeps a handful (older ones are dropped)."""

    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_portraits"
    )
    image = models.ImageField(upload_to="portraits/pending/")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"Pending portrait {self.token}"
