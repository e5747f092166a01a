"""Dime Novel, the template game: a posse of one Hero and Sidekicks bought with dollars."""

from rules.rulesets.definition import RulesetDefinition
from rules.rulesets.parts import BuilderSpec

DEFINITION = RulesetDefinition(
    slug="dime-novel",
    engine="dime_novel.engine",
    play="dime_novel.play",
    designer="dime_novel_cards.designer.DimeNovelCharacterForm",
    character_face="dime_novel_cards.faces.POSSE_CARD",
    cheatsheet_reading="dime_novel_cards.cheatsheet.reading",
    builder=BuilderSpec(budget_presets=((20, "20: a posse"), (30, "30: a big posse"))),
    kind_labels={"knack": ("Knack", "Knacks")},
    example="dime-novel-posse.json",
    campaign_note="The template game has no rules between games.",
)
