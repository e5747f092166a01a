"""One "Print everything" for a roster (issue 27): its cards with their backs on the chosen
paper, its roster sheet, rules reference, its game's quick reference and (Pulp Fiction) its
token sheet, in one PDF. Up to the interactive size it is drawn in the request; a bigger
roster's is one print worker's job, started as its page loads, drawn in steps, within the
print queue's limits, and downloaded by its owner only."""

import html
import re
from dataclasses import replace

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult

from cards import everything, roster_sheet, services
from cards.models import PrintJob, RosterPrint
from config.limits import PRINT_QUEUED_JOBS_PER_PLAYER
from rosters.handlers.transfer import start_from_sample
from rules.engines.base import Finding
from tests.cards import pdf_reading as pdf
from tests.cards.test_print_job_start import start_forms_to
from tests.cards.test_print_queue import queue

pytestmark = pytest.mark.django_db


def texts(content):
    return [" ".join(page.extract_text().split()).upper() for page in pdf.read(content).pages]


def assert_in_table_order(content, band, size):
    """Cards, their backs, the roster sheet, rules reference, quick reference and tokens, one
    after the other and nothing else, every page on the paper of `size` (mm)."""
    pages = texts(content)
    name = band.name.upper()
    parts = [
        ("SHEET 1 OF 1", "DOC THUNDER"),  # the card fronts
        ("BACKS:",),  # their backs, on the sheet after
        (f"{name} ROSTER SHEET",),
        (f"{name} RULES REFERENCE",),
        ("PULP FICTION QUICK REFERENCE",),
        (f"{name}: TOKENS", "AP"),
    ]
    found = [
        next(i for i, text in enumerate(pages) if all(w in text for w in part)) for part in parts
    ]
    assert found == sorted(found) and found[0] == 0 and found[-1] == len(pages) - 1
    sizes = [tuple(round(v) for v in pdf.size_mm(page)) for page in pdf.read(content).pages]
    assert sizes == [size] * len(pages)


def test_a_bands_everything_is_one_pdf_in_table_order(player, player_client, rules_data):
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    page = player_client.get("/print/", {"source": f"roster-{band.pk}", "paper": "letter"})
    url = f"/print/rosters/{band.pk}/everything.pdf?paper=letter"
    assert f'href="{url}"' in page.content.decode()
    response = player_client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert "everything-letter.pdf" in response["Content-Disposition"]
    assert_in_table_order(response.content, band, (216, 279))
    assert not PrintJob.objects.exists()  # under the interactive size: no worker's job


@pytest.fixture
def over_the_limit(monkeypatch):
    """Two cards are as many as a request may draw: a sample roster is over the limit."""
    monkeypatch.setattr("cards.print_requests.PRINT_INTERACTIVE_CARDS", 2)


def start(client, roster, **headers):
    return client.post(f"/print/rosters/{roster.pk}/everything/start/", headers=headers)


def test_a_big_rosters_everything_is_one_job_started_as_its_page_loads(
    player, player_client, rules_data, over_the_limit, no_drawing
):
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    response = player_client.get(f"/print/rosters/{league.pk}/everything.pdf")
    assert response.status_code == 302
    job_page = f"/print/rosters/{league.pk}/everything/"
    assert response["Location"] == job_page
    (form,) = start_forms_to(player_client.get(job_page).content.decode(), f"{job_page}start/")
    assert 'hx-trigger="load"' in form  # no click: opening the page asked for it
    assert not PrintJob.objects.exists()  # a GET writes nothing: the page's own htmx asks
    started = start(player_client, league, HX_Request="true").content.decode()
    start(player_client, league, HX_Request="true")  # asked again (a second tab)
    (job,) = PrintJob.objects.filter(owner=player)
    assert (job.document, job.status) == (PrintJob.Document.EVERYTHING, PrintJob.Status.QUEUED)
    assert DBTaskResult.objects.filter(pk=job.task_id).exists()
    assert f'hx-get="/print/jobs/{job.pk}/"' in started  # the page follows its progress
    assert "parts drawn (each card face, then each paper)" in started
    reloaded = player_client.get(job_page).content.decode()
    assert f'id="print-job-{job.pk}"' in reloaded
    assert start_forms_to(reloaded, f"{job_page}start/") == []


def test_the_workers_pdf_is_the_requests_everything_drawn_in_steps(
    player, client, rival, rules_data, monkeypatch, settings
):
    settings.PRINT_PROCESSES = 1
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    # A printer profile measured on Letter: with no paper asked, everything follows it.
    services.save_printer_profile(owner=player, name="Home", paper="letter", flip="short")
    client.force_login(player)
    in_request = client.get(f"/print/rosters/{band.pk}/everything.pdf").content
    monkeypatch.setattr("cards.print_requests.PRINT_INTERACTIVE_CARDS", 2)
    page = client.get(f"/print/rosters/{band.pk}/everything/").content.decode()
    assert "flip on the short edge" in page and "printer profile Home" in page
    assert "Print at 100 % (Actual size)" in page and "then the roster sheet, rules" in page
    start(client, band, HX_Request="true")
    job = PrintJob.objects.get(owner=player)
    seen = []
    draw = everything.draw

    def watching(document, *, progress):
        def step(done, total):
            progress(done, total)
            seen.append(PrintJob.objects.values_list("faces_done", "faces_total").get())

        return draw(document, progress=step)

    monkeypatch.setattr(everything, "draw", watching)
    services.run_print_job(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE
    papers = 4  # roster sheet, rules reference, quick reference, tokens
    faces = job.faces_total - papers
    assert seen[-papers:] == [(faces + n, faces + papers) for n in range(1, papers + 1)]
    polled = client.get(f"/print/jobs/{job.pk}/").content.decode()
    download = f"/print/jobs/{job.pk}/cards.pdf"
    assert download in polled
    made = client.get(download)
    assert "everything-letter.pdf" in made["Content-Disposition"]
    assert texts(made.content) == texts(in_request)  # the same document, page for page
    assert_in_table_order(made.content, band, (216, 279))
    # Nobody else finds the job, its page, its progress or its PDF.
    client.force_login(rival)
    for url in (
        download,
        f"/print/jobs/{job.pk}/",
        f"/print/rosters/{band.pk}/everything/",
        f"/print/rosters/{band.pk}/everything.pdf",
    ):
        assert client.get(url).status_code == 404
        assert Client().get(url).status_code == 404
    assert start(client, band).status_code == 404
    assert PrintJob.objects.count() == 1


def test_starting_everything_needs_the_csrf_token(player, rules_data, over_the_limit):
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert start(client, league).status_code == 403
    assert not PrintJob.objects.exists()


def test_everything_waits_its_turn_in_the_print_queue(
    player, player_client, rules_data, over_the_limit
):
    league = start_from_sample(owner=player, slug="singapore-smith").roster
    for n in range(PRINT_QUEUED_JOBS_PER_PLAYER):
        queue(player, f"source=cards&n={n}", n)
    refused = start(player_client, league, HX_Request="true").content.decode()
    assert f"You already have {PRINT_QUEUED_JOBS_PER_PLAYER} prints waiting" in refused
    assert start_forms_to(refused, f"/print/rosters/{league.pk}/everything/start/")
    assert "hx-trigger" not in refused  # the button again, never started by itself
    page = start(player_client, league).url  # without htmx: back to its page, which says it
    assert f"You already have {PRINT_QUEUED_JOBS_PER_PLAYER}" in player_client.get(page).text
    assert PrintJob.objects.filter(owner=player).count() == PRINT_QUEUED_JOBS_PER_PLAYER
    # Once one is done, it goes behind the player's other waiting prints, after everybody's.
    PrintJob.objects.filter(owner=player).order_by("pk").first().delete()
    start(player_client, league, HX_Request="true")
    job = PrintJob.objects.get(document=PrintJob.Document.EVERYTHING)
    ahead = PRINT_QUEUED_JOBS_PER_PLAYER - 1
    assert DBTaskResult.objects.get(pk=job.task_id).priority == -ahead


def drawn_by_the_worker(client, player, roster):
    """Starts the roster's everything as its page does and has the worker draw it: the job."""
    start(client, roster, HX_Request="true")
    job = PrintJob.objects.filter(owner=player).latest("pk")
    services.run_print_job(job_id=job.pk)
    return job


def test_an_engine_fix_draws_a_big_rosters_everything_anew(
    player, client, rules_data, over_the_limit, monkeypatch, settings
):
    """The roster sheet prints the rules engine's report on the force: after an update that
    changes the engine, the page must not hand the player the job drawn with the old report,
    though nothing in the roster changed."""
    settings.PRINT_PROCESSES = 1
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    client.force_login(player)
    job_page = f"/print/rosters/{band.pk}/everything/"

    def drawn():
        job = drawn_by_the_worker(client, player, band)
        download = f"/print/jobs/{job.pk}/cards.pdf"
        assert download in client.get(job_page).content.decode()  # ready on the page
        return job, " ".join(texts(client.get(download).content))

    old_job, before = drawn()
    evaluate = roster_sheet.engines.evaluate

    def fixed(roster, rules):
        report = evaluate(roster, rules)
        note = Finding(code="engine-fix", severity="warning", message="A fix noted this band")
        return replace(report, findings=(*report.findings, note))

    monkeypatch.setattr(roster_sheet.engines, "evaluate", fixed)
    assert f"/print/jobs/{old_job.pk}/cards.pdf" not in client.get(job_page).content.decode()
    new_job, after = drawn()
    assert new_job != old_job
    assert "A FIX NOTED THIS BAND" not in before and "A FIX NOTED THIS BAND" in after


def test_a_big_rosters_everything_once_drawn_is_remembered_as_printed(
    player, client, rules_data, over_the_limit, settings
):
    """A player who printed everything says so on its page, as on the Print page: every card
    is remembered with the codes of its front and back, so the next print can be only the
    cards that changed."""
    settings.PRINT_PROCESSES = 1
    band = start_from_sample(owner=player, slug="pulp-fiction-heroes").roster
    client.force_login(player)
    job_page = f"/print/rosters/{band.pk}/everything/"
    assert "I printed these" not in client.get(job_page).content.decode()  # nothing drawn
    drawn_by_the_worker(client, player, band)
    page = client.get(job_page).content.decode()
    (action,) = re.findall(r'<form method="post" action="([^"]+)" class="[^"]*remember-print', page)
    (count,) = re.findall(r"I printed these (\d+) cards", page)
    response = client.post(html.unescape(action), follow=True)
    assert f"Remembered: {count} cards printed" in response.content.decode()
    printing = RosterPrint.objects.get(roster=band)
    assert printing.backs and printing.cards.count() == int(count)
    assert all(card.code and card.back_code for card in printing.cards.all())
