"""What a ruleset's roster builder offers besides the cards in it, read from its definition
(rules/rulesets/): checkbox lists of library choices (Pulp Alley perks), scalar settings (a 7TV
cast's affiliation and chosen genre), profiles added straight from the library (7TV), budget
presets. How a member's profile reads in a row and which roles it may take are the engine's."""

from rules.rulesets import BuilderSpec, find


def builder_for(slug) -> BuilderSpec:
    definition = find(slug)
    return definition.builder if definition else BuilderSpec()


def setting_options(setting, rules):
    if setting.kind:
        return [
            (e["slug"], e["name"])
            for e in sorted(rules.of_kind(setting.kind), key=lambda e: e["name"])
        ]
    return list(setting.choices)
