"""A game's pages: start one from a roster, join one with its code (typed, scanned from the
QR code or opened from its link), the game itself for its two players, its read-only page for
spectators, and its end. Changes during the game travel over the websocket
(play/consumers.py); these views only draw the pages and take the few form posts. A game is
found only through one of its seats or its spectator token: anyone else gets a 404."""

import hashlib
import json
from urllib.parse import unquote

import segno
from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from accounts.players import current_player
from cards import portrait_views
from config import limits
from play import codes, handlers, offline, state
from play.consumers import announce_reload
from rosters import campaign_views
from rosters import selectors as roster_selectors
from rules.rulesets import definition_for

SCOPE = "/play/"
# Changes the page lists under "Latest changes".
RECENT = 12
# What the service worker keeps for reading a game offline besides the page and its
# pictures: the site's styles, fonts (the Latin ones the pages use) and scripts.
OFFLINE_STATIC = (
    "css/fonts.css",
    "css/palette.css",
    "css/site.css",
    "css/play.css",
    "vendor/htmx/htmx.min.js",
    "play/game.js",
    "favicon.svg",
    "fonts/oswald/oswald-latin-400-normal.woff2",
    "fonts/oswald/oswald-latin-600-normal.woff2",
    "fonts/oswald/oswald-latin-700-normal.woff2",
    "fonts/alegreya-sans/alegreya-sans-latin-400-normal.woff2",
    "fonts/alegreya-sans/alegreya-sans-latin-400-italic.woff2",
    "fonts/alegreya-sans/alegreya-sans-latin-700-normal.woff2",
)


def my_game_or_404(request, pk):
    return get_object_or_404(state.games_of(request.user), pk=pk)


def shared_game_or_404(token):
    game = state.game_by_spectator_token(token)
    if game is None:
        raise Http404("No game has that link")
    return game


def qr_svg(url):
    """The join link as a QR code, an inline SVG (no script, no image request)."""
    return segno.make(url, error="m").svg_inline(scale=6, dark="#111", light="#fff", border=2)


def drawn(tracks):
    return [
        {
            **track,
            "shown": state.shown(track, track["value"]),
            "choices_json": json.dumps(track["choices"]),
        }
        for track in tracks
    ]


def sides(game_state, portrait_url):
    """Each seat's force as the page draws it: the side's own tracks, then a card per model
    (portrait, name, printed values) with the model's tracks."""
    forces = []
    for seat in game_state["seats"]:
        force = seat["force"]
        own = f"side{seat['side']}."
        models = []
        for model in force.get("models", ()):
            prefix = f"{model['id']}."
            models.append(
                {
                    **model,
                    "portrait_url": portrait_url(model["id"]) if model.get("portrait") else "",
                    "tracks": [
                        # On a line of several models (7TV Extras) each track says whose it is.
                        {**t, "member": t["model"] if model.get("count", 1) > 1 else ""}
                        for t in drawn(t for t in seat["tracks"] if t["target"].startswith(prefix))
                    ],
                }
            )
        forces.append(
            {
                **seat,
                "roster": force.get("roster", ""),
                "own_tracks": drawn(t for t in seat["tracks"] if t["target"].startswith(own)),
                "models": models,
            }
        )
    return forces


def table_context(request, game, seat, *, portrait_url, socket_url):
    game_state = state.game_state(game)
    joining = game.is_open and len(game_state["seats"]) < 2 and seat is not None
    context = {
        "game": game,
        "seat": seat,
        "state": game_state,
        "sides": sides(game_state, portrait_url),
        "socket_url": socket_url,
        "worker_url": reverse("play:worker"),
        "scope": SCOPE,
        "game_tracks": drawn(game_state["game_tracks"]),
        "recent_json": json.dumps(game_state["operations"][-RECENT:]),
    }
    if joining:
        join_url = request.build_absolute_uri(reverse("play:join_code", args=[game.code]))
        context |= {"join_url": join_url, "join_qr": qr_svg(join_url)}
    if seat is not None:
        context["shared_url"] = request.build_absolute_uri(
            reverse("play:shared", args=[game.spectator_token])
        )
    if not game.is_open:
        context |= ending(game, game_state, seat)
    return context


def filled(shown, value):
    """A campaign form field (rosters/_event_fields.html) filled with what the game left:
    a number or text as it is, a list as the options it ticks (their values are strings)."""
    if value is None:
        return shown
    if isinstance(value, list | tuple):
        return {**shown, "chosen": [str(item) for item in value]}
    return {**shown, "prefilled": value, "chosen": [str(value)]}


def ending(game, game_state, seat):
    """An ended game's report, and for a player whose roster is still theirs, its campaign
    form filled from what was tracked (the book's own between-game form, posted as on the
    roster page: nothing is recorded until they send it); where the book has no campaign,
    the line that says so."""
    context = {"report": handlers.report(game_state)}
    roster = seat and roster_selectors.rosters_of(seat.player).filter(pk=seat.roster_id).first()
    prefill = roster and state.play_rules(game).campaign_prefill(
        next(s["force"] for s in game_state["seats"] if s["side"] == seat.side),
        game_state["tracks"],
    )
    module = roster and roster_selectors.campaign_rules(roster)
    if prefill and module and prefill["event"] in module.EVENTS:
        event, values = module.EVENTS[prefill["event"]], prefill["fields"]
        league = roster_selectors.league(roster)
        context["campaign"] = {
            "roster": roster,
            "slug": prefill["event"],
            "event": event,
            "fields": [
                filled(shown, values.get(shown["field"].name))
                for shown in campaign_views.shown_fields(event, league)
            ],
            "prefill": prefill,
        }
    elif seat is not None:
        # A book with no rules between games says so, with where (rules/games/*/definition).
        context["campaign_note"] = definition_for(game.ruleset.slug).campaign_note
    return context


@require_POST
def start(request, roster_pk):
    roster = roster_selectors.roster_or_404(request.user, roster_pk)
    try:
        started = handlers.start_game(player=request.user, roster=roster)
    except handlers.PlayRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("rosters:detail", pk=roster.pk)
    return redirect("play:game", pk=started.game.pk)


@require_GET
def games(request):
    """The player's games, and the box to type an opponent's join code in."""
    return render(
        request,
        "play/games.html",
        {"games": state.games_of(request.user).prefetch_related("seats"), "code": ""},
    )


@require_http_methods(["GET", "POST"])
@ratelimit(group="play-join", key="user_or_ip", rate=limits.rate("PLAY_JOIN_RATE"))
def join(request, code=""):
    """Join with a code: typed on /play/join/, or from the link and QR code (/play/join/CODE/),
    which names the game's book so the player picks one of their rosters of it. A visitor
    joins as a guest, with a roster of their own or none. Every try, found or not, spends the
    join rate, so codes cannot be tried by the thousand."""
    code = codes.normalised(request.POST.get("code", code))
    game = state.game_by_code(code) if code else None
    # An unknown code is said on the page; only a real game makes a visitor a guest.
    if request.method == "POST" and game is not None:
        player = current_player(request, create=True)
        roster = None
        if request.POST.get("roster"):
            roster = roster_selectors.roster_or_404(player, request.POST["roster"])
        try:
            joined = handlers.join_game(player=player, code=code, roster=roster)
        except handlers.PlayRefused as refusal:
            messages.error(request, str(refusal))
        else:
            announce_reload(joined.game)
            return redirect("play:game", pk=joined.game.pk)
    rosters = roster_selectors.rosters_of(request.user)
    if game is not None:
        rosters = rosters.filter(ruleset=game.ruleset)
    context = {"code": code, "game": game, "rosters": rosters, "unknown": bool(code) and not game}
    return render(request, "play/join.html", context)


@require_GET
def game(request, pk):
    found = my_game_or_404(request, pk)
    seat = state.seat_of(found, request.user)
    context = table_context(
        request,
        found,
        seat,
        portrait_url=lambda model_id: reverse("play:portrait", args=[found.pk, model_id]),
        socket_url=reverse("play:game", args=[found.pk]) + "socket/",
    )
    # The page is kept for reading offline: the phone notes whose it is (play/offline.py).
    return offline.kept_for(render(request, "play/game.html", context), request)


@require_GET
def shared(request, token):
    """The spectator's page: the same table, read only, with no join code or link."""
    found = shared_game_or_404(token)
    context = table_context(
        request,
        found,
        None,
        portrait_url=lambda model_id: reverse("play:shared_portrait", args=[token, model_id]),
        socket_url=reverse("play:shared", args=[token]) + "socket/",
    )
    return render(request, "play/game.html", context)


@require_POST
def end(request, pk):
    found = my_game_or_404(request, pk)
    handlers.end_game(game=found, seat=state.seat_of(found, request.user))
    announce_reload(found)
    return redirect("play:game", pk=found.pk)


def frozen_portrait(found, model_id):
    """The portrait a model of the game was frozen with (its print crop), as a response; the
    game's seats say which files belong to it, so no other picture of either player is
    reachable through it."""
    for seat in found.seats.all():
        for model in seat.force.get("models", ()):
            if model["id"] == model_id and model.get("portrait"):
                name = stored_name(model["portrait"])
                try:
                    return portrait_views.picture(default_storage.open(name))
                except (FileNotFoundError, ValueError):
                    break  # gone since, or not a file of this storage
    raise Http404("No such portrait in this game")


def stored_name(url):
    """The storage name behind a stored file's address (the force keeps the address)."""
    base = default_storage.base_url
    return unquote(url.removeprefix(base)) if base and url.startswith(base) else ""


@require_GET
def portrait(request, pk, model_id):
    return frozen_portrait(my_game_or_404(request, pk), model_id)


@require_GET
def shared_portrait(request, token, model_id):
    return frozen_portrait(shared_game_or_404(token), model_id)


@require_GET
def worker(request):
    """The service worker, served from /play/ so that its scope may be /play/ (a script's
    scope is at most its own folder), with the static files it keeps, by their served names
    (hashed in production, so a new release is a new cache)."""
    shell = [static(name) for name in OFFLINE_STATIC]
    version = hashlib.sha256(json.dumps(shell).encode()).hexdigest()[:12]
    response = render(
        request,
        "play/worker.js",
        {"shell": json.dumps(shell), "scope": SCOPE, "version": version},
        content_type="text/javascript",
    )
    response["Cache-Control"] = "no-cache"
    return response
