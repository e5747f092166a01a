"""Who is playing: a logged-in user, a guest, or nobody yet."""

from functools import wraps

from django.contrib.auth import login

from accounts.services import create_guest


def current_player(request, *, create=False):
    """The user whose work this request sees. With create=True an anonymous visitor becomes
    a guest at once, so they can start designing without signing up."""
    if request.user.is_authenticated:
        return request.user
    if not create:
        return None
    guest = create_guest()
    login(request, guest, backend="django.contrib.auth.backends.ModelBackend")
    return guest


def player_required(view):
    """For views that save something: make sure the visitor is at least a guest."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        current_player(request, create=True)
        return view(request, *args, **kwargs)

    return wrapped
