"""Two players at a table: a game started from the book's sample forces."""

import functools
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


@functools.cache
def fixture_rules(slug):
    """A game's rules book from its fixtures, read once for all these tests."""
    from rules.fixture_book import rules_book_from_fixtures

    return rules_book_from_fixtures(slug)


def sample_force(sample, side=1):
    """The frozen force a seat would hold for one of the books' sample forces, read from the
    fixtures without the database."""
    from play.forces import force_from_document
    from rosters.samples import sample_document

    document = sample_document(sample)
    rules = fixture_rules(document["ruleset"])
    return force_from_document(document, rules, side=side, player=f"Player {side}")


def by_target(tracks):
    return {track.target: track for track in tracks}


def model_named(force, name):
    return next(model for model in force["models"] if model["name"] == name)
