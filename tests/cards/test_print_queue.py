"""The print queue is shared fairly: each player has at most PRINT_QUEUED_JOBS_PER_PLAYER
prints waiting, everybody's first print comes before anybody's second, and a print worker
killed mid-job neither loses the job (the next worker takes it up on its own) nor leaves
its helper processes behind. The workers here are real `manage.py print_worker` processes."""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cards import services
from cards.models import PrintJob
from config.limits import PRINT_JOB_RESTARTS, PRINT_QUEUED_JOBS_PER_PLAYER
from rosters.models import Character
from tests.cards import pdf_reading as pdf
from tests.cards.test_print_jobs import run_worker, start, worker
from tests.cards.test_print_views import LEAGUE, card
from tests.concurrency import postgres_only, together
from tests.properties import REUSES_FUNCTION_FIXTURES


def prints(big_job, count):
    """`count` different big prints of the same cards (one more copy each time)."""
    return [
        {k: v + n if k.startswith("copies-") else v for k, v in big_job.items()}
        for n in range(count)
    ]


def queue(player, query, n=0):
    """Straight to the service, as the Print page would (the key is what tells prints apart)."""
    return services.start_print_job(
        player=player, query=query, title="t", key=f"{n:064}", filename="f.pdf", faces_total=3
    )


def abandon(job_id, *, ago=services.STALE_AFTER + timedelta(seconds=5)):
    """What a worker killed mid-job leaves behind, once nothing was heard of it for `ago`."""
    job = PrintJob.objects.get(pk=job_id)
    long_ago = timezone.now() - ago
    DBTaskResult.objects.filter(pk=job.task_id).update(status="RUNNING", started_at=long_ago)
    PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.RUNNING, updated_at=long_ago)


# Quota


@pytest.mark.django_db
def test_a_player_with_three_prints_waiting_is_told_to_wait_and_nothing_is_queued(
    client, player, big_job
):
    client.force_login(player)
    *waiting, one_more = prints(big_job, PRINT_QUEUED_JOBS_PER_PLAYER + 1)
    for query in waiting:
        start(client, query)
    refused = start(client, one_more)
    assert refused.status_code == 200  # htmx swaps it in place of the button
    text = refused.content.decode()
    assert f"You already have {PRINT_QUEUED_JOBS_PER_PLAYER} prints waiting" in text
    assert "Prepare the PDF" in text  # the button again, to try later
    assert PrintJob.objects.filter(owner=player).count() == PRINT_QUEUED_JOBS_PER_PLAYER
    assert DBTaskResult.objects.count() == PRINT_QUEUED_JOBS_PER_PLAYER
    # Without htmx: back to the Print page, which says it.
    url = f"{reverse('printing:start_job')}?{'&'.join(f'{k}={v}' for k, v in one_more.items())}"
    page = client.post(url, follow=True).content.decode()
    assert f"You already have {PRINT_QUEUED_JOBS_PER_PLAYER} prints waiting" in page
    assert PrintJob.objects.filter(owner=player).count() == PRINT_QUEUED_JOBS_PER_PLAYER


@pytest.mark.django_db
def test_a_print_already_waiting_asked_again_at_the_limit_is_that_print(client, player, big_job):
    client.force_login(player)
    waiting = prints(big_job, PRINT_QUEUED_JOBS_PER_PLAYER)
    for query in waiting:
        start(client, query)
    again = start(client, waiting[0]).content.decode()
    assert "prints waiting" not in again
    assert "Waiting for a print worker" in again
    assert PrintJob.objects.filter(owner=player).count() == PRINT_QUEUED_JOBS_PER_PLAYER


@pytest.mark.django_db
def test_the_limit_is_each_players_own(player, rival, big_job):
    for n in range(PRINT_QUEUED_JOBS_PER_PLAYER):
        queue(player, "", n)
    assert queue(rival, "", 0).queued


@pytest.mark.django_db
def test_finished_and_failed_prints_make_room(player):
    started = [queue(player, "", n) for n in range(PRINT_QUEUED_JOBS_PER_PLAYER)]
    with pytest.raises(services.PrintQueueFull):
        queue(player, "", 10)
    PrintJob.objects.filter(pk=started[0].job_id).update(status=PrintJob.Status.DONE)
    assert queue(player, "", 10).queued
    PrintJob.objects.filter(pk=started[1].job_id).update(status=PrintJob.Status.FAILED)
    assert queue(player, "", 11).queued
    assert PrintJob.objects.filter(owner=player, status__in=services.UNFINISHED).count() == 3


@pytest.mark.django_db
def test_never_more_than_the_limit_waits_whatever_a_player_does(player):
    """Any run of starts (new or repeated prints) and of prints finishing: a start is refused
    exactly when the player already has the limit unfinished, and then queues nothing."""
    actions = st.lists(st.tuples(st.sampled_from(["start", "finish"]), st.integers(0, 6)))

    @hypothesis_settings(max_examples=40, suppress_health_check=REUSES_FUNCTION_FIXTURES)
    @given(actions=actions)
    def check(actions):
        PrintJob.objects.all().delete()
        DBTaskResult.objects.all().delete()
        for action, n in actions:
            unfinished = PrintJob.objects.filter(owner=player, status__in=services.UNFINISHED)
            before, tasks = unfinished.count(), DBTaskResult.objects.count()
            if action == "finish":
                unfinished.filter(key=f"{n:064}").update(status=PrintJob.Status.DONE)
                continue
            known = PrintJob.objects.filter(owner=player, key=f"{n:064}").exists()
            try:
                queue(player, "", n)
            except services.PrintQueueFull:
                assert before == PRINT_QUEUED_JOBS_PER_PLAYER and not known
                assert DBTaskResult.objects.count() == tasks
            else:
                assert known or before < PRINT_QUEUED_JOBS_PER_PLAYER
            assert unfinished.count() <= PRINT_QUEUED_JOBS_PER_PLAYER

    check()


def at_the_same_moment(player, *prints):
    """Start each print from its own thread, all released together; what each start
    answered (True: queued, or "refused")."""

    def start_one(n):
        try:
            return queue(player, "", n).queued
        except services.PrintQueueFull:
            return "refused"

    return sorted(together(*(lambda n=n: start_one(n) for n in prints)), key=str)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_starts_at_the_same_moment_cannot_both_pass_the_limit(player):
    for attempt in range(8):
        PrintJob.objects.all().delete()
        for n in range(PRINT_QUEUED_JOBS_PER_PLAYER - 1):
            queue(player, "", n)
        outcomes = at_the_same_moment(player, 100, 101)
        assert outcomes == [True, "refused"], f"try {attempt + 1}: {outcomes}"
        assert PrintJob.objects.count() == PRINT_QUEUED_JOBS_PER_PLAYER


# Fair service


@pytest.mark.django_db(transaction=True)
def test_a_second_players_print_is_drawn_before_the_first_players_later_ones(
    client, player, rival, big_job, pulp_alley, rules_data
):
    client.force_login(player)
    for query in prints(big_job, PRINT_QUEUED_JOBS_PER_PLAYER):
        start(client, query)
    client.force_login(rival)
    small = [card(rival, pulp_alley, name) for name in ("Arge", "Enki")]
    start(client, {"source": "cards", **{f"copies-{c.pk}": 46 for c in small}})
    run_worker()
    jobs = PrintJob.objects.order_by("pk")
    assert {job.status for job in jobs} == {PrintJob.Status.DONE}
    started = {str(task.pk): task.started_at for task in DBTaskResult.objects.all()}
    drawn = [job.owner for job in sorted(jobs, key=lambda job: started[job.task_id])]
    assert drawn == [player, rival, player, player]


# A killed worker


def children(pid):
    """Every live process below `pid` (helpers, multiprocessing's resource tracker), from /proc."""
    below = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone while we looked
            continue
        state, parent = fields[0], int(fields[1])
        if state != "Z":
            below.setdefault(parent, []).append(int(stat.parent.name))
    found, todo = [], list(below.get(pid, []))
    while todo:
        found.append(todo.pop())
        todo += below.get(found[-1], [])
    return found


def alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.fixture
def club_job(player, pulp_alley):
    """A club's print run: 45 different cards, nine copies each (405 cards, 45 sheets), enough
    faces to be drawn by helper processes."""
    profile = LEAGUE["Singapore Smith"]
    query = {"source": "cards"}
    for n in range(45):
        character = Character.objects.create(
            owner=player,
            ruleset=pulp_alley,
            character_type=profile["type"],
            name=f"Recruit {n}",
            profile=profile["profile"],
            marked_for_print=True,
        )
        query[f"copies-{character.pk}"] = 9
    return query


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_worker_is_killed_is_taken_up_by_the_next_worker_and_no_helper_is_left(
    client, player, club_job, rules_data
):
    client.force_login(player)
    start(client, club_job)
    job = PrintJob.objects.get(owner=player)
    options = worker("--batch")
    options["env"]["PRINT_PROCESSES"] = "2"
    killed = subprocess.Popen(**options, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # Mid-job: its helpers drew a part of the faces, not all of them.
        wait_for(
            lambda: 0 < PrintJob.objects.get(pk=job.pk).faces_done < 45,
            timeout=240,
            what="the first worker never got under way",
        )
        helpers = children(killed.pid)
        assert len(helpers) >= 2
        killed.send_signal(signal.SIGKILL)
        killed.wait(timeout=10)
    finally:
        killed.kill()
    try:
        wait_for(
            lambda: not any(map(alive, helpers)), timeout=15, what="a helper outlived its worker"
        )
    finally:  # none left behind by this test, whatever happened
        for pid in filter(alive, helpers):
            os.kill(pid, signal.SIGKILL)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.RUNNING
    # A minute later nothing was heard of it; nobody opens the job's page.
    abandon(job.pk)
    next_worker = subprocess.Popen(**options, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, errors = next_worker.communicate(timeout=300)
    assert next_worker.returncode == 0, errors
    job.refresh_from_db()
    assert (job.status, job.faces_done, job.restarts) == (PrintJob.Status.DONE, 45, 1)
    reader = pdf.read(client.get(reverse("printing:job_pdf", args=[job.pk])).content)
    assert len(reader.pages) == 45


@pytest.mark.django_db(transaction=True)
def test_a_running_worker_takes_up_a_dead_workers_job_without_anyone_asking(
    player, big_job, rules_data
):
    options = worker("--interval", "0.2", "--max-tasks", "1")
    options["env"]["PYTHONUNBUFFERED"] = "1"  # its log line as soon as it is written
    waiting = subprocess.Popen(
        **options,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        for line in waiting.stdout:  # its start, and first look for dead workers' jobs, done
            if "Starting worker" in line:
                break
        # Then a worker elsewhere dies on a job.
        query = "&".join(f"{k}={v}" for k, v in big_job.items())
        job_id = queue(player, query).job_id
        abandon(job_id)
        assert waiting.wait(timeout=120) == 0  # it ran one job, then stopped (--max-tasks)
    finally:
        waiting.kill()
    assert PrintJob.objects.get(pk=job_id).status == PrintJob.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_a_worker_on_a_long_step_keeps_its_job(player, monkeypatch):
    monkeypatch.setattr(services, "HEARTBEAT", timedelta(seconds=0.05))
    job_id = queue(player, "").job_id
    abandon(job_id)
    with services.heartbeat(job_id=job_id):
        time.sleep(0.5)  # drawing, no progress to report
    assert services.reclaim_abandoned_print_jobs() == []
    assert PrintJob.objects.get(pk=job_id).status == PrintJob.Status.RUNNING


@pytest.mark.django_db
def test_a_job_waiting_long_in_the_queue_is_left_alone(player):
    job_id = queue(player, "").job_id
    long_ago = timezone.now() - services.STALE_AFTER * 10
    PrintJob.objects.filter(pk=job_id).update(updated_at=long_ago)
    assert services.reclaim_abandoned_print_jobs() == []
    assert DBTaskResult.objects.get().status == "READY"


@pytest.mark.django_db
def test_a_dead_workers_job_is_queued_again_once_and_its_run_ends(player):
    job_id = queue(player, "").job_id
    first_run = PrintJob.objects.get(pk=job_id).task_id
    abandon(job_id)
    assert services.reclaim_abandoned_print_jobs() == [job_id]
    assert services.reclaim_abandoned_print_jobs() == []
    job = PrintJob.objects.get(pk=job_id)
    assert job.status == PrintJob.Status.QUEUED and job.task_id != first_run
    assert DBTaskResult.objects.get(pk=first_run).status == "FAILED"
    assert DBTaskResult.objects.get(pk=job.task_id).status == "READY"


@pytest.mark.django_db
def test_a_job_that_kills_every_worker_fails_saying_so(player):
    job_id = queue(player, "").job_id
    for _ in range(PRINT_JOB_RESTARTS):
        abandon(job_id)
        assert services.reclaim_abandoned_print_jobs() == [job_id]
    abandon(job_id)
    assert services.reclaim_abandoned_print_jobs() == []
    job = PrintJob.objects.get(pk=job_id)
    assert job.status == PrintJob.Status.FAILED
    assert job.error == f"the print worker stopped {PRINT_JOB_RESTARTS + 1} times while drawing it"
    assert DBTaskResult.objects.filter(status="READY").count() == 0


def test_a_helper_ends_when_its_parent_is_gone():
    """The helper's own watch, without a print worker around it."""
    script = (
        "import os, sys, time\n"
        "from cards.printing.rendering import die_with\n"
        "if os.fork() == 0:\n"
        "    die_with(os.getppid())\n"
        "    print(os.getpid(), flush=True)\n"
        "    time.sleep(60)\n"
        "    sys.exit(0)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=settings.BASE_DIR
    )
    helper = int(parent.stdout.readline())
    assert alive(helper)
    parent.kill()
    parent.wait()
    wait_for(lambda: not alive(helper), timeout=10, what="the helper outlived its parent")
