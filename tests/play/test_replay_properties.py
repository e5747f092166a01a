"""Two phones at one table, each tapping away while its connection comes and goes: a change
may never reach the server (the phone sends it again later), or reach it and lose the reply
(the phone sends it again, and the server knows it by its id). Whatever the interleaving,
every change ends in the log exactly once, each phone's in the order it was tapped, and both
phones fold the same game as the server."""

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play import handlers, state
from play.handlers import PlayRefused
from tests.properties import REUSES_FUNCTION_FIXTURES

pytestmark = pytest.mark.django_db

# A few values both phones fight over, with values in their ranges (Pulp Alley).
TARGETS = {
    "turn": st.integers(1, 8),
    "initiative": st.integers(0, 2),
    "side1.fortune_held": st.integers(0, 5),
    "side2.fortune_held": st.integers(0, 5),
}
intent = st.one_of(
    st.tuples(st.just("set"), st.sampled_from(sorted(TARGETS))).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), st.just(pair[1]), TARGETS[pair[1]])
    ),
    st.just(("undo", None, None)),
)
# What happens next at the table: a phone taps its next change (queued while offline), sends
# the oldest change it has queued (and the request is lost, or the reply is, or neither), or
# catches up on the log.
step = st.one_of(
    st.tuples(st.just("tap"), st.integers(0, 1)),
    st.tuples(st.just("send"), st.integers(0, 1), st.sampled_from(["ok", "lost", "no-reply"])),
    st.tuples(st.just("sync"), st.integers(0, 1)),
)


class Phone:
    def __init__(self, seat, intents):
        self.seat = seat
        self.intents = [(str(uuid.uuid4()), *i) for i in intents]
        self.tapped = 0
        self.queue = []
        self.seen = {}  # seq → operation, as this phone has heard of them
        self.refused = set()

    def tap(self):
        if self.tapped < len(self.intents):
            self.queue.append(self.intents[self.tapped])
            self.tapped += 1

    def send(self, game, fate):
        if not self.queue:
            return
        if fate == "lost":
            return  # never reached the server: still queued
        op_id, kind, target, value = self.queue[0]
        try:
            if kind == "set":
                applied = handlers.apply_operation(
                    game=game, seat=self.seat, op_id=op_id, target=target, value=value
                )
            else:
                applied = handlers.undo_last(game=game, seat=self.seat, op_id=op_id)
        except PlayRefused:
            answered = None
        else:
            answered = applied.operation
        if fate == "no-reply":
            return  # applied, but the phone never heard: it sends it again
        self.queue.pop(0)
        if answered is None:
            self.refused.add(op_id)
        else:
            self.seen[answered.seq] = {
                "seq": answered.seq,
                "target": answered.target,
                "after": answered.after,
            }

    def sync(self, game):
        # From the last seq with none missing before it: the reply to its own change may
        # have told it of seq 5 while it never heard of 4.
        since = 0
        while since + 1 in self.seen:
            since += 1
        for operation in state.game_state(game, since_seq=since)["operations"]:
            self.seen[operation["seq"]] = operation

    def view(self, initial):
        return state.fold(initial, self.seen.values())


@pytest.fixture
def seated(table):
    """start() → (game, seat 1, seat 2): a new game of the same two leagues each time."""
    _, one, two = table()

    def start():
        game = handlers.start_game(player=one.player, roster=one.roster).game
        joined = handlers.join_game(player=two.player, code=game.code, roster=two.roster)
        return game, game.seats.get(side=1), joined.seat

    return start


@settings(max_examples=25, suppress_health_check=REUSES_FUNCTION_FIXTURES)
@given(
    first=st.lists(intent, max_size=8),
    second=st.lists(intent, max_size=8),
    steps=st.lists(step, max_size=40),
)
def test_any_interleaving_with_drops_and_resends_ends_the_same_on_both_phones(
    seated, first, second, steps
):
    game, one, two = seated()
    try:
        phones = [Phone(one, first), Phone(two, second)]
        for action, which, *fate in steps:
            phone = phones[which]
            if action == "tap":
                phone.tap()
            elif action == "send":
                phone.send(game, fate[0])
            else:
                phone.sync(game)
        # Back online for good: everything still queued goes through, then both catch up.
        for phone in phones:
            while phone.tapped < len(phone.intents):
                phone.tap()
            while phone.queue:
                phone.send(game, "ok")
        for phone in phones:
            phone.sync(game)

        log = list(game.operations.order_by("seq"))
        assert [o.seq for o in log] == list(range(1, len(log) + 1))
        for phone in phones:
            mine = [str(o.op_id) for o in log if o.seat_id == phone.seat.pk]
            # None lost, none doubled, in the order tapped (a refused undo is answered, not logged).
            assert mine == [op_id for op_id, *_ in phone.intents if op_id not in phone.refused]
        shown = state.game_state(game)
        initial = {target: track.start for target, track in state.tracks_of(game).items()}
        assert phones[0].view(initial) == phones[1].view(initial) == shown["tracks"]
    finally:
        # Every example's game ends, so the players never reach their open games' limit.
        handlers.end_game(game=game, seat=one)
