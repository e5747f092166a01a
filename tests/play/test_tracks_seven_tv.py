"""7TV's tracks against the core rulebook: Health as each profile prints it, a line of
Extras as models of their own, statuses (a vehicle takes only two, and is never knocked
down), the plot point pool and the script deck (p.74-77, p.106, p.175)."""

from rules.games.seven_tv import play
from tests.play.conftest import by_target, model_named, sample_force


def test_a_star_has_the_health_its_profile_prints():
    force = sample_force("7tv-claire")
    overlord = model_named(force, "Evil Overlord")
    track = by_target(play.tracks(force))[f"{overlord['id']}.health"]
    assert (track.minimum, track.start, track.maximum) == (0, 3, 3)
    assert track.start == overlord["card"]["stats"]["health"]


def test_each_model_of_a_line_of_extras_takes_its_own_hits():
    force = sample_force("7tv-claire")
    troopers = model_named(force, "Imperial Troopers")
    tracks = by_target(play.tracks(force))
    healths = [t for t in tracks if t.startswith(f"{troopers['id']}.") and t.endswith(".health")]
    assert len(healths) == troopers["count"] == 3
    assert all(tracks[t].maximum == troopers["card"]["stats"]["health"] for t in healths)


def test_a_vehicle_takes_only_immobilised_and_on_fire_and_is_never_knocked_down():
    force = sample_force("7tv-simon")
    van = model_named(force, "Van")
    labels = {t.label for t in play.tracks(force) if t.target.startswith(f"{van['id']}.")}
    assert labels == {"Health", "Activated", "Immobilised", "On Fire"}


def test_everyone_else_can_take_every_status():
    force = sample_force("7tv-simon")
    kids = model_named(force, "Kids")
    labels = {t.label for t in play.tracks(force) if t.target.startswith(f"{kids['id']}.1.")}
    assert set(play.STATUSES) | {"Knocked down"} <= labels
    assert len(play.STATUSES) == 10


def test_the_script_deck_holds_at_most_21_cards_in_three_acts():
    tracks = by_target(play.tracks(sample_force("7tv-georgia", side=2)))
    assert tracks["script_cards_left"].maximum == 21
    assert tracks["script_act"].choices == ("Act one", "Act two", "Finale")
    card = tracks["script_card"]
    assert card.choices[card.start] == "No card in play"
    assert len(card.choices) == 17  # none, the 15 playing-card stand-ins, a printed deck's
    assert tracks["side2.plot_points"].start == 0
