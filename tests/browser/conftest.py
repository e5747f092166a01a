"""Browser tests: the live server driven by Debian's Chromium through Playwright.
Never downloads a browser; skips with a reason only when no system Chromium exists."""

import os
import re
import shutil
from contextlib import contextmanager
from functools import partial

import pytest

from tests.browser.accessibility import goto_checking_accessibility

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        pytest.skip(f"No Chromium at {CHROMIUM}: apt-get install chromium (CI installs it)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop on the test thread for the whole session; the
    # ORM calls tests and fixtures make there (set-up, assertions, flushes) are still
    # synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@contextmanager
def htmx_swap(page, url):
    """Wrap an action whose htmx answer (from a URL the regular expression `url` finds) is
    swapped in, and return only once htmx has settled the new content: before that its
    elements have no htmx handlers (nor the designer's portrait editor its drag), and a
    change made to them does nothing."""
    page.evaluate(
        """() => {
            window.htmxSettled = false;
            document.body.addEventListener(
                "htmx:afterSettle", () => { window.htmxSettled = true; }, {once: true});
        }"""
    )
    with page.expect_response(lambda response: re.search(url, response.url) is not None):
        yield
    page.wait_for_function("() => window.htmxSettled")


@pytest.fixture
def page(chromium, live_server, transactional_db):
    from rules.loading import load_rules

    load_rules()
    viewport = {"width": 1280, "height": 900}
    context = chromium.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    page.js_errors = errors
    page.htmx_swap = partial(htmx_swap, page)
    page.goto = partial(goto_checking_accessibility, page, page.goto)
    yield page
    context.close()
