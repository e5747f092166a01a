"""What this game tracks at the table (filled in next; the round only for now)."""

from rules.engines.play import Track


def tracks(force) -> tuple[Track, ...]:
    return (Track("round", "Round", 1, 99, 1, set_by_players=True),)


def campaign_prefill(force, values):
    return {}
