"""Pulp City card faces: the Supreme card (Game Guide p.8: name, side icons, Level, Origin, Team
Allegiance, the six traits with Trump Traits in red, Damage, AP Allowance, skills, Exclusive
Actions in the book's notation, Team Power, portrait) and the Agenda and Resource decks
(card sheets pp.32-40). View-models come from the Pulp City engine's printed profile and the
deck cards the loader builds from the library entries; the fitting boxes match
static/css/print.css (.pc-*)."""

from cards.printing.faces import FACES_DIR, FaceKind, fitted
from cards.printing.fitting import Box, Run, fit, fit_name, overflow_notes
from rules.engines.base import RulesBook
from rules.engines.completions import completed_fields
from rules.engines.plain import as_dict, as_list
from rules.games.pulp_city.engine import printed_profile
from rules.games.pulp_city.profile import notation

SUPREME_TEMPLATE = "pulp-city-supreme.html"
AGENDA_TEMPLATE = "pulp-city-agenda.html"
RESOURCE_TEMPLATE = "pulp-city-resource.html"

# Box sizes in mm match .pc-name, .pc-body, .pc-deck-title and .pc-deck-text in print.css.
PC_NAME = Box(width_mm=42.0, height_mm=4.7, sizes_pt=(12, 11, 10, 9, 8, 7), line_height=1.1)
PC_BODY = Box(width_mm=54.5, height_mm=33.5, sizes_pt=(7.5, 7, 6.5, 6, 5.5), line_height=1.15)
PC_DECK_TITLE = Box(width_mm=52.5, height_mm=10.0, sizes_pt=(11, 10, 9, 8, 7, 6), line_height=1.1)
PC_DECK_TEXT = Box(
    width_mm=52.5, height_mm=46.0, sizes_pt=(8, 7.5, 7, 6.5, 6, 5.5), line_height=1.2
)
SIDE_WORDS = {"Heroes": "Hero", "Villains": "Villain"}
CATEGORY_NAMES = {
    "minion": "Minion",
    "weapon": "Weapon",
    "artifact": "Artifact",
    "device": "Device",
    "misc": "Misc",
}
USAGE_NAMES = {
    "personal": "Personal",
    "one-use": "One use only",
    "personal-one-use": "Personal / One use only",
}


def shown(value):
    return "–" if value is None else str(value)


def supreme_card(character: dict, rules: RulesBook, *, portrait_uri=None) -> dict:
    """The Supreme card's view-model: what the engine prints, in the card's order."""
    printed = printed_profile(character, rules)
    card = printed.game
    return {
        "name": printed.name,
        "level": printed.level,
        "sides": [SIDE_WORDS.get(side, side) for side in card.sides],
        "origin": card.origin or "Origin ?",
        "team_allegiance": card.team_allegiance or "",
        "traits": [
            {"label": row["abbreviation"], "value": shown(row["value"]), "trump": row["trump"]}
            for row in card.traits
        ],
        "damage": shown(card.damage),
        "ap": shown(card.ap),
        "skills": list(printed.ability_names),
        "actions": card.exclusive_actions,
        "team_power": card.team_power,
        "trump_actions": [
            f"{action['name']} {action['notation']}".strip() for action in card.trump_actions
        ],
        "flavour": str(as_dict(character).get("flavour") or ""),
        "portrait_uri": portrait_uri,
        "own_values": own_values(rules.entry("supreme", card.base) if card.base else None),
    }


def own_values(base):
    """The named Supreme's values the player filled in, not the Game Guide: the card says
    which, so it is never passed off as the book's."""
    return ", ".join(place.rpartition(".")[2].replace("_", " ") for place in completed_fields(base))


def supreme_paragraphs(view, *, summaries=True):
    paragraphs = []
    if view.get("own_values"):
        paragraphs.append([Run("Your values ", "body-bold"), Run(view["own_values"])])
    if view["skills"]:
        paragraphs.append([Run("Skills ", "body-bold"), Run(", ".join(view["skills"]))])
    for action in view["actions"]:
        runs = [Run(action["name"], "body-bold"), Run(f" {action['notation']}")]
        if summaries and action["summary"]:
            runs.append(Run(f" {action['summary']}"))
        paragraphs.append(runs)
    power = view["team_power"]
    if power and (power["name"] or power["summary"]):
        paragraphs.append(
            [Run("Team Power ", "body-bold"), Run(power["name"], "body-bold")]
            + ([Run(f" {power['summary']}")] if summaries and power["summary"] else [])
        )
    if view["trump_actions"]:
        paragraphs.append([Run("Trump ", "body-bold"), Run("; ".join(view["trump_actions"]))])
    return paragraphs


SUMMARIES_LEFT_OUT = (
    "Exclusive Actions and Team Power: too long to print with their text, so the card gives "
    "their names and notation only."
)


def fit_supreme_card(view):
    """Action and Team Power texts shrink to fit; when even the smallest size overflows they
    are left out (names and notation stay) and the print page says so. Flavour text prints
    last, only where it fits."""
    for summaries in (True, False):
        paragraphs = supreme_paragraphs(view, summaries=summaries)
        if not fit(paragraphs, PC_BODY).overflow:
            break
    flavour = [[Run(view["flavour"], "body-italic")]] if view["flavour"] else []
    with_flavour = fit(paragraphs + flavour, PC_BODY)
    show_flavour = bool(flavour) and not with_flavour.overflow
    body = with_flavour if show_flavour else fit(paragraphs, PC_BODY)
    name = fit_name(view["name"], PC_NAME)
    problems = [] if summaries else [SUMMARIES_LEFT_OUT]
    problems += overflow_notes((body, "Card text"), (name, "Name"))
    layout = {
        "name": name.size_pt,
        "body": body.size_pt,
        "summaries": summaries,
        "flavour": show_flavour,
    }
    return layout, problems


def eligibility(data):
    """How an Agenda card heads its text: Universal, Heroes or Villains, and its extra needs."""
    sides = as_list(data.get("sides"))
    words = ["Universal" if len(sides) == 2 else " / ".join(s.capitalize() for s in sides)]
    needs = as_dict(data.get("requires"))
    if needs.get("min_encounter_level"):
        words.append(f"Encounter Level {needs['min_encounter_level']}+")
    if needs.get("team_origin"):
        doubt = " (?)" if data.get("requires_uncertain") else ""
        words.append(f"{str(needs['team_origin']).capitalize()}{doubt} Supremes")
    return ", ".join(words)


def card_label(card):
    page = card.get("page")
    return f"#{card['number']}" + (f" · p.{page}" if page else "")


def agenda_card(card: dict) -> dict:
    data = as_dict(card.get("data"))
    titles = as_dict(data.get("titles"))
    return {
        "number": card["number"],
        "label": card_label(card),
        "title": card.get("name") or "",
        "titles": [f"{title} ({side.capitalize()})" for side, title in titles.items()],
        "eligibility": eligibility(data),
        "text": str(data.get("summary") or ""),
        "points": str(data.get("points") or ""),
        "write_ins": [str(field) for field in as_list(data.get("write_ins"))],
        "grants": [
            f"{as_dict(g).get('name')} (AP {as_dict(g).get('ap')})"
            for g in as_list(data.get("grants"))
        ],
    }


def fit_agenda_card(view):
    title = [[Run(line, "heading-bold")] for line in (view["titles"] or [view["title"]])]
    text = [[Run(view["eligibility"], "body-bold")], [Run(view["text"])]]
    if view["points"]:
        text.append([Run("Agenda Points ", "body-bold"), Run(view["points"])])
    text += [[Run(f"{field}: ", "body-bold"), Run("_" * 12)] for field in view["write_ins"]]
    return fitted(
        {"title": (PC_DECK_TITLE, title, "Title"), "text": (PC_DECK_TEXT, text, "Card text")}
    )


def action_line(action):
    """A Resource order or activation: its name, the book's notation and its text."""
    action = as_dict(action)
    return {
        "name": str(action.get("name") or ""),
        "notation": notation(action),
        "summary": str(action.get("summary") or ""),
    }


def resource_card(card: dict) -> dict:
    data = as_dict(card.get("data"))
    needs = as_dict(data.get("requires"))
    requirement = []
    if needs.get("side"):
        requirement.append(f"{str(needs['side']).capitalize()} only")
    if needs.get("team_origin"):
        requirement.append(f"teams with a {str(needs['team_origin']).capitalize()} Supreme")
    if needs.get("team_sub_faction"):
        requirement.append(
            f"teams with a {str(needs['team_sub_faction']).replace('-', ' ').title()} Supreme"
        )
    if needs.get("setting"):
        requirement.append(str(needs["setting"]))
    level = data.get("level")
    facts = [f"Level {level}" if level is not None else "Level ?"]
    if data.get("models"):
        facts.append(f"{data['models']} per card")
    if data.get("usage"):
        facts.append(USAGE_NAMES.get(data["usage"], str(data["usage"])))
    minion = data.get("category") == "minion"
    return {
        "number": card["number"],
        "label": card_label(card),
        "category": CATEGORY_NAMES.get(data.get("category"), "Resource"),
        "title": card.get("name") or "",
        "facts": " · ".join(facts),
        "requirement": "; ".join(requirement),
        "shield": shown(data.get("shield")) if minion else None,
        "damage": shown(data.get("damage")) if minion else None,
        "actions": [action_line(action) for action in as_list(data.get("actions"))],
        "keywords": ", ".join(
            " ".join(
                str(part)
                for part in (
                    as_dict(k).get("printed") or as_dict(k).get("skill"),
                    as_dict(k).get("x"),
                )
                if part not in (None, "")
            )
            for k in as_list(data.get("keywords"))
        ),
        "uncertain": bool(card.get("uncertain")),
    }


def fit_resource_card(view):
    text = []
    if view["requirement"]:
        text.append([Run(view["requirement"], "body-italic")])
    for action in view["actions"]:
        text.append(
            [Run(action["name"], "body-bold"), Run(f" {action['notation']} {action['summary']}")]
        )
    if view["keywords"]:
        text.append([Run(view["keywords"], "body-bold")])
    title = [[Run(view["title"], "heading-bold")]]
    return fitted(
        {"title": (PC_DECK_TITLE, title, "Title"), "text": (PC_DECK_TEXT, text, "Card text")}
    )


# The Supreme card's portrait box is smaller than the other designs' (.pc-portrait).
SUPREME = FaceKind(
    f"{FACES_DIR}/{SUPREME_TEMPLATE}", supreme_card, fit_supreme_card, portrait_mm=(22.0, 24.0)
)
AGENDA = FaceKind(f"{FACES_DIR}/{AGENDA_TEMPLATE}", agenda_card, fit_agenda_card)
RESOURCE = FaceKind(f"{FACES_DIR}/{RESOURCE_TEMPLATE}", resource_card, fit_resource_card)
