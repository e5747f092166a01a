"""The data check catches the mistakes a hand-edited YAML file invites."""

import shutil
from pathlib import Path

import pytest
import yaml

from rules.fixture_folder import FIXTURES_DIR
from rules.integrity import fixture_problems


@pytest.fixture
def fixtures(tmp_path):
    copy = tmp_path / "fixtures"
    shutil.copytree(FIXTURES_DIR, copy)
    return copy


def edit(path: Path, change):
    document = yaml.safe_load(path.read_text())
    change(document)
    path.write_text(yaml.safe_dump(document, allow_unicode=True))


def test_the_shipped_data_is_consistent():
    assert fixture_problems() == []


def test_duplicate_ability_names_are_caught(fixtures):
    edit(
        fixtures / "pulp-alley/abilities.yaml",
        lambda doc: doc["entries"].append({**doc["entries"][0], "slug": "agile-again"}),
    )
    assert any("named 'Agile' twice" in problem for problem in fixture_problems(fixtures))


def test_an_ability_above_level_4_is_caught(fixtures):
    edit(fixtures / "pulp-alley/abilities.yaml", lambda doc: doc["entries"][0].update(level=5))
    assert any("level 5, outside 1–4" in problem for problem in fixture_problems(fixtures))


def test_the_ability_level_limit_follows_the_character_types(fixtures):
    """The top level is read from the types' `max_ability_level`, not kept beside them."""

    def raise_the_leader(doc):
        leader = next(kind for kind in doc if kind["slug"] == "leader")
        leader["profile"]["max_ability_level"] = 5

    edit(fixtures / "pulp-alley/abilities.yaml", lambda doc: doc["entries"][0].update(level=5))
    edit(fixtures / "pulp-alley/character-types.yaml", raise_the_leader)
    assert not any("outside" in problem for problem in fixture_problems(fixtures))


def test_a_perk_without_cost_is_caught(fixtures):
    edit(fixtures / "pulp-alley/perks.yaml", lambda doc: doc["entries"][1].update(cost=None))
    assert any("perk without a cost" in problem for problem in fixture_problems(fixtures))


def test_a_fortune_card_without_a_challenge_is_caught(fixtures):
    edit(fixtures / "pulp-alley/fortune-deck.yaml", lambda doc: doc["cards"][3].pop("challenge"))
    assert any("#04 has no challenge" in problem for problem in fixture_problems(fixtures))


def test_a_summary_left_empty_is_caught(fixtures):
    edit(fixtures / "pulp-alley/gear.yaml", lambda doc: doc["entries"][0].update(summary=""))
    assert any("has no summary" in problem for problem in fixture_problems(fixtures))


def test_broken_yaml_is_reported_not_raised(fixtures):
    (fixtures / "pulp-alley/tips.yaml").write_text("kind: tip\nentries: [unclosed\n")
    assert any("not valid YAML" in problem for problem in fixture_problems(fixtures))


def test_the_system_check_reports_problems(monkeypatch):
    from rules import checks

    monkeypatch.setattr(checks, "fixture_problems", lambda: ["pulp-alley/perks.yaml: broken"])
    errors = checks.rules_fixtures_are_consistent(None)
    assert [error.id for error in errors] == ["rules.E001"]


def test_a_file_the_loader_would_refuse_is_caught_at_start_up(fixtures):
    """A YAML file that is no fixture document used to pass the checks and break `load_rules`."""
    (fixtures / "pulp-alley/notes.yaml").write_text("- just a list\n")
    assert fixture_problems(fixtures) == [
        f"{fixtures / 'pulp-alley/notes.yaml'}: expected character types, a deck or library entries"
    ]


def test_a_changelog_note_id_twice_or_a_note_without_words_is_caught(fixtures):
    path = fixtures / "7tv/changelog.yaml"
    edit(path, lambda notes: notes.append(dict(notes[0])))
    assert any("note 'first-release' twice" in problem for problem in fixture_problems(fixtures))
    edit(path, lambda notes: notes.append({"id": "silent"}))
    assert any("each with an `id` and `what`" in problem for problem in fixture_problems(fixtures))
