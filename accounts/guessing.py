"""Password guessing stops at the rates in config/limits.py, without handing a guesser a way
to shut a player out of their own account.

A log-in try spends, in this order (a refused try spends nothing further):
1. the address's counter (LOGIN_RATE_PER_CLIENT), whatever name it tries: one address
   guessing is stopped across every account;
2. the counter of the name it tries (LOGIN_RATE_PER_ACCOUNT), in every spelling of the name
   (accounts/usernames.py) and from every address: many addresses guessing one player are
   stopped too.
A browser that has logged in to that account before (the signed known-device cookie set at
each successful log-in) spends neither: it has a counter of its own at the account's rate.
So a guesser who spends the account's counter locks out only browsers the player never used,
and a stolen cookie still guesses no faster than the account's rate.
"""

import secrets
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.core import signing
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from accounts.usernames import normalised
from config import limits

KNOWN_DEVICE_COOKIE = "known_device"
KNOWN_DEVICE_SALT = "accounts.guessing.known-device"


def known_device(request):
    """{"id": ..., "names": [...]} of this browser, if its cookie is ours and recent enough."""
    try:
        device = signing.loads(
            request.COOKIES.get(KNOWN_DEVICE_COOKIE, ""),
            salt=KNOWN_DEVICE_SALT,
            max_age=timedelta(days=limits.KNOWN_DEVICE_DAYS),
        )
    except signing.BadSignature:
        return None
    return device if isinstance(device, dict) else None


def spend(request, group, key, rate_name):
    rate = limits.rate(rate_name)
    if is_ratelimited(request, group=group, key=key, rate=rate, increment=True):
        raise Ratelimited()


def refuse_guessing(request):
    """Count this log-in try, raising Ratelimited (the 429 page) once it is one too many."""
    name = normalised(request.POST.get("username", ""))
    device = known_device(request)
    if device and name in device["names"]:
        key = f"{device['id']}:{name}"
        spend(request, "login-device", lambda *_: key, "LOGIN_RATE_PER_ACCOUNT")
        return
    spend(request, "login-client", "ip", "LOGIN_RATE_PER_CLIENT")
    spend(request, "login-account", lambda *_: name, "LOGIN_RATE_PER_ACCOUNT")


def remember_device(request, response, username):
    """Mark this browser as one the player logged in from (the latest few accounts)."""
    device = known_device(request) or {"id": secrets.token_urlsafe(16), "names": []}
    name = normalised(username)
    names = [name, *(known for known in device["names"] if known != name)]
    device = {"id": device["id"], "names": names[: limits.KNOWN_DEVICE_ACCOUNTS]}
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        signing.dumps(device, salt=KNOWN_DEVICE_SALT),
        max_age=int(timedelta(days=limits.KNOWN_DEVICE_DAYS).total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def guarded_login(view):
    """For a log-in view (ours and the admin's, so both spend the same counters): count
    each posted try before the password is checked, and remember the browser once it logs
    someone in."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        refuse_guessing(request)
        before = request.user
        response = view(request, *args, **kwargs)
        # django.contrib.auth.login() puts the player it logs in on the request.
        if request.user is not before and request.user.is_authenticated:
            remember_device(request, response, request.user.get_username())
        return response

    return wrapped
