"""Pulp City: a Super Team of Level 1-3 Supremes making up an Encounter Level, with Resources
bought from the pool and Agenda cards."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec, Setting

SIDES = (("heroes", "Heroes"), ("villains", "Villains"))
BANDS = {3: "Small Street Brawl", 7: "Typical Skirmish", 12: "Major Team Clash"}

DEFINITION = RulesetDefinition(
    slug="pulp-city",
    engine="rules.engines.pulp_city",
    designer="cards.designers.pulp_city.PulpCityCharacterForm",
    character_face="cards.printing.faces_pulp_city.SUPREME",
    deck_faces={
        "agenda": "cards.printing.faces_pulp_city.AGENDA",
        "resource": "cards.printing.faces_pulp_city.RESOURCE",
    },
    cheatsheet_reading="cards.cheatsheets.readings.pulp_city",
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
    house_rule_kinds={"supreme": "level", "resource": "level", "skill": "", "sub-faction": ""},
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
)
