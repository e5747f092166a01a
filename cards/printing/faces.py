"""The card template interface, one for every ruleset and deck.

A *face* is one printable side of a card: a template under templates/cards/print/faces/ and
the plain view-model dict it renders, plus the font sizes chosen to fit its text and any
notes about text that still does not fit. A FaceKind ties a template to two functions: one
turns domain data (a roster-format character dict, a deck card dict) into the view-model,
the other fits the view-model's text into the template's boxes.

Each ruleset definition (rules/rulesets/) names its character kind and one kind per deck; a
new ruleset adds its kinds and templates and names them there; sheets.py needs no change. A design
that prints rules on the card back (7TV, whose view-models and fitting live in faces_7tv.py)
gives its FaceKind a `back` kind; the others share the plain back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cards.printing import faces_7tv
from cards.printing.fitting import Box, Run, fit, fit_name, overflow_notes
from cards.printing.portrait_prints import portrait_uri
from rosters.portraits import PORTRAIT_BOX_MM
from rules.engines.base import RulesBook
from rules.engines.plain import slugs
from rules.engines.pulp_alley import ability_slugs, printed_profile
from rules.rulesets import find

FACES_DIR = "cards/print/faces"


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

    def own_back(self, view, *, title) -> Face | None:
        data = self.back.view_model(view) if self.back else None
        return None if data is None else self.back.face(data, title=title)

    def face(self, data, *, title, copies=1, back=None) -> Face:
        layout, problems = self.fit(data)
        return Face(
            template=self.template,
            data=data,
            title=title,
            layout=layout,
            problems=tuple(f"{title}: {problem}" for problem in problems),
            copies=copies,
            back=back,
        )


def fitted(boxes: dict[str, tuple[Box, list, str]]):
    """Font sizes and overflow notes for named boxes: {name: (box, paragraphs, what)}."""
    sizes, problems = {}, []
    for name, (box, paragraphs, what) in boxes.items():
        result = fit(paragraphs, box)
        sizes[name] = result.size_pt
        if note := result.note(what):
            problems.append(note)
    return sizes, problems


# ---- Pulp Alley character card -------------------------------------------------------------
# Box sizes in mm match .pa-name, .pa-flavour and .pa-body in static/css/print.css.
# The name is one line: its box is one 12 pt line high and never wraps.
PA_NAME = Box(width_mm=52.5, height_mm=4.7, sizes_pt=(12, 11, 10, 9, 8, 7), line_height=1.1)
PA_FLAVOUR = Box(width_mm=26.0, height_mm=19.0, sizes_pt=(7, 6.5, 6), line_height=1.15)
PA_BODY = Box(width_mm=52.5, height_mm=26.5, sizes_pt=(8, 7.5, 7, 6.5, 6, 5.5), line_height=1.2)
HEALTH_NOTE = "* Any failed Health check takes this character out of play. p.21"


def pulp_alley_character(character: dict, rules: RulesBook, *, portrait_uri=None) -> dict:
    """The Pulp Alley card's view-model from a roster-format character and the rules."""
    kind = rules.character_type(character.get("type")) or {}
    profile = character.get("profile") or {}
    # Bought with Experience between games (p.44): the card says so.
    learned = set(slugs(profile.get("learned_abilities")))
    view = {
        "name": character.get("name") or "Unnamed",
        "type_name": kind.get("name") or str(character.get("type") or ""),
        "level": kind.get("level"),
        "health": None,
        "knocked_out_on_failed_health": False,
        "health_note": None,
        "skills": [],
        "abilities": [
            pulp_alley_ability(slug, rules) | {"learned": slug in learned}
            for slug in ability_slugs(profile)
        ],
        "flavour": character.get("flavour") or "",
        "portrait_uri": portrait_uri,
    }
    if (kind.get("profile") or {}).get("non_combatant"):
        return view  # a second-edition Associate: no dice at all
    card = printed_profile(character, rules).game
    view["health"] = card.health
    view["knocked_out_on_failed_health"] = card.knocked_out
    view["health_note"] = HEALTH_NOTE if card.knocked_out else None
    view["skills"] = [(skill_label(slug, rules), value) for slug, value in card.skills.items()]
    return view


def skill_label(slug, rules):
    entry = rules.entry("skill", slug)
    return entry["name"] if entry else slug.capitalize()


def pulp_alley_ability(slug, rules):
    entry = rules.entry("ability", slug)
    if entry is None:  # the report flags it; the card still names it
        return {"name": slug.replace("-", " ").title(), "level": None, "summary": "", "page": None}
    return {
        "name": entry["name"],
        "level": entry.get("level"),
        "summary": entry.get("summary", ""),
        "page": entry.get("page"),
    }


def ability_paragraph(ability, *, summary=True):
    """What the template prints for one ability, as runs of measured text."""
    runs = [Run(ability["name"], "body-bold")]
    if ability["level"]:
        runs.append(Run(f" L{ability['level']}", "body-bold"))
    if ability.get("learned"):
        runs.append(Run(" learned", "body-italic"))
    if summary and ability["summary"]:
        runs.append(Run(f" {ability['summary']}"))
    if ability["page"]:
        runs.append(Run(f" p.{ability['page']}"))
    return runs


SUMMARIES_LEFT_OUT = (
    "Abilities: too many to print with their summaries, so the card names them with their "
    "pages only."
)


def fit_pulp_alley_character(view):
    """Flavour text sits beside the portrait when it fits there; longer flavour moves under
    the abilities, where the box is twice the size, and shares its font size. A character
    with more abilities than summaries fit (a campaign veteran) gets names and pages only."""
    notes = [[Run(view["health_note"], "body-italic")]] if view.get("health_note") else []
    notes += [[Run(line, "body-italic")] for line in view.get("campaign", ())]
    flavour = [[Run(view["flavour"], "body-italic")]] if view["flavour"] else []
    beside = fit(flavour, PA_FLAVOUR)
    below = flavour if beside.overflow else []
    what = "Abilities and flavour text" if below else "Abilities"
    for summary in (True, False):
        abilities = [ability_paragraph(a, summary=summary) for a in view["abilities"]]
        if not fit(abilities + notes, PA_BODY).overflow:
            break
    body = fit(abilities + notes + below, PA_BODY)
    name = fit_name(view["name"], PA_NAME)
    problems = [] if summary else [SUMMARIES_LEFT_OUT]
    problems += overflow_notes((body, what), (name, "Name"))
    layout = {
        "name": name.size_pt,
        "flavour": beside.size_pt,
        "flavour_in_body": beside.overflow,
        "body": body.size_pt,
        "ability_summaries": summary,
    }
    return layout, problems


# ---- Pulp Alley decks ----------------------------------------------------------------------
# The upper half of every deck card: .deck-text in print.css.
PA_DECK_TEXT = Box(width_mm=52.5, height_mm=33.0, sizes_pt=(10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6))
ANY_SKILL = "any"


def card_number(card):
    """The printed number and how many copies of it the deck holds, e.g. "#02 / x2"."""
    return f"#{card['number']} / x{card.get('copies', 1)}"


def fortune_card(card: dict) -> dict:
    data = card.get("data") or {}
    challenge = data.get("challenge") or {}
    skills = challenge.get("skills") or []
    return {
        "number": card["number"],
        "label": card_number(card),
        "play": data.get("play", ""),
        "effect": data.get("effect", ""),
        "successes": challenge.get("successes"),
        "skills": [
            "Any skill" if skill == ANY_SKILL else skill.replace("-", " ").capitalize()
            for skill in skills
        ],
        "hits": challenge.get("hits"),
    }


def fit_fortune_card(view):
    return fitted(
        {
            "text": (
                PA_DECK_TEXT,
                [
                    [Run("PLAY ", "heading-bold"), Run(view["play"])],
                    [Run("EFFECT ", "heading-bold"), Run(view["effect"])],
                ],
                "Card text",
            )
        }
    )


def reward_card(card: dict) -> dict:
    data = card.get("data") or {}
    return {
        "number": card["number"],
        "label": card_number(card),
        "bonus": data.get("bonus", ""),
        "reward": data.get("reward", ""),
    }


def fit_reward_card(view):
    paragraphs = [[Run("BONUS ", "heading-bold"), Run(view["bonus"])]]
    return fitted({"text": (PA_DECK_TEXT, paragraphs, "Bonus text")})


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


# The kinds each ruleset definition names (rules/rulesets/): one per character design and
# one per printable deck.
PULP_ALLEY_CHARACTER = FaceKind(
    f"{FACES_DIR}/pulp-alley-character.html", pulp_alley_character, fit_pulp_alley_character
)
SEVEN_TV_PROFILE = FaceKind(
    f"{FACES_DIR}/{faces_7tv.PROFILE_TEMPLATE}",
    faces_7tv.profile_card,
    faces_7tv.fit_profile_card,
    back=FaceKind(
        f"{FACES_DIR}/{faces_7tv.PROFILE_BACK_TEMPLATE}",
        faces_7tv.profile_back,
        faces_7tv.fit_profile_back,
    ),
)
FORTUNE = FaceKind(f"{FACES_DIR}/fortune.html", fortune_card, fit_fortune_card)
PLOT_POINT_REWARD = FaceKind(f"{FACES_DIR}/reward.html", reward_card, fit_reward_card)
SEVEN_TV_SCRIPT = FaceKind(
    f"{FACES_DIR}/{faces_7tv.SCRIPT_TEMPLATE}", faces_7tv.script_card, faces_7tv.fit_script_card
)


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
