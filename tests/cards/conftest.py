"""Fixtures for tests about what printing draws."""

import pytest

from cards.printing import rendering, sheets
from config.limits import PRINT_INTERACTIVE_CARDS
from tests.cards.test_print_views import card


@pytest.fixture
def empty_print_cache(settings, tmp_path):
    """A print cache of the test's own, with nothing drawn yet."""
    settings.STORAGES = {
        **settings.STORAGES,
        "prints": {**settings.STORAGES["prints"], "OPTIONS": {"location": tmp_path}},
    }
    return tmp_path


@pytest.fixture
def drawn(monkeypatch, empty_print_cache):
    """Every face WeasyPrint draws, by title, and how many chrome documents it draws."""
    record = {"faces": [], "chrome": 0}
    drawn_parts, html_to_pdf = rendering.drawn_parts, sheets.html_to_pdf

    def counting_faces(batch):
        record["faces"] += [face.title for face in batch]
        return drawn_parts(batch)

    def counting_chrome(html, styles=()):
        record["chrome"] += 1
        return html_to_pdf(html, styles)

    monkeypatch.setattr(rendering, "drawn_parts", counting_faces)
    monkeypatch.setattr(sheets, "html_to_pdf", counting_chrome)
    return record


@pytest.fixture
def big_job(player, pulp_alley):
    """Three ticked cards, enough copies of each to need more than the interactive size."""
    cards = [card(player, pulp_alley, name) for name in ("Singapore Smith", "Arge", "Enki")]
    copies = PRINT_INTERACTIVE_CARDS // 3 + 1
    return {"source": "cards", **{f"copies-{c.pk}": copies for c in cards}}
