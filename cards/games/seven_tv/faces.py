"""7TV cards: the profile card (a front and its own back) and the script deck.

The front holds what a player looks at every turn: ratings, type and genres, the statistics
(or a vehicle's), Health to tick off, and the attacks. The star quality and special effects go
on the card's back, as on the book's own cards, each with its plot point cost and action in
words; the front still names them, so a one-sided print says what the back holds.

The kinds the definition names are at the end. Box sizes in mm match
the .tv- rules in static/css/print.css: change both together.
"""

from __future__ import annotations

import math

from cards.printing import fitting
from cards.printing.faces import FACES_DIR, FaceKind
from cards.printing.fitting import PARAGRAPH_GAP, WIDTH_SAFETY, Box, Fit, Run, count_lines, fit
from cards.printing.geometry import MM_PER_PT
from rules.engines.base import PrintedProfile, RulesBook
from rules.engines.plain import as_dict, as_list, words
from rules.games.seven_tv import engine as seven_tv
from rules.games.seven_tv.profile import SevenTvCard

PROFILE_TEMPLATE = "7tv-profile.html"
PROFILE_BACK_TEMPLATE = "7tv-profile-back.html"
SCRIPT_TEMPLATE = "7tv-script.html"

ATTACK_TAGS = {"fight": "F", "shoot": "S", "presence": "P"}
ACTIONS = {"free": "Free", "passive": "Passive", "special": "Special"}
GENRE_NAMES = {
    "action": "Action",
    "adventure": "Adventure",
    "fantasy": "Fantasy",
    "historical": "Historical",
    "horror": "Horror",
    "sci-fi": "Sci-Fi",
}
STUNTS_NOTE = "The driver passes a Mind test first."


def entry_of_ref(ref, rules: RulesBook):
    """The library entry a "kind/slug" reference points at, or {}."""
    kind, _, slug = str(ref or "").partition("/")
    return as_dict(rules.entry(kind, slug)) if slug else {}


def effect_view(effect, rules: RulesBook):
    """One printed special effect, star quality or stunt as the card shows it. What the
    engine's printed profile leaves out (the page, once per turn) comes from the library."""
    effect = as_dict(effect)
    entry = entry_of_ref(effect.get("ref"), rules)
    data = as_dict(entry.get("data"))
    pp = effect.get("pp", data.get("pp_cost")) or 0
    action = effect.get("action", data.get("action"))
    once = effect.get("once_per_turn", data.get("once_per_turn"))
    glyphs = [f"{pp} PP"] if pp else []
    if action in ACTIONS:
        glyphs.append(ACTIONS[action])
    if once:
        glyphs.append("once per turn")
    return {
        "name": str(effect.get("name") or entry.get("name") or "?"),
        "glyphs": " · ".join(glyphs),
        "custom": bool(effect.get("custom", entry.get("custom"))),
        "summary": str(effect.get("summary") or entry.get("summary") or ""),
        "details": card_details(effect, rules),
        "page": effect.get("page", entry.get("page")),
    }


def names_of(kind, slugs, rules: RulesBook):
    return ", ".join(as_dict(rules.entry(kind, slug)).get("name") or words(slug) for slug in slugs)


def card_details(effect, rules: RulesBook):
    """What this card adds to an effect's general rule: a Magic User's grimoires, a Unit
    Leader's units, the attacks Anachronism bars, who counts for Strength In Numbers."""
    details = []
    if grimoires := as_list(effect.get("grimoires")):
        details.append(f"Grimoires: {names_of('grimoire', grimoires, rules)}.")
    if units := as_list(effect.get("units")):
        details.append(f"Units: {names_of('unit', units, rules)}.")
    for ban in as_list(effect.get("bans")):
        genres = " or ".join(
            genre_name(slug, rules) for slug in as_list(as_dict(ban).get("genres"))
        )
        attacks = ", ".join(str(attack) for attack in as_list(as_dict(ban).get("attacks")))
        details.append(f"Barred in {genres}: {attacks}.")
    if counts := effect.get("counts"):
        who = "any ally" if counts == "any-ally" else names_of("profile", [counts], rules)
        details.append(f"Counts: {who}.")
    return " ".join(details)


def stat_value(slug, value):
    if value is None:
        return "–"
    if slug == "armour" and isinstance(value, int):
        return f"{value}+"
    if slug == "speed" and isinstance(value, int):
        return f'{value}"'
    return str(value)


def keyword(effect):
    """A short weapon effect ("Push 2\"", "0 Health") never breaks across lines."""
    parts = str(effect).split()
    return "\u00a0".join(parts) if len(parts) <= 2 else " ".join(parts)


def attack_view(attack, next_attack):
    attack = as_dict(attack)
    kind = str(attack.get("type") or "")
    strike = attack.get("strike")
    reach = attack.get("range_in")
    group = attack.get("or_group")
    return {
        "tag": ATTACK_TAGS.get(kind, "?"),
        "type": kind,
        "name": str(attack.get("name") or "?"),
        "range": f'{reach}"' if isinstance(reach, int) else "–",
        "strike": f"+{strike}" if isinstance(strike, int) else str(strike or "–"),
        "effects": ", ".join(keyword(effect) for effect in as_list(attack.get("effects"))),
        # The book prints OR after an attack whose alternative follows it.
        "or_next": group is not None and as_dict(next_attack).get("or_group") == group,
    }


def genre_name(slug, rules: RulesBook | None = None):
    entry = as_dict(rules.entry("genre", slug)) if rules else {}
    return entry.get("name") or GENRE_NAMES.get(slug) or words(slug)


def genre_names(genres, rules: RulesBook):
    """The genres to print; [] when the book text lost them (the card says so)."""
    slugs = [str(slug) for slug in as_list(genres)]
    if set(slugs) >= set(GENRE_NAMES):
        return ["All genres"]
    return [genre_name(slug, rules) for slug in slugs]


def profile_card(character: dict, rules: RulesBook, *, portrait_uri=None) -> dict:
    """The 7TV card's view-model from a roster-format character, through the 7TV engine's
    printed profile (customisation applied)."""
    printed = seven_tv.printed_profile(character, rules)
    return profile_view(character, printed, rules, portrait_uri=portrait_uri)


def profile_view(
    character: dict, printed: PrintedProfile[SevenTvCard], rules: RulesBook, *, portrait_uri=None
):
    """The card's view-model from a printed profile (the engine's output, see profile_card)."""
    card = printed.game
    kind = as_dict(rules.character_type(card.type) if isinstance(card.type, str) else None)
    name = printed.name
    stats = card.stats
    health = stats.get("health")
    attacks = card.attacks
    bulk = as_dict(card.bulk)  # none on a customised model
    star_quality = card.star_quality
    return {
        "name": name,
        # The book's profile, when the player named the character something else.
        "profile_name": card.profile_name if card.profile_name not in (None, name) else "",
        "affiliation": str(card.affiliation or ""),
        "type_name": " ".join(
            part for part in (words(card.affiliation), kind.get("name") or words(card.type)) if part
        ),
        "ratings": card.ratings,
        "bulk": f"or {bulk['cost']} for {bulk['size']}" if bulk.get("cost") else "",
        "genres": genre_names(card.genres, rules),
        "stats": [
            (
                as_dict(rules.entry("skill", slug)).get("name") or words(slug),
                stat_value(slug, value),
            )
            for slug, value in stats.items()
        ],
        "health": health,
        # One box per Health point to tick off in play, as many as the column has room for.
        "health_boxes": list(range(health)) if isinstance(health, int) and 0 < health <= 4 else [],
        "move": f'Move {card.move}"' if card.move not in (None, 6) else "",
        "attacks": [
            attack_view(attack, attacks[index + 1] if index + 1 < len(attacks) else None)
            for index, attack in enumerate(attacks)
        ],
        "star_quality": effect_view(star_quality, rules) if star_quality else None,
        "effects": [effect_view(effect, rules) for effect in card.special_effects],
        "stunts": [effect_view(stunt, rules) for stunt in card.stunts],
        "portrait_uri": portrait_uri,
    }


# ---- fitting the front -----------------------------------------------------------------------
# Text boxes: .tv-name, .tv-attacks, .tv-pointer.
TV_NAME = Box(width_mm=52.5, height_mm=4.7, sizes_pt=(12, 11, 10, 9, 8, 7), line_height=1.1)
TV_POINTER = Box(width_mm=52.5, height_mm=5.2, sizes_pt=(6.5, 6, 5.5), line_height=1.15)
# The attack table: its height, header row, and the text width of the two columns that wrap
# (column width less 0.5 mm padding each side); every row also has 0.25 mm padding above and
# below and a 0.2 mm rule under it.
ATTACKS_HEIGHT = 22.0
ATTACKS_HEADER = 3.2
ATTACK_NAME_WIDTH = 16.9
ATTACK_EFFECTS_WIDTH = 20.7
ATTACK_ROW_EXTRA = 0.7
ATTACK_SIZES = (7, 6.5, 6, 5.5)
ATTACK_LINE_HEIGHT = 1.15


def line_mm(size_pt, line_height):
    return size_pt * MM_PER_PT * line_height


def lines_at(paragraph, width_mm, size_pt):
    """Lines one paragraph of runs wraps to in a column `width_mm` wide at `size_pt`."""
    return count_lines(paragraph, width_mm / (size_pt * MM_PER_PT) * WIDTH_SAFETY)


def attack_name_runs(attack):
    runs = [Run(attack["name"], "body-bold")]
    if attack["or_next"]:
        runs.append(Run(" OR", "heading-bold"))
    return runs


def fit_attacks(attacks):
    """The largest size at which every attack row fits the table; rows grow to two or more
    lines when a name or its effects wrap."""
    room_mm = ATTACKS_HEIGHT - ATTACKS_HEADER
    for size in ATTACK_SIZES:
        lines = [
            max(
                lines_at(attack_name_runs(attack), ATTACK_NAME_WIDTH, size),
                lines_at([Run(attack["effects"])], ATTACK_EFFECTS_WIDTH, size),
            )
            for attack in attacks
        ]
        needed = sum(lines) * line_mm(size, ATTACK_LINE_HEIGHT) + len(lines) * ATTACK_ROW_EXTRA
        if needed <= room_mm + 1e-6:
            return Fit(size, sum(lines), sum(lines), overflow=False)
    room = (room_mm - len(attacks) * ATTACK_ROW_EXTRA) / line_mm(size, ATTACK_LINE_HEIGHT)
    return Fit(size, sum(lines), max(0, math.floor(room)), overflow=True)


def back_names(view):
    names = [effect["name"] for effect in view["effects"] + view["stunts"]]
    if view["star_quality"]:
        names.insert(0, view["star_quality"]["name"])
    return names


def pointer_paragraphs(view):
    """The front's line naming what is on the back, the star quality in bold."""
    others = [effect["name"] for effect in view["effects"] + view["stunts"]]
    runs = [Run("On the back ", "heading-bold")]
    if view["star_quality"]:
        runs.append(Run(view["star_quality"]["name"], "body-bold"))
        if others:
            runs.append(Run(" · "))
    if others:
        runs.append(Run(" · ".join(others)))
    return [runs] if len(runs) > 1 else []


def fit_profile_card(view):
    name = fitting.fit_name(view["name"], TV_NAME)
    attacks = fit_attacks(view["attacks"])
    pointer = fit(pointer_paragraphs(view), TV_POINTER)
    problems = fitting.overflow_notes(
        (name, "Name"), (attacks, "Attacks"), (pointer, "The list of what is on the back")
    )
    layout = {
        "name": name.size_pt,
        "attacks": attacks.size_pt,
        "pointer": pointer.size_pt,
        # Whole lines only: a cut line's tops would show just above the legend.
        "pointer_height": round(
            max(1, pointer.lines_room) * line_mm(pointer.size_pt, TV_POINTER.line_height), 3
        ),
    }
    return layout, problems


# ---- the card back: star quality and special effects ----------------------------------------
def profile_back(view):
    """The back's view-model, or None when the profile has nothing to print there (the shared
    back is used instead)."""
    if not back_names(view):
        return None
    return {
        "name": view["name"],
        "affiliation": view["affiliation"],
        "star_quality": view["star_quality"],
        "effects": view["effects"],
        "stunts": view["stunts"],
        "stunts_note": STUNTS_NOTE if view["stunts"] else "",
    }


# .tv-rules: the body of the back. The star quality sits in a tinted box whose text is
# SQ_INSET mm narrower and SQ_EXTRA mm taller (padding and border) than the bare text.
BACK_BODY = Box(
    width_mm=52.5, height_mm=70.0, sizes_pt=(9, 8.5, 8, 7.5, 7, 6.5, 6, 5.5), line_height=1.2
)
SQ_INSET = 3.2
SQ_EXTRA = 2.0


def effect_paragraph(effect):
    runs = [Run(effect["name"], "body-bold")]
    if effect["glyphs"]:
        runs.append(Run(f" {effect['glyphs']}", "heading"))
    if effect["custom"]:
        runs.append(Run(" house rule", "heading-bold"))
    if effect["summary"]:
        runs.append(Run(f" {effect['summary']}"))
    if effect["details"]:
        runs.append(Run(f" {effect['details']}", "body-italic"))
    if effect["page"]:
        runs.append(Run(f" p.{effect['page']}"))
    return runs


def back_sections(back):
    """(text width in mm, paragraphs, fixed extra height in mm) for each block of the back, top
    to bottom, as the template stacks them."""
    sections = []
    if back["star_quality"]:
        label = [Run("Star quality", "heading-bold")]
        sq = [label, effect_paragraph(back["star_quality"])]
        sections.append((BACK_BODY.width_mm - SQ_INSET, sq, SQ_EXTRA))
    if back["effects"]:
        sections.append((BACK_BODY.width_mm, [effect_paragraph(e) for e in back["effects"]], 0))
    if back["stunts"]:
        heading = [Run("Stunts", "heading-bold"), Run(f" {back['stunts_note']}")]
        stunts = [heading] + [effect_paragraph(stunt) for stunt in back["stunts"]]
        sections.append((BACK_BODY.width_mm, stunts, 0))
    return sections


def stack_height_mm(sections, size_pt, line_height):
    """Height of the stacked sections at one size: lines, paragraph gaps inside a section,
    one paragraph gap between sections, and each section's fixed extra."""
    line = line_mm(size_pt, line_height)
    gap = PARAGRAPH_GAP * size_pt * MM_PER_PT
    height = 0.0
    for width, paragraphs, extra in sections:
        height += sum(lines_at(paragraph, width, size_pt) for paragraph in paragraphs) * line
        height += (len(paragraphs) - 1) * gap + extra
    return height + max(0, len(sections) - 1) * gap


def fit_profile_back(back):
    sections = back_sections(back)
    box = BACK_BODY
    for size in box.sizes_pt:
        needed = stack_height_mm(sections, size, box.line_height)
        if needed <= box.height_mm + 1e-6:
            break
    line = line_mm(size, box.line_height)
    result = Fit(
        size,
        math.ceil(needed / line - 1e-6),
        math.floor(box.height_mm / line + 1e-6),
        overflow=needed > box.height_mm + 1e-6,
    )
    name = fitting.fit_name(back["name"], TV_NAME)
    problems = fitting.overflow_notes((name, "Name"), (result, "Star quality and special effects"))
    return {"name": name.size_pt, "rules": size}, problems


# ---- the script deck ---------------------------------------------------------------------------
# The act a card belongs to: its name on the band and the band's colour class.
ACTS = {1: ("Act One", "act-one"), 2: ("Act Two", "act-two"), "finale": ("Finale", "finale")}
UNNAMED = "Unnamed card — fill in from your deck"
RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
SUITS = {"♣": "clubs", "♠": "spades", "♦": "diamonds", "♥": "hearts"}
SCRIPT_NAME = Box(width_mm=52.5, height_mm=10.4, sizes_pt=(13, 12, 11, 10, 9, 8), line_height=1.1)
SCRIPT_EFFECT = Box(
    width_mm=52.5, height_mm=42.0, sizes_pt=(11, 10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6)
)


def playing_card(stand_in):
    """The playing card that stands in for a script card, in words ("10♣" is "10 of clubs"):
    the card fonts have no suit symbols."""
    stand_in = str(stand_in or "")
    rank, suit = stand_in[:-1], stand_in[-1:]
    if suit not in SUITS or not rank:
        return ""
    return f"{RANKS.get(rank, rank)} of {SUITS[suit]}"


def script_card(card: dict) -> dict:
    data = as_dict(card.get("data"))
    act, act_class = ACTS.get(data.get("act"), ("Script", ""))
    genres = as_list(data.get("genres"))
    return {
        "number": card.get("number", ""),
        "act": act,
        "act_class": act_class,
        "name": card.get("name") or UNNAMED,
        "named": bool(card.get("name")),
        "effect": str(data.get("effect") or ""),
        "genres": [genre_name(genre) for genre in genres],
        "stand_in": playing_card(data.get("playing_card")),
        "page": card.get("page"),
    }


def fit_script_card(view):
    name = fit([[Run(view["name"], "heading-bold")]], SCRIPT_NAME)
    effect = fit([[Run(view["effect"])]] if view["effect"] else [], SCRIPT_EFFECT)
    problems = fitting.overflow_notes((name, "Name"), (effect, "Effect"))
    return {"name": name.size_pt, "effect": effect.size_pt}, problems


# The kinds the definition names: the profile card (with its own back) and the script deck.
SEVEN_TV_PROFILE = FaceKind(
    f"{FACES_DIR}/{PROFILE_TEMPLATE}",
    profile_card,
    fit_profile_card,
    back=FaceKind(f"{FACES_DIR}/{PROFILE_BACK_TEMPLATE}", profile_back, fit_profile_back),
)
SEVEN_TV_SCRIPT = FaceKind(f"{FACES_DIR}/{SCRIPT_TEMPLATE}", script_card, fit_script_card)
