"""Reads of a player's rosters and characters. Everything here is filtered by owner, so a
lookup of somebody else's roster or card is simply not found (404)."""

from django.shortcuts import get_object_or_404

from rosters.models import Character, Roster


def rosters_of(player):
    if player is None or not player.is_authenticated:
        return Roster.objects.none()
    return Roster.objects.filter(owner=player).select_related("ruleset")


def roster_or_404(player, pk):
    return get_object_or_404(rosters_of(player), pk=pk)


def characters_of(player):
    if player is None or not player.is_authenticated:
        return Character.objects.none()
    return Character.objects.filter(owner=player, deleted_at__isnull=True).select_related("ruleset")


def character_or_404(player, pk):
    return get_object_or_404(characters_of(player), pk=pk)
