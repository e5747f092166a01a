"""The club-night scenario of the load run (`bin/load clubnight`): PLAYERS (30) players each
ask for a 10-sheet print job, 90 cards of their own, at a moment of their own within SPREAD
(60) seconds, through the site as a browser does: the Print page's start of a job (an htmx
POST to gunicorn with the player's session and CSRF token) queues it for the print worker
(`manage.py print_worker`, started by bin/load), and the page's poll of the job every second
until it says the PDF is ready.

Set-up (`setup`) makes the players, logged in: the first player's 90 characters are the
bench's club (cards/printing/benchmark.py: the sample force's first character with its own
900 × 1200 portrait each), and every other player has the same 90 under names of their own,
so no card face is shared between two players' jobs (only the pictures are, as they would be
in a club that uses one artist's figures). Run again, it makes them anew: their pictures were
in the last run's media folder.

What is measured (`run`): each job from the moment its player asked to the poll that saw it
ready (what the player waits), max and p95, and jobs failed; and from the task table where
the time went: waiting in the queue (asked to the worker taking it) and drawing (the worker
taking it to done). Prints one JSON line.
"""

import json
import os
import random
import re
import sys
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_play import django_setup, percentile  # noqa: E402

SAMPLE = "singapore-smith"
POLL_SECONDS = 1  # as the Print page's hx-trigger="every 1s"
# A job not done after this long counts as failed (the worker has stopped, say).
GIVE_UP_SECONDS = 600
# Issue 28's goal: every job of the evening ready within a minute of being asked.
BUDGET_SECONDS = 60


def set_up_players(count):
    """`count` players club-night-1 … club-night-N, each with 90 characters of their own:
    [{"session", "csrf", "query"}] for the run."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
    from django.test import Client
    from django.utils.crypto import get_random_string

    from cards.printing import benchmark
    from rosters.models import Character

    # An earlier run's players go: their portraits were in that run's media folder.
    get_user_model().objects.filter(username__startswith="club-night-").delete()
    players, first = [], None
    for number in range(1, count + 1):
        player = get_user_model().objects.create(username=f"club-night-{number}")
        if first is None:
            characters = benchmark.club(player, SAMPLE)
        else:
            characters = [
                Character.objects.create(
                    owner=player,
                    ruleset=model.ruleset,
                    character_type=model.character_type,
                    name=f"{model.name} of {player.username}",
                    profile=model.profile,
                    flavour=model.flavour,
                    marked_for_print=True,
                    portrait=model.portrait.name,
                    portrait_crop=model.portrait_crop,
                    portrait_print=model.portrait_print.name,
                )
                for model in first
            ]
        first = first or characters
        client = Client()
        client.force_login(player)
        query = {"source": "cards", **benchmark.copies_query(characters, copies=1)}
        players.append(
            {
                "session": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "csrf": get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS),
                "query": query,
            }
        )
    return players


class Player:
    """One player's browser on the Print page: asks for the job, then polls it."""

    def __init__(self, host, player):
        self.host, self.query = host, player["query"]
        self.http = requests.Session()
        self.http.headers.update(
            {
                "Cookie": f"sessionid={player['session']}; csrftoken={player['csrf']}",
                "X-CSRFToken": player["csrf"],
                # Behind the TLS proxy, as bin/locustfile.py: CSRF then checks the Referer.
                "X-Forwarded-Proto": "https",
                "Referer": f"https://{host.split('://', 1)[1]}/print/",
                "HX-Request": "true",
            }
        )
        self.job = self.asked = self.ready = None
        self.outcome = "not asked"

    def play(self, at):
        time.sleep(max(0, at - time.monotonic()))
        self.asked = time.monotonic()
        answer = self.http.post(f"{self.host}/print/jobs/", params=self.query, timeout=120)
        found = re.search(r'id="print-job-(\d+)"', answer.text)
        if answer.status_code != 200 or found is None:
            self.outcome = f"not queued: {answer.status_code} {answer.text[:200]!r}"
            return
        self.job = int(found.group(1))
        while time.monotonic() - self.asked < GIVE_UP_SECONDS:
            if "Ready:" in answer.text:
                self.ready, self.outcome = time.monotonic(), "done"
                return
            if 'role="alert"' in answer.text:
                self.outcome = "failed"
                return
            time.sleep(POLL_SECONDS)
            answer = self.http.get(f"{self.host}/print/jobs/{self.job}/", timeout=120)
        self.outcome = "gave up"


def where_the_time_went(jobs):
    """Seconds each job waited in the queue and spent drawing, from the task table."""
    from django_tasks_db.models import DBTaskResult

    from cards.models import PrintJob

    waited, drawing = [], []
    for job in PrintJob.objects.filter(pk__in=jobs):
        task = DBTaskResult.objects.filter(pk=job.task_id).first()
        if task is None or task.started_at is None:
            continue
        waited.append((task.started_at - job.created_at).total_seconds())
        if task.finished_at is not None:
            drawing.append((task.finished_at - task.started_at).total_seconds())
    return waited, drawing


def wait_until_idle():
    """Return once the task queue holds nothing waiting or running; say how long it took."""
    from django_tasks_db.compat import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    started = time.monotonic()
    busy = (TaskResultStatus.READY, TaskResultStatus.RUNNING)
    while DBTaskResult.objects.filter(status__in=busy).exists():
        time.sleep(1)
    print(f"print worker idle after {time.monotonic() - started:.0f} s", file=sys.stderr)


def summary(values):
    if not values:
        return None
    p50, p95 = percentile(values, 50), percentile(values, 95)
    return {"p50": round(p50, 1), "p95": round(p95, 1), "max": round(max(values), 1)}


def main():
    """`setup` prints the players as JSON; `idle` waits for the print worker to have nothing
    to do; `run PLAYERS_JSON` asks for the players' jobs and prints the figures. Separate
    steps, so that the load on the pages starts with the jobs, not with set-up."""
    django_setup()
    if sys.argv[1] == "setup":
        print(json.dumps(set_up_players(int(os.environ.get("PLAYERS", "30")))))
        return
    if sys.argv[1] == "idle":
        wait_until_idle()
        return
    everyone = json.loads(Path(sys.argv[2]).read_text())
    spread = float(os.environ.get("SPREAD", "60"))
    host = os.environ.get("LOAD_HOST", "http://127.0.0.1:8765")
    start = time.monotonic() + 1
    moments = sorted(start + random.uniform(0, spread) for _ in everyone)
    players = [Player(host, player) for player in everyone]
    threads = [
        threading.Thread(target=player.play, args=(at,))
        for player, at in zip(players, moments, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    waits = [p.ready - p.asked for p in players if p.outcome == "done"]
    waited, drawing = where_the_time_went([p.job for p in players if p.job])
    failures = sorted({p.outcome for p in players if p.outcome != "done"})
    print(
        json.dumps(
            {
                "players": len(players),
                "spread_s": spread,
                "done": len(waits),
                "failed": len(players) - len(waits),
                "failures": failures,
                "asked_to_ready_s": summary(waits),
                "budget_s": BUDGET_SECONDS,
                "over_budget": sum(1 for wait in waits if wait > BUDGET_SECONDS),
                "queue_wait_s": summary(waited),
                "drawing_s": summary(drawing),
                "last_ready_after_first_ask_s": round(
                    max((p.ready for p in players if p.ready), default=start) - moments[0], 1
                ),
            }
        )
    )


if __name__ == "__main__":
    main()
