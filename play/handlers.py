"""One handler per player action at the table (the rosters/handlers/ way: keyword-only, one
transaction, a frozen result, never the request). Every change is an Operation appended to the
game's log under a lock on the game's row, so two phones appending at once get consecutive
seqs; a change already in the log (the same op_id sent again after a lost connection) is
answered with the stored one and changes nothing. Whatever a handler refuses it refuses with
PlayRefused before writing anything."""

import uuid
from dataclasses import dataclass

from django.db.models import Q, Subquery
from django.utils import timezone

from config import limits
from play import codes
from play.forces import force_of
from play.models import Game, Operation, Seat
from play.state import current_value, game_state, play_rules, report, tracks_of
from rosters import selectors as roster_selectors
from rosters.handlers.base import handler


class PlayRefused(ValueError):
    """The change cannot be made; the message says why in the player's words."""

    def __init__(self, message):
        self.message = message
        super().__init__(message)


@dataclass(frozen=True)
class StartedGame:
    """The game and the player's seat in it."""

    game: Game
    seat: Seat


class JoinedGame(StartedGame):
    """The game joined and the seat taken (or taken back, for a player already in it)."""


@dataclass(frozen=True)
class Applied:
    """`duplicate` is True when the op_id was in the log already: nothing changed."""

    operation: Operation
    duplicate: bool


@dataclass(frozen=True)
class Ended:
    """`report` is the game as it ended (play.state.report); `campaign_prefill` is, by side,
    what that side's campaign form would be filled with ({} where the book keeps none)."""

    game: Game
    report: dict
    campaign_prefill: dict


def own_roster(player, roster):
    if roster is None:
        return None
    owned = roster_selectors.rosters_of(player).filter(pk=roster.pk).first()
    if owned is None:
        raise PlayRefused("That roster is not one of yours.")
    return owned


def check_open_games(player):
    open_games = Seat.objects.filter(player=player, game__status=Game.OPEN).count()
    if open_games >= limits.PLAY_MAX_OPEN_GAMES:
        raise PlayRefused(
            f"You are in {open_games} open games, the most at once"
            f" ({limits.PLAY_MAX_OPEN_GAMES}): end one first."
        )


@handler
def start_game(*, player, roster) -> StartedGame:
    """A new game of the roster's ruleset with the player on side 1 and a fresh join code."""
    roster = own_roster(player, roster)
    if roster is None:
        raise PlayRefused("Start a game from one of your rosters.")
    check_open_games(player)
    code = codes.new_code()
    while Game.objects.filter(code=code).exists():
        code = codes.new_code()
    game = Game.objects.create(
        code=code,
        ruleset=roster.ruleset,
        created_by=player,
        expires_at=codes.expiry(),
        spectator_token=codes.new_spectator_token(),
    )
    seat = Seat.objects.create(
        game=game, side=1, player=player, roster=roster, force=force_of(roster, player, 1)
    )
    return StartedGame(game=game, seat=seat)


@handler
def join_game(*, player, code, roster=None) -> JoinedGame:
    """Take side 2 of the game with this join code, with one of the player's rosters of its
    game or (a guest without one) with no force. A player already in the game gets their
    own seat back, whatever the code's age."""
    game = Game.objects.select_for_update().filter(code=codes.normalised(code)).first()
    if game is None:
        raise PlayRefused("No game has that code: check it with your opponent.")
    mine = game.seats.filter(player=player).first()
    if mine is not None:
        return JoinedGame(game=game, seat=mine)
    if not game.is_open:
        raise PlayRefused("That game has ended.")
    if game.expires_at <= timezone.now():
        raise PlayRefused("That join code has expired: ask your opponent to start a new game.")
    if game.seats.filter(side=2).exists():
        raise PlayRefused("That game has two players already; ask for its spectator link.")
    roster = own_roster(player, roster)
    if roster is not None and roster.ruleset_id != game.ruleset_id:
        raise PlayRefused(f"This is a game of {game.ruleset.name}: join with a roster of it.")
    check_open_games(player)
    seat = Seat.objects.create(
        game=game, side=2, player=player, roster=roster, force=force_of(roster, player, 2)
    )
    return JoinedGame(game=game, seat=seat)


def locked(game, seat, op_id):
    """The game's row, locked for this append, and `op_id` as a UUID. Refuses a seat that
    is not the game's. The lock orders a game's changes: every read of its log after it
    sees every change committed before."""
    game = Game.objects.select_for_update().select_related("ruleset").get(pk=game.pk)
    if seat is None or seat.game_id != game.pk:
        raise PlayRefused("Only the game's two players change it.")
    try:
        op_id = uuid.UUID(str(op_id))
    except ValueError:
        raise PlayRefused("A change needs its phone's id (a UUID).") from None
    return game, op_id


@dataclass(frozen=True)
class LogRead:
    """What one append needs of the log, read in one query under the game's lock."""

    logged: Operation | None
    latest_seq: int
    latest_of_target: Operation | None


def read_log(game, seat, op_id, target=None):
    """The operation already logged as `op_id` (refused if it is the other player's), the
    log's latest seq, which counts its changes too (seqs run 1, 2, 3 under the lock), and
    the latest operation on `target`: three rows at most, from one query."""
    log = game.operations.order_by("-seq").values("seq")
    wanted = Q(op_id=op_id) | Q(seq=Subquery(log[:1]))
    if target is not None:
        wanted |= Q(seq=Subquery(log.filter(target=target)[:1]))
    rows = list(game.operations.filter(wanted))
    logged = next((row for row in rows if row.op_id == op_id), None)
    if logged is not None and logged.seat_id != seat.pk:
        raise PlayRefused("That change id is the other player's.")
    on_target = [row for row in rows if row.target == target]
    return LogRead(
        logged=logged,
        latest_seq=max((row.seq for row in rows), default=0),
        latest_of_target=max(on_target, key=lambda row: row.seq, default=None),
    )


def writable(game, read):
    if not game.is_open:
        raise PlayRefused("The game has ended: its log is only read now.")
    if read.latest_seq >= limits.PLAY_MAX_OPERATIONS:
        raise PlayRefused(
            f"This game's log holds {limits.PLAY_MAX_OPERATIONS} changes, the most one game"
            " keeps: end it and start another."
        )


def append(game, seat, op_id, read, target, before, after, undoes=None):
    return Operation.objects.create(
        game=game,
        seq=read.latest_seq + 1,
        op_id=op_id,
        seat=seat,
        target=target,
        before=before,
        after=after,
        undoes=undoes,
    )


def track_named(game, target, tracks):
    """The game's track `target`, from `tracks` (a caller's {target: Track}, as a consumer
    keeps them for its connection) or else from the seats: a player who sat down since
    the caller read them brings tracks of their own."""
    return (tracks or {}).get(target) or tracks_of(game).get(target)


@handler
def apply_operation(*, game, seat, op_id, target, value, tracks=None) -> Applied:
    """Set `target` to `value` for the seat's player; idempotent by op_id. `tracks` saves
    reading the seats on every change (track_named)."""
    game, op_id = locked(game, seat, op_id)
    target = str(target)
    read = read_log(game, seat, op_id, target)
    if read.logged is not None:
        return Applied(operation=read.logged, duplicate=True)
    writable(game, read)
    track = track_named(game, target, tracks)
    if track is None:
        raise PlayRefused(f"{target[:80]!r} is nothing this game tracks.")
    refusal = track.refusal(value)
    if refusal:
        raise PlayRefused(refusal)
    latest = read.latest_of_target
    before = track.start if latest is None else latest.after
    return Applied(
        operation=append(game, seat, op_id, read, track.target, before, value), duplicate=False
    )


@handler
def undo_last(*, game, seat, op_id, tracks=None) -> Applied:
    """Set back the value of the seat's own latest change not undone yet (an undo is never
    itself undone: a second Undo steps further back). Recorded as a new operation, so every
    phone folds it alike; idempotent by op_id like any change."""
    game, op_id = locked(game, seat, op_id)
    read = read_log(game, seat, op_id)
    if read.logged is not None:
        return Applied(operation=read.logged, duplicate=True)
    writable(game, read)
    last = (
        game.operations.filter(seat=seat, undoes__isnull=True, undone_by__isnull=True)
        .order_by("-seq")
        .first()
    )
    if last is None:
        raise PlayRefused("You have no change left to undo.")
    now = current_value(game, last.target, track_named(game, last.target, tracks))
    return Applied(
        operation=append(game, seat, op_id, read, last.target, now, last.before, undoes=last),
        duplicate=False,
    )


@handler
def end_game(*, game, seat) -> Ended:
    """End the game for both players (ending it again changes nothing) and say what its
    book's campaign makes of it, by side."""
    game = Game.objects.select_for_update().select_related("ruleset").get(pk=game.pk)
    if seat is None or seat.game_id != game.pk:
        raise PlayRefused("Only the game's two players end it.")
    if game.is_open:
        game.status, game.ended_at = Game.ENDED, timezone.now()
        game.save(update_fields=["status", "ended_at"])
    state = game_state(game)
    prefill = play_rules(game).campaign_prefill
    return Ended(
        game=game,
        report=report(state),
        campaign_prefill={
            seat["side"]: prefill(seat["force"], state["tracks"]) for seat in state["seats"]
        },
    )
