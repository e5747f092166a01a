"""A game at the table: two seats, each with its force frozen as it printed when the game
began, and the log of every change either player made. The log is the game: what any phone
shows is a fold over it (play/state.py), so a lost connection, a replayed change or a server
restart can never leave two phones disagreeing."""

from django.conf import settings
from django.db import models

from accounts.freshness import FreshManager


class Game(models.Model):
    OPEN, ENDED = "open", "ended"
    STATUSES = [(OPEN, "Open"), (ENDED, "Ended")]

    # The short code read out across the table (play/codes.py); it stops admitting a second
    # player at `expires_at`, while the game itself goes on.
    code = models.CharField(max_length=16, unique=True)
    ruleset = models.ForeignKey("rules.Ruleset", on_delete=models.PROTECT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games_started"
    )
    status = models.CharField(max_length=8, choices=STATUSES, default=OPEN)
    expires_at = models.DateTimeField()
    # The read-only link for spectators: long and random, unrelated to the join code.
    spectator_token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "pk"]

    def __str__(self):
        return f"game {self.code}"

    @property
    def is_open(self):
        return self.status == self.OPEN


class Seat(models.Model):
    """One player's side of a game. `force` is the roster as it printed at the start (each
    model's name, type, printed cells and game card values, portrait URL), so editing the
    roster afterwards never changes a game in progress or its report."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    side = models.PositiveSmallIntegerField(choices=[(1, "Side 1"), (2, "Side 2")])
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats"
    )
    roster = models.ForeignKey(
        "rosters.Roster", null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    force = models.JSONField(default=dict)
    joined_at = models.DateTimeField(auto_now_add=True)

    # A seat hangs off a roster, so its writes renew the roster owner's stamp like any other
    # row of theirs (accounts/freshness.py insists).
    objects = FreshManager()

    class Meta:
        ordering = ["side"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side"], name="play_one_player_a_side"),
            models.UniqueConstraint(fields=["game", "player"], name="play_one_side_a_player"),
        ]

    def __str__(self):
        return f"side {self.side} of {self.game}"


class Operation(models.Model):
    """One change, as the log keeps it: who (`seat`), what (`target`, a track of
    rules/games/<game>/play.py), the value before and after, and the phone's own id for it
    (`op_id`), which makes a replayed change a no-op. `seq` is the server's order, the one
    order every phone folds in. An undo is an operation too, naming the one it undoes."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="operations")
    seq = models.PositiveIntegerField()
    op_id = models.UUIDField()
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="operations")
    target = models.CharField(max_length=80)
    before = models.JSONField(null=True)
    after = models.JSONField(null=True)
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="undone_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="play_one_seq_a_game"),
            models.UniqueConstraint(fields=["game", "op_id"], name="play_one_op_id_a_game"),
        ]

    def __str__(self):
        return f"{self.target}: {self.before} → {self.after}"
