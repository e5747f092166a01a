"""The card template interface, one for every ruleset and deck.

A *face* is one printable side of a card: a template under templates/cards/print/faces/ and
the plain view-model dict it renders, plus the font sizes chosen to fit its text and any
notes about text that still does not fit. A FaceKind ties a template to two functions: one
turns domain data (a roster-format character dict, a deck card dict) into the view-model,
the other fits the view-model's text into the template's boxes.

Each game's definition (rules/games/<game>/definition.py) names its character kind and one
kind per deck, kept with their templates in the game's own cards/games/<game>/; sheets.py needs
no change. A design that prints rules on the card back (7TV) gives its FaceKind a `back` kind;
the others share the plain back.
"""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field

from cards.printing import cache
from cards.printing.cache import pictures_replaced
from cards.printing.fitting import Box, Run, fit
from cards.printing.portrait_prints import portrait_uri
from rosters.portraits import PORTRAIT_BOX_MM
from rules.engines.base import RulesBook
from rules.rulesets import find

FACES_DIR = "cards/print/faces"
# What a face prints for a value its book does not give and nobody filled in: a dash, or a
# line to write on (Pulp Fiction's lost charts). The Print page counts them before paper.
BLANK_MARKS = frozenset({"–", "—", "____"})


def blanks_in(value) -> int:
    """How many values of a view-model print as a blank."""
    if isinstance(value, str):
        return int(value in BLANK_MARKS)
    if isinstance(value, dict):
        return sum(blanks_in(item) for item in value.values())
    if isinstance(value, list | tuple):
        return sum(blanks_in(item) for item in value)
    return 0


class NoCardDesign(LookupError):
    """Nothing registered to print this ruleset's characters or this deck yet."""


@dataclass(frozen=True)
class Face:
    template: str
    data: dict
    title: str  # how the print page names this card in its notes
    layout: dict = field(default_factory=dict)  # fitted font sizes in pt by text box, and
    # any other choice the fitting made (e.g. where the flavour text goes)
    problems: tuple[str, ...] = ()
    copies: int = 1
    back: Face | None = None
    # Drawn over this face where it is placed: the card's printed code (codes.py). No part
    # of the face's own drawing, so its cache key and its code's hash leave it out.
    stamp: Face | None = None
    # The design's ground template, drawn under the face (grounds.py); None: the face is
    # the whole card.
    ground: str | None = None

    @property
    def blanks(self) -> int:
        return blanks_in(self.data)


@dataclass(frozen=True)
class FaceKind:
    template: str
    view_model: Callable[..., dict]
    fit: Callable[[dict], tuple[dict, list[str]]]
    # A design whose card back carries rules (7TV): the back's kind, whose view_model turns
    # the front's view-model into the back's, or None when there is nothing to put there.
    back: FaceKind | None = None
    # The portrait box in print.css, width and height in mm: pictures are sized to it.
    portrait_mm: tuple[float, float] = PORTRAIT_BOX_MM
    # What every card of the design prints alike, drawn once and laid under each face
    # (grounds.py); the template then draws only the card's own values.
    ground: str | None = None

    def own_back(self, view, *, title) -> Face | None:
        data = self.back.view_model(view) if self.back else None
        return None if data is None else self.back.face(data, title=title)

    def face(self, data, *, title, copies=1, back=None) -> Face:
        layout, problems = remembered_fit(self.fit, data)
        return Face(
            template=self.template,
            data=data,
            title=title,
            layout=layout,
            problems=tuple(f"{title}: {problem}" for problem in problems),
            copies=copies,
            back=back,
            ground=self.ground,
        )


# Fitted layouts by what was fitted: (fit function's name, its view-model as text). Measuring
# every word of every card again took most of an unchanged reprint (0.2 s for 90 cards,
# before the face cache is even asked); this process fits each view-model once. Bounded,
# oldest out.
FITS_KEPT = 4096
_fits: OrderedDict[tuple[str, str], tuple[dict, tuple[str, ...]]] = OrderedDict()
_fits_lock = threading.Lock()  # request threads share it
# The fits a fits_recalled block has asked for, in this thread.
_asked = threading.local()


def fitting_key(data) -> str:
    """The view-model as the fit reads it. A picture inlined as a data URI stands for itself
    only by being there: fitting measures text, so a picture's pixels can change no size,
    and hashing a portrait's bytes cost as much as fitting its card."""
    return json.dumps(without_pictures(data), sort_keys=True, default=repr)


def without_pictures(data):
    return pictures_replaced(data, lambda uri: "data:")


def fit_name(fit_function) -> str:
    return f"{fit_function.__module__}.{fit_function.__qualname__}"


def remembered_fit(fit_function, data) -> tuple[dict, list[str]]:
    """fit_function(data), from this process's memory when the same view-model was fitted
    before. The caller gets its own copy of the layout: faces are handed around and printed,
    and one must never change another's."""
    key = (fit_name(fit_function), fitting_key(data))
    with _fits_lock:
        kept = _fits.get(key)
        if kept is not None:
            _fits.move_to_end(key)
    if kept is None:
        layout, problems = fit_function(data)
        kept = (copy.deepcopy(layout), tuple(problems))
        with _fits_lock:
            _fits[key] = kept
            if len(_fits) > FITS_KEPT:
                _fits.popitem(last=False)
    if (asked := getattr(_asked, "fits", None)) is not None:
        asked[key] = kept
    return copy.deepcopy(kept[0]), list(kept[1])


def forget_fits() -> None:
    """This process's fits forgotten, as in a process just started."""
    with _fits_lock:
        _fits.clear()


@contextmanager
def fits_recalled(name: str):
    """The block's fits from the print cache, where the last block of this `name` (a roster
    file) kept them, and kept there for the next one. A command is a new process, with no
    fit in memory: without this, every reprint of a file fitted all its cards again (60 ms
    for 90), where only a changed card needs it. A fit kept is found only under its own
    view-model and the print code's version, like any in memory, so a changed card is
    fitted afresh."""
    key = cache.digest(cache.FITS, cache.code_version(), name)
    stored = cache.load(cache.FITS, key)
    recalled = {
        (fit, text): (layout, tuple(problems))
        for fit, text, layout, problems in (json.loads(stored) if stored else [])
    }
    with _fits_lock:
        for entry, kept in recalled.items():
            _fits.setdefault(entry, kept)
    _asked.fits = {}
    try:
        yield
        asked = _asked.fits
    finally:
        _asked.fits = None
    if asked.keys() != recalled.keys():
        entries = [[*entry, layout, list(problems)] for entry, (layout, problems) in asked.items()]
        cache.replace(cache.FITS, key, json.dumps(entries).encode())


def fitted(boxes: dict[str, tuple[Box, list, str]]):
    """Font sizes and overflow notes for named boxes: {name: (box, paragraphs, what)}."""
    sizes, problems = {}, []
    for name, (box, paragraphs, what) in boxes.items():
        result = fit(paragraphs, box)
        sizes[name] = result.size_pt
        if note := result.note(what):
            problems.append(note)
    return sizes, problems


# ---- Backs ---------------------------------------------------------------------------------
def back(*, title, subtitle) -> dict:
    return {"title": title, "subtitle": subtitle}


# One line between the frame's sides.
BACK_TITLE = Box(width_mm=43.1, height_mm=8.0, sizes_pt=(20, 18, 16, 14, 12, 10), line_height=1.0)


def fit_back(view):
    title = Run(view["title"].upper(), "heading-bold", tracking=0.1)
    return fitted({"title": (BACK_TITLE, [[title]], "Title")})


BACK = FaceKind(f"{FACES_DIR}/back.html", back, fit_back)


def has_own_back(face: Face) -> bool:
    """Whether the card's back carries its own rules (a 7TV profile), not the plain back."""
    return face.back is not None and face.back.template != BACK.template


def character_face(
    character: dict, rules: RulesBook, *, ruleset_name, portrait=None, copies=1, campaign=()
) -> Face:
    """One character's card, with its own back if the design has one, else the ruleset's.
    `portrait` is the picture's JPEG bytes, printed at the design's box size. `campaign` are
    the lines a roster's campaign adds (cards/campaign.py); a design that has room prints
    them."""
    definition = find(rules.ruleset)
    if definition is None:
        raise NoCardDesign(f"There is no card design for {ruleset_name} characters yet.")
    kind = definition.character_face_kind
    view = kind.view_model(character, rules, portrait_uri=portrait_uri(portrait, kind.portrait_mm))
    view["campaign"] = list(campaign)
    card_back = kind.own_back(view, title=f"{view['name']} (back)") or BACK.face(
        back(title=ruleset_name, subtitle="Cliffhanger"), title="Card back"
    )
    return kind.face(view, title=view["name"], copies=copies, back=card_back)


def deck_faces(deck: dict) -> list[Face]:
    """Every design in a deck, each with its copies count and the deck's back.
    `deck` is plain data: ruleset, slug, name, back_label and cards (number, name, copies,
    page and the card's own data)."""
    definition = find(deck["ruleset"])
    kind = definition.deck_face_kind(deck["slug"]) if definition else None
    if kind is None:
        raise NoCardDesign(f"There is no card design for the {deck['name']} yet.")
    card_back = BACK.face(
        back(title=deck.get("back_label") or deck["name"], subtitle=deck.get("ruleset_name", "")),
        title=f"{deck['name']} back",
    )
    return [
        kind.face(
            kind.view_model(card),
            title=f"{deck['name']} {card['number']}",
            copies=card.get("copies", 1),
            back=card_back,
        )
        for card in deck["cards"]
    ]
