"""How a Pulp City printed profile reads in the roster reference (the definition's
cheatsheet_reading)."""

from cards.cheatsheets.readings import ProfileReading, type_label
from rules.engines.base import RulesBook


def reading(character, printed, rules: RulesBook) -> ProfileReading:
    """Level, the six traits (Trump Traits marked T), Damage and AP as the engine's roster row
    has them; the type with sides, Origin and sub-faction; the skills, Trump Trait Actions,
    Exclusive Actions (with their notation) and Team Power for the reference groups."""
    card, cells = printed.game, printed.cells
    described = [type_label(character, rules), " / ".join(card.sides)]
    described += [card.origin or "", card.team_allegiance or ""]
    return ProfileReading(
        columns=tuple(label for label, _ in cells),
        cells=tuple(value for _, value in cells),
        health=next(i for i, (label, _) in enumerate(cells) if label == "Damage"),
        type_name=" · ".join(part for part in described if part),
        uses={
            "skills": [skill["name"] for skill in card.skills],
            "trump_actions": [action["name"] for action in card.trump_actions],
            "exclusive_actions": [
                {
                    "name": f"{action['name']} {action['notation']}".strip(),
                    "summary": action["summary"],
                }
                for action in card.exclusive_actions
            ],
            # Every model has one, always on (p.15): the team's players look them up together.
            "team_powers": [card.team_power] if card.team_power else [],
        },
    )
