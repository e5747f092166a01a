"""Refuse an oversized request before reading it; vary what htmx and browsers are sent;
keep players' pages out of shared caches."""

import django_htmx.middleware
from django.conf import settings
from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers

MIB = 1024 * 1024


class RequestSizeLimitMiddleware:
    """A body over REQUEST_MAX_BYTES (config/limits.py) gets a 413 page from its
    Content-Length alone, before Django reads a byte of it: a 60 MB JSON would otherwise be
    held in memory several times over while it is parsed. Without a Content-Length, Django
    reads no body at all."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            size = 0
        if size > settings.REQUEST_MAX_BYTES:
            context = {
                "size_mb": round(size / MIB, 1),
                "limit_mb": round(settings.REQUEST_MAX_BYTES / MIB),
            }
            return render(request, "413.html", context, status=413)
        return self.get_response(request)


class HtmxDetails(django_htmx.middleware.HtmxDetails):
    """request.htmx, noting when a view or template asks whether htmx sent the request."""

    asked = False

    def __bool__(self):
        self.asked = True
        return super().__bool__()


class HtmxMiddleware(django_htmx.middleware.HtmxMiddleware):
    """django-htmx's request.htmx, and `Vary: HX-Request` on every response that asked it.
    A page that answers htmx with a partial and a browser with the whole page is two
    responses under one address: without the Vary, a browser's cache can hand the partial
    back for the whole page (back to the library search after a search showed only the
    results). Varying wherever the answer was asked, rather than in each view, covers a
    new view or template the day it is written."""

    async_capable = False  # the site runs under WSGI; Django adapts if that changes

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.htmx = HtmxDetails(request)
        response = self.get_response(request)
        if request.htmx.asked:
            patch_vary_headers(response, ("HX-Request",))
        return response


class PrivatePagesMiddleware:
    """Every answer made for a player, logged in or a guest (a guest is a logged-in user
    too), says `Cache-Control: private`: a shared cache between the club and the server (a
    proxy, a CDN) must never keep one player's rosters and hand them to the next visitor.
    What a view set itself (a portrait's max-age) stays; visitors' pages stay cacheable. An
    answer made without reading the session (the favicon's redirect) is the same for
    everyone, so it is left as it is and costs no session read. After
    AuthenticationMiddleware, so it sees a visitor who became a guest during the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.session.accessed and request.user.is_authenticated:
            patch_cache_control(response, private=True)
        return response
