"""Freshness in one place: every write to a player's data or to a game's built-in rules renews
the stamp that pages kept from that data are keyed on, by whatever ORM path it is made.

Two stamps say "changed": a player's data_stamp (a kept league page is keyed on it,
rosters/page_cache.py) and a game's data_version (the rules version every kept page names,
rules/versions.py, and the built rules book, rules/selectors.py). Both are random values,
renewed after the write in its transaction. A reader reads the stamp first (with the player,
at the start of a request) and the data after, so the data is never older than the stamp it
is kept under. Random rather than counted, so a backup restored never brings an old stamp
back. Each renewal also forgets the rows read through the shared cache that it changed (the
player, the rules version: config/read_through.py), so nothing else has to remember to.

What is watched is read from the models (`watched()`): the player's own row; every model
with an `owner` (accounts.owned) and every model with a key to one of those, whose rows are
their owner's; and the built-in rules (rules.models.BuiltInRow and the rulesets themselves),
whose rows without an owner are their game's (a row with one is a house rule, its player's).

Every way the ORM writes is covered: save and delete by signals, and QuerySet.update,
bulk_create and bulk_update by FreshQuerySet, which every watched model's managers use (the
app refuses to start otherwise). A delete or a bulk write renews each stamp once however many
rows it touches. The ways past the ORM (raw SQL, the base manager, the private write methods)
are used nowhere but here, which a search of the code checks
(tests/accounts/test_write_paths.py).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import uuid
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import models, transaction
from django.db.models.signals import post_delete, post_save

from accounts.owned import owned_models
from rules import versions


@dataclass(frozen=True)
class Watch:
    """How a model's rows find the stamps a write to them renews: the lookup from a row to its
    player ("pk" for the player's own row) and, for built-in rules, to its game."""

    owner: str | None = None
    ruleset: str | None = None

    def lookups(self):
        return [lookup for lookup in (self.owner, self.ruleset) if lookup is not None]

    def moved_by(self, names) -> bool:
        """Whether writing these fields can hand a row to another player or game."""
        firsts = {lookup.partition("__")[0] for lookup in self.lookups()}
        return bool(firsts & {name.removesuffix("_id") for name in names})


@dataclass
class Changed:
    """The players and games whose stamps a write renews."""

    players: set = field(default_factory=set)
    rulesets: set = field(default_factory=set)

    def add(self, watch, values):
        """One row's lookup values, in Watch.lookups() order."""
        found = dict(zip(watch.lookups(), values, strict=True))
        owner = found.get(watch.owner)
        if owner is not None:
            self.players.add(owner)
        elif watch.ruleset is not None:
            self.rulesets.add(found[watch.ruleset])

    def __ior__(self, other):
        self.players |= other.players
        self.rulesets |= other.rulesets
        return self


@functools.cache
def watched() -> dict[type, Watch]:
    """{model: its Watch} for every model whose writes renew a stamp."""
    from rules.models import BuiltInRow, Ruleset

    owned = owned_models()
    found = {get_user_model(): Watch(owner="pk"), Ruleset: Watch(ruleset="pk")}
    for model in apps.get_models():
        if model in found:  # the player's row is their own, whatever it points at
            continue
        built_in = "ruleset" if issubclass(model, BuiltInRow) else None
        if model in owned:
            found[model] = Watch(owner="owner", ruleset=built_in)
        elif built_in:
            found[model] = Watch(ruleset=built_in)
        else:
            parent = next(
                (
                    f
                    for f in model._meta.concrete_fields
                    if f.is_relation and f.related_model in owned
                ),
                None,
            )
            if parent is not None:
                found[model] = Watch(owner=f"{parent.name}__owner")
    return found


def owner_paths() -> dict[type, str]:
    """{model: the lookup from it to its owner} for every model a player owns or that hangs
    off one they own."""
    return {
        model: watch.owner
        for model, watch in watched().items()
        if watch.owner is not None and watch.owner != "pk"
    }


def value_of(instance, lookup):
    """A lookup's value from the instance's own columns where it can (a deleted row's parent
    may be gone too, or going in the same delete), else from its parent, cached or read."""
    if lookup == "pk":
        return instance.pk
    first, _, rest = lookup.partition("__")
    relation = instance._meta.get_field(first)
    key = getattr(instance, relation.attname)
    if not rest or key is None:
        return key
    if relation.is_cached(instance) and relation.get_cached_value(instance).pk == key:
        return getattr(relation.get_cached_value(instance), f"{rest}_id")
    parent = relation.related_model
    return parent.objects.filter(pk=key).values_list(f"{rest}_id", flat=True).first()


def changed_rows(model, rows) -> Changed:
    """The stamps that writing these instances renews."""
    watch, changed = watched()[model], Changed()
    for row in rows:
        changed.add(watch, [value_of(row, lookup) for lookup in watch.lookups()])
    return changed


def changed_by(queryset) -> Changed:
    """The stamps that writing the rows of this queryset renews: one query."""
    watch, changed = watched()[queryset.model], Changed()
    for values in queryset.order_by().values_list(*watch.lookups()).distinct():
        changed.add(watch, values)
    return changed


# The stamps a delete or a bulk write is gathering, to renew once when it ends (per thread
# and per task, as context variables are); None outside one.
gathering: contextvars.ContextVar[Changed | None] = contextvars.ContextVar(
    "freshness gathering", default=None
)


def renew(changed: Changed) -> None:
    """New stamps for these players and games (None, a row without one, is skipped), and the
    rows read through the shared cache that carry them forgotten."""
    pending = gathering.get()
    if pending is not None:
        pending |= changed
        return
    ids = changed.players - {None}
    if ids:
        from accounts.backends import players  # it needs the player model, loaded after this

        get_user_model()._base_manager.filter(pk__in=ids).update(data_stamp=uuid.uuid4())
        for pk in ids:
            players.forget(pk)
    rulesets = changed.rulesets - {None}
    if rulesets:
        from rules.models import Ruleset, new_data_version

        Ruleset._base_manager.filter(pk__in=rulesets).update(data_version=new_data_version())
        versions.renewed()


def renew_players(*ids) -> None:
    renew(Changed(players=set(ids)))


@contextlib.contextmanager
def once(using=None, changed: Changed | None = None):
    """Inside: the stamps writes renew are gathered (starting from `changed`), and renewed
    once at the end, in the same transaction; nested, the outermost renews. For a delete, a
    bulk write or a service's few writes: nothing may read a stamp inside (a page drawn
    there and kept would be kept under the stamp before the last write). Leaving it out
    costs a query a write, never freshness."""
    if gathering.get() is not None:
        if changed is not None:
            renew(changed)
        yield
        return
    token = gathering.set(changed or Changed())
    try:
        with transaction.atomic(using=using, savepoint=False):
            yield
            pending = gathering.get()
            gathering.reset(token)
            token = None
            renew(pending)
    finally:
        if token is not None:
            gathering.reset(token)


class FreshQuerySet(models.QuerySet):
    """A QuerySet whose bulk writes renew the stamps of the rows they touch, as save and
    delete do by signals: nothing written through it can leave a kept page stale."""

    def update(self, **kwargs):
        watch = watched().get(self.model)
        if watch is None or gathering.get() is not None and self._known_changed:
            return super().update(**kwargs)
        with once(self.db):
            moved = watch.moved_by(kwargs)
            pks = list(self.values_list("pk", flat=True)) if moved else ()
            renew(changed_by(self))
            updated = super().update(**kwargs)
            if moved:
                renew(changed_by(self.model.objects.filter(pk__in=pks)))
        return updated

    update.alters_data = True

    def bulk_create(self, objs, *args, **kwargs):
        if self.model not in watched():
            return super().bulk_create(objs, *args, **kwargs)
        objs = list(objs)
        with once(self.db):
            created = super().bulk_create(objs, *args, **kwargs)
            renew(changed_rows(self.model, created))
        return created

    bulk_create.alters_data = True

    def bulk_update(self, objs, fields, batch_size=None):
        watch = watched().get(self.model)
        if watch is None:
            return super().bulk_update(objs, fields, batch_size=batch_size)
        objs = list(objs)
        # The rows' stamps from the objects (they are the rows); from the rows themselves
        # too when the write can move them to another player or game.
        changed = changed_rows(self.model, objs)
        if watch.moved_by(fields):
            changed |= changed_by(self.model.objects.filter(pk__in=[o.pk for o in objs]))
        with once(self.db, changed):
            return super(FreshQuerySet, self._known(True)).bulk_update(
                objs, fields, batch_size=batch_size
            )

    bulk_update.alters_data = True

    def delete(self):
        """Each row deleted (and each cascaded) renews by its signal; gathered, once."""
        with once(self.db):
            return super().delete()

    delete.alters_data = True
    delete.queryset_only = True

    # bulk_update writes through update(): its stamps are already gathered from the objects.
    _known_changed = False

    def _known(self, known):
        clone = self._chain()
        clone._known_changed = known
        return clone

    def _clone(self):
        clone = super()._clone()
        clone._known_changed = self._known_changed
        return clone


FreshManager = models.Manager.from_queryset(FreshQuerySet)


def watch():
    """Connect the signals: any save or delete of a watched row renews its stamps. Refuses to
    start if a watched model has a manager whose bulk writes would renew nothing."""
    for model in watched():
        for manager in model._meta.managers:
            if not issubclass(manager._queryset_class, FreshQuerySet):
                raise ImproperlyConfigured(
                    f"{model._meta.label}.{manager.name} must use accounts.freshness."
                    "FreshQuerySet: its bulk writes would leave kept pages stale."
                )

        def changed(sender, instance, **kwargs):
            renew(changed_rows(sender, [instance]))

        for signal in (post_save, post_delete):
            signal.connect(changed, sender=model, weak=False, dispatch_uid=f"fresh {model._meta}")


def page_stamps(user) -> tuple:
    """What a page drawn for this player shows besides its address: their id and data stamp
    and the built-in rules' version. Read before the page's data."""
    return (user.pk, user.data_stamp, versions.current())
