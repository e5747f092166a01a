"""Pulp Alley: a league of a Leader and colleagues bought with roster slots."""

from config.limits import CAMPAIGN_MAX_GAMES
from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec

# A league's campaign in whole numbers (p.44-45). The league page's forms take these, the
# campaign rules (rules/games/pulp_alley/campaign.py) keep every total within them, and the
# file's campaign block holds them (`bounds` below).
# One scenario's victory points: a scenario's plot points give a handful each.
VICTORY_POINTS_MOST = 99
# Reward cards a league holds at one scenario's end: one per plot point won, about five.
REWARD_CARDS_MOST = 10
# The most a bank, or the league's Experience, can hold after CAMPAIGN_MAX_GAMES games of
# REWARD_CARDS_MOST cards each; Reputation gains a scenario's victory points each game.
BANKED_MOST = CAMPAIGN_MAX_GAMES * REWARD_CARDS_MOST
REPUTATION_MOST = CAMPAIGN_MAX_GAMES * VICTORY_POINTS_MOST
# A Harrowing Escape roll (p.44): 1d6.
ESCAPE_ROLL = (1, 6)
# Dice in one skill's pool ("3d8"), the Card Designer's and the roster file's dice notation
# (its pattern, 1 to 99 dice). The book states no most: a type's creation pattern (pp.6-7)
# is a rule the report checks, and abilities add dice on top.
SKILL_DICE = (1, 99)

DEFINITION = RulesetDefinition(
    slug="pulp-alley",
    engine="rules.games.pulp_alley.engine",
    play="rules.games.pulp_alley.play",
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
    bounds={
        "campaign.games": (0, CAMPAIGN_MAX_GAMES),
        "campaign.reputation": (0, REPUTATION_MOST),
        "campaign.experience": (0, BANKED_MOST),
        "campaign.banks.*": (0, BANKED_MOST),
        "campaign.learned[].game": (0, CAMPAIGN_MAX_GAMES),
        "campaign.pending[].roll": ESCAPE_ROLL,
    },
)
