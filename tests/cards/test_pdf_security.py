"""Player text in a printed card is only ever text: markup and URLs in it print literally,
and nothing they name is fetched. Behind the template's escaping, the PDF renderer's
fetcher refuses anything outside our static and media files."""

import pytest

from cards import pdf as renderer
from cards.games.pulp_alley import faces as pulp_alley_faces
from cards.printing.sheets import PrintOptions, print_cards
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import character

NASTY_NAME = '<img src="file:///etc/passwd">'
NASTY_FLAVOUR = (
    '<link rel="stylesheet" href="file:///etc/passwd"> <img src="http://example.com/x.png">'
)


@pytest.fixture
def fetched(monkeypatch):
    """Every URL the PDF renderer is asked for, and whether the fetcher refused it."""
    calls = []
    original = renderer.OwnFilesOnly.fetch

    def spy(self, url, headers=None):
        try:
            result = original(self, url, headers)
        except ValueError:
            calls.append((url, "refused"))
            raise
        calls.append((url, "fetched"))
        return result

    monkeypatch.setattr(renderer.OwnFilesOnly, "fetch", spy)
    return calls


def test_markup_in_names_and_flavour_prints_as_text_and_loads_nothing(fetched):
    card = character(NASTY_NAME, flavour=NASTY_FLAVOUR)
    reader = pdf.read(print_cards([card], PrintOptions()).pdf)
    text = pdf.text(reader)
    assert NASTY_NAME.upper() in text  # the name band prints in capitals
    assert "file:///etc/passwd" in text.replace("\n", " ")
    assert pdf.images(reader) == []
    assert not [url for url, _ in fetched if "passwd" in url or "example.com" in url]
    assert all(outcome == "fetched" for _, outcome in fetched)  # only our CSS and fonts


def test_the_fetcher_refuses_local_files_outside_static_and_media(fetched):
    document = renderer.html_to_pdf('<p>hello</p><img src="file:///etc/passwd">')
    assert pdf.images(pdf.read(document)) == []
    assert ("file:///etc/passwd", "refused") in fetched


def test_the_fetcher_refuses_the_network(fetched):
    renderer.html_to_pdf('<link rel="stylesheet" href="http://example.com/evil.css"><p>hi</p>')
    assert ("http://example.com/evil.css", "refused") in fetched


def test_a_portrait_uri_outside_media_is_not_loaded(fetched):
    card = character("Sneaky", portrait_uri="file:///etc/hostname")
    reader = pdf.read(print_cards([card], PrintOptions()).pdf)
    assert pdf.images(reader) == []
    assert ("file:///etc/hostname", "refused") in fetched


def test_a_deck_card_with_markup_prints_it_literally():
    kind = pulp_alley_faces.FORTUNE
    view = pulp_alley_faces.fortune_card(
        {
            "number": "99",
            "copies": 1,
            "data": {
                "play": "<b>bold?</b>",
                "effect": NASTY_NAME,
                "challenge": {"successes": 1, "skills": ["might"], "hits": 1},
            },
        }
    )
    result = print_cards([kind.face(view, title="Fortune 99")], PrintOptions())
    text = pdf.text(pdf.read(result.pdf))
    assert "<b>bold?</b>" in text and NASTY_NAME in text
