"""What prints the same for every player is drawn before anybody asks (cards/ahead.py): a
deck's Print page, its Download and a game's quick reference are then read from the print
cache, drawn by nobody; a changed card or sheet is drawn anew; and what is served is what a
cold view would have drawn."""

from io import StringIO

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from cards import ahead, cheatsheets
from cards.printing import thumbnails
from rules.models import Deck, DeckCard
from tests.cards import pdf_reading as pdf

# The smallest deck, so drawing it ahead is quick.
DECK = ("pulp-alley", "plot-point-rewards")
QUERY = {"source": f"deck-{DECK[0]}/{DECK[1]}"}


@pytest.fixture
def deck(rules_data):
    return Deck.objects.select_related("ruleset").get(ruleset__slug=DECK[0], slug=DECK[1])


@pytest.fixture
def pictures(monkeypatch):
    """How many times a Print page's thumbnails were drawn."""
    calls = []
    drawn_thumbnails = thumbnails.drawn_thumbnails

    def counting(*args, **kwargs):
        calls.append(1)
        return drawn_thumbnails(*args, **kwargs)

    monkeypatch.setattr(thumbnails, "drawn_thumbnails", counting)
    return calls


@pytest.fixture
def sheets_drawn(monkeypatch):
    """The quick references WeasyPrint drew, by ruleset."""
    drawn = []
    render_pdf = cheatsheets.render_pdf

    def counting(template, context, styles=()):
        drawn.append(context["sheet"].ruleset)
        return render_pdf(template, context, styles)

    monkeypatch.setattr(cheatsheets, "render_pdf", counting)
    return drawn


@pytest.mark.django_db
def test_a_deck_drawn_ahead_is_seen_and_downloaded_without_drawing(client, deck, drawn, pictures):
    ahead.draw_deck(deck)
    drawn["faces"].clear()
    drawn["chrome"] = 0
    pictures.clear()
    page = client.get("/print/", QUERY)
    download = client.get("/print/cards.pdf", QUERY)
    assert page.status_code == download.status_code == 200
    assert page.context["thumbnails"]
    assert drawn == {"faces": [], "chrome": 0}
    assert pictures == []
    names = [card.name for card in deck.cards.all()]
    assert all(name in pdf.text(pdf.read(download.content)) for name in names)


@pytest.mark.django_db
def test_a_changed_deck_card_is_drawn_anew_and_only_it(client, deck, drawn):
    """The keys are the cards' content, so a rules update that changes a card needs no
    version to be bumped for it to print."""
    ahead.draw_deck(deck)
    card = deck.cards.order_by("order").first()
    changed = {**card.data, "bonus": "Updated."}
    DeckCard.objects.filter(pk=card.pk).update(data=changed)
    drawn["faces"].clear()
    download = client.get("/print/cards.pdf", QUERY)
    assert len(drawn["faces"]) == 1
    assert "Updated." in pdf.text(pdf.read(download.content))


@pytest.mark.django_db
def test_a_deck_drawn_ahead_serves_what_a_cold_print_draws(client, deck, settings, tmp_path):
    prints = settings.STORAGES["prints"]

    def in_cache(folder):
        settings.STORAGES = {
            **settings.STORAGES,
            "prints": {**prints, "OPTIONS": {"location": tmp_path / folder}},
        }

    """Two WeasyPrint runs need not agree byte for byte (font subset names), so the PDFs are
    compared as a reader sees them: the words and where each card sits on each page."""

    def seen(document):
        read = pdf.read(document)
        return pdf.text(read), [pdf.card_rects(page) for page in read.pages]

    in_cache("ahead")
    ahead.draw_deck(deck)
    served = client.get("/print/cards.pdf", QUERY).content
    assert client.get("/print/cards.pdf", QUERY).content == served
    in_cache("cold")
    assert seen(client.get("/print/cards.pdf", QUERY).content) == seen(served)


@pytest.mark.django_db
def test_a_quick_reference_drawn_ahead_is_served_as_drawn(
    client, rules_data, empty_print_cache, sheets_drawn
):
    drawn_ahead = cheatsheets.quick_reference_pdf("pulp-city")
    assert sheets_drawn == ["pulp-city"]
    answer = client.get("/cheat-sheets/pulp-city/quick-reference.pdf")
    assert answer.content == drawn_ahead
    assert sheets_drawn == ["pulp-city"]


@pytest.mark.django_db
def test_an_edited_sheet_file_is_drawn_anew(
    rules_data, empty_print_cache, sheets_drawn, monkeypatch, tmp_path
):
    source = cheatsheets.sheet_path("pulp-city", "quick-reference")
    copied = tmp_path / "pulp-city" / cheatsheets.SHEET_FOLDER / source.name
    copied.parent.mkdir(parents=True)
    copied.write_bytes(source.read_bytes())
    monkeypatch.setattr(cheatsheets, "FIXTURES_DIR", tmp_path)
    cheatsheets.quick_reference.cache_clear()
    before = cheatsheets.quick_reference_pdf("pulp-city")
    title = f"title: {cheatsheets.quick_reference('pulp-city').title}\n"
    copied.write_text(copied.read_text().replace(title, "title: Renamed Sheet\n", 1))
    cheatsheets.quick_reference.cache_clear()
    try:
        after = cheatsheets.quick_reference_pdf("pulp-city")
    finally:
        cheatsheets.quick_reference.cache_clear()
    assert sheets_drawn == ["pulp-city", "pulp-city"]
    assert "RENAMED SHEET" in pdf.text(pdf.read(after)).upper()
    assert "RENAMED SHEET" not in pdf.text(pdf.read(before)).upper()


@pytest.mark.django_db
def test_loading_the_rules_queues_drawing_ahead_for_a_print_worker(rules_data, monkeypatch):
    from rules.loading import LoadResult
    from rules.management.commands import load_rules

    monkeypatch.setattr(load_rules, "load_rules", LoadResult)  # loaded already: rules_data
    call_command("load_rules", stdout=StringIO())
    queued = DBTaskResult.objects.filter(task_path="cards.tasks.draw_ahead")
    assert queued.count() == 1


def test_thumbnails_seen_before_are_not_drawn_again(empty_print_cache, pictures):
    page = calibration_page()
    first = thumbnails.page_thumbnails(page)
    assert thumbnails.page_thumbnails(page) == first
    assert len(pictures) == 1 and first[0].startswith("data:image/png;base64,")


def test_thumbnails_that_failed_are_tried_again(empty_print_cache, monkeypatch):
    def unreadable(pdf):
        raise thumbnails.pdfium.PdfiumError("cannot read")

    monkeypatch.setattr(thumbnails.pdfium, "PdfDocument", unreadable)
    page = calibration_page()
    assert thumbnails.page_thumbnails(page) == []
    monkeypatch.undo()
    assert thumbnails.page_thumbnails(page)


def calibration_page():
    from cards.printing.calibration import calibration_pdf

    return calibration_pdf("a4")
