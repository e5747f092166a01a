"""What a 7TV episode tracks at the table (core rulebook): each model's Health as its profile
prints it, knocked down, activated and its statuses (p.84, p.106, p.175); each cast's plot
point pool, which gaining and spending move (p.82-83); the script deck's act, the cards left
in it and the card in play (p.74-77), and which side is on screen (p.71)."""

from config.limits import PLAY_VALUE_MOST
from rules.engines.play import Track

# The statuses a strike or effect can give (p.175; the weapon effects of p.170 name them).
STATUSES = (
    "Captured",
    "Distracted",
    "Dominated",
    "Immobilised",
    "Infected",
    "On Fire",
    "Poisoned",
    "Scared",
    "Stunned",
    "Weakened",
)
# The Vehicle special effect: only these reach a vehicle, which is never knocked down.
VEHICLE_STATUSES = ("Immobilised", "On Fire")
ACTS = ("Act one", "Act two", "Finale")
# The largest script deck, for a table of 5 feet or more: 7 cards an act (p.75).
SCRIPT_DECK_MOST = 21
# The playing-card stand-ins for the script deck, act by act (p.77); a printed genre-guide
# deck has more cards than these.
SCRIPT_CARDS = (
    "No card in play",
    "A♣ Behind The Sofa",
    "K♣ Blooper Reel",
    "Q♣ Hit Your Mark",
    "J♣ Chase Sequence",
    "10♣ Cutting Room Floor",
    "A♠ Action Sequence",
    "K♠ After the Watershed",
    "Q♠ Big Break",
    "J♠ Call Back",
    "10♠ Continuity Error",
    "A♦ 18 Certificate",
    "K♦ Action-Packed",
    "Q♦ Blow The Budget",
    "J♦ Cut!",
    "10♦ Final Reel",
    "Another card (a printed deck)",
)
SIDES = ("Not rolled yet", "Side 1", "Side 2")


def slug(name):
    return name.lower().replace(" ", "_")


def one_model(target, card, vehicle):
    """The tracks of one model: Health from its profile down to 0, when it is removed
    from play (p.106), then what befalls it."""
    health = (card.get("stats") or {}).get("health")
    tracks = []
    if isinstance(health, int) and health > 0:
        tracks.append(Track(f"{target}.health", "Health", 0, health, health, page="106"))
    else:
        # No Health on this profile in our copy: players set it from the printed card.
        tracks.append(
            Track(
                f"{target}.health", "Health", 0, PLAY_VALUE_MOST, 0, page="106", set_by_players=True
            )
        )
    tracks.append(Track(f"{target}.activated", "Activated", 0, 1, 0, page="84", shown_as="flag"))
    if not vehicle:
        tracks.append(
            Track(f"{target}.knocked_down", "Knocked down", 0, 1, 0, page="170", shown_as="flag")
        )
    tracks += [
        Track(f"{target}.{slug(status)}", status, 0, 1, 0, page="175", shown_as="flag")
        for status in (VEHICLE_STATUSES if vehicle else STATUSES)
    ]
    return tracks


def model_tracks(model):
    """A line of several Extras is several models on the table, each with its own tracks
    (m3.1.health, m3.2.health…); a line of one is just m3."""
    card = model.get("card") or {}
    vehicle = card.get("type") == "vehicle"
    count = model.get("count", 1)
    if count == 1:
        return one_model(model["id"], card, vehicle)
    return [
        track
        for number in range(1, count + 1)
        for track in one_model(f"{model['id']}.{number}", card, vehicle)
    ]


def tracks(force) -> tuple[Track, ...]:
    side = f"side{force['side']}"
    return (
        Track("on_screen", "On screen", 0, 2, 0, page="71", shown_as="choice", choices=SIDES),
        Track("script_act", "Act", 0, 2, 0, page="74", shown_as="choice", choices=ACTS),
        # 15, 18 or 21 cards by the table's longest side (p.75): players set the start.
        Track(
            "script_cards_left",
            "Script cards left",
            0,
            SCRIPT_DECK_MOST,
            SCRIPT_DECK_MOST,
            page="75",
        ),
        Track(
            "script_card",
            "Script card in play",
            0,
            len(SCRIPT_CARDS) - 1,
            0,
            page="77",
            shown_as="choice",
            choices=SCRIPT_CARDS,
        ),
        # The book sets no most a pool holds: the app's cap stands in.
        Track(f"{side}.plot_points", "Plot points", 0, PLAY_VALUE_MOST, 0, page="82-83"),
        *(track for model in force.get("models", ()) for track in model_tracks(model)),
    )


def campaign_prefill(force, values):
    """The core rulebook's Ratings War campaign is not in our text (p.166): nothing to fill."""
    return {}
