"""A picture the player has chosen in the Card Designer but not yet saved on a card; and
print jobs too big to draw while the player waits: queued for a print worker, with the
progress the Print page polls and the key of the finished PDF in the print cache."""

import uuid

from django.conf import settings
from django.db import models

from accounts.freshness import FreshManager


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

    objects = FreshManager()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"Pending portrait {self.token}"


class PrintJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a print worker"
        RUNNING = "running", "Drawing the cards"
        DONE = "done", "Ready to download"
        FAILED = "failed", "Failed"

    class Document(models.TextChoices):
        CARDS = "cards", "The Print page's cards"
        # A roster's cards with their backs and all its papers (cards/everything.py).
        EVERYTHING = "everything", "Everything for a roster"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="print_jobs"
    )
    title = models.CharField(max_length=200)
    # The Print page's query (what to print, paper, backs, copies): the worker rebuilds the
    # job from it, so a job survives a reload and a worker restart.
    query = models.TextField()
    key = models.CharField(max_length=64)  # the finished PDF's print cache key
    filename = models.CharField(max_length=200)
    document = models.CharField(max_length=10, choices=Document, default=Document.CARDS)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    faces_done = models.PositiveIntegerField(default=0)
    faces_total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    restarts = models.PositiveSmallIntegerField(default=0)  # queued again after its worker died
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # a running job's heartbeat

    objects = FreshManager()

    class Meta:
        indexes = [models.Index(fields=["owner", "key"])]

    def __str__(self):
        return f"{self.title} ({self.get_status_display()})"

    @property
    def percent(self):
        return round(100 * self.faces_done / self.faces_total) if self.faces_total else 0


class RosterPrint(models.Model):
    """A printing of a roster's cards that the player said they printed, and what they hold
    after it: every card of the roster they have on paper, with the code it carries. Cards
    this printing made are `fresh` and have their sheet and slot in it; the others are
    carried from the printing before, so one row set answers "which of my cards are stale"
    whether the last printing was the whole roster or only its changed cards."""

    roster = models.ForeignKey("rosters.Roster", on_delete=models.CASCADE, related_name="prints")
    printed_at = models.DateTimeField(auto_now_add=True)
    paper = models.CharField(max_length=20)
    backs = models.BooleanField(default=False)
    changed_only = models.BooleanField(default=False)

    objects = FreshManager()

    class Meta:
        ordering = ["-printed_at", "-pk"]

    def __str__(self):
        return f"{self.roster} printed {self.printed_at:%Y-%m-%d}"


class PrintedCard(models.Model):
    """One physical card of a printing: one row per copy."""

    printing = models.ForeignKey(RosterPrint, on_delete=models.CASCADE, related_name="cards")
    character_id = models.PositiveBigIntegerField()  # kept after the character is deleted
    name = models.CharField(max_length=80)
    code = models.CharField(max_length=40)  # the front's code
    back_code = models.CharField(max_length=40, blank=True)  # "" when no back was printed
    fresh = models.BooleanField(default=True)
    sheet = models.PositiveSmallIntegerField()  # 1-based, in the printing that made it
    slot = models.PositiveSmallIntegerField()  # 0-8, left to right, top to bottom
    shown = models.JSONField(default=dict)  # the front's values, to say later what changed

    objects = FreshManager()

    class Meta:
        ordering = ["sheet", "slot", "pk"]
        indexes = [models.Index(fields=["character_id", "code"])]

    def __str__(self):
        return f"{self.name} {self.code}"
