"""Every write to a player's data or the rules data goes through the ORM's write methods, which
renew what it changes (accounts/freshness.py): the ways past them (raw SQL, the base manager,
the private write methods) are used nowhere outside migrations and tests, and the one module
that writes the stamps themselves. A search of the code checks it."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

# Ways past the ORM's write methods: a write made through any of them renews nothing.
BYPASSES = {
    "_base_manager",
    "cursor",
    "execute",
    "executemany",
    "execute_sql",
    "_raw_delete",
    "_update",
    "_insert",
    "_batched_insert",
}
# Query methods that run SQL they are given: a bypass when called (`Roster.objects.raw(...)`),
# while the same word as a plain attribute (a PDF library's `bitmap.raw` handle) is not.
CALLED_BYPASSES = {"raw", "extra"}
# The one place that writes stamps (with the base manager, so a renewal renews nothing more),
# and the rules load's advisory lock, which writes nothing.
ALLOWED = {Path("accounts/freshness.py"), Path("rules/load_lock.py")}


def app_sources():
    base = Path(settings.BASE_DIR)
    for path in sorted(base.rglob("*.py")):
        relative = path.relative_to(base)
        if (
            relative.parts[0] in {".venv", "tests", "node_modules"}
            or "migrations" in relative.parts
        ):
            continue
        yield relative, path


def bypasses(source, name="<code>"):
    """Every use of a way past the guard in this source."""
    found = []
    tree = ast.parse(source, filename=name)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (
            node.attr in BYPASSES or (node.attr in CALLED_BYPASSES and id(node) in called)
        ):
            found.append(f"{name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.alias) and node.name.rpartition(".")[2] == "RawSQL":
            found.append(f"{name}:{node.lineno} RawSQL")
    return found


def test_no_code_writes_past_the_guard():
    """Raw SQL, the base manager and the private delete would write owned rows without
    renewing anything: no module outside migrations and tests uses them."""
    sources = dict(app_sources())
    assert {Path("rosters/handlers/_writes.py"), Path("cards/services.py")} <= set(sources)
    found = []
    for relative, path in sources.items():
        if relative not in ALLOWED:
            found += bypasses(path.read_text(), str(relative))
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        "from django.db import connection\nconnection.cursor().execute('UPDATE x')",
        "from django.db import connections\nwith connections['default'].cursor() as c: pass",
        "Character._base_manager.filter(owner=1).update(name='x')",
        "Character.objects.raw('SELECT 1')",
        "Character.objects.extra(where=['1'])",
        "Character.objects.filter(pk=1)._raw_delete('default')",
        "Character.objects.filter(pk=1)._update({'name': 'x'})",
        "from django.db.models.expressions import RawSQL",
    ],
)
def test_the_code_search_catches_every_way_past_the_guard(source):
    assert bypasses(source)


def test_a_handle_named_raw_that_runs_no_sql_is_not_taken_for_a_bypass():
    """pypdfium2 hands its C objects over as `.raw` (cards/printing/pictures.py)."""
    assert bypasses("render(bitmap.raw, page.raw)") == []
