"""The registry finds every game from its own folder: a package under rules/games/ (or one the
CLIFFHANGER_EXTRA_GAMES setting names) with a definition module exposing DEFINITION, in the
order of the games' ruleset.yaml rows. A broken game package stops start-up naming the package
and its file."""

import pkgutil

import pytest
from django.core.exceptions import ImproperlyConfigured

import rules.games
from rules import rulesets
from rules.fixture_folder import FixtureError, ruleset_rows
from rules.rulesets import PACKAGES, REGISTRY, discovered


def test_every_game_folder_is_registered_in_the_order_of_its_data():
    folders = {f"rules.games.{m.name}" for m in pkgutil.iter_modules(rules.games.__path__)}
    assert set(PACKAGES.values()) == folders
    listed = [row["slug"] for row in ruleset_rows()]
    assert list(REGISTRY) == [slug for slug in listed if slug in REGISTRY]
    assert rulesets.playable_slugs()[0] == "pulp-alley"  # the designer opens on the first game


def game_package(root, name, definition_source):
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "definition.py").write_text(definition_source)
    return package


def test_an_extra_game_named_by_the_setting_is_registered(tmp_path, monkeypatch, settings):
    game_package(
        tmp_path,
        "dime_novel",
        "import dataclasses\nfrom rules.games.pulp_alley.definition import DEFINITION as PA\n"
        "DEFINITION = dataclasses.replace(PA, slug='dime-novel')\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    settings.CLIFFHANGER_EXTRA_GAMES = ["dime_novel"]
    found, packages = discovered()
    assert list(found)[-1] == "dime-novel"  # no ruleset.yaml row yet: last
    assert packages["dime-novel"] == "dime_novel"


def test_a_game_package_without_a_definition_stops_start_up_naming_its_file(
    tmp_path, monkeypatch, settings
):
    package = game_package(tmp_path, "no_definition", "DEFINITION = 'pulp-alley'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    settings.CLIFFHANGER_EXTRA_GAMES = ["no_definition"]
    with pytest.raises(ImproperlyConfigured) as raised:
        discovered()
    assert "'no_definition'" in str(raised.value)
    assert str(package / "definition.py") in str(raised.value)


def test_a_misnamed_extra_game_stops_start_up_naming_it(settings):
    settings.CLIFFHANGER_EXTRA_GAMES = ["no_such_game_package"]
    with pytest.raises(ImproperlyConfigured, match="'no_such_game_package': its definition"):
        discovered()


def test_two_packages_defining_one_slug_stop_start_up_naming_both(tmp_path, monkeypatch, settings):
    game_package(
        tmp_path, "second_alley", "from rules.games.pulp_alley.definition import DEFINITION\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    settings.CLIFFHANGER_EXTRA_GAMES = ["second_alley"]
    with pytest.raises(ImproperlyConfigured, match="'rules.games.pulp_alley' and 'second_alley'"):
        discovered()


def test_a_game_folder_row_without_its_order_is_named(tmp_path):
    (tmp_path / "dime-novel").mkdir()
    (tmp_path / "dime-novel" / "ruleset.yaml").write_text("name: Dime Novel\n")
    with pytest.raises(FixtureError, match="dime-novel/ruleset.yaml: expected a mapping"):
        ruleset_rows(tmp_path)
