"""Rules data that nothing can change in place, so one copy is safely shared by every request.

The built-in part of a rules book is built once per process and handed to every page after
(rules.selectors): a view that changed it would change every later page. Its dicts and lists
are therefore FrozenDict and FrozenList: they read exactly like the dicts and lists the
engines expect (isinstance, json, templates, ==, dict(...) and list(...) copies that may be
changed), and every method that would change them in place raises TypeError. Subclasses
rather than MappingProxyType and tuples because the engines check `isinstance(value, dict)`
and `isinstance(value, list)` on rules data (rules.engines.plain), which those would fail.
"""

from __future__ import annotations

REFUSAL = "The rules book is shared by every request: copy it (dict(...), list(...)) to change it."


def _refuse(self, *args, **kwargs):
    raise TypeError(REFUSAL)


class FrozenDict(dict):
    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


class FrozenList(list):
    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return (FrozenList, (list(self),))


def frozen(value):
    """The value with every dict and list in it, however deep, frozen."""
    if isinstance(value, dict):
        return FrozenDict((key, frozen(item)) for key, item in value.items())
    if isinstance(value, list):
        return FrozenList(frozen(item) for item in value)
    if isinstance(value, tuple):
        return tuple(frozen(item) for item in value)
    return value
