"""What a Pulp Alley game tracks at the table (core rules): each character's Health on the
ladder injuries walk down and Recovery climbs back up (p.21, p.28), whether it has activated
this turn (p.12) and the plot points it holds (p.26); each league's Fortune cards in hand and
played (p.13); the game's turn (p.40), who holds the Initiative (p.14) and the major plot
point (p.44)."""

from config.limits import PLAY_VALUE_MOST
from rules.engines.play import Track
from rules.games.pulp_alley.profile import DIE_TYPES

# The bottom of the Health ladder: knocked out of the scenario, then down (below d6, p.21).
KNOCKED_OUT, DOWN = "Knocked out", "Down"
# Basic scenarios last 6 turns, which luck and skill stretch to 7 or 8 (p.40).
TURN_LIMIT_MOST = 8
# Victory points at the end (p.44): the major plot point is worth 3, each minor one 1.
MAJOR_VICTORY_POINTS, MINOR_VICTORY_POINTS = 3, 1
SIDES = ("Nobody", "Side 1", "Side 2")


def health_ladder(card):
    """The Health steps from knocked out up to the printed die: a Follower (d6*) goes
    straight from d6 to knocked out on a failed check (p.21), anyone else goes down first."""
    printed = card.get("health")
    dice = DIE_TYPES[: DIE_TYPES.index(printed) + 1] if printed in DIE_TYPES else ()
    return (KNOCKED_OUT,) if card.get("knocked_out") else (KNOCKED_OUT, DOWN), dice


def model_tracks(model):
    bottom, dice = health_ladder(model.get("card") or {})
    # An unreadable Health die on the card: the whole ladder, and players say where it stands.
    ladder = (*bottom, *(dice or DIE_TYPES))
    return [
        Track(
            target=f"{model['id']}.health",
            label="Health",
            minimum=0,
            maximum=len(ladder) - 1,
            start=len(ladder) - 1,
            page="21, 28",
            set_by_players=not dice,
            shown_as="choice",
            choices=ladder,
        ),
        Track(f"{model['id']}.activated", "Activated", 0, 1, 0, page="12", shown_as="flag"),
        # However many the scenario puts out (p.41: five in a basic one); lost when down (p.26).
        Track(f"{model['id']}.plot_points", "Plot points held", 0, PLAY_VALUE_MOST, 0, page="26"),
    ]


def tracks(force) -> tuple[Track, ...]:
    side = f"side{force['side']}"
    return (
        Track("turn", "Turn", 1, TURN_LIMIT_MOST, 1, page="40"),
        # Rolled for at set-up (p.40), then taken by winning fights and plot points (p.14).
        Track("initiative", "Initiative", 0, 2, 0, page="14", shown_as="choice", choices=SIDES),
        Track(
            "major_plot_point",
            "Major plot point",
            0,
            2,
            0,
            page="44",
            shown_as="choice",
            choices=SIDES,
        ),
        # Three at the start of the first turn, one each turn after (p.13); no hand limit.
        Track(f"{side}.fortune_held", "Fortune cards in hand", 0, PLAY_VALUE_MOST, 0, page="13"),
        Track(f"{side}.fortune_played", "Fortune cards played", 0, PLAY_VALUE_MOST, 0, page="13"),
        *(track for model in force.get("models", ()) for track in model_tracks(model)),
    )


def campaign_prefill(force, values):
    """The result form (rules/games/pulp_alley/campaign.py EVENTS "result") as this game
    leaves it for one league: victory points from the plot points it holds (p.44), one reward
    card a plot point held, and who was knocked out (each may roll a Harrowing Escape)."""
    side = force["side"]
    held = sum(values.get(f"{m['id']}.plot_points", 0) for m in force.get("models", ()))
    major = values.get("major_plot_point") == side
    minor = max(0, held - (1 if major else 0))
    taken_out = [m for m in force.get("models", ()) if values.get(f"{m['id']}.health") == 0]
    return {
        "event": "result",
        "fields": {
            "victory_points": MAJOR_VICTORY_POINTS * major + MINOR_VICTORY_POINTS * minor,
            # The form takes members by id, so two of one name stay apart.
            "taken_out": [m["id"].removeprefix("m") for m in taken_out],
        },
        "reward_cards": held,
        "harrowing_escape": [m["id"].removeprefix("m") for m in taken_out],
    }
