"""Browser tests: the live server driven by Debian's Chromium through Playwright.
Never downloads a browser; skips with a reason only when no system Chromium exists."""

import os
import re
import shutil
from contextlib import contextmanager
from functools import partial

import pytest

from tests.browser.accessibility import check_once, goto_checking_accessibility, page_kind

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
    change made to them does nothing. The page as the swap left it is checked by axe too,
    once per kind of page and answer: a swapped-in form is a page state of its own."""
    page.evaluate(
        """() => {
            window.htmxSettled = false;
            document.body.addEventListener(
                "htmx:afterSettle", () => { window.htmxSettled = true; }, {once: true});
        }"""
    )
    with page.expect_response(lambda response: re.search(url, response.url) is not None) as answer:
        yield
    page.wait_for_function("() => window.htmxSettled")
    check_once(page, f"{page_kind(page.url)} after {page_kind(answer.value.url)}")


@pytest.fixture
def page(chromium, live_server, transactional_db, rules_data):
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


class AsgiServer:
    """A real ASGI server (Daphne, as `make run` and production serve) in its own process on
    a free port, against the test database, with the test settings (its own memory cache and
    channel layer). `url` is its base URL; `restart()` stops it and starts a new one on the
    same port, as a deploy or a crash does."""

    def __init__(self, log):
        import socket

        from django.conf import settings

        from tests.cards.test_print_jobs import database_url

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.options = {
            "cwd": settings.BASE_DIR,
            "env": {
                **os.environ,
                "DATABASE_URL": database_url(),
                "DJANGO_SETTINGS_MODULE": "config.settings_test",
                "MEDIA_ROOT": str(settings.MEDIA_ROOT),
            },
        }
        self.start()

    def start(self):
        import socket
        import subprocess
        import sys
        import time

        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
        # Its log goes to a file: a pipe nobody reads would stop the server once full.
        with self.log.open("a") as output:
            self.process = subprocess.Popen(
                [*command, "config.asgi:application"],
                stdout=output,
                stderr=subprocess.STDOUT,
                **self.options,
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    pytest.fail(f"the ASGI server did not start: {self.log.read_text()[-2000:]}")
                time.sleep(0.1)

    def stop(self):
        """Asked to stop, Daphne waits for its open requests and its worker threads; a busy
        machine once kept it past 10 s (CI). Past that it is killed, as a crash would."""
        import subprocess

        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def restart(self):
        self.stop()
        self.start()


@pytest.fixture
def asgi_server(transactional_db, tmp_path):
    """What the test writes before a request is committed (transactional_db), so the server
    sees it; the server stops before the database is flushed."""
    server = AsgiServer(tmp_path / "asgi-server.log")
    yield server
    server.stop()
