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
# Whatever the environment says, as with no Redis: tests that need Redis ask for it
# (the redis_cache fixture in tests/conftest.py).
SESSION_ENGINE = session_engine_for(CACHES["default"])  # noqa: F405
READ_THROUGH_SHARED_CACHE = False
# One process's memory, whatever the environment says: the tests that need Redis ask for it.
CHANNEL_LAYERS = channel_layers_from_env({})  # noqa: F405
