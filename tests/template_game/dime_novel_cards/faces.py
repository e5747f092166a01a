"""Dime Novel's one card face: name, type, grit and knacks."""

from dime_novel.engine import printed_profile

from cards.printing.faces import FACES_DIR, FaceKind, fitted
from cards.printing.fitting import Box, Run

BODY = Box(width_mm=52.5, height_mm=40.0, sizes_pt=(9, 8, 7, 6))


def posse_card(character, rules, *, portrait_uri=None):
    printed = printed_profile(character, rules)
    return {
        "name": printed.name,
        "type_name": printed.type_name,
        "grit": printed.game.grit,
        "knacks": list(printed.game.knacks),
        "portrait_uri": portrait_uri,
    }


def fit_posse_card(view):
    return fitted({"body": (BODY, [[Run(knack)] for knack in view["knacks"]], "Knacks")})


POSSE_CARD = FaceKind(f"{FACES_DIR}/dime-novel-card.html", posse_card, fit_posse_card)
