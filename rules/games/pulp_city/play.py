"""What a Pulp City encounter tracks at the table (game guide): each Supreme's Damage, read
from its card, down to 0, where it is Incapacitated (p.22), the Action Points it has used
of its Allowance this round (p.12) and its Conditions (p.22-24); each team's Action Pool
(p.12-13), Resources used and Agendas met (p.31, p.35), and Agenda Points; the Game Round
(p.29)."""

from config.limits import PLAY_VALUE_MOST
from rules.engines.play import Track

# Conditions a Supreme keeps between actions (p.22-24). Base to Base, In Cover and Falling
# are where the model stands, seen on the table; Incapacitated is Damage 0.
CONDITIONS = ("Knocked Down", "Charging", "Burdened", "Shot Down", "Eliminated")
# Method 2 of ending an encounter: after round 9 it ends whatever the dice say (p.29).
ROUNDS_MOST = 9
SIDES = ("Not rolled yet", "Side 1", "Side 2")


def slug(name):
    return name.lower().replace(" ", "_")


def model_tracks(model):
    card = model.get("card") or {}
    target = model["id"]
    tracks = []
    damage, allowance = card.get("damage"), card.get("ap")
    # Where our copy of the card lost a number, players set it from the printed card.
    if isinstance(damage, int) and damage > 0:
        tracks.append(Track(f"{target}.damage", "Damage", 0, damage, damage, page="22"))
    else:
        tracks.append(
            Track(
                f"{target}.damage", "Damage", 0, PLAY_VALUE_MOST, 0, page="22", set_by_players=True
            )
        )
    if isinstance(allowance, int) and allowance > 0:
        tracks.append(Track(f"{target}.ap_used", "AP used", 0, allowance, 0, page="12"))
    else:
        tracks.append(
            Track(
                f"{target}.ap_used",
                "AP used",
                0,
                PLAY_VALUE_MOST,
                0,
                page="12",
                set_by_players=True,
            )
        )
    tracks += [
        Track(f"{target}.{slug(name)}", name, 0, 1, 0, page="22-24", shown_as="flag")
        for name in CONDITIONS
    ]
    tracks += [
        Track(
            f"{target}.resource.{resource['slug']}",
            f"{resource['name']} used",
            0,
            1,
            0,
            page="35",
            shown_as="flag",
        )
        for resource in card.get("resources") or ()
        if resource.get("slug")
    ]
    return tracks


def action_pool(force):
    """2 Action Points a Supreme Level on the table, and 2 more (p.12); skills such as
    Leader (X) add to it, which players set as the round starts."""
    levels = sum(m["level"] for m in force.get("models", ()) if isinstance(m.get("level"), int))
    return 2 * levels + 2


def tracks(force) -> tuple[Track, ...]:
    side = f"side{force['side']}"
    agendas = (force.get("choices") or {}).get("agendas") or ()
    return (
        Track("round", "Game Round", 1, ROUNDS_MOST, 1, page="29"),
        Track(
            "starting_roll",
            "Starting Roll won by",
            0,
            2,
            0,
            page="29",
            shown_as="choice",
            choices=SIDES,
        ),
        Track(
            f"{side}.action_pool",
            "Action Pool",
            0,
            PLAY_VALUE_MOST,
            min(PLAY_VALUE_MOST, action_pool(force)),
            page="12-13",
        ),
        # An Agenda's points may be negative (its penalty) and come in halves (p.31-34),
        # so the number counts half points; the book sets no bound.
        Track(
            f"{side}.agenda_points",
            "Agenda Points",
            -PLAY_VALUE_MOST,
            PLAY_VALUE_MOST,
            0,
            page="29, 31",
            shown_as="halves",
        ),
        *(
            Track(
                f"{side}.agenda.{a['slug']}",
                f"{a['name']} met",
                0,
                1,
                0,
                page="31",
                shown_as="flag",
            )
            for a in agendas
        ),
        *(track for model in force.get("models", ()) for track in model_tracks(model)),
    )


def campaign_prefill(force, values):
    """The game guide gives no campaign: nothing to fill."""
    return {}
