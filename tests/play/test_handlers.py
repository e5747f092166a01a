"""The handlers at the table: starting and joining a game, every change going into the log
once however often a phone sends it, refusals that change nothing, undo and the end of the
game with its campaign hand-off."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config import limits
from play import codes, handlers, state
from play.handlers import PlayRefused
from play.models import Game, Operation
from rosters.handlers.transfer import start_from_sample
from rosters.models import Character
from tests.concurrency import postgres_only, together
from tests.play.conftest import new_id

pytestmark = pytest.mark.django_db


def first_health(game, seat):
    """The target and start of the seat's first model's Health."""
    tracks = state.game_state(game)["seats"][seat.side - 1]["tracks"]
    track = next(t for t in tracks if t["target"].endswith(".health"))
    return track["target"], track["start"]


def apply(game, seat, target, value, op_id=None):
    return handlers.apply_operation(
        game=game, seat=seat, op_id=op_id or new_id(), target=target, value=value
    )


def test_a_new_game_has_a_short_unambiguous_code_that_expires(table):
    game, one, two = table()
    assert len(game.code) == limits.PLAY_JOIN_CODE_LENGTH
    assert set(game.code) <= set(codes.ALPHABET)
    assert not set("01OIL") & set(codes.ALPHABET)
    lifetime = timedelta(minutes=limits.PLAY_JOIN_CODE_LIFETIME_MINUTES)
    assert timezone.now() < game.expires_at <= timezone.now() + lifetime
    assert game.spectator_token and game.code not in game.spectator_token
    assert (one.side, two.side) == (1, 2)


def test_both_forces_are_on_the_table_as_they_print(table):
    game, one, two = table()
    seats = state.game_state(game)["seats"]
    assert [s["force"]["roster"] for s in seats] == [
        "Singapore Smith's League",
        "Captain Wolf and the SS Vento",
    ]
    smith = seats[0]["force"]["models"][0]
    assert (smith["name"], dict(smith["cells"])["Health"]) == ("Singapore Smith", "d10")


def test_editing_the_roster_after_the_start_changes_nothing_in_the_game(table, player):
    game, one, _ = table()
    before = state.game_state(game)
    card = Character.objects.filter(owner=player).order_by("pk").first()
    card.name = "Renamed"
    card.profile = {**card.profile, "health": "d6"}
    card.save()
    one.roster.members.all().delete()
    assert state.game_state(game) == before


def test_a_code_is_read_in_any_case_and_with_spaces(table, rules_data, make_user):
    game, _, _ = table()
    assert state.game_by_code(f" {game.code[:4].lower()} {game.code[4:]} ") == game


def test_joining_again_gives_back_the_same_seat(table, rival):
    game, _, two = table()
    again = handlers.join_game(player=rival, code=game.code)
    assert again.seat == two


def test_a_third_player_is_refused_and_pointed_to_spectating(table, make_user):
    game, _, _ = table()
    with pytest.raises(PlayRefused, match="two players"):
        handlers.join_game(player=make_user("third"), code=game.code)


def test_an_expired_or_unknown_code_is_refused(rules_data, player, rival):
    mine = start_from_sample(owner=player, slug="captain-wolf").roster
    game = handlers.start_game(player=player, roster=mine).game
    Game.objects.filter(pk=game.pk).update(expires_at=timezone.now())
    with pytest.raises(PlayRefused, match="expired"):
        handlers.join_game(player=rival, code=game.code)
    with pytest.raises(PlayRefused, match="No game"):
        handlers.join_game(player=rival, code="ZZZZ2222")
    assert game.seats.count() == 1


def test_a_guest_joins_without_a_force_and_still_tracks_their_side(rules_data, player):
    from accounts.players import create_guest

    mine = start_from_sample(owner=player, slug="captain-wolf").roster
    game = handlers.start_game(player=player, roster=mine).game
    guest = handlers.join_game(player=create_guest(), code=game.code).seat
    assert guest.force["player"] == "Guest" and guest.force["models"] == []
    applied = apply(game, guest, "side2.fortune_held", 3)
    assert state.game_state(game)["tracks"]["side2.fortune_held"] == 3
    assert not applied.duplicate


def test_only_ones_own_roster_of_the_same_game_can_be_brought(rules_data, player, rival):
    mine = start_from_sample(owner=player, slug="captain-wolf").roster
    game = handlers.start_game(player=player, roster=mine).game
    with pytest.raises(PlayRefused, match="not one of yours"):
        handlers.join_game(player=rival, code=game.code, roster=mine)
    other_game = start_from_sample(owner=rival, slug="7tv-claire").roster
    with pytest.raises(PlayRefused, match="Pulp Alley"):
        handlers.join_game(player=rival, code=game.code, roster=other_game)
    with pytest.raises(PlayRefused, match="not one of yours"):
        handlers.start_game(player=rival, roster=mine)
    assert game.seats.count() == 1


def test_a_change_is_logged_with_its_value_before_and_after(table):
    game, one, two = table()
    target, start = first_health(game, one)
    first = apply(game, two, target, start - 1).operation
    second = apply(game, one, target, start - 2).operation
    assert [(o.seq, o.before, o.after) for o in (first, second)] == [
        (1, start, start - 1),
        (2, start - 1, start - 2),
    ]
    assert state.game_state(game)["tracks"][target] == start - 2


def test_a_change_sent_again_is_not_applied_twice(table):
    game, one, _ = table()
    target, start = first_health(game, one)
    op_id = new_id()
    first = apply(game, one, target, start - 1, op_id)
    again = apply(game, one, target, start - 1, op_id)
    assert (first.duplicate, again.duplicate) == (False, True)
    assert again.operation == first.operation
    assert game.operations.count() == 1


def queries_of(call):
    """The queries `call` makes, without the savepoints of the handler's transaction (inside
    the test's own, a server's BEGIN and COMMIT are SAVEPOINT and RELEASE here)."""
    with CaptureQueriesContext(connection) as captured:
        call()
    return [q["sql"] for q in captured if "SAVEPOINT" not in q["sql"]]


def test_a_change_costs_three_queries_and_a_resend_two(table):
    """Live games under load (docs/performance.md): each query of a change is a wait on
    the database while both phones wait. Three: the game's row locked, one read of its log
    (the change's id, the latest seq, the value it changes), the insert; the seats' tracks
    come from the socket that keeps them."""
    game, one, _ = table()
    tracks = state.tracks_of(game)
    op_id = new_id()

    def change():
        handlers.apply_operation(
            game=game, seat=one, op_id=op_id, target="turn", value=2, tracks=tracks
        )

    made = queries_of(change)
    assert len(made) == 3, made
    assert made[-1].startswith("INSERT")
    resent = queries_of(change)
    assert len(resent) == 2 and not any(q.startswith("INSERT") for q in resent), resent
    assert game.operations.count() == 1


def test_a_track_the_caller_did_not_know_is_found_in_the_seats(table):
    """A socket keeps the tracks of the seats it read; a player who sat down since brings
    tracks of their own, and their change is taken, not refused."""
    game, one, two = table()
    side_one_only = {track.target: track for track in state.seat_tracks(game, one)}
    applied = handlers.apply_operation(
        game=game,
        seat=two,
        op_id=new_id(),
        target="side2.fortune_held",
        value=3,
        tracks=side_one_only,
    )
    assert (applied.operation.before, applied.operation.after) == (0, 3)


def test_the_other_players_change_id_cannot_be_taken_over(table):
    game, one, two = table()
    target, start = first_health(game, one)
    op_id = new_id()
    apply(game, one, target, start - 1, op_id)
    with pytest.raises(PlayRefused, match="other player"):
        apply(game, two, target, start - 2, op_id)


@pytest.mark.parametrize(
    ("target", "value", "said"),
    [
        ("m999999.health", 1, "nothing this game tracks"),
        ("side1.fortune_held", limits.PLAY_VALUE_MOST + 1, "runs from 0"),
        ("side1.fortune_held", -1, "runs from 0"),
        ("side1.fortune_held", True, "whole number"),
        ("side1.fortune_held", "3", "whole number"),
        ("turn", 9, "runs from 1 to 8"),
    ],
)
def test_hostile_changes_are_refused_and_change_nothing(table, target, value, said):
    game, one, _ = table()
    before = state.game_state(game)
    with pytest.raises(PlayRefused, match=said):
        apply(game, one, target, value)
    assert state.game_state(game) == before


def test_a_seat_of_another_game_cannot_write(table, rules_data, make_user):
    game, one, _ = table()
    stranger = make_user("stranger")
    theirs = start_from_sample(owner=stranger, slug="captain-wolf").roster
    elsewhere = handlers.start_game(player=stranger, roster=theirs).seat
    for seat in (elsewhere, None):
        with pytest.raises(PlayRefused, match="two players"):
            apply(game, seat, "turn", 2)
        with pytest.raises(PlayRefused, match="two players"):
            handlers.end_game(game=game, seat=seat)
    assert game.operations.count() == 0 and Game.objects.get(pk=game.pk).is_open


def test_a_flood_stops_at_the_games_most_changes(table, monkeypatch):
    game, one, _ = table()
    monkeypatch.setattr(limits, "PLAY_MAX_OPERATIONS", 3)
    for value in (2, 3, 4):
        apply(game, one, "turn", value)
    with pytest.raises(PlayRefused, match="holds 3 changes"):
        apply(game, one, "turn", 5)
    assert game.operations.count() == 3


def test_undo_sets_back_ones_own_last_change_and_steps_further_back(table):
    game, one, two = table()
    apply(game, one, "turn", 2)
    apply(game, one, "turn", 3)
    apply(game, two, "side2.fortune_held", 4)
    undo = handlers.undo_last(game=game, seat=one, op_id=new_id()).operation
    assert (undo.target, undo.before, undo.after) == ("turn", 3, 2)
    handlers.undo_last(game=game, seat=one, op_id=new_id())
    tracks = state.game_state(game)["tracks"]
    # The other player's change stays.
    assert (tracks["turn"], tracks["side2.fortune_held"]) == (1, 4)
    with pytest.raises(PlayRefused, match="no change left"):
        handlers.undo_last(game=game, seat=one, op_id=new_id())


def test_an_undo_sent_again_undoes_once(table):
    game, one, _ = table()
    apply(game, one, "turn", 2)
    apply(game, one, "turn", 3)
    op_id = new_id()
    first = handlers.undo_last(game=game, seat=one, op_id=op_id)
    again = handlers.undo_last(game=game, seat=one, op_id=op_id)
    assert again.duplicate and again.operation == first.operation
    assert state.game_state(game)["tracks"]["turn"] == 2


def test_the_end_offers_each_league_its_result_and_stops_the_log(table):
    game, one, two = table()
    smith = state.game_state(game)["seats"][0]["force"]["models"][0]
    chu = state.game_state(game)["seats"][0]["force"]["models"][-1]
    for target, value in (
        ("major_plot_point", 1),
        (f"{smith['id']}.plot_points", 2),
        (f"{chu['id']}.health", 0),
    ):
        apply(game, one, target, value)
    ended = handlers.end_game(game=game, seat=two)
    assert ended.campaign_prefill[1]["fields"] == {
        "victory_points": 4,
        "taken_out": [chu["id"].removeprefix("m")],
    }
    assert ended.campaign_prefill[2]["fields"] == {"victory_points": 0, "taken_out": []}
    changed = {c["label"]: c["end"] for c in ended.report["sides"][0]["changed"]}
    assert changed == {"Singapore Smith: Plot points held": 2, "Chu-Chu: Health": 0}
    assert ended.report["operations"] == 3
    with pytest.raises(PlayRefused, match="ended"):
        apply(game, one, "turn", 2)
    again = handlers.end_game(game=game, seat=one)
    assert again.report == ended.report


def test_the_prefilled_result_is_one_the_league_can_record(table, player):
    from rosters.handlers.campaign import record_event

    game, one, two = table()
    chu = state.game_state(game)["seats"][0]["force"]["models"][-1]
    apply(game, one, f"{chu['id']}.health", 0)
    prefill = handlers.end_game(game=game, seat=one).campaign_prefill[1]
    result = record_event(roster=one.roster, event=prefill["event"], **prefill["fields"])
    assert "Chu-Chu is back on their feet for the next game" in result.entry.summary


def test_open_games_are_limited_per_player(rules_data, player, monkeypatch):
    monkeypatch.setattr(limits, "PLAY_MAX_OPEN_GAMES", 2)
    mine = start_from_sample(owner=player, slug="captain-wolf").roster
    first = handlers.start_game(player=player, roster=mine)
    handlers.start_game(player=player, roster=mine)
    with pytest.raises(PlayRefused, match="2 open games"):
        handlers.start_game(player=player, roster=mine)
    handlers.end_game(game=first.game, seat=first.seat)
    handlers.start_game(player=player, roster=mine)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_phones_appending_at_once_get_consecutive_seqs_and_a_resend_is_logged_once(table):
    # One test for both races: each test with real transactions empties the database after
    # it, and loading the rules again for a second one costs far more than the race.
    game, one, two = table()

    def taps(seat, values):
        return lambda: [apply(game, seat, f"side{seat.side}.fortune_held", v) for v in values]

    together(taps(one, range(1, 9)), taps(two, range(1, 9)))
    seqs = list(Operation.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, 17))
    op_id = new_id()
    results = together(*(lambda: apply(game, one, "turn", 2, op_id) for _ in range(2)))
    assert sorted(r.duplicate for r in results) == [False, True]
    assert Operation.objects.filter(game=game, op_id=op_id).count() == 1
