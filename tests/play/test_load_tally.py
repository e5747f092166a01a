"""The play load run (bin/load_play.py) reports changes lost or doubled by comparing each
game's log with what its two phones sent and heard: these check that it counts them, so a
run that says 0 means none."""

import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "load_play", Path(__file__).resolve().parents[2] / "bin" / "load_play.py"
)
load_play = importlib.util.module_from_spec(spec)
spec.loader.exec_module(load_play)


def test_a_game_whose_phones_heard_everything_the_log_took_loses_and_doubles_nothing():
    sent = {1: ["a", "b"], 2: ["c"]}
    heard = {1: ["a", "c", "b"], 2: ["a", "c", "b"]}
    assert load_play.tally(sent, heard, log=["a", "c", "b"]) == load_play.Tally(
        sent=3, logged=3, lost=0, doubled=0
    )


def test_a_change_missing_from_the_log_or_from_one_phone_is_lost():
    sent = {1: ["a", "b"], 2: ["c"]}
    # "b" never reached the log; "c" reached it but not the first phone.
    heard = {1: ["a"], 2: ["a", "c"]}
    assert load_play.tally(sent, heard, log=["a", "c"]).lost == 2


def test_a_change_logged_twice_heard_twice_or_sent_by_nobody_is_doubled():
    sent = {1: ["a"], 2: ["c"]}
    heard = {1: ["a", "c", "a", "x"], 2: ["a", "c", "x"]}
    counted = load_play.tally(sent, heard, log=["a", "c", "c", "x"])
    # "c" twice in the log, "a" twice on the first phone, "x" made by no phone.
    assert (counted.lost, counted.doubled) == (0, 3)


def test_percentiles_are_read_from_the_measured_values():
    values = list(range(1, 101))
    assert (load_play.percentile(values, 50), load_play.percentile(values, 95)) == (51, 95)
    assert load_play.percentile([], 95) is None
