"""Pulp Fiction stat cards: one card per figure, everything on its front, as the rules ask
("quick stat cards" listing each figure's kit and abilities).

The front shows the figure's type and side and whom it serves, its wounds as boxes to tick,
its saving throws, the derived figures (move, save, bare-hands attacks, activation dice,
Spare Ammo Markers), its weapons with the numbers the player wrote in (the source lost its
charts, so a blank prints as a line to write on), then its traits and kit. Every value comes
from the Pulp Fiction engine's printed profile.

Box sizes in mm match the .pf- rules in static/css/print.css: change both together.
"""

from __future__ import annotations

import math

from cards.printing import fitting
from cards.printing.faces import FACES_DIR, FaceKind
from cards.printing.fitting import WIDTH_SAFETY, Box, Fit, Run, count_lines, fit
from cards.printing.geometry import MM_PER_PT, Paper
from cards.printing.tokens import TokenKind, TokenSheet, lay_out
from rules.engines.base import PrintedProfile, RulesBook
from rules.engines.plain import as_dict
from rules.games.pulp_fiction import engine as pulp_fiction
from rules.games.pulp_fiction.profile import PulpFictionCard

TEMPLATE = "pulp-fiction-card.html"
BLANK = "____"  # a number the lost charts leave to the player: a line to write it on
SIDE_NAMES = {"good": "Good side", "bad": "Bad side", "monsters": "Monster side"}
MAX_WOUND_BOXES = 6  # what the identity column has room for; more prints the number
TABLES = {"ranged": "R", "explosive": "X", "melee": "M"}


def inches(value):
    return f'{value}"' if isinstance(value, int) and not isinstance(value, bool) else None


def number(value, suffix=""):
    return f"{value}{suffix}" if isinstance(value, int) and not isinstance(value, bool) else None


def stat_card(character: dict, rules: RulesBook, *, portrait_uri=None) -> dict:
    """The stat card's view-model from a roster-format figure, through the engine."""
    printed = pulp_fiction.printed_profile(character, rules)
    return stat_view(character, printed, portrait_uri=portrait_uri)


def weapon_view(weapon):
    weapon = as_dict(weapon)
    reach = weapon.get("range_inches")
    melee = weapon.get("table") == "melee" and reach == 0
    notes = ["holster"] if weapon.get("holstered") else []
    if weapon.get("weight"):
        notes.append(str(weapon["weight"]))
    return {
        "tag": TABLES.get(weapon.get("table"), "?"),
        "table": str(weapon.get("table") or ""),
        "name": str(weapon.get("name") or "?"),
        "to_hit": number(weapon.get("to_hit"), "+") or BLANK,
        "range": "base" if melee else inches(reach) or BLANK,
        "attacks": number(weapon.get("attacks")) or BLANK,
        "notes": " · ".join(notes),
    }


def counted_names(items):
    """ "Handgun Holster ×2 · Backpack" from a list of named items, in order."""
    counts = {}
    for item in items:
        name = str(as_dict(item).get("name") or "?")
        counts[name] = counts.get(name, 0) + 1
    return " · ".join(f"{name} ×{count}" if count > 1 else name for name, count in counts.items())


def wounds_note(tracked, wounds):
    """The rules give a Main Character or Villain no standard wounds: a card without a
    number asks for one rather than print a count the book never gave."""
    if not tracked:
        return "One wound: any unsaved hit kills."
    return "" if wounds else "Write its wounds here: the rules leave them to the card."


def stat_view(
    character: dict, printed: PrintedProfile[PulpFictionCard], *, portrait_uri=None
) -> dict:
    character, card = as_dict(character), printed.game
    wounds = card.wounds
    tracked = card.wounds_tracked
    unarmed = card.unarmed
    ap = card.ap_dice
    serves = card.attached_to
    return {
        "name": printed.name,
        "type_name": str(card.type_name or "No figure type"),
        "side": str(card.side or ""),
        "side_name": SIDE_NAMES.get(card.side, "No side"),
        "serves": f"Serves {serves}" if serves else "",
        "wounds": wounds,
        "wound_boxes": list(range(wounds))
        if tracked and wounds and wounds <= MAX_WOUND_BOXES
        else [],
        "wounds_note": wounds_note(tracked, wounds),
        "saves": " · ".join(f"{save.get('label')} {save.get('source')}" for save in card.saves),
        "stats": [
            ("Move", inches(card.move) or BLANK),
            ("Wounds", number(wounds) or "–"),
            ("Save", card.save or "–"),
            (
                "Unarmed",
                f"{unarmed.get('attacks')} at {unarmed.get('to_hit')}+" if unarmed else "–",
            ),
            ("AP", f"{ap}D6" if ap else "–"),
            ("Ammo", number(card.spare_ammo_markers) or "0"),
        ],
        "weapons": [weapon_view(weapon) for weapon in card.weapons],
        # "Bare hands only" where it has no weapon and fights unarmed (not a vehicle).
        "bare_hands": bool(unarmed),
        "traits": [
            {"name": str(t.get("name")), "summary": str(t.get("summary") or "")}
            for t in card.traits
        ],
        "kit": counted_names(card.armour + card.equipment),
        "reminders": list(printed.notes),
        "flavour": str(character.get("flavour") or ""),
        "portrait_uri": portrait_uri,
    }


# ---- fitting ----------------------------------------------------------------------------------
# Text boxes: .pf-name, .pf-weapons-box, .pf-body. The weapon table and the traits share the
# card's lower area: the table takes the height its rows need (at most WEAPONS_MAX), and the
# traits and kit box gets the rest, so a figure with one weapon has room for long traits.
PF_NAME = Box(width_mm=52.5, height_mm=4.7, sizes_pt=(12, 11, 10, 9, 8, 7), line_height=1.1)
BODY_WIDTH = 52.5
BODY_SIZES = (7, 6.5, 6, 5.5)
BODY_LINE_HEIGHT = 1.15
AREA_TOP = 53.4  # mm from the panel's top: where the weapon table starts
AREA_BOTTOM = 81.4  # where the traits box must end, above the key line
AREA_GAP = 0.6  # between the weapon table and the traits box
NO_WEAPONS_HEIGHT = 4.0  # the "Bare hands only." line
# The weapon table: its header row, the text width of the name column (column width less
# 0.5 mm padding each side); each row has 0.25 mm padding above and below and a 0.2 mm rule.
WEAPONS_MAX = 14.0
WEAPONS_HEADER = 3.0
WEAPON_NAME_WIDTH = 28.8
WEAPON_ROW_EXTRA = 0.7
WEAPON_SIZES = (7, 6.5, 6, 5.5)
WEAPON_LINE_HEIGHT = 1.15
SUMMARIES_LEFT_OUT = (
    "Traits: too many to print with their summaries, so the card names them only; the band's"
    " rules reference has them in full."
)


def weapon_name_runs(weapon):
    """The name cell: the name in bold, then its notes (measured at full size, printed a
    little smaller, so the estimate errs on the safe side)."""
    runs = [Run(weapon["name"], "body-bold")]
    if weapon["notes"]:
        runs.append(Run(f" {weapon['notes']}"))
    return runs


def weapons_height(weapons, size):
    """The table's height in mm at a font size: header plus every row, wrapped names too."""
    line_em = WEAPON_NAME_WIDTH / (size * MM_PER_PT) * WIDTH_SAFETY
    lines = sum(count_lines(weapon_name_runs(weapon), line_em) for weapon in weapons)
    line_mm = size * MM_PER_PT * WEAPON_LINE_HEIGHT
    return WEAPONS_HEADER + lines * line_mm + len(weapons) * WEAPON_ROW_EXTRA, lines


def fit_weapons(weapons):
    """The largest size at which every weapon row fits WEAPONS_MAX, and the height it takes."""
    if not weapons:
        return Fit(WEAPON_SIZES[0], 0, 0, overflow=False), NO_WEAPONS_HEIGHT
    for size in WEAPON_SIZES:
        height, lines = weapons_height(weapons, size)
        if height <= WEAPONS_MAX + 1e-6:
            return Fit(size, lines, lines, overflow=False), math.ceil(height * 10) / 10
    line_mm = size * MM_PER_PT * WEAPON_LINE_HEIGHT
    room = (WEAPONS_MAX - WEAPONS_HEADER - len(weapons) * WEAPON_ROW_EXTRA) / line_mm
    return Fit(size, lines, max(0, math.floor(room)), overflow=True), WEAPONS_MAX


def body_paragraphs(view, *, summaries=True):
    paragraphs = [
        [Run(trait["name"], "body-bold"), *([Run(f" {trait['summary']}")] if summaries else [])]
        for trait in view["traits"]
    ]
    if not summaries and paragraphs:
        names = " · ".join(trait["name"] for trait in view["traits"])
        paragraphs = [[Run(names, "body-bold")]]
    if view["kit"]:
        paragraphs.append([Run("Kit ", "heading-bold"), Run(view["kit"])])
    paragraphs += [[Run(line, "body-italic")] for line in view["reminders"]]
    return paragraphs


def fit_stat_card(view):
    """Trait summaries shrink to fit; a figure with too many prints the names only."""
    weapons, table_height = fit_weapons(view["weapons"])
    body_top = round(AREA_TOP + table_height + AREA_GAP, 1)
    body_box = Box(BODY_WIDTH, round(AREA_BOTTOM - body_top, 1), BODY_SIZES, BODY_LINE_HEIGHT)
    for summaries in (True, False):
        body = fit(body_paragraphs(view, summaries=summaries), body_box)
        if not body.overflow:
            break
    name = fitting.fit_name(view["name"], PF_NAME)
    problems = [] if summaries else [SUMMARIES_LEFT_OUT]
    problems += fitting.overflow_notes(
        (name, "Name"), (weapons, "Weapons"), (body, "Traits and kit")
    )
    layout = {
        "name": name.size_pt,
        "weapons": weapons.size_pt,
        "weapons_height": table_height,
        "body": body.size_pt,
        "body_top": body_top,
        "body_height": body_box.height_mm,
        "trait_summaries": summaries,
    }
    return layout, problems


# The kind the Pulp Fiction definition names: the stat card on the shared plain back.
STAT_CARD = FaceKind(f"{FACES_DIR}/{TEMPLATE}", stat_card, fit_stat_card)


# ---- token sheet ------------------------------------------------------------------------------
# The counters the rules use beside the figures, in the palette's ink colours (SVG needs them
# spelt out): teal, red, mustard.
TOKEN_KINDS = (
    TokenKind("activation-point", "AP", "activation point", "#1f5f61"),
    TokenKind("wound", "W", "wound", "#a8321e"),
    TokenKind("spare-ammo", "AMMO", "spare ammo marker", "#d9a21b", size=3.4),
)


def band_tokens(roster: dict, rules: RulesBook, paper: Paper) -> TokenSheet:
    """The band's token sheet: as many of each counter as the engine says it can use."""
    counts = pulp_fiction.token_counts(roster, rules)
    name = str(as_dict(roster).get("name") or "Band")
    return lay_out(
        f"{name}: tokens", [(kind, counts.get(kind.slug, 0)) for kind in TOKEN_KINDS], paper
    )
