"""What the cards app reads for one player: always filtered by owner."""

import uuid

from django.http import Http404

from cards.models import PendingPortrait


def pending_portrait(player, token):
    """The player's unsaved picture with this token, or None: a malformed token or anyone
    else's picture counts as none."""
    try:
        token = uuid.UUID(str(token))
    except ValueError:
        return None
    if not player.is_authenticated:
        return None
    return PendingPortrait.objects.filter(owner=player, token=token).first()


def pending_portrait_or_404(player, token):
    pending = pending_portrait(player, token)
    if pending is None:
        raise Http404("No such picture")
    return pending
