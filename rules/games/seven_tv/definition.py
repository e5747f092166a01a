"""7TV: a cast of Stars, Co-Stars, Extras and vehicles bought with ratings."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec, Setting

# Models one roster line buys (a group of Extras): the builder's and the designer's count.
MODELS = (1, 99)
# A Star's or Co-Star's customisation (p.38) as the roster file holds it; the Card Designer
# takes exactly these. The book caps no move, Magic User rank or raised Defence, and limits
# every other statistic to one up or down: that is a rule the report checks (p.38), not a
# bound, so a house cast agreed with the opponent, or an older file, still saves and prints.
CUSTOMISATION = "characters[].profile.customisation"
MOVE = f"{CUSTOMISATION}.move"
MAGIC_USER = f"{CUSTOMISATION}.magic_user"
STAT_CHANGE = f"{CUSTOMISATION}.stats.*"
BOUNDS = {
    "characters[].profile.count": MODELS,
    MOVE: (1, 99),
    MAGIC_USER: (0, 9),
    STAT_CHANGE: (-9, 9),
}

DEFINITION = RulesetDefinition(
    slug="7tv",
    engine="rules.games.seven_tv.engine",
    play="rules.games.seven_tv.play",
    designer="cards.games.seven_tv.designer.SevenTVCharacterForm",
    character_face="cards.games.seven_tv.faces.SEVEN_TV_PROFILE",
    deck_faces={"script": "cards.games.seven_tv.faces.SEVEN_TV_SCRIPT"},
    # The 22 script cards our text lacks: a player copies them off their own deck once.
    completions={"script": "seven_tv_script_completion"},
    cheatsheet_reading="cards.games.seven_tv.cheatsheet.reading",
    builder=BuilderSpec(
        settings=(
            Setting(
                "affiliation",
                "Affiliation",
                choices=(
                    ("heroic", "Heroic"),
                    ("villainous", "Villainous"),
                    ("neutral", "Neutral"),
                ),
                page=22,
            ),
            Setting("genre", "Chosen genre", kind="genre", page=22),
        ),
        library_kind="profile",
        budget_presets=(
            (20, "20: small starter"),
            (25, "25: a first game"),
            (30, "30: starter"),
            (40, "40: basic"),
            (50, "50: basic"),
            (75, "75: large"),
        ),
    ),
    kind_labels={
        "skill": ("Skill", "Skills"),
        "profile": ("Profile", "Profiles"),
        "profile-genres": ("Your genres for a profile", "Your genres for profiles"),
        "special-effect": ("Special effect", "Special effects"),
        "profile-effect": ("Profile special effect", "Profile special effects"),
        "vehicle-effect": ("Vehicle special effect", "Vehicle special effects"),
        "star-quality": ("Star quality", "Star qualities"),
        "stunt": ("Stunt", "Stunts"),
        "genre": ("Genre", "Genres"),
        "unit": ("Unit", "Units"),
        "status": ("Status", "Statuses"),
        "weapon-effect": ("Weapon effect", "Weapon effects"),
        "prop": ("Prop", "Props"),
        "maguffin": ("Maguffin", "Maguffins"),
        "grimoire": ("Grimoire", "Grimoires"),
        "spell": ("Spell", "Spells"),
    },
    campaign_note=(
        "The 7TV rulebook leaves campaigns to its Ratings War rules (p.166), which are not in"
        " the edition this site reads, so there is nothing to record here yet."
    ),
    example="7tv-claire.json",
    bounds=BOUNDS,
)
