"""What a game of Dime Novel tracks at the table: the round, and each posse member's Grit,
which its card prints."""

from rules.engines.play import Track


def tracks(force) -> tuple[Track, ...]:
    # The template book gives no number of rounds: players keep count.
    found = [Track("round", "Round", 1, 99, 1, set_by_players=True)]
    for model in force.get("models", ()):
        grit = (model.get("card") or {}).get("grit")
        if isinstance(grit, int) and grit > 0:
            found.append(Track(f"{model['id']}.grit", "Grit", 0, grit, grit))
    return tuple(found)


def campaign_prefill(force, values):
    return {}
