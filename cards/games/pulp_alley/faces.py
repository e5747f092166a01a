"""Pulp Alley's card faces: the character card and the Fortune and Plot Point reward decks
(templates in this game's templates/cards/print/faces/)."""

from cards.printing.faces import FACES_DIR, FaceKind, fitted
from cards.printing.fitting import Box, Run, fit, fit_name, overflow_notes
from rules.engines.base import RulesBook
from rules.engines.plain import slugs
from rules.games.pulp_alley.engine import ability_slugs, printed_profile

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


# The kinds the definition names: one for the characters and one per printable deck.
PULP_ALLEY_CHARACTER = FaceKind(
    f"{FACES_DIR}/pulp-alley-character.html",
    pulp_alley_character,
    fit_pulp_alley_character,
    ground=f"{FACES_DIR}/pulp-alley-character-ground.html",
)
FORTUNE = FaceKind(f"{FACES_DIR}/fortune.html", fortune_card, fit_fortune_card)
PLOT_POINT_REWARD = FaceKind(f"{FACES_DIR}/reward.html", reward_card, fit_reward_card)
