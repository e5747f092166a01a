"""Who is playing: a logged-in user, a guest, or nobody yet. Knows only the user model and
the session, so any app may ask (the rules do, for house rules); moving a guest's work is
accounts.services."""

import secrets
from functools import wraps

from django.contrib.auth import get_user_model, login
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from config import limits


def create_guest():
    """A guest account with no usable password, owned only by the browser session."""
    user = get_user_model()(username=f"guest-{secrets.token_hex(8)}", is_guest=True)
    user.set_unusable_password()
    user.save()
    return user


def current_player(request, *, create=False):
    """The user whose work this request sees. With create=True an anonymous visitor becomes
    a guest at once, so they can start designing without signing up."""
    if request.user.is_authenticated:
        return request.user
    if not create:
        return None
    # Each guest is a user row: one address cannot mint them without end.
    if is_ratelimited(
        request, group="guest", key="ip", rate=limits.rate("GUEST_RATE"), increment=True
    ):
        raise Ratelimited()
    guest = create_guest()
    login(request, guest)
    return guest


def player_required(view):
    """For views that save something: make sure the visitor is at least a guest."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        current_player(request, create=True)
        return view(request, *args, **kwargs)

    return wrapped
