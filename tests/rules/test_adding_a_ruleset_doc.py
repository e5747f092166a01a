"""docs/adding-a-ruleset.md says what the code demands: its campaign list is exactly the parts
the start-up check wants, its engine table the entry points it checks, its definition sample
every field a definition has, and its folders are where the shipped games live."""

import dataclasses
import re
from pathlib import Path

from django.conf import settings

from rules.checks import CAMPAIGN_PARTS, ENGINE_FUNCTIONS
from rules.rulesets import PACKAGES, RulesetDefinition

DOC = (Path(settings.BASE_DIR) / "docs" / "adding-a-ruleset.md").read_text(encoding="utf-8")


def section(title):
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_campaign_list_is_what_the_start_up_check_demands():
    listed = re.findall(r"^- `(\w+)", section("Campaigns"), re.M)
    assert listed == list(CAMPAIGN_PARTS)


def test_the_engine_table_names_every_part_the_check_wants():
    named = re.findall(r"^\| `(\w+)", section("The engine"), re.M)
    assert named == [*ENGINE_FUNCTIONS, "EFFECT_KEYS", "RECORDED_EFFECT_KEYS", "BOSS_ROLES"]


def test_the_definition_sample_shows_every_field():
    sample = section("The definition").split("```python", 1)[1].split("```", 1)[0]
    shown = re.findall(r"^    (\w+)=", sample, re.M)
    assert sorted(shown) == sorted(field.name for field in dataclasses.fields(RulesetDefinition))


def test_the_folders_it_names_are_where_each_shipped_game_lives():
    base = Path(settings.BASE_DIR)
    for slug, package in PACKAGES.items():
        game = package.rpartition(".")[2]
        assert (base / "rules" / "games" / game / "definition.py").is_file()
        assert (base / "cards" / "games" / game / "templates").is_dir()
        assert (base / "fixtures" / slug / "ruleset.yaml").is_file()
        assert (base / "tests" / "games" / f"{game}.py").is_file()
