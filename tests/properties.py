"""What property tests share beyond the profile in tests/conftest.py."""

from hypothesis import HealthCheck, settings

# A test that knowingly reuses a function-scoped fixture (a client, a player) across its
# examples says so with this. Naming suppress_health_check replaces the profile's list, so
# the profile's own suppressions are carried along, or too_slow would come back for it.
REUSES_FUNCTION_FIXTURES = [
    *settings.default.suppress_health_check,
    HealthCheck.function_scoped_fixture,
]
