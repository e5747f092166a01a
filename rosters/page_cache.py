"""The league page, kept once rendered and served again until something on it changes.

A page is kept in this process's memory (the "pages" cache) under a hash of everything it
shows: the player and their data stamp (renewed by any write to what they own), the
version of the games' built-in rules (both from accounts/freshness.py), the
address it was asked for (the log-in link and the share link show it), whether htmx asked
for the builder alone, and the browser's CSRF secret (the forms carry a token made from it,
so each browser has its own copy). Nothing is ever invalidated: a change makes a new key and
the old page is never asked for again. So several app servers can each keep their own, and
a new release starts with none.

The stamp and the rules version are read before the page's data (the stamp with the
player), so a page is never kept under a key newer than its data. Only the roster's owner
can have a page kept under their id and stamp (drawing it looks the roster up as theirs), so
a kept page needs no lookup of the roster: a repeat visit costs the session, the player and
the rules version, each read from Redis when that is the shared cache (no query at all) and
from the database otherwise. Pages with messages to show are neither served from nor put in
the cache.
"""

from __future__ import annotations

import hashlib

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token

from accounts import freshness


def pages():
    return caches["pages"]


def page_key(request, pk, stamps) -> str:
    parts = (
        "league",
        pk,
        *stamps,
        bool(request.htmx),
        request.scheme,
        request.get_host(),
        request.get_full_path(),
        request.META.get("CSRF_COOKIE", ""),
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def cached_page(request, pk, render) -> HttpResponse:
    """The player's roster `pk` from the cache, or `render()`'s response, kept when it is a
    plain 200. `render` answers for somebody else's roster, or none (not found): nothing is
    kept for it."""
    if not request.user.is_authenticated:
        return render()
    stamps = freshness.page_stamps(request.user)
    if len(get_messages(request)):
        return render()
    # A browser's first visit has no CSRF secret yet: make it now, so the key names the
    # secret the page's tokens are made from (and the response sets its cookie).
    get_token(request)
    key = page_key(request, pk, stamps)
    content = pages().get(key)
    if content is not None:
        return HttpResponse(content)
    response = render()
    if response.status_code == 200:
        pages().set(key, response.content)
    return response
