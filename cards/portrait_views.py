"""Portrait pictures over HTTP. Uploaded media is never served as plain files (not in
development either): every picture goes through these views, which answer its owner and give
everyone else a 404, and stored names are random besides."""

from django.http import Http404, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.decorators import ratelimit

from accounts.players import current_player
from cards import selectors, services
from config import limits
from rosters import portraits, sharing
from rosters import selectors as rosters

NO_FILE = "Choose a picture to upload."
TOO_MANY = (
    "Too many pictures were sent in a short while, so uploads are paused for you: wait a few"
    " minutes, then choose it again. Nothing you made is lost."
)


@require_POST
@ratelimit(group="portrait", key="user_or_ip", rate=limits.rate("PORTRAIT_RATE"), block=False)
def upload_portrait(request):
    """Clean the chosen picture once and answer with a reference the designer form carries:
    previews and the save then use the stored copy, never the file again. A visitor becomes
    a guest here, as on a first save; the reply carries the new CSRF token that comes with
    the new session. Past the rate the refusal is JSON too, because the designer's script
    shows the reply's error where the picture goes."""
    if request.limited:
        return JsonResponse({"error": TOO_MANY}, status=429)
    upload = request.FILES.get("portrait")
    if upload is None:
        return JsonResponse({"error": NO_FILE}, status=400)
    owner = current_player(request, create=True)
    try:
        result = services.keep_pending_portrait(owner=owner, upload=upload)
    except portraits.PortraitError as error:
        return JsonResponse({"error": str(error), "csrf": get_token(request)}, status=400)
    token = str(result.pending.token)
    return JsonResponse(
        {
            "ref": token,
            "url": reverse("cards:pending_portrait", args=[token]),
            "csrf": get_token(request),
        }
    )


@require_GET
def pending_portrait(request, token):
    return picture(selectors.pending_portrait_or_404(request.user, token).image)


@require_GET
def card_portrait(request, pk):
    """The card's cleaned source picture, which the designer frames on the card."""
    character = rosters.character_or_404(request.user, pk)
    if not character.portrait:
        raise Http404("This card has no portrait")
    return picture(character.portrait)


@require_GET
def card_thumbnail(request, pk):
    """The card's portrait as it prints, small, for My Cards and the builder. Its address
    carries the card's last change, so a browser keeps it until the card changes."""
    return thumbnail(rosters.character_or_404(request.user, pk))


def thumbnail(character):
    """The small printed portrait of a card already found for the asker: by its owner here,
    through a share link in shared_thumbnail."""
    if not character.portrait_print:
        raise Http404("This card has no portrait")
    try:
        with character.portrait_print.open("rb") as handle:
            data = portraits.thumbnail(handle)
    except (FileNotFoundError, portraits.PortraitError):
        raise Http404("The picture file is gone") from None
    response = HttpResponse(data, content_type="image/jpeg")
    response["Cache-Control"] = "private, max-age=86400"
    return response


@require_GET
def shared_thumbnail(request, token, number):
    """The nth character's portrait as its card prints it, small, for whoever holds the
    roster's share link (and no one once it is revoked): the shared page names no card id."""
    members = rosters.members_of(sharing.shared_roster_or_404(token))
    if not 1 <= number <= len(members):
        raise Http404("No such character in this roster")
    return thumbnail(members[number - 1].character)


def picture(field):
    try:
        with field.open("rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise Http404("The picture file is gone") from None
    response = HttpResponse(portraits.without_metadata(data), content_type="image/jpeg")
    response["Cache-Control"] = "private, max-age=3600"
    return response
