"""Two players at a table: a game started from the book's sample forces."""

import uuid

import pytest

from play import handlers
from rosters.handlers.transfer import start_from_sample

SAMPLES = {
    "pulp-alley": ("singapore-smith", "captain-wolf"),
    "7tv": ("7tv-claire", "7tv-georgia"),
    "pulp-city": ("pulp-city-starter-box", "pulp-city-major-team-clash"),
    "pulp-fiction": ("pulp-fiction-heroes", "pulp-fiction-villains"),
}


def new_id():
    return str(uuid.uuid4())


@pytest.fixture
def table(rules_data, player, rival):
    """start(slug) → (game, seat 1, seat 2): the player starts from the book's first sample
    force of that game, the rival joins with its second."""

    def start(slug="pulp-alley"):
        first, second = SAMPLES[slug]
        mine = start_from_sample(owner=player, slug=first).roster
        theirs = start_from_sample(owner=rival, slug=second).roster
        started = handlers.start_game(player=player, roster=mine)
        joined = handlers.join_game(player=rival, code=started.game.code, roster=theirs)
        return started.game, started.seat, joined.seat

    return start
