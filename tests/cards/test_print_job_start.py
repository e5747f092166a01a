"""A print too big to draw while the player waits starts as its Print page loads (no extra
click), and its progress bar moves a part at a time as the worker draws."""

import re

import pytest
from django.urls import reverse

from cards import services
from cards.models import PrintJob
from cards.printing import rendering, sheets
from config.limits import PRINT_QUEUED_JOBS_PER_PLAYER
from tests.cards.test_print_jobs import page, start
from tests.cards.test_print_queue import prints

pytestmark = pytest.mark.django_db


def start_forms_to(html, url):
    """The opening tags of the forms that start a print job at `url` (its start)."""
    action = re.escape(f'action="{url}')
    return re.findall(rf"<form[^>]*{action}[^>]*>", html)


def start_forms(html):
    """The opening tags of the forms that start the Print page's print job."""
    return start_forms_to(html, f"{reverse('printing:start_job')}?")


def test_the_print_page_of_a_big_job_starts_it_as_it_loads(client, player, big_job):
    client.force_login(player)
    (form,) = start_forms(page(client, big_job))
    assert 'hx-trigger="load"' in form
    assert f'hx-post="{reverse("printing:start_job")}?' in form
    assert not PrintJob.objects.exists()  # a GET writes nothing: the page's own htmx asks
    started = start(client, big_job).content.decode()  # what htmx posts on load
    (job,) = PrintJob.objects.filter(owner=player)
    assert f'hx-get="{reverse("printing:job", args=[job.pk])}"' in started
    assert start_forms(page(client, big_job)) == []  # a reload follows the job


def test_a_refused_start_waits_for_the_players_click(client, player, big_job):
    client.force_login(player)
    *waiting, one_more = prints(big_job, PRINT_QUEUED_JOBS_PER_PLAYER + 1)
    for query in waiting:
        start(client, query)
    (form,) = start_forms(start(client, one_more).content.decode())
    assert "hx-trigger" not in form  # or it would ask again for ever


def test_a_jobs_progress_moves_a_part_at_a_time(player, big_job, drawn, monkeypatch, settings):
    settings.PRINT_PROCESSES = 1
    monkeypatch.setattr(rendering, "FACES_PER_PART", 1)
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    started = services.start_print_job(
        player=player, query=query, title="Mine", key="k" * 64, filename="f.pdf", faces_total=3
    )
    seen = []
    draw = sheets.draw

    def watching(plan, *, progress):
        def step(done, total):
            progress(done, total)
            job = PrintJob.objects.get(pk=started.job_id)
            seen.append((job.status, job.faces_done, job.faces_total))

        return draw(plan, progress=step)

    monkeypatch.setattr(sheets, "draw", watching)
    services.run_print_job(job_id=started.job_id)
    running = PrintJob.Status.RUNNING
    assert seen == [(running, 0, 3), (running, 1, 3), (running, 2, 3), (running, 3, 3)]
