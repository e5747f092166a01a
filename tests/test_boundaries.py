"""Which app may import which: the roster maths and the rules never depend on printing, and
the rules never depend on rosters, nor on the players' data (rosters, cards, and the account
changes that move them: accounts.services). The rules may know who the player is
(accounts.players: the user and the session). `cards` builds on both, so a newcomer can read
`rules` alone, then `rosters`, then `cards`. Reaching a forbidden module through others counts
as much as importing it. A ruleset definition names its card parts by dotted path (imported
on first use), which is not an import and so not a dependency of `rules`."""

import ast
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
APPS = ("accounts", "cards", "config", "rosters", "rules")

# app → the apps or modules it must never reach
FORBIDDEN = {
    "rules": {"cards", "rosters", "accounts.services"},
    "rosters": {"cards"},
}


def imported_modules(source, module):
    """The dotted names a module's source imports (`from a import b` names both `a` and
    `a.b`: b may be a module); imports inside functions count as much as those at the top.
    A relative import is read from the module's own package."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")[: -node.level]
                base = ".".join(filter(None, [*package, base]))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def imported_apps(source, module):
    return {name.split(".")[0] for name in imported_modules(source, module)}


@cache
def project_modules():
    """{dotted name: source} of every module of the apps; a package by its __init__."""
    modules = {}
    for app in APPS:
        for path in sorted((BASE / app).rglob("*.py")):
            parts = path.relative_to(BASE).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path.read_text(encoding="utf-8")
    return modules


def within(name):
    """The project modules importing `name` runs: it and the packages above it."""
    parts = name.split(".")
    return [
        m for m in (".".join(parts[:n]) for n in range(1, len(parts) + 1)) if m in project_modules()
    ]


@cache
def imports_of(module):
    source = project_modules()[module]
    return sorted({m for name in imported_modules(source, module) for m in within(name)})


def chains_from(module):
    """{every project module `module` reaches: the shortest chain of imports to it}."""
    chains, todo = {module: [module]}, [module]
    while todo:
        current = todo.pop(0)
        for reached in imports_of(current):
            if reached not in chains:
                chains[reached] = [*chains[current], reached]
                todo.append(reached)
    return chains


def forbidden(module, app):
    return any(module == f or module.startswith(f"{f}.") for f in FORBIDDEN[app])


@pytest.mark.parametrize("app", FORBIDDEN)
def test_no_app_reaches_what_builds_on_it(app):
    crossings = sorted(
        {
            " → ".join(chain)
            for module in project_modules()
            if module.split(".")[0] == app
            for reached, chain in chains_from(module).items()
            if forbidden(reached, app) and not forbidden(chain[-2], app)
        }
    )
    assert not crossings, "\n".join(crossings)


@pytest.mark.parametrize(
    "source",
    [
        "import cards.portraits",
        "from cards import printing",
        "from cards.printing.sheets import print_cards",
        "def later():\n    from cards.pdf import pdf_attachment\n",
    ],
)
def test_every_way_of_importing_cards_is_seen(source):
    assert "cards" in imported_apps(source, "rosters.management.commands.roster")


def test_a_sibling_module_is_not_mistaken_for_the_cards_app():
    assert imported_apps("from . import cards_in_play", "rosters.views") == {"rosters"}
    assert imported_apps("import rosters.cards", "rules.views") == {"rosters"}


RAW_WRITES = "rosters.handlers._writes"


def test_only_the_handlers_reach_the_raw_roster_writes():
    """Every change to a roster goes through a handler (rosters/handlers/), where the rules
    that gate it live: no other module imports the raw writes beneath them."""
    reaching = sorted(
        module
        for module in project_modules()
        if RAW_WRITES in imports_of(module)
        and not (module == "rosters.handlers" or module.startswith("rosters.handlers."))
    )
    assert not reaching, reaching


def test_a_view_importing_the_raw_writes_is_seen():
    source = "from rosters.handlers import _writes\n"
    assert RAW_WRITES in imported_modules(source, "cards.views")
