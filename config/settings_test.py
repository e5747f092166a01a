"""The test run: development settings (DEBUG=1 when settings load, as `make run` has) with a
cache of its own per process, emptied before each test (tests/conftest.py), so one test's
rate-limit counters never reach the next. pytest-django still runs each test with DEBUG off."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: E402, F403

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": PAGES_CACHE,  # noqa: F405
}
