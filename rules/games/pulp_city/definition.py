"""Pulp City: a Super Team of Level 1-3 Supremes making up an Encounter Level, with Resources
bought from the pool and Agenda cards."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec, Setting

SIDES = (("heroes", "Heroes"), ("villains", "Villains"))
BANDS = {3: "Small Street Brawl", 7: "Typical Skirmish", 12: "Major Team Clash"}

# The book caps no card number (a trait, Damage, AP Allowance, a Blast's X or a range), so
# these are the roster file's own bounds; the Card Designer, the house-rules form and the
# completion form all take exactly these, and a test holds the file's schema to them.
PROFILE = "characters[].profile"
HOUSE_CARD = "house_rules[].data"
TRAIT = f"{PROFILE}.traits.*"
DAMAGE = f"{PROFILE}.damage"
AP = f"{PROFILE}.ap"
SKILL_VALUE = f"{PROFILE}.skills[].x"
RADIUS = f"{PROFILE}.exclusive_actions[].attack.radius"
RANGE = f"{PROFILE}.exclusive_actions[].range"
MODELS = f"{HOUSE_CARD}.models"
SHIELD = f"{HOUSE_CARD}.shield"
CARD_NUMBER = (0, 99)
BOUNDS = {
    TRAIT: CARD_NUMBER,
    DAMAGE: CARD_NUMBER,
    AP: CARD_NUMBER,
    SKILL_VALUE: CARD_NUMBER,
    RADIUS: CARD_NUMBER,
    RANGE: (0, 999),
    MODELS: (1, 99),
    SHIELD: CARD_NUMBER,
}

DEFINITION = RulesetDefinition(
    slug="pulp-city",
    engine="rules.games.pulp_city.engine",
    play="rules.games.pulp_city.play",
    designer="cards.games.pulp_city.designer.PulpCityCharacterForm",
    character_face="cards.games.pulp_city.faces.SUPREME",
    deck_faces={
        "agenda": "cards.games.pulp_city.faces.AGENDA",
        "resource": "cards.games.pulp_city.faces.RESOURCE",
    },
    cheatsheet_reading="cards.games.pulp_city.cheatsheet.reading",
    builder=BuilderSpec(
        choice_kinds={"agendas": "agenda"},
        settings=(
            Setting("side", "Side", choices=SIDES, page=8),
            Setting("opponent_side", "Opponent's side", choices=SIDES, page=33),
        ),
        # Every Encounter Level the book allows (p.9), named by the book's size bands.
        budget_presets=tuple(
            (level, f"{level}: {BANDS[max(b for b in BANDS if b <= level)]}")
            for level in range(3, 25)
        ),
    ),
    completions={
        "supreme": "pulp_city_supreme_completion",
        "resource": "pulp_city_resource_completion",
    },
    house_rule_kinds={"supreme": "level", "resource": "level", "skill": "", "sub-faction": ""},
    house_rule_form="rules.games.pulp_city.house_rules.PulpCityHouseRuleForm",
    kind_labels={
        "trait": ("Trait", "Traits"),
        "origin": ("Origin", "Origins"),
        "core-rule": ("Rule", "Core rules"),
        "encounter-band": ("Encounter size", "Encounter sizes"),
        "universal-action": ("Universal Action", "Universal Actions"),
        "trump-action": ("Trump Trait Action", "Trump Trait Actions"),
        "attack-type": ("Attack type", "Attack types"),
        "condition": ("Condition", "Conditions"),
        "skill": ("Skill", "Skills"),
        "sub-faction": ("Sub-faction", "Sub-factions"),
        "supreme": ("Supreme", "Supremes"),
        "resource": ("Resource", "Resources"),
        "resource-category": ("Resource kind", "Resource kinds"),
        "agenda": ("Agenda", "Agendas"),
    },
    campaign_note=(
        "The Pulp City game guide has no rules for progress between games: its introduction"
        " (p.5) only promises campaigns in later releases, so there is nothing to record here."
    ),
    example="pulp-city-starter-box.json",
    bounds=BOUNDS,
)
