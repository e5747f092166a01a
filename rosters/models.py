"""A player's forces and characters. One Roster model serves every ruleset (a Pulp Alley
league, a 7TV cast, a Pulp City team); the ruleset decides what its budget means."""

from django.conf import settings
from django.db import models

from accounts.freshness import FreshManager


class SoftDeleted(models.Model):
    """A player's thing that a delete only hides, so "undo" can bring it back whole (cards,
    rosters). Selectors leave hidden ones out; rosters.handlers delete and restore them."""

    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = FreshManager()

    class Meta:
        abstract = True


class Character(SoftDeleted):
    """A character card in My Cards. `profile` holds the ruleset's own shape of statistics
    (Pulp Alley: health, base skill dice and ability slugs); printed values are derived from it
    by the ruleset's engine, never stored twice."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters"
    )
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.PROTECT)
    character_type = models.SlugField(max_length=40)
    name = models.CharField(max_length=80)
    profile = models.JSONField(default=dict, blank=True)
    flavour = models.TextField(blank=True, max_length=600)
    # The cleaned upload (re-encoded by Pillow), the crop the player chose on it, and that crop
    # cut at 300 dpi for the card's portrait box: the file every print uses.
    portrait = models.ImageField(upload_to="portraits/", blank=True)
    portrait_crop = models.JSONField(default=dict, blank=True)
    portrait_print = models.ImageField(upload_to="portraits/print/", blank=True)
    marked_for_print = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["owner", "ruleset", "deleted_at"])]

    def __str__(self):
        return self.name


class Roster(SoftDeleted):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rosters"
    )
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.PROTECT)
    name = models.CharField(max_length=100)
    # The budget limit in the ruleset's unit (slots, ratings…); empty means the ruleset default.
    budget = models.PositiveIntegerField(null=True, blank=True)
    # Ruleset-specific choices: perks, affiliation, genre, resources… as slugs.
    choices = models.JSONField(default=dict, blank=True)
    notes = models.TextField(blank=True)
    # Progress between games in the ruleset's own shape (the roster format's `campaign`).
    campaign = models.JSONField(default=dict, blank=True)
    # The number of its game's rules-data version it was last checked against
    # (rules.models.DataVersion): a later version is shown as the roster's update report, and
    # the roster is read by its old version until the player accepts (rosters/updates.py).
    # Empty: made before versions were counted, read by the latest.
    rules_version = models.PositiveIntegerField(null=True, blank=True)
    # The latest version whose update the player chose not to take yet: its report folds away
    # until a newer version comes.
    update_put_off = models.PositiveIntegerField(null=True, blank=True)
    characters = models.ManyToManyField(Character, through="RosterMember", related_name="rosters")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "pk"]

    def __str__(self):
        return self.name

    @property
    def budget_total(self):
        return self.budget if self.budget is not None else self.ruleset.default_budget


class RosterMember(models.Model):
    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="members")
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="memberships")
    position = models.PositiveSmallIntegerField(default=0)
    # Per-roster role, e.g. the Sidekick acting as leader under Mastermind.
    role = models.CharField(max_length=120, blank=True)

    objects = FreshManager()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["roster", "character"], name="unique_member"),
            # Two adds at the same moment must not share a place in the list.
            models.UniqueConstraint(fields=["roster", "position"], name="unique_member_position"),
        ]

    def __str__(self):
        return f"{self.character} in {self.roster}"


class ShareLink(models.Model):
    """A read-only link to one roster. Its own row, so revoking deletes it (the old address
    then answers 404) and sharing again makes a new, unrelated token."""

    roster = models.OneToOneField(Roster, on_delete=models.CASCADE, related_name="share_link")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FreshManager()

    def __str__(self):
        return f"share link for {self.roster}"


class CampaignEntry(models.Model):
    """One change between games (a result, an ability learned, a reorganisation), with each
    part of the roster it changed as it was before and as it is after, so the latest can be
    undone exactly, whatever the game (rosters/handlers/campaign.py)."""

    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="campaign_entries")
    # The game this change came after (1 = after the first scenario; 0 = before any).
    game = models.PositiveIntegerField()
    summary = models.TextField()
    # What changed, by part: {"campaign": the block, "choices": {key: value},
    # "members": [{"character": id, "role": ...}] in order, "profiles": {card id: {key:
    # value}}}, each holding only the parts the change touched.
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FreshManager()

    class Meta:
        ordering = ["-pk"]

    def __str__(self):
        return self.summary
