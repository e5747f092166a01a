"""How a Dime Novel character reads in the roster reference: its grit, and its knacks."""

from cards.cheatsheets.readings import ProfileReading, type_label


def reading(character, printed, rules) -> ProfileReading:
    return ProfileReading(
        columns=("Grit",),
        cells=(str(printed.game.grit or "—"),),
        health=0,
        type_name=type_label(character, rules),
        uses={"knacks": list(printed.game.knacks)},
    )
