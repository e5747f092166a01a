"""Pulp Fiction: a band of figures with no points, led by its Leaders' activation points."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec

# A figure's written numbers as the roster file holds them; the Card Designer takes exactly
# these. The source lost its weapon and armour charts, so no to-hit, range, attacks or save is
# the book's to cap; wounds and move it fixes per type and trait (Tough as Nails 4, Limited
# Mobility under 4"), rules the report checks against what the card says, not bounds.
PROFILE = "characters[].profile"
WOUNDS = f"{PROFILE}.wounds"
MOVE = f"{PROFILE}.move"
TO_HIT = f"{PROFILE}.weapons[].to_hit"
RANGE = f"{PROFILE}.weapons[].range_inches"
ATTACKS = f"{PROFILE}.weapons[].attacks"
SAVE = f"{PROFILE}.armour[].save"
BOUNDS = {
    WOUNDS: (1, 99),
    MOVE: (0, 99),
    TO_HIT: (1, 99),
    RANGE: (0, 999),
    ATTACKS: (1, 99),
    SAVE: (1, 6),  # a d6 roll of this or more
}

DEFINITION = RulesetDefinition(
    slug="pulp-fiction",
    engine="rules.games.pulp_fiction.engine",
    play="rules.games.pulp_fiction.play",
    designer="cards.games.pulp_fiction.designer.PulpFictionCharacterForm",
    character_face="cards.games.pulp_fiction.faces.STAT_CARD",
    cheatsheet_reading="cards.games.pulp_fiction.cheatsheet.reading",
    token_sheet="cards.games.pulp_fiction.faces.band_tokens",
    # No points, so no budget presets; a band makes no choices as a whole.
    builder=BuilderSpec(),
    # Traits, weapons and kit players invent need no number: nothing is priced or levelled.
    completions={
        "weapon": "pulp_fiction_weapon_completion",
        "armour": "pulp_fiction_armour_completion",
    },
    house_rule_kinds={"trait": "", "weapon": "", "equipment": ""},
    kind_labels={
        "trait": ("Trait", "Traits and unnatural abilities"),
        "action": ("Action", "Actions"),
        "rule": ("Rule", "Rules"),
        "weapon": ("Weapon", "Weapons"),
        "armour": ("Armour", "Body armour"),
        "equipment": ("Equipment", "Special equipment"),
        "sample-character": ("Sample character", "Sample characters"),
    },
    campaign_note=(
        "Gilbert's Pulp Fiction rules stop at the end of the battle: they say nothing of"
        " experience, lasting wounds or linked games, so there is nothing to record here."
    ),
    example="pulp-fiction-heroes.json",
    bounds=BOUNDS,
)
