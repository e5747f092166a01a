"""A player's data stamp: a fresh random value on every write to anything they own, so a
page rendered for them can be kept under the stamp it was read with and served again until
the next write (rosters/page_cache.py).

The stamp is renewed after the write, in its transaction. A reader reads the stamp first
(with the user, at the start of a request) and the data after, so the data is never older
than the stamp it is kept under: a page can be kept under a stamp already replaced, where
nobody asks for it again, but never under the current stamp with older data. Random rather
than counted, so a database restored from a backup never brings an old stamp back.

What is watched is read from the models, like accounts.owned.owned_models: every model
with an `owner`, and every model with a key to one of those. Writes that send no signals
(QuerySet.update, bulk_create) call renew() themselves.
"""

from __future__ import annotations

import uuid

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save

from accounts.backends import players
from accounts.owned import owned_models


def renew(*owner_ids) -> None:
    """New stamps for these players (ids; None, a built-in row's owner, is skipped). The
    player rows read through the shared cache are forgotten with them."""
    ids = [owner for owner in owner_ids if owner is not None]
    if ids:
        get_user_model().objects.filter(pk__in=ids).update(data_stamp=uuid.uuid4())
        for pk in ids:
            players.forget(pk)


def owner_paths() -> dict[type, str]:
    """{model: the lookup from it to its owner} for every model a player owns or that hangs
    off one they own."""
    owned = owned_models()
    paths = {model: "owner" for model in owned}
    for model in apps.get_models():
        if model in paths:
            continue
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model in owned:
                paths[model] = f"{field.name}__owner"
                break
    return paths


def owner_of(instance, path) -> int | None:
    """The owner's id, from the instance's own columns where it can (a deleted row's
    parent may be gone too, or going in the same delete)."""
    first, _, rest = path.partition("__")
    key = getattr(instance, f"{first}_id")
    if not rest or key is None:
        return key
    parent = instance._meta.get_field(first).related_model
    return parent.objects.filter(pk=key).values_list(f"{rest}_id", flat=True).first()


def watch():
    """Connect the signals: any save or delete of a watched row renews its owner's stamp, and
    a save of the player renews their own (their name shows on every page)."""
    for model, path in owner_paths().items():

        def changed(sender, instance, path=path, **kwargs):
            renew(owner_of(instance, path))

        for signal in (post_save, post_delete):
            signal.connect(changed, sender=model, weak=False, dispatch_uid=f"stamp {model._meta}")

    def player_saved(sender, instance, **kwargs):
        renew(instance.pk)

    def player_deleted(sender, instance, **kwargs):
        players.forget(instance.pk)

    user = get_user_model()
    post_save.connect(player_saved, sender=user, weak=False, dispatch_uid="stamp-user")
    post_delete.connect(player_deleted, sender=user, weak=False, dispatch_uid="forget-user")
