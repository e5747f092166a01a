"""One version for the built-in rules of every game together, read through the shared cache.

Each Ruleset row carries its own data_version, renewed by any change to it or its built-in
types and entries (accounts/freshness.py). A kept league page is keyed on all of them joined
(rosters/page_cache.py): it then needs no query to learn which game the roster is played
under, at the price of every kept page being drawn again after any game's rules change,
which happens when the rules data is loaded, not while people play.
"""

from django.apps import apps

from config.read_through import ReadThrough

kept = ReadThrough("rules-data")


def current() -> str:
    ruleset = apps.get_model("rules", "Ruleset")
    return kept.get(
        "all",
        lambda: "-".join(ruleset.objects.order_by("pk").values_list("data_version", flat=True)),
    )


def renewed() -> None:
    """A ruleset's data_version changed, or a ruleset came or went: called by
    accounts/freshness.py, which every write to the rules data goes through."""
    kept.forget("all")
