"""Account changes: sign-up that keeps a guest's work, log-in that adopts it, idle guests
removed. These move and delete what players own, so they sit above rosters and cards; who
the player is (and a new guest) is accounts.players, which the rules may use."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from accounts.owned import owned_models
from accounts.usernames import normalised
from rosters.models import Character, Roster
from rosters.transfer import renamed_choices, renamed_profile
from rules.models import LibraryEntry
from rules.services import move_house_rules


@dataclass(frozen=True)
class AdoptionResult:
    moved: int


@dataclass(frozen=True)
class CleanUpResult:
    guests: int
    files: int


class NameTaken(Exception):
    """Another sign-up took the name (or a spelling of it) between the form's check and the
    write: the player is told so on the form, as if the check had seen it."""


def sign_up(*, username, password, guest=None, email=""):
    """A new account, or a guest turned into one in place, so every roster and card stays
    where it is. Two sign-ups of one name at the same instant make one account: the other
    meets the unique name (or name key) and gets NameTaken, never a half-made account."""
    user_model = get_user_model()
    try:
        with transaction.atomic():
            if guest is None:
                return user_model.objects.create_user(
                    username=username, password=password, email=email
                )
            # A fresh copy: the session's player object stays the guest if this fails.
            user = user_model.objects.get(pk=guest.pk)
            user.username = username
            user.email = email
            user.set_password(password)
            user.is_guest = False
            user.save(update_fields=["username", "email", "password", "is_guest"])
            return user
    except IntegrityError:
        if user_model.objects.filter(username_key=normalised(username)).exists():
            raise NameTaken from None
        raise


@transaction.atomic
def adopt_guest_work(*, guest, user):
    """Move what a guest made into the account they just logged in to, then drop the guest.
    House rules go first: a slug the account already uses is renamed, and the guest's cards
    and rosters are rewritten to the new slug before they move, so they keep their effect."""
    if guest is None or not guest.is_guest or guest.pk == user.pk:
        return AdoptionResult(moved=0)
    moved = LibraryEntry.objects.filter(owner=guest).count()
    follow_renamed_house_rules(guest, move_house_rules(source=guest, target=user))
    for model in owned_models():
        if model is not LibraryEntry:
            moved += model.objects.filter(owner=guest).update(owner=user)
    guest.delete()
    return AdoptionResult(moved=moved)


def follow_renamed_house_rules(owner, renamed):
    by_ruleset = defaultdict(dict)
    for (ruleset_id, kind, slug), new_slug in renamed.items():
        by_ruleset[ruleset_id][(kind, slug)] = new_slug
    for ruleset_id, mapping in by_ruleset.items():
        for character in Character.objects.filter(owner=owner, ruleset_id=ruleset_id):
            character.profile = renamed_profile(character.profile, mapping)
            character.save(update_fields=["profile"])
        for roster in Roster.objects.filter(owner=owner, ruleset_id=ruleset_id):
            roster.choices = renamed_choices(roster.choices, mapping)
            roster.save(update_fields=["choices"])


def idle_guests(*, days):
    """Guests with no log-in, no new account and no change to anything they own for `days`."""
    cutoff = timezone.now() - timedelta(days=days)
    guests = get_user_model().objects.filter(is_guest=True, date_joined__lt=cutoff)
    guests = guests.filter(models.Q(last_login__isnull=True) | models.Q(last_login__lt=cutoff))
    for model in owned_models():
        if any(field.name == "updated_at" for field in model._meta.concrete_fields):
            busy = model.objects.filter(updated_at__gte=cutoff).values("owner")
            guests = guests.exclude(pk__in=busy)
    return guests


def stored_files(owner):
    """(storage, name) of every file the owner's rows point at, whatever model holds them."""
    found = []
    for model in owned_models():
        fields = [f for f in model._meta.concrete_fields if isinstance(f, models.FileField)]
        for row in model.objects.filter(owner=owner).only(*(f.name for f in fields)):
            found += [
                (f.storage, getattr(row, f.name).name) for f in fields if getattr(row, f.name)
            ]
    return found


def remove_idle_guests(*, days, dry_run=False):
    """Delete idle guests one by one (each in its own transaction, so a long run holds no
    big lock): their rows go by cascade, their files once the rows are gone for good."""
    removed = files = 0
    for guest in idle_guests(days=days).iterator():
        found = stored_files(guest)
        removed, files = removed + 1, files + len(found)
        if dry_run:
            continue
        with transaction.atomic():
            guest.delete()
            transaction.on_commit(lambda found=found: delete_files(found))
    return CleanUpResult(guests=removed, files=files)


def delete_files(found):
    for storage, name in found:
        storage.delete(name)
