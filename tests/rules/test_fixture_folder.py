"""One reading of a ruleset's fixture folder, shared by the loader, the checks and the
database-free RulesBook."""

from pathlib import Path

import pytest

from rules.fixture_folder import (
    DECK,
    ENTRIES,
    FIXTURES_DIR,
    TYPES,
    FixtureError,
    classify,
    documents,
)


def test_each_file_of_a_ruleset_is_one_of_three_documents():
    found = {document.path.name: document for document in documents(FIXTURES_DIR / "pulp-alley")}
    assert found["character-types.yaml"].form == TYPES
    assert (found["skills.yaml"].form, found["skills.yaml"].kind) == (ENTRIES, "skill")
    assert (found["perks.yaml"].form, found["perks.yaml"].kind) == (ENTRIES, "perk")
    fortune = found["fortune-deck.yaml"]
    assert (fortune.form, fortune.deck["slug"]) == (DECK, "fortune")
    assert fortune.items and all("number" in card for card in fortune.items)


def test_a_folder_that_does_not_exist_has_no_documents(tmp_path):
    assert documents(tmp_path / "pulp-city") == []


@pytest.mark.parametrize(
    ("name", "document"),
    [
        ("notes.yaml", ["a list that is not skills"]),
        ("character-types.yaml", {"slug": "leader"}),
        ("deck.yaml", {"deck": "fortune"}),
        ("empty.yaml", None),
    ],
)
def test_anything_else_is_refused_by_name(name, document):
    with pytest.raises(FixtureError, match=name):
        classify(Path("fixtures/pulp-alley") / name, document)
