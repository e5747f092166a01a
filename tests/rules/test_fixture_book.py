"""The rules read straight from fixtures/ equal what the database serves, so the CLI and the
engine tests judge rosters exactly as the site does."""

import pytest

from rules.engines import UnknownRuleset
from rules.fixture_book import rules_book_from_fixtures
from rules.selectors import rules_book


@pytest.mark.django_db
def test_fixture_book_matches_the_loaded_database(pulp_alley):
    from_db = rules_book(pulp_alley)
    from_files = rules_book_from_fixtures("pulp-alley")
    assert from_files.ruleset == from_db.ruleset
    assert from_files.character_types == from_db.character_types
    assert from_files.entries == from_db.entries


def test_fixture_book_needs_no_database():
    book = rules_book_from_fixtures("pulp-alley")
    assert book.character_type("leader")["cost"] == 0
    assert book.entry("ability", "fierce")["effect"] == {"add_dice": {"brawl": 1}}
    assert len(book.of_kind("ability")) == 42


def test_a_ruleset_without_data_is_refused():
    with pytest.raises(UnknownRuleset):
        rules_book_from_fixtures("chess")
