"""Pulp Alley's tracks against the core rules: Health walks down the dice to down and then
knocked out (p.21, p.28), Followers skip down, and the end of a game fills the league's
result form (p.44)."""

from rules.games.pulp_alley import play
from tests.play.conftest import by_target, model_named, sample_force


def health_of(force, name):
    model = model_named(force, name)
    return by_target(play.tracks(force))[f"{model['id']}.health"], model


def test_health_steps_down_each_die_type_then_down_then_knocked_out():
    track, _ = health_of(sample_force("singapore-smith"), "Singapore Smith")
    assert track.choices == ("Knocked out", "Down", "d6", "d8", "d10")
    assert track.choices[track.start] == "d10"
    assert (track.minimum, track.step, track.set_by_players) == (0, 1, False)


def test_a_follower_is_knocked_out_straight_from_d6():
    track, model = health_of(sample_force("singapore-smith"), "Chu-Chu")
    assert model["card"]["knocked_out"]
    assert track.choices == ("Knocked out", "d6")


def test_every_health_track_starts_at_the_die_the_card_prints():
    force = sample_force("singapore-smith")
    tracks = by_target(play.tracks(force))
    for model in force["models"]:
        track = tracks[f"{model['id']}.health"]
        printed = dict(model["cells"])["Health"].rstrip("*")
        assert track.choices[track.start] == printed == track.choices[track.maximum]


def test_an_unreadable_health_die_is_left_to_the_players():
    force = sample_force("captain-wolf")
    force["models"][0]["card"]["health"] = None
    track = by_target(play.tracks(force))[f"{force['models'][0]['id']}.health"]
    assert track.set_by_players
    assert track.choices[-1] == "d12"


def test_the_turn_runs_to_the_longest_basic_scenario_and_cards_start_in_the_deck():
    tracks = by_target(play.tracks(sample_force("captain-wolf", side=2)))
    assert (tracks["turn"].start, tracks["turn"].maximum) == (1, 8)
    assert tracks["side2.fortune_held"].start == 0
    assert tracks["initiative"].choices == ("Nobody", "Side 1", "Side 2")


def test_the_result_form_gets_victory_points_and_who_was_knocked_out():
    force = sample_force("singapore-smith")
    smith, chu, arge = (model_named(force, n)["id"] for n in ("Singapore Smith", "Chu-Chu", "Arge"))
    values = {
        "major_plot_point": 1,
        f"{smith}.plot_points": 2,
        f"{arge}.plot_points": 1,
        f"{chu}.health": 0,
        f"{arge}.health": 1,  # down at the end is not knocked out
    }
    prefill = play.campaign_prefill(force, values)
    # The major plot point is worth 3 and each of the two minor ones 1.
    assert prefill["fields"] == {"victory_points": 5, "taken_out": [chu.removeprefix("m")]}
    assert prefill["event"] == "result"
    assert prefill["reward_cards"] == 3
    assert prefill["harrowing_escape"] == [chu.removeprefix("m")]


def test_the_other_league_holding_the_major_plot_point_scores_only_its_minor_ones():
    force = sample_force("captain-wolf", side=2)
    wolf = force["models"][0]["id"]
    prefill = play.campaign_prefill(force, {"major_plot_point": 1, f"{wolf}.plot_points": 2})
    assert prefill["fields"]["victory_points"] == 2
