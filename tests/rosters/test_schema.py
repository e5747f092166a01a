"""The roster schema is put together from the shared shape and each registered ruleset's
part; the copy in docs/ for readers says exactly the same."""

import json
from pathlib import Path

from django.conf import settings
from jsonschema import Draft202012Validator

from rosters.schema import roster_schema
from rules.rulesets import REGISTRY

DOCS_COPY = Path(settings.BASE_DIR) / "docs" / "roster.schema.json"


def test_the_documented_schema_is_the_one_the_app_checks_files_against():
    assert json.loads(DOCS_COPY.read_text(encoding="utf-8")) == roster_schema()


def test_every_registered_ruleset_has_its_own_block():
    blocks = roster_schema()["allOf"]
    assert [block["if"]["properties"]["ruleset"]["const"] for block in blocks] == list(REGISTRY)
    Draft202012Validator.check_schema(roster_schema())


def test_a_ruleset_part_applies_only_to_its_own_files():
    validator = Draft202012Validator(roster_schema())
    # A 7TV line's model count: no Pulp Alley profile has one, every 7TV profile may.
    character = {"name": "Arge", "type": "sidekick", "profile": {"count": 2}}
    document = {
        "format": "cliffhanger-roster",
        "version": 1,
        "name": "League",
        "characters": [character],
    }
    assert not validator.is_valid({**document, "ruleset": "pulp-alley"})
    assert validator.is_valid({**document, "ruleset": "7tv"})
