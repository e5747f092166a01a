"""A game's websocket: every phone in a game (the two seats and any spectators) listens on
the game's group, and a seat's changes go through play.handlers, whose log in the database is
the game. The socket only carries: a phone says hello with the last `seq` it saw and gets what
it missed, then sends each change it holds (`op`, `undo`), and every change the log takes is
pushed to every phone in the game.

Messages from a phone (JSON):
    {"type": "hello", "seq": N}                            what it missed after seq N
    {"type": "op", "op_id": UUID, "target": T, "value": V} one change
    {"type": "undo", "op_id": UUID}                        undo this seat's last change
To a phone:
    {"type": "state", ...}     play.state.game_state after the phone's seq
    {"type": "applied", "operation": {...}}        a change the log took, to every phone
    {"type": "refused", "op_id": ..., "message": ...}  changed nothing; the phone drops it
    {"type": "slow_down", "op_id": ..., "retry_after": s}  send it again later
    {"type": "reload"}          a player joined or the game ended: the page has changed
"""

import functools
import json
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer

from config import limits
from play import handlers, state
from play.models import Game

# Close codes a phone reads: 4403 this socket may not follow this game (a stranger, an
# unknown game); 4429 it kept sending through its refusals.
NOT_YOURS = 4403
FLOODED = 4429

NOT_A_CHANGE = "That is not a change this game understands."
SPECTATING = "Spectators follow the game; only its two players change it."


# The sockets' database calls, on threads of their own, each thread with its connection
# (CONN_MAX_AGE; Channels closes a broken or aged one around every call). Channels would run
# every consumer's calls of a process on its one thread, one change at a time; here a
# process makes several at once. A game's changes still go one at a time, in the order
# its row's lock grants them, and one phone's in the order it sent them (a consumer
# handles one message at a time).
DATABASE_THREADS = ThreadPoolExecutor(
    max_workers=limits.PLAY_DATABASE_THREADS, thread_name_prefix="play-database"
)


def in_database_thread(method):
    """The consumer's `method` (sync, reading or writing the database), awaited from its
    event loop on the consumer's `database_threads`: the pool above, or None for the caller's
    own thread (the tests: their transaction is on it)."""

    @functools.wraps(method)
    async def call(self, *args):
        threads = self.database_threads
        run = DatabaseSyncToAsync(method, thread_sensitive=threads is None, executor=threads)
        return await run(self, *args)

    return call


def group_name(game_pk):
    return f"play.{game_pk}"


def announce_reload(game):
    """Tell every phone in the game that its page changed (a second player sat down, the game
    ended): from the views, which run outside any event loop."""
    async_to_sync(get_channel_layer().group_send)(group_name(game.pk), {"type": "play.reload"})


class Bucket:
    """A phone's allowance of changes: PLAY_SOCKET_BURST at once, refilled at
    PLAY_SOCKET_PER_SECOND. Once it refuses one, it refuses every change until the phone
    says hello again (which it does before sending what it holds once more), so a phone's
    changes are never taken out of the order it made them. `refusals` counts changes
    refused since it last took one."""

    def __init__(self):
        self.tokens = float(limits.PLAY_SOCKET_BURST)
        self.at = time.monotonic()
        self.refusals = 0
        self.paused = False

    def take(self):
        now = time.monotonic()
        self.tokens = min(
            limits.PLAY_SOCKET_BURST, self.tokens + (now - self.at) * limits.PLAY_SOCKET_PER_SECOND
        )
        self.at = now
        if self.tokens >= 1 and not self.paused:
            self.tokens -= 1
            self.refusals = 0
            return True
        self.paused = True
        self.refusals += 1
        return False

    def retry_after(self):
        return round(max(0.0, 1 - self.tokens) / limits.PLAY_SOCKET_PER_SECOND + 0.05, 2)


def change_id(content):
    """The phone's id for its change, as a UUID, or None when it sent no such thing."""
    try:
        return uuid.UUID(str(content.get("op_id")))
    except ValueError:
        return None


class GameConsumer(AsyncJsonWebsocketConsumer):
    game = None
    seat = None
    bucket = None
    # The game's {target: Track} as this socket last read its seats (None: read them at the
    # next change); a player sitting down sends `reload`, which has them read again.
    tracks = None
    database_threads = DATABASE_THREADS

    async def connect(self):
        found = await self.find_game()
        if found is None:
            await self.close(code=NOT_YOURS)
            return
        self.game, self.seat = found
        self.bucket = Bucket()
        await self.channel_layer.group_add(group_name(self.game.pk), self.channel_name)
        await self.accept()

    @in_database_thread
    def find_game(self):
        """(game, seat) for a player of the game, (game, None) for a spectator's link, None
        for anyone else: a stranger learns nothing, not even that the game exists."""
        route = self.scope["url_route"]["kwargs"]
        if "token" in route:
            game = state.game_by_spectator_token(route["token"])
            return None if game is None else (game, None)
        game = Game.objects.select_related("ruleset").filter(pk=route["pk"]).first()
        seat = game and state.seat_of(game, self.scope.get("user"))
        return None if seat is None else (game, seat)

    async def disconnect(self, code):
        if self.game is not None:
            await self.channel_layer.group_discard(group_name(self.game.pk), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None or len(text_data) > limits.PLAY_SOCKET_MESSAGE_BYTES:
            await self.send_json({"type": "refused", "op_id": None, "message": NOT_A_CHANGE})
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            content = None
        if not isinstance(content, dict):
            await self.send_json({"type": "refused", "op_id": None, "message": NOT_A_CHANGE})
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        kind = content.get("type")
        if kind == "hello":
            seq = content.get("seq")
            since = seq if isinstance(seq, int) and not isinstance(seq, bool) else 0
            if self.bucket is not None:
                self.bucket.paused = False
            await self.send_json({"type": "state", **await self.state_since(max(since, 0))})
        elif kind in ("op", "undo"):
            await self.change(kind, content)
        else:
            await self.send_json({"type": "refused", "op_id": None, "message": NOT_A_CHANGE})

    async def change(self, kind, content):
        op_id = change_id(content)
        echo = str(content.get("op_id"))[:64]
        if op_id is None:
            await self.refuse(echo, NOT_A_CHANGE)
        elif self.seat is None:
            await self.refuse(echo, SPECTATING)
        elif not self.bucket.take():
            if self.bucket.refusals > limits.PLAY_SOCKET_BURST:
                await self.close(code=FLOODED)
                return
            message = {"type": "slow_down", "op_id": echo, "retry_after": self.bucket.retry_after()}
            await self.send_json(message)
        else:
            try:
                operation, duplicate = await self.apply(kind, op_id, content)
            except handlers.PlayRefused as refusal:
                await self.refuse(echo, str(refusal))
                return
            applied = {"type": "applied", "operation": operation}
            if duplicate:
                # Already in the log and already pushed to every phone: only the phone that
                # resent it still waits to hear.
                await self.send_json(applied)
            else:
                await self.channel_layer.group_send(
                    group_name(self.game.pk), {"type": "play.applied", "operation": operation}
                )

    async def refuse(self, op_id, message):
        await self.send_json({"type": "refused", "op_id": op_id, "message": message})

    @in_database_thread
    def apply(self, kind, op_id, content):
        if self.tracks is None:
            self.tracks = state.tracks_of(self.game)
        if kind == "undo":
            applied = handlers.undo_last(
                game=self.game, seat=self.seat, op_id=op_id, tracks=self.tracks
            )
        else:
            target = content.get("target")
            if not isinstance(target, str):
                raise handlers.PlayRefused(NOT_A_CHANGE)
            applied = handlers.apply_operation(
                game=self.game,
                seat=self.seat,
                op_id=op_id,
                target=target,
                value=content.get("value"),
                tracks=self.tracks,
            )
        operation = applied.operation
        sides = {operation.seat_id: operation.seat.side}
        return state.operation_as_data(operation, sides), applied.duplicate

    @in_database_thread
    def state_since(self, seq):
        self.game.refresh_from_db()
        return state.game_state(self.game, since_seq=seq)

    async def play_applied(self, event):
        await self.send_json({"type": "applied", "operation": event["operation"]})

    async def play_reload(self, event):
        self.tracks = None
        await self.send_json({"type": "reload"})
