"""Drawing card faces: one card-sized page per face, in order, whether one process draws them
or helper processes share the work, and the same print either way."""

from dataclasses import replace

import pytest
from django.core.management import call_command
from django_tasks_db.management.commands import db_worker

from cards.management.commands import print_worker
from cards.printing import rendering, sheets
from cards.printing.sheets import PrintOptions, print_cards
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import crew


def check_faces(parts, names):
    assert len(parts) == len(names)
    for part, name in zip(parts, names, strict=True):
        reader = pdf.read(part)
        (page,) = reader.pages
        assert pdf.size_mm(page) == (pytest.approx(63.5, abs=0.01), pytest.approx(88.9, abs=0.01))
        assert name.upper() in page.extract_text()
        assert pdf.card_rects(page) == [(0.0, 0.0, 63.5, 88.9)]


def test_each_face_comes_back_as_its_own_card_sized_pdf():
    faces = crew(3)
    check_faces(rendering.render_faces(faces), [face.title for face in faces])


def test_a_face_pdf_keeps_only_the_fonts_its_own_card_uses():
    # The faces are drawn in one document; cut apart, each keeps what it draws and no more.
    one, *_ = rendering.render_faces(crew(3))
    assert "CREW 2" not in pdf.text(pdf.read(one))
    assert len(pdf.read(one).pages) == 1


@pytest.fixture
def small_parts(monkeypatch, settings):
    """Helper processes for jobs of a few faces, two faces to a part."""
    monkeypatch.setattr(rendering, "FAN_OUT_MIN", 2)
    monkeypatch.setattr(rendering, "FACES_PER_PART", 2)
    settings.PRINT_PROCESSES = 2


def test_helper_processes_draw_the_same_faces_in_the_same_order(small_parts):
    faces = crew(5)
    assert rendering.fan_out(faces)
    check_faces(rendering.render_faces(faces), [face.title for face in faces])


def contents(document):
    """What each page shows and where: its size, card outlines, text and images."""
    return [
        (
            pdf.size_mm(page),
            pdf.card_rects(page),
            sorted(pdf.text_origins(page)),
            pdf.image_placements(page),
        )
        for page in pdf.read(document).pages
    ]


def another_print_cache(settings, folder):
    """The same job again from an empty cache, so that it is drawn anew."""
    settings.STORAGES = {
        **settings.STORAGES,
        "prints": {**settings.STORAGES["prints"], "OPTIONS": {"location": folder}},
    }


def test_a_job_drawn_by_helper_processes_prints_what_one_process_prints(
    small_parts, settings, empty_print_cache
):
    job = [replace(face, copies=2) for face in crew(5)]  # two sheets, with their backs
    options = PrintOptions(backs=True)
    settings.PRINT_PROCESSES = 1
    alone = print_cards(job, options).pdf
    another_print_cache(settings, empty_print_cache / "2")
    settings.PRINT_PROCESSES = 2
    shared = print_cards(job, options).pdf
    assert rendering._pool is not None
    assert len(pdf.read(shared).pages) == 4
    assert contents(shared) == contents(alone)


@pytest.fixture
def helpers_running(settings):
    """Two helper processes already started, as in a server that has printed a big job."""
    settings.PRINT_PROCESSES = 2
    return rendering.helpers()


def test_once_helpers_run_they_draw_a_small_jobs_faces_while_this_process_draws_the_chrome(
    helpers_running, monkeypatch, settings, empty_print_cache
):
    job = crew(2)
    settings.PRINT_PROCESSES = 1
    alone = print_cards(job, PrintOptions()).pdf
    another_print_cache(settings, empty_print_cache / "2")
    settings.PRINT_PROCESSES = 2
    events = []
    submit, chrome_pdf = helpers_running.submit, sheets.chrome_pdf

    def handing_out(function, html, *rest):
        events.append(("face part", html.count('class="sheet"')))
        return submit(function, html, *rest)

    def drawing_chrome(html):
        events.append(("chrome", None))
        return chrome_pdf(html)

    monkeypatch.setattr(helpers_running, "submit", handing_out)
    monkeypatch.setattr(sheets, "chrome_pdf", drawing_chrome)
    shared = print_cards(job, PrintOptions()).pdf
    # One face to each helper, both handed out before the chrome is begun.
    assert events == [("face part", 1), ("face part", 1), ("chrome", None)]
    assert contents(shared) == contents(alone)


# A print worker's helpers


def test_warming_starts_every_helper_before_any_job(settings):
    settings.PRINT_PROCESSES = 2
    assert rendering.warm_helpers()
    assert len(rendering.helpers()._processes) == 2
    faces = crew(2)
    assert rendering.fan_out(faces)  # even a small job's faces go to them now
    check_faces(rendering.render_faces(faces), [face.title for face in faces])


def test_one_process_warms_nothing(settings):
    settings.PRINT_PROCESSES = 1
    assert not rendering.warm_helpers()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("flags", "warmed"), [((), True), (("--batch",), False), (("--reload",), False)]
)
def test_a_print_worker_that_waits_for_jobs_starts_its_helpers_as_it_starts(
    flags, warmed, monkeypatch
):
    warming = []
    monkeypatch.setattr(rendering, "warm_helpers", lambda: warming.append("warmed"))
    # The command as far as its loop: no waiting for jobs, no signal handlers, no reloader.
    monkeypatch.setattr(print_worker, "reclaim_forever", lambda: None)
    monkeypatch.setattr(db_worker.Worker, "configure_signals", lambda worker: None)
    monkeypatch.setattr(db_worker.Worker, "run", lambda worker: None)
    monkeypatch.setattr(db_worker, "run_with_reloader", lambda run: None)
    call_command("print_worker", "--no-startup-delay", *flags)
    assert warming == (["warmed"] if warmed else [])
