"""Account changes: guests, sign-up that keeps a guest's work, log-in that adopts it."""

import secrets
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction

# Every model that belongs to a player has an `owner` foreign key; adoption moves them all.
OWNED_MODELS = ("rosters.Roster", "rosters.Character")


@dataclass(frozen=True)
class AdoptionResult:
    moved: int


def create_guest():
    """A guest account with no usable password, owned only by the browser session."""
    user_model = get_user_model()
    user = user_model(username=f"guest-{secrets.token_hex(8)}", is_guest=True)
    user.set_unusable_password()
    user.save()
    return user


@transaction.atomic
def register_guest(*, guest, username, password):
    """Turn a guest into a full account in place: every roster and card stays where it is."""
    guest.username = username
    guest.set_password(password)
    guest.is_guest = False
    guest.save(update_fields=["username", "password", "is_guest"])
    return guest


@transaction.atomic
def adopt_guest_work(*, guest, user):
    """Move what a guest made into the account they just logged in to, then drop the guest."""
    if guest is None or not guest.is_guest or guest.pk == user.pk:
        return AdoptionResult(moved=0)
    moved = 0
    for label in OWNED_MODELS:
        moved += apps.get_model(label).objects.filter(owner=guest).update(owner=user)
    guest.delete()
    return AdoptionResult(moved=moved)
