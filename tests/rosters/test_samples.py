"""The books' sample forces, read from fixtures/<ruleset>/samples/ for visitors and new players."""

from pathlib import Path

import pytest
from django.conf import settings

from rosters.samples import UnknownSample, sample_document, sample_paths, samples
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures


def test_the_book_samples_are_listed_without_the_database():
    # No django_db mark: any query here would fail the test.
    found = {sample.slug: sample for sample in samples()}
    smith, wolf = found["singapore-smith"], found["captain-wolf"]
    assert (smith.name, smith.ruleset, smith.characters) == (
        "Singapore Smith's League",
        "pulp-alley",
        6,
    )
    assert (wolf.name, wolf.characters) == ("Captain Wolf and the SS Vento", 1)


@pytest.mark.parametrize(
    ("slug", "used"), [("singapore-smith", 10), ("captain-wolf", 0)], ids=["smith", "wolf"]
)
def test_every_sample_is_a_legal_force_by_the_book(slug, used):
    report = evaluate(sample_document(slug), rules_book_from_fixtures("pulp-alley"))
    assert report.legal
    assert (report.budget.used, report.budget.total) == (used, 10)


def test_each_load_is_a_fresh_copy():
    first = sample_document("singapore-smith")
    first["characters"].clear()
    assert len(sample_document("singapore-smith")["characters"]) == 6


@pytest.mark.parametrize("slug", ["nobody", "../roster.schema", "singapore-smith.json"])
def test_only_the_listed_samples_can_be_loaded(slug):
    with pytest.raises(UnknownSample):
        sample_document(slug)


def test_the_readers_copies_in_docs_are_the_shipped_samples():
    """docs/examples/ shows readers the very files the app ships in fixtures/."""
    docs = Path(settings.BASE_DIR) / "docs" / "examples"
    shipped = {path.name: path.read_bytes() for path in sample_paths().values()}
    assert {path.name: path.read_bytes() for path in docs.glob("*.json")} == shipped
