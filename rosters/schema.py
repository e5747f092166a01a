"""The roster file's JSON Schema, put together: the shape every game shares
(rosters/roster.schema.json), the shapes it shares with the rules data (slugs, counts, dice,
effects: rules/engines/shapes.schema.json, the one copy), and each registered ruleset's own part
(fixtures/<slug>/roster-schema.json: its `choices`, a character's `profile`, what its house
rules' `data` may hold, and the `$defs` they use), joined by one if/then block per ruleset.
docs/roster.schema.json is the same schema for readers, kept equal by a test."""

import copy
import json
from pathlib import Path

from rules.engines.completions import completion_kind
from rules.engines.effects import shapes
from rules.fixture_folder import FIXTURES_DIR
from rules.rulesets import definition_for, playable_slugs

BASE_PATH = Path(__file__).with_name("roster.schema.json")
PART_NAME = "roster-schema.json"


def ruleset_part(slug, fixtures_dir=FIXTURES_DIR) -> dict:
    return json.loads((fixtures_dir / slug / PART_NAME).read_text(encoding="utf-8"))


# Most games' house rules are what the house-rules page saves: no `data` at all.
NO_HOUSE_RULE_DATA = {"$ref": "#/$defs/no_house_rule_data"}
# A game without between-game rules here keeps what a file's campaign block says only as
# bounded whole numbers: anything else would come back changed (PostgreSQL reads 1e20 back
# as a 21-digit integer) or be a page nobody can print.
NO_CAMPAIGN_RULES = {"$ref": "#/$defs/campaign_tallies"}


def house_rule_of(slug, part):
    """What one of this game's house rules (or completions) may hold: a roster file's and a
    data pack's alike (rosters/data_packs.py)."""
    house_rule = {"properties": {"data": part.get("house_rule_data", NO_HOUSE_RULE_DATA)}}
    return with_completions(slug, house_rule)


def with_completions(slug, house_rule):
    """A house rule of the game, or one of its completions (a kind its definition lets
    players complete, + "-completion"), whose data is bounded by that kind's own `$defs`."""
    completions = definition_for(slug).completions
    for kind, shape in sorted(completions.items(), reverse=True):
        house_rule = {
            "if": {"required": ["kind"], "properties": {"kind": {"const": completion_kind(kind)}}},
            "then": {"properties": {"data": {"$ref": f"#/$defs/{shape}"}}},
            "else": house_rule,
        }
    return house_rule


def ruleset_block(slug, part):
    """Applies the part's choices, profile, house rules' data and campaign block (tallies,
    when the game has no campaign of its own) to files of this ruleset only."""
    properties = {
        "choices": part["choices"],
        "characters": {"items": {"properties": {"profile": part["profile"]}}},
        "house_rules": {"items": house_rule_of(slug, part)},
        "campaign": part.get("campaign", NO_CAMPAIGN_RULES),
    }
    return {
        "if": {"required": ["ruleset"], "properties": {"ruleset": {"const": slug}}},
        "then": {"properties": properties},
    }


def roster_schema() -> dict:
    schema = json.loads(BASE_PATH.read_text(encoding="utf-8"))
    schema["$defs"] = copy.deepcopy(shapes()["$defs"]) | schema["$defs"]
    blocks = []
    for slug in playable_slugs():
        part = ruleset_part(slug)
        schema["$defs"] |= part.get("$defs", {})
        blocks.append(ruleset_block(slug, part))
    return {**schema, "allOf": blocks}
