"""Pulp Alley: a league of a Leader and colleagues bought with roster slots."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec

DEFINITION = RulesetDefinition(
    slug="pulp-alley",
    engine="rules.games.pulp_alley.engine",
    designer="cards.games.pulp_alley.designer.PulpAlleyCharacterForm",
    character_face="cards.games.pulp_alley.faces.PULP_ALLEY_CHARACTER",
    deck_faces={
        "fortune": "cards.games.pulp_alley.faces.FORTUNE",
        "plot-point-rewards": "cards.games.pulp_alley.faces.PLOT_POINT_REWARD",
    },
    cheatsheet_reading="cards.games.pulp_alley.cheatsheet.reading",
    builder=BuilderSpec(choice_kinds={"perks": "perk"}),
    house_rule_kinds={"ability": "level", "perk": "cost"},
    kind_labels={
        "ability": ("Ability", "Ability Library"),
        "perk": ("League perk", "Perk Library"),
        "reputation-perk": ("Reputation perk", "Reputation perks"),
        "society-perk": ("Secret Society perk", "Secret Society perks"),
        "secret-society": ("Secret Society", "Secret Societies"),
        "tip": ("Tip", "Tips"),
        "contact": ("Contact", "Contacts"),
        "gear": ("Gear", "Gear"),
        "backup": ("Backup", "Backup characters"),
        "skill": ("Skill", "Skills"),
    },
    deck_card_needs={
        "fortune": ("play", "effect", "challenge"),
        "plot-point-rewards": ("bonus", "reward"),
    },
    example="singapore-smith.json",
    campaign="rules.games.pulp_alley.campaign",
)
