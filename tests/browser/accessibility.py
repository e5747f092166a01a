"""axe-core, vendored (CI has no network), run over the pages the browser tests open.

The script goes in through Playwright's evaluate (the DevTools protocol), not a <script> tag:
the site's Content-Security-Policy refuses inline scripts, and it stays enforced in tests."""

import re
from functools import cache
from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
# What a player with a screen reader, a keyboard or low vision cannot get past.
BLOCKING = ("serious", "critical")


@cache
def axe_source():
    return AXE.read_text(encoding="utf-8")


def axe_violations(page):
    """The serious and critical violations on the page as it stands, one line each."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    violations = page.evaluate(
        """async (impacts) => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.filter(v => impacts.includes(v.impact)).map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")),
            }));
        }""",
        list(BLOCKING),
    )
    return [f"{v['impact']} {v['id']} ({v['help']}): {', '.join(v['targets'])}" for v in violations]


def page_kind(url):
    """Pages that differ only in their ids and numbers are one kind: each is checked once."""
    return re.sub(r"\d+", "N", url.partition("://")[2].partition("/")[2])


checked_kinds = set()


def check_once(page, kind):
    """axe over the page as it stands, the first time a kind of page (or of swap) is seen."""
    if kind not in checked_kinds:
        checked_kinds.add(kind)
        violations = axe_violations(page)
        assert violations == [], f"axe on {page.url} ({kind}):\n" + "\n".join(violations)


def goto_checking_accessibility(page, goto, url, **options):
    """page.goto, then axe over the page (the first time a kind of page is opened)."""
    response = goto(url, **options)
    check_once(page, page_kind(page.url))
    return response
