"""What every phone shows: the fold of the log in seq order, a phone catching up from the
last seq it saw, and every game's tracks well formed for every book's sample force."""

import pytest

from play import handlers, state
from rules.rulesets import definition_for
from tests.play.conftest import SAMPLES, new_id, sample_force


def test_the_latest_seq_wins_whatever_order_the_operations_arrive_in():
    log = [
        {"seq": 3, "target": "turn", "after": 4},
        {"seq": 1, "target": "turn", "after": 2},
        {"seq": 2, "target": "m1.health", "after": 1},
    ]
    assert state.fold({"turn": 1, "m1.health": 4, "round": 1}, log) == {
        "turn": 4,
        "m1.health": 1,
        "round": 1,
    }
    assert state.fold({"turn": 1}, []) == {"turn": 1}


def test_a_phone_catches_up_from_the_last_seq_it_saw(table):
    game, one, two = table()
    for seat, value in ((one, 2), (two, 3), (one, 4)):
        handlers.apply_operation(game=game, seat=seat, op_id=new_id(), target="turn", value=value)
    caught_up = state.game_state(game, since_seq=1)
    assert caught_up["seq"] == 3
    assert [(o["seq"], o["who"], o["before"], o["after"]) for o in caught_up["operations"]] == [
        (2, 2, 2, 3),
        (3, 1, 3, 4),
    ]
    assert caught_up["tracks"]["turn"] == 4


def test_the_games_own_tracks_show_once_and_a_models_carry_its_name(table):
    game, _, _ = table()
    shown = state.game_state(game)
    assert [t["target"] for t in shown["game_tracks"]] == ["turn", "initiative", "major_plot_point"]
    for seat in shown["seats"]:
        assert not {t["target"] for t in seat["tracks"]} & {"turn", "initiative"}
    smith = shown["seats"][0]["tracks"][2]
    assert (smith["model"], smith["label"]) == ("Singapore Smith", "Health")


def test_the_models_of_a_line_are_numbered():
    force = sample_force("7tv-claire")
    troopers = next(m for m in force["models"] if m["count"] == 3)
    assert state.model_named(force, f"{troopers['id']}.2.health") == f"{troopers['name']} 2"
    assert state.model_named(force, "side1.plot_points") == ""


@pytest.mark.parametrize(
    ("slug", "sample"), [(slug, sample) for slug, pair in SAMPLES.items() for sample in pair]
)
def test_every_track_of_every_sample_force_is_well_formed(slug, sample):
    force = sample_force(sample, side=2)
    tracks = definition_for(slug).play_module.tracks(force)
    targets = [t.target for t in tracks]
    assert len(targets) == len(set(targets))
    for track in tracks:
        assert track.refusal(track.start) == "", track
        assert track.label and track.page, track
        assert track.whole_game or track.target.split(".")[0] in (
            "side2",
            *(m["id"] for m in force["models"]),
        ), track
        if track.shown_as == "choice":
            assert len(track.choices) == track.maximum - track.minimum + 1, track


@pytest.mark.parametrize(
    ("play", "said"),
    [
        ("", "names no play module"),
        ("rules.games.no_such_game.play", "does not import"),
        ("rules.engines.plain", "lacks tracks"),
    ],
)
def test_a_game_without_its_tracker_fails_the_start_up_check(monkeypatch, play, said):
    import dataclasses

    from rules import checks
    from rules.rulesets import REGISTRY

    registry = {**REGISTRY, "pulp-alley": dataclasses.replace(REGISTRY["pulp-alley"], play=play)}
    monkeypatch.setattr(checks, "REGISTRY", registry)
    found = [error.msg for error in checks.registered_rulesets_are_complete(None)]
    assert any(message.startswith("Ruleset 'pulp-alley'") and said in message for message in found)
