"""What the cards app reads for one player: always filtered by owner."""

import uuid

from django.http import Http404
from django.shortcuts import get_object_or_404

from accounts.models import PrinterProfile
from cards.models import PendingPortrait, PrintJob


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


def print_job_or_404(player, pk):
    """The player's job; anybody else's is a 404."""
    if player is None:
        raise Http404("No such print job.")
    return get_object_or_404(PrintJob, owner=player, pk=pk)


def latest_print_job(player, key):
    """The player's newest job for this very PDF, if any."""
    if player is None:
        return None
    return PrintJob.objects.filter(owner=player, key=key).order_by("-pk").first()


def printer_profiles(player):
    """The player's printer profiles, by name; a visitor has none."""
    if player is None or not player.is_authenticated:
        return PrinterProfile.objects.none()
    return PrinterProfile.objects.filter(owner=player)


def printer_profile_or_404(player, pk):
    """The player's profile; anybody else's (or a pk that is no number) is a 404."""
    if not str(pk).isdigit():
        raise Http404("No such printer profile.")
    return get_object_or_404(printer_profiles(player), pk=pk)


def chosen_printer_profile(player):
    """The profile the player's Print page lays sheets out for, or None."""
    if player is None or not player.is_authenticated or player.print_profile_id is None:
        return None
    return printer_profiles(player).filter(pk=player.print_profile_id).first()
