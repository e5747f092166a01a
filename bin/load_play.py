"""The play scenario of the load run (`bin/load play`): GAMES live games of Pulp Alley, two
phones each, on the Daphne servers LIVE_PORTS names (comma-separated; a game's two phones sit
on different servers when there are two, so every change crosses the Redis channel layer).

Set-up goes through the handlers, as bin/load_setup.py does: two players a game, each with a
book sample league (start_from_sample), the first starts the game and the second joins it by
its code. Then every phone opens its socket with its player's session, says hello, and sends
a change to one of its own side's tracks every PACE seconds on average (a player's pace, not a
flood: random gaps, so the phones do not march in step) for RUN_TIME seconds.

What is measured: from one phone's send to the *other* phone's receipt of the change the log
took (one clock, this process's), p50 and p95, over the whole run and its second half; and,
once every phone has heard everything or gone quiet, each game's log in the database against
what its phones sent and heard (`tally`). A phone catches up on a gap in seqs and asks once
more at the end, as static/play/game.js does, so a push the channel layer dropped counts as
recovered, not lost. Prints one JSON line. Run again, it ends the games it left open and
plays new ones.
"""

import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

SAMPLES = ("singapore-smith", "captain-wolf")
# After the last send the phones listen on while changes still arrive: a change the servers
# are still working through is late, not lost, until nothing has come for this long.
QUIET_SECONDS = 10


@dataclass(frozen=True)
class Tally:
    """One game's changes: sent by its phones, taken by its log, lost and doubled."""

    sent: int
    logged: int
    lost: int
    doubled: int


def tally(sent, heard, log):
    """Compare one game's log with its phones. `sent` is {phone: [op_id, ...]} as each phone
    sent them, `heard` {phone: [op_id, ...]} as each phone was told the log took them (every
    phone hears every change, its own included), `log` the op_ids in the game's log. A change
    is lost once for missing from the log and once for each phone that never heard it;
    doubled once for each extra time the log holds it or a phone heard it, and for a logged
    change that no phone sent."""
    made = [op_id for ops in sent.values() for op_id in ops]
    in_log = Counter(log)
    lost = sum(1 for op_id in set(made) if op_id not in in_log)
    doubled = sum(count - 1 for count in in_log.values()) + len(set(in_log) - set(made))
    for phone in sent:
        told = Counter(heard.get(phone, ()))
        lost += sum(1 for op_id in in_log if op_id not in told)
        doubled += sum(count - 1 for count in told.values())
    return Tally(sent=len(made), logged=len(log), lost=lost, doubled=doubled)


def percentile(values, share):
    """The value `share` (0-100) of the way up `values`, as locust reports them."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share / 100 * (len(ordered) - 1)))]


def django_setup():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def set_up_games(count):
    """`count` games, each [(session, side), (session, side)] with its pk: players
    play-load-N-1 and play-load-N-2, their leagues made once and kept for later runs."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from play import handlers
    from play.models import Game
    from rosters.handlers.transfer import start_from_sample
    from rosters.models import Roster

    def player_with_league(name, sample):
        player, _ = get_user_model().objects.get_or_create(username=name)
        league = Roster.objects.filter(owner=player).first()
        if league is None:
            league = start_from_sample(owner=player, slug=sample).roster
        client = Client()
        client.force_login(player)
        return player, league, client.cookies[settings.SESSION_COOKIE_NAME].value

    games = []
    for number in range(1, count + 1):
        first, first_league, first_session = player_with_league(f"play-load-{number}-1", SAMPLES[0])
        second, second_league, second_session = player_with_league(
            f"play-load-{number}-2", SAMPLES[1]
        )
        for game in Game.objects.filter(seats__player=first, status=Game.OPEN):
            handlers.end_game(game=game, seat=game.seats.get(player=first))
        started = handlers.start_game(player=first, roster=first_league)
        handlers.join_game(player=second, code=started.game.code, roster=second_league)
        games.append({"pk": started.game.pk, "phones": [(first_session, 1), (second_session, 2)]})
    return games


class Phone:
    """One player's phone: a socket, a thread listening on it, and the changes it sent (with
    when) and heard (with when)."""

    def __init__(self, port, game_pk, session, side):
        import websocket

        self.side = side
        self.sent = {}
        self.heard = []
        self.seq, self.asking, self.recovered = 0, False, 0
        self.pushed, self.known = set(), set()
        self.other_messages = Counter()
        self.socket = websocket.create_connection(
            f"ws://127.0.0.1:{port}/play/{game_pk}/socket/",
            header=[f"Cookie: sessionid={session}"],
            origin=f"http://127.0.0.1:{port}",
            timeout=30,
        )
        self.ask()
        self.listener = threading.Thread(target=self.listen, daemon=True)
        self.listener.start()

    def listen(self):
        """As static/play/game.js does: a push whose seq skips some means pushes were lost on
        the way, so the phone says hello with the last seq it holds in order and hears the
        rest in the state that answers. A change heard only that way is `recovered`."""
        import websocket

        while True:
            try:
                message = json.loads(self.socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            at = time.monotonic()
            kind = message.get("type")
            if kind == "applied":
                operation = message["operation"]
                # A push arriving after the state that told the phone of it already is late,
                # and the phone drops it (game.js); a push that came before is doubled.
                if operation["op_id"] in self.pushed or operation["op_id"] not in self.known:
                    self.heard.append((operation["op_id"], at))
                self.pushed.add(operation["op_id"])
                self.known.add(operation["op_id"])
                if operation["seq"] == self.seq + 1:
                    self.seq = operation["seq"]
                elif operation["seq"] > self.seq + 1 and not self.asking:
                    self.ask()
            elif kind == "state":
                told = [op["op_id"] for op in message["operations"]]
                missed = [op_id for op_id in told if op_id not in self.known]
                self.known.update(missed)
                self.heard += [(op_id, at) for op_id in missed]
                self.recovered += len(missed)
                self.seq, self.asking = max(self.seq, message["seq"]), False
            else:
                self.other_messages[kind] += 1

    def ask(self):
        self.asking = True
        self.socket.send(json.dumps({"type": "hello", "seq": self.seq}))

    def play(self, until, pace):
        """A change to this side's Fortune cards every `pace` seconds or so until `until`."""
        rng = random.Random()
        while True:
            time.sleep(rng.expovariate(1 / pace))
            if time.monotonic() >= until:
                return
            op_id = str(uuid.uuid4())
            target = f"side{self.side}.fortune_{rng.choice(('held', 'played'))}"
            change = {"type": "op", "op_id": op_id, "target": target, "value": rng.randint(0, 9)}
            self.sent[op_id] = time.monotonic()
            self.socket.send(json.dumps(change))


def drain(tables):
    """Wait until every phone has heard every change sent in its game, or until
    QUIET_SECONDS pass without one more arriving."""
    heard, last_change = -1, time.monotonic()
    while time.monotonic() - last_change < QUIET_SECONDS:
        missing = sum(
            len(set().union(*(phone.sent for phone in phones)) - phone.known)
            for phones in tables
            for phone in phones
        )
        if not missing:
            return
        now_heard = sum(len(phone.known) for phones in tables for phone in phones)
        if now_heard != heard:
            heard, last_change = now_heard, time.monotonic()
        time.sleep(0.5)


def main():
    """`setup` prints the games as JSON; `play GAMES_JSON` plays them and prints the figures.
    Two steps, so that the load on the pages starts when the phones do, not with set-up."""
    django_setup()
    if sys.argv[1] == "setup":
        print(json.dumps(set_up_games(int(os.environ.get("GAMES", "50")))))
        return
    from play.models import Operation

    games = json.loads(Path(sys.argv[2]).read_text())
    count = len(games)
    run_time = float(os.environ.get("RUN_TIME", "60"))
    pace = float(os.environ.get("PACE", "5"))
    ports = os.environ.get("LIVE_PORTS", "8766").split(",")
    tables = [
        [
            Phone(ports[seat % len(ports)], game["pk"], session, side)
            for seat, (session, side) in enumerate(game["phones"])
        ]
        for game in games
    ]
    until = time.monotonic() + run_time
    players = [
        threading.Thread(target=phone.play, args=(until, pace))
        for phones in tables
        for phone in phones
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    everyone = [phone for phones in tables for phone in phones]
    drain(tables)
    # Every phone asks again now and then (game.js: every 30 s): once, at the end, here.
    for phone in everyone:
        phone.ask()
    drain(tables)
    drained = time.monotonic() - until
    for phones in tables:
        for phone in phones:
            phone.socket.close()

    # (send time, ms to the other phone) of each change; the second half of the run apart,
    # past the servers' first calls (each loads the rules books once).
    timed, tallies, others = [], [], Counter()
    for game, phones in zip(games, tables, strict=True):
        for sender, receiver in (phones, phones[::-1]):
            heard_at = dict(receiver.heard)
            timed += [
                (sent_at, (heard_at[op_id] - sent_at) * 1000)
                for op_id, sent_at in sender.sent.items()
                if op_id in heard_at
            ]
        logged = Operation.objects.filter(game_id=game["pk"]).values_list("op_id", flat=True)
        log = [str(op_id) for op_id in logged]
        tallies.append(
            tally(
                sent={phone.side: list(phone.sent) for phone in phones},
                heard={phone.side: [op_id for op_id, _ in phone.heard] for phone in phones},
                log=log,
            )
        )
        for phone in phones:
            others.update(phone.other_messages)
    latencies = [ms for _, ms in timed]
    second_half = [ms for sent_at, ms in timed if sent_at >= until - run_time / 2]
    print(
        json.dumps(
            {
                "games": count,
                "phones": 2 * count,
                "seconds": run_time,
                "drained_s": round(drained, 1),
                "client_cpu_s": round(time.process_time(), 1),
                "pace_s": pace,
                "sent": sum(t.sent for t in tallies),
                "logged": sum(t.logged for t in tallies),
                "lost": sum(t.lost for t in tallies),
                "doubled": sum(t.doubled for t in tallies),
                "pushes_missed_then_recovered": sum(phone.recovered for phone in everyone),
                "other_messages": dict(others),
                "p50_ms": percentile(latencies, 50),
                "p95_ms": percentile(latencies, 95),
                "max_ms": max(latencies, default=None),
                "second_half_p50_ms": percentile(second_half, 50),
                "second_half_p95_ms": percentile(second_half, 95),
                "mean_ms": statistics.fmean(latencies) if latencies else None,
            }
        )
    )


if __name__ == "__main__":
    main()
