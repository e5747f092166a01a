"""Reads of a game: its tracks, who sits where, and what every phone shows, which is a fold of
the log in the server's order (`seq`), the last write to a value winning. The same `fold`
runs on the server and in the replay property test, so the two can never drift apart."""

from play.codes import normalised
from play.models import Game
from rules.rulesets import definition_for


def fold(initial, operations):
    """The values after `operations` (dicts or rows with seq, target and after), applied in
    seq order over `initial` ({target: value}); a later seq overwrites an earlier one."""
    values = dict(initial)
    for operation in sorted(operations, key=lambda op: field(op, "seq")):
        values[field(operation, "target")] = field(operation, "after")
    return values


def field(operation, name):
    return operation[name] if isinstance(operation, dict) else getattr(operation, name)


def play_rules(game):
    return definition_for(game.ruleset.slug).play_module


def seat_tracks(game, seat):
    """The tracks of one seat's force, in the order its game lists them."""
    return tuple(play_rules(game).tracks(seat.force))


def tracks_of(game, seats=None):
    """{target: Track} of the whole game: each seated side's, the game's own ones (a round
    counter) once."""
    seats = list(game.seats.all()) if seats is None else seats
    found = {}
    for seat in seats:
        for track in seat_tracks(game, seat):
            found.setdefault(track.target, track)
    return found


def current_value(game, target, track):
    """What `target` holds now: the after of its latest operation, or its start."""
    latest = game.operations.filter(target=target).order_by("-seq").values("after").first()
    return track.start if latest is None else latest["after"]


def seat_of(game, player):
    """The player's seat in the game, or None: spectators and strangers have none."""
    if player is None or not player.is_authenticated:
        return None
    return game.seats.filter(player=player).first()


def game_by_code(code):
    return Game.objects.select_related("ruleset").filter(code=normalised(code)).first()


def game_by_spectator_token(token):
    return (
        Game.objects.select_related("ruleset").filter(spectator_token=str(token)).first()
        if token
        else None
    )


def games_of(player):
    """The games the player sits in, latest first."""
    if player is None or not player.is_authenticated:
        return Game.objects.none()
    return Game.objects.filter(seats__player=player).select_related("ruleset")


def operation_as_data(operation, sides):
    return {
        "seq": operation.seq,
        "op_id": str(operation.op_id),
        "who": sides.get(operation.seat_id),
        "target": operation.target,
        "before": operation.before,
        "after": operation.after,
        "undoes": operation.undoes.seq if operation.undoes_id else None,
    }


def model_named(force, target):
    """The model a track belongs to, as the phone names it ("Imperial Troopers 2" for the
    second model of a line), or "" for a side's own track."""
    parts = target.split(".")
    model = next((m for m in force.get("models", ()) if m["id"] == parts[0]), None)
    if model is None:
        return ""
    return f"{model['name']} {parts[1]}" if model.get("count", 1) > 1 else model["name"]


def track_as_data(track, value, model=""):
    return {
        "target": track.target,
        "model": model,
        "label": track.label,
        "minimum": track.minimum,
        "maximum": track.maximum,
        "start": track.start,
        "step": track.step,
        "page": track.page,
        "set_by_players": track.set_by_players,
        "shown_as": track.shown_as,
        "choices": list(track.choices),
        "value": value,
    }


def game_state(game, since_seq=0):
    """The game as every phone shows it, plain data: `seq` (the latest in the log), `tracks`
    {target: value}, `game_tracks` (the turn and such, with their values), `seats` (each side's
    player, force and its tracks with their values), and the `operations` after `since_seq`
    for a phone catching up. A phone asks from the last seq it holds with none missing
    before it, not the highest it holds: the reply to its own change may name seq 5 while
    the other phone's 4 never reached it. `who` in an operation is the side that made it."""
    seats = list(game.seats.all())
    tracks = tracks_of(game, seats)
    log = list(game.operations.select_related("undoes").order_by("seq"))
    values = fold({target: track.start for target, track in tracks.items()}, log)
    sides = {seat.pk: seat.side for seat in seats}
    return {
        "game": game.code,
        "ruleset": game.ruleset.slug,
        "status": game.status,
        "seq": log[-1].seq if log else 0,
        "tracks": values,
        "game_tracks": [
            track_as_data(track, values.get(target))
            for target, track in tracks.items()
            if track.whole_game
        ],
        "seats": [
            {
                "side": seat.side,
                "player": seat.force.get("player", ""),
                "force": seat.force,
                "tracks": [
                    track_as_data(
                        track, values.get(track.target), model_named(seat.force, track.target)
                    )
                    for track in seat_tracks(game, seat)
                    if not track.whole_game
                ],
            }
            for seat in seats
        ],
        "operations": [operation_as_data(op, sides) for op in log if op.seq > since_seq],
    }


def shown(track, value):
    """A track's value as a player reads it (static/play/game.js shows changes alike)."""
    if value is None:
        return "—"
    if track["shown_as"] == "die":
        return f"d{value}" if value > 0 else "—"
    if track["shown_as"] == "flag":
        return "Yes" if value else "No"
    if track["shown_as"] == "choice":
        return track["choices"][value - track["minimum"]]
    if track["shown_as"] == "halves":
        whole, half = divmod(abs(value), 2)
        number = (str(whole) if whole or not half else "") + ("½" if half else "")
        return f"-{number}" if value < 0 else number
    return str(value)


def what_changed(track):
    """What an operation changed, as a sentence names it: a model's value with the model
    ("Evil Overlord's Health"), a side's with the side, the game's by its own name."""
    if track["model"]:
        return f"{track['model']}'s {track['label']}"
    side = track["target"].partition(".")[0].removeprefix("side")
    return f"Side {side}'s {track['label']}" if "." in track["target"] else track["label"]


def log_lines(state):
    """Every operation of the log as a sentence (static/play/game.js writes the live log
    alike): who made it, on what (the model by its name), from what to what."""
    tracks = {t["target"]: t for t in state["game_tracks"]}
    tracks |= {t["target"]: t for seat in state["seats"] for t in seat["tracks"]}
    players = {seat["side"]: seat["player"] for seat in state["seats"]}
    lines = []
    for operation in state["operations"]:
        track = tracks.get(operation["target"])
        who = f"Side {operation['who']} ({players.get(operation['who'], '')})"
        if track is None:  # a track its force no longer has: named as the log keeps it
            track = {"target": operation["target"], "label": operation["target"], "model": ""}
            track |= {"shown_as": "number", "minimum": 0, "choices": []}
        before, after = shown(track, operation["before"]), shown(track, operation["after"])
        if operation["undoes"]:
            lines.append(
                f"{who} undid a change: {what_changed(track)} back from {before} to {after}."
            )
        else:
            lines.append(f"{who} set {what_changed(track)} from {before} to {after}.")
    return lines


def report(state):
    """The game as it ended, from its `game_state`: each side's values that moved from
    their start (a model's named with the model), the game's own values (numbers, and
    `shown` as a player reads them), and its whole log, a sentence a change."""
    return {
        "operations": len(state["operations"]),
        "log": log_lines(state),
        "sides": [
            {
                "side": seat["side"],
                "player": seat["player"],
                "roster": seat["force"].get("roster", ""),
                "changed": [
                    {
                        "label": f"{t['model']}: {t['label']}" if t["model"] else t["label"],
                        "start": t["start"],
                        "end": t["value"],
                        "shown": f"{shown(t, t['start'])} → {shown(t, t['value'])}",
                    }
                    for t in seat["tracks"]
                    if t["value"] != t["start"]
                ],
            }
            for seat in state["seats"]
        ],
        "game": [
            {
                "label": t["label"],
                "start": t["start"],
                "end": t["value"],
                "shown": shown(t, t["value"]),
            }
            for t in state["game_tracks"]
        ],
    }
