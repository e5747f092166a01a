"""Which app may import which: the roster maths and the rules never depend on printing, and
the rules never depend on rosters. `cards` builds on both, so a newcomer can read `rules`
alone, then `rosters`, then `cards`. A ruleset definition names its card parts by dotted path
(imported on first use), which is not an import and so not a dependency of `rules`."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)

# app → the apps it must never import
FORBIDDEN = {
    "rules": {"cards", "rosters"},
    "rosters": {"cards"},
}


def imported_apps(source, module):
    """The top-level packages a module's source imports; imports inside functions count as
    much as those at the top. A relative import never leaves the module's own package."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add(module.split(".")[0] if node.level else node.module.split(".")[0])
    return found


def modules_of(app):
    for path in sorted((BASE / app).rglob("*.py")):
        module = ".".join(path.relative_to(BASE).with_suffix("").parts)
        yield module, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("app", FORBIDDEN)
def test_no_app_imports_what_builds_on_it(app):
    crossings = [
        f"{module} imports {other}"
        for module, source in modules_of(app)
        for other in sorted(imported_apps(source, module) & FORBIDDEN[app])
    ]
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
