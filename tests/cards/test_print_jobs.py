"""Prints too big to draw while the player waits: queued for a real print worker process
(`manage.py print_worker`), polled for progress, downloaded when done, and still there after a
page reload or a worker that died mid-job."""

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cards import services
from cards.models import PrintJob
from cards.printing import sheets
from config.limits import PRINT_INTERACTIVE_CARDS, PRINT_MAX_COPIES
from rosters.models import Character
from tests.cards import pdf_reading as pdf
from tests.cards.test_print_views import card, many_ticked
from tests.properties import REUSES_FUNCTION_FIXTURES


def database_url():
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{db['USER']}@{db['HOST']}{port}/{db['NAME']}"


def worker(*options):
    """The command line and environment of a real print worker process on the test database
    and print cache, for subprocess."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "PRINT_CACHE_ROOT": str(settings.STORAGES["prints"]["OPTIONS"]["location"]),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }
    # Never the autoreloader (on with DEBUG): its worker runs in a child process and a thread.
    command = [sys.executable, "manage.py", "print_worker", "--no-startup-delay", "--no-reload"]
    command += options
    return {"args": command, "cwd": settings.BASE_DIR, "env": env, "text": True}


def run_worker():
    """A real worker process; it exits once the queue is empty."""
    finished = subprocess.run(**worker("--batch"), capture_output=True, timeout=300)
    assert finished.returncode == 0, finished.stderr


def page(client, query):
    return client.get(reverse("printing:page"), query).content.decode()


def start(client, query):
    url = f"{reverse('printing:start_job')}?{'&'.join(f'{k}={v}' for k, v in query.items())}"
    return client.post(url, headers={"HX-Request": "true"})


@pytest.mark.django_db(transaction=True)
def test_a_big_print_runs_on_a_worker_and_downloads_when_done(client, player, big_job, rules_data):
    client.force_login(player)
    before = page(client, big_job)
    assert "Prepare the PDF" in before
    assert reverse("printing:pdf") not in before  # no drawing it all while the player waits
    started = start(client, big_job).content.decode()
    (job,) = PrintJob.objects.filter(owner=player)
    assert job.status == PrintJob.Status.QUEUED
    assert f'hx-get="{reverse("printing:job", args=[job.pk])}"' in started  # polls
    assert "Waiting for a print worker" in page(client, big_job)  # a reload finds the job
    run_worker()
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE
    assert job.faces_done == job.faces_total == 3  # three characters; no backs asked for
    polled = client.get(reverse("printing:job", args=[job.pk])).content.decode()
    assert reverse("printing:job_pdf", args=[job.pk]) in polled
    assert "hx-trigger" not in polled  # polling stops
    reader = pdf.read(client.get(reverse("printing:job_pdf", args=[job.pk])).content)
    assert len(reader.pages) == 11  # 93 cards, nine a sheet
    assert "SINGAPORE SMITH" in pdf.text(reader)


@pytest.mark.django_db(transaction=True)
def test_a_job_whose_worker_died_is_queued_again_and_finishes(client, player, big_job, rules_data):
    client.force_login(player)
    start(client, big_job)
    job = PrintJob.objects.get(owner=player)
    # A worker claimed it, then its machine went away: no progress for longer than allowed.
    DBTaskResult.objects.filter(pk=job.task_id).update(status="RUNNING")
    long_ago = timezone.now() - services.STALE_AFTER - timedelta(seconds=5)
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.RUNNING, updated_at=long_ago)
    client.get(reverse("printing:job", args=[job.pk]))  # the page's next poll
    job.refresh_from_db()
    assert job.status == PrintJob.Status.QUEUED
    run_worker()  # a new worker
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE
    assert client.get(reverse("printing:job_pdf", args=[job.pk])).status_code == 200


@pytest.mark.django_db
def test_a_running_job_that_reports_progress_is_left_alone(player, big_job):
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    started = services.start_print_job(
        player=player, query=query, title="t", key="k" * 64, filename="f.pdf", faces_total=3
    )
    PrintJob.objects.filter(pk=started.job_id).update(status=PrintJob.Status.RUNNING)
    assert not services.revive_print_job(job_id=started.job_id).queued


@pytest.mark.django_db
def test_the_same_print_asked_twice_is_one_job(client, player, big_job):
    client.force_login(player)
    start(client, big_job)
    start(client, big_job)
    assert PrintJob.objects.filter(owner=player).count() == 1
    assert DBTaskResult.objects.count() == 1


@pytest.mark.django_db
def test_the_job_runs_in_the_worker_with_progress(player, big_job, drawn):
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    started = services.start_print_job(
        player=player, query=query, title="Mine", key="k" * 64, filename="f.pdf", faces_total=0
    )
    services.run_print_job(job_id=started.job_id)
    job = PrintJob.objects.get(pk=started.job_id)
    assert (job.status, job.faces_done, job.faces_total) == (PrintJob.Status.DONE, 3, 3)
    assert len(drawn["faces"]) == 3


@pytest.mark.django_db
def test_a_job_that_cannot_print_says_why(player, big_job):
    Character.objects.filter(owner=player).update(marked_for_print=False)
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    started = services.start_print_job(
        player=player, query=query, title="t", key="k" * 64, filename="f.pdf", faces_total=3
    )
    with pytest.raises(Exception, match="Nothing to print"):
        services.run_print_job(job_id=started.job_id)
    job = PrintJob.objects.get(pk=started.job_id)
    assert job.status == PrintJob.Status.FAILED and "Nothing to print" in job.error


@pytest.mark.django_db
def test_somebody_elses_job_is_not_found(client, player, rival, big_job):
    client.force_login(player)
    start(client, big_job)
    job = PrintJob.objects.get(owner=player)
    client.force_login(rival)
    assert client.get(reverse("printing:job", args=[job.pk])).status_code == 404
    assert client.get(reverse("printing:job_pdf", args=[job.pk])).status_code == 404
    assert Client().get(reverse("printing:job", args=[job.pk])).status_code == 404


@pytest.mark.django_db
def test_starting_a_job_needs_the_csrf_token(player, big_job):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert start(client, big_job).status_code == 403
    assert not PrintJob.objects.exists()


@pytest.mark.django_db
def test_download_after_the_preview_is_served_from_the_cache(client, player, pulp_alley, drawn):
    smith = card(player, pulp_alley, "Singapore Smith")
    client.force_login(player)
    query = {"source": "cards", f"copies-{smith.pk}": 20}
    assert "hx-post" in page(client, query)  # the page asks for the whole PDF once loaded
    url = f"{reverse('printing:prepare')}?source=cards&copies-{smith.pk}=20"
    assert client.post(url).status_code == 200
    drawn["faces"].clear()
    drawn["chrome"] = 0
    download = client.get(reverse("printing:pdf"), query)
    assert len(pdf.read(download.content).pages) == 3
    assert drawn == {"faces": [], "chrome": 0}


@pytest.mark.django_db
def test_a_job_found_in_the_cache_counts_every_face_done(player, big_job, empty_print_cache):
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    for _ in range(2):  # the second job finds the whole PDF drawn by the first
        started = services.start_print_job(
            player=player, query=query, title="Mine", key="k" * 64, filename="f.pdf", faces_total=0
        )
        services.run_print_job(job_id=started.job_id)
        PrintJob.objects.filter(pk=started.job_id).update(key="done")
    job = PrintJob.objects.get(pk=started.job_id)
    assert (job.faces_done, job.faces_total) == (3, 3)


def four_hundred_cards(player, ruleset):
    """A club's print run: eight characters, fifty copies each."""
    return {"source": "cards", **{f"copies-{c.pk}": 50 for c in many_ticked(player, ruleset, 8)}}


def prepare_url(query):
    return f"{reverse('printing:prepare')}?{'&'.join(f'{k}={v}' for k, v in query.items())}"


@pytest.mark.django_db
def test_preparing_a_big_job_queues_it_and_draws_nothing_while_the_player_waits(
    client, player, pulp_alley, no_drawing
):
    client.force_login(player)
    # The Print page asks for it through htmx as it loads.
    response = client.post(
        prepare_url(four_hundred_cards(player, pulp_alley)), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    (job,) = PrintJob.objects.filter(owner=player)
    assert (job.status, job.faces_total) == (PrintJob.Status.QUEUED, 8)
    assert DBTaskResult.objects.filter(pk=job.task_id).exists()
    # The page swaps this in and follows the job from there.
    assert f'hx-get="{reverse("printing:job", args=[job.pk])}"' in response.content.decode()


@pytest.mark.django_db
def test_downloading_a_big_job_sends_the_player_to_its_print_page_and_draws_nothing(
    client, player, pulp_alley, no_drawing
):
    client.force_login(player)
    query = four_hundred_cards(player, pulp_alley)
    response = client.get(reverse("printing:pdf"), query)
    assert response.status_code == 302
    assert response["Location"].startswith(f"{reverse('printing:page')}?source=cards&copies-")
    assert not PrintJob.objects.exists()  # the page offers the job; asking is the player's


@pytest.mark.django_db
def test_whatever_copies_are_asked_no_request_draws_more_than_the_interactive_size(
    client, player, pulp_alley, monkeypatch
):
    """Prepare and Download with any copies at all: each either draws at most
    PRINT_INTERACTIVE_CARDS cards, or draws nothing and leaves the job to a worker."""
    drawn = []

    def counting(job, **kwargs):
        drawn.append(sum(len(row) for row in job.placed))
        return b"%PDF-1.7 not drawn"

    monkeypatch.setattr(sheets, "draw", counting)
    cards = many_ticked(player, pulp_alley, 4)
    client.force_login(player)

    @hypothesis_settings(max_examples=25, suppress_health_check=REUSES_FUNCTION_FIXTURES)
    @given(copies=st.lists(st.integers(-5, PRINT_MAX_COPIES + 5), min_size=4, max_size=4))
    def check(copies):
        cache.clear()  # a fresh rate-limit count for each example
        query = {
            "source": "cards",
            **{f"copies-{c.pk}": n for c, n in zip(cards, copies, strict=True)},
        }
        asked = sum(min(max(n, 0), PRINT_MAX_COPIES) for n in copies)
        drawn.clear()
        prepared = client.post(prepare_url(query), HTTP_HX_REQUEST="true")
        download = client.get(reverse("printing:pdf"), query)
        assert all(count <= PRINT_INTERACTIVE_CARDS for count in drawn)
        if 0 < asked <= PRINT_INTERACTIVE_CARDS:
            assert drawn == [asked, asked]
            assert download["Content-Type"] == "application/pdf"
        elif asked:
            assert drawn == []
            assert PrintJob.objects.filter(owner=player, status=PrintJob.Status.QUEUED).exists()
            assert prepared.status_code == 200 and download.status_code == 302
        else:
            assert download.status_code == 404

    check()
