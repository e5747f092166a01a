"""Every property test runs with the one Hypothesis profile tests/conftest.py loads: no
deadline and no too_slow check, which on a busy machine fail tests that are right."""

from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).parent


def test_property_tests_have_no_deadline_and_no_too_slow_check():
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check
    assert settings.get_profile("ci").print_blob
    assert settings.get_profile("ci").deadline is None


def test_no_test_sets_what_the_profile_sets():
    """A deadline or a too_slow suppression pasted into one test is what the profile is for."""
    repeated = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*.py")
        if path.name != "conftest.py"
        and path != Path(__file__)
        and any(
            setting in path.read_text(encoding="utf-8")
            for setting in ("deadline=", "HealthCheck.too_slow")
        )
    ]
    assert not repeated, repeated
