"""What a Pulp Fiction game tracks at the table (Gilbert's rules, by section): the wounds of
each figure whose wounds are counted, and whether a figure is out (Wounds, Unconsciousness
and Death); who has acted this turn and the Activation Points the side's Leaders rolled
(Activation Points); Spare Ammo Markers and weapons Out of Ammo (Spare Ammo Markers; Double
1's, 2's and Ammo Depletion); the turn and who won its initiative (Turn Initiative)."""

from config.limits import PLAY_VALUE_MOST
from rules.engines.play import Track

WOUNDS = "Wounds, Unconsciousness and Death"
AP = "Activation Points"
AMMO = "Spare Ammo Markers"
DEPLETION = "Double 1's, 2's and Ammo Depletion"
INITIATIVE = "Turn Initiative"
# A Leader rolls 1D6 Activation Points a turn; a side adds its Leaders' together.
AP_DIE = 6
# A figure counting wounds is unconscious when its tokens reach its card's number, and dies
# of one more (Wounds…); any other figure dies of its first unsaved hit.
COUNTED_STATES = ("Standing", "Unconscious", "Dead")
OTHER_STATES = ("Standing", "Dead")
SIDES = ("Not rolled yet", "Side 1", "Side 2")


def ammo_held(force):
    """Every Spare Ammo Marker the band starts with: one for each Main Character with a
    ranged weapon, and one shared by its Secondary Characters (Spare Ammo Markers)."""
    cards = [m.get("card") or {} for m in force.get("models", ())]
    own = sum(card.get("spare_ammo_markers") or 0 for card in cards)
    return own, any(card.get("spare_ammo") == "shared" for card in cards)


def model_tracks(model, ammo_most):
    card = model.get("card") or {}
    target = model["id"]
    wounds = card.get("wounds") if card.get("wounds_tracked") else None
    counted = isinstance(wounds, int) and wounds > 0
    states = COUNTED_STATES if counted else OTHER_STATES
    tracks = []
    if counted:
        tracks.append(Track(f"{target}.wounds", "Wounds taken", 0, wounds, 0, page=WOUNDS))
    tracks += [
        Track(
            f"{target}.state",
            "State",
            0,
            len(states) - 1,
            0,
            page=WOUNDS,
            shown_as="choice",
            choices=states,
        ),
        Track(f"{target}.acted", "Acted this turn", 0, 1, 0, page=AP, shown_as="flag"),
    ]
    # Villains, Henchmen and Monsters never carry Spare Ammo; Main and Secondary Characters
    # may be handed one or pick one up.
    if card.get("spare_ammo") in ("own", "shared") and ammo_most:
        start = card.get("spare_ammo_markers") or 0
        tracks.append(Track(f"{target}.spare_ammo", "Spare Ammo", 0, ammo_most, start, page=AMMO))
    if any(weapon.get("ranged") for weapon in card.get("weapons") or ()):
        tracks.append(
            Track(f"{target}.out_of_ammo", "Out of Ammo", 0, 1, 0, page=DEPLETION, shown_as="flag")
        )
    return tracks


def tracks(force) -> tuple[Track, ...]:
    side = f"side{force['side']}"
    cards = [m.get("card") or {} for m in force.get("models", ())]
    ap_dice = sum(card.get("ap_dice") or 0 for card in cards)
    own, shared = ammo_held(force)
    found = [
        # The rules set no number of turns: players agree it with the scenario.
        Track("turn", "Turn", 1, PLAY_VALUE_MOST, 1, page=INITIATIVE, set_by_players=True),
        Track(
            "initiative", "Goes first", 0, 2, 0, page=INITIATIVE, shown_as="choice", choices=SIDES
        ),
    ]
    if ap_dice:
        found.append(
            Track(f"{side}.activation_points", "Activation Points", 0, AP_DIE * ap_dice, 0, page=AP)
        )
    if shared:
        found.append(
            Track(f"{side}.shared_ammo", "Secondary Characters' Spare Ammo", 0, 1, 1, page=AMMO)
        )
    found += [t for model in force.get("models", ()) for t in model_tracks(model, own + shared)]
    return tuple(found)


def campaign_prefill(force, values):
    """The rules give no campaign: nothing to fill."""
    return {}
