"""A shared phone forgets the games kept for reading offline when their player leaves it.

The service worker (templates/play/worker.js) keeps each game page a player opens, and
static/play/game.js keeps the game's values and unsent changes in localStorage. Logging out,
or logging in as another player (a guest made on the spot included), answers with
Clear-Site-Data, which has the browser drop this site's stored data, service worker and
kept pages with it, so no game of one player reads from the phone's cache afterwards. Who
the kept games belong to is known from a signed cookie each game page sets: a player who
logs back in as themselves keeps their offline changes."""

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.core import signing
from django.dispatch import receiver

COOKIE = "play_kept_for"
SALT = "play.offline.kept-for"
# Pages of games are kept for as long as the browser keeps the worker; a year is longer.
COOKIE_AGE = 60 * 60 * 24 * 365
CLEAR = '"cache", "storage"'


def kept_for(response, request):
    """Mark the phone as keeping game pages of the request's player."""
    response.set_signed_cookie(
        COOKIE,
        str(request.user.pk),
        salt=SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


def keeper(request):
    """The player whose games this phone keeps, as its cookie says; None for a cookie that
    does not verify (whoever's games they are, they are not provably the new player's)."""
    try:
        return request.get_signed_cookie(COOKIE, salt=SALT, max_age=COOKIE_AGE)
    except signing.BadSignature:
        return None


@receiver(user_logged_out)
def forget_on_logout(sender, request, user, **kwargs):
    if request is not None:
        request.play_forget = True


@receiver(user_logged_in)
def forget_on_another_login(sender, request, user, **kwargs):
    if request is not None and COOKIE in request.COOKIES and keeper(request) != str(user.pk):
        request.play_forget = True


class ForgetKeptGamesMiddleware:
    """Adds Clear-Site-Data to the answer of a log-out or another player's log-in."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "play_forget", False):
            response["Clear-Site-Data"] = CLEAR
            response.delete_cookie(COOKIE, samesite="Lax")
        return response
