"""What the printed sheets and cards show of a roster's campaign: the league's standing and,
per character, what it carries between games. The words come from the ruleset's campaign
module; a game without one, or a roster that never played, prints nothing extra."""

from dataclasses import dataclass, field

from rules.engines.plain import as_dict, as_list
from rules.rulesets import find


@dataclass(frozen=True)
class CampaignPrint:
    league: tuple[str, ...] = ()
    # By character id, as the campaign's own records name them (p.44 learned, escapes).
    characters: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def of(self, character) -> tuple[str, ...]:
        return self.characters.get(str(as_dict(character).get("id")), ())

    def on_card(self, character) -> tuple[str, ...]:
        """A card's campaign lines: the character's own, then the league's standing."""
        league = (f"League: {self.league[0]}",) if self.league else ()
        return (*self.of(character), *league)


def campaign_print(roster: dict, rules) -> CampaignPrint:
    definition = find(rules.ruleset)
    module = definition.campaign_module if definition else None
    state = as_dict(roster.get("campaign"))
    if module is None or not state:
        return CampaignPrint()
    return CampaignPrint(
        league=tuple(module.league_lines(state, rules)),
        characters={
            str(character.get("id")): tuple(module.character_lines(state, character, rules))
            for character in map(as_dict, as_list(roster.get("characters")))
        },
    )
