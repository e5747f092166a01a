"""Two loads of the rules data at once (two app processes starting together) number the
game's versions one after the other: the second waits for the first and finds nothing new."""

import contextlib
import shutil
import threading

import pytest

from rules import loading
from rules.fixture_folder import FIXTURES_DIR
from rules.models import DataVersion, Ruleset
from tests.concurrency import postgres_only, together


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_loads_at_once_make_one_version(rules_data, tmp_path, monkeypatch):
    shutil.copytree(FIXTURES_DIR / "pulp-alley", tmp_path / "pulp-alley")
    game = Ruleset.objects.get(slug="pulp-alley")
    # Its data is in but no version counts it yet: a database loaded before versions came.
    DataVersion.objects.filter(ruleset=game).delete()

    # Each load waits here (at most 2 s, once) for the other, so both would number their
    # version from the same latest one if nothing kept them apart.
    meet = threading.Barrier(2, timeout=2)
    record_versions = loading.record_versions

    def after_the_other(*args, **kwargs):
        # A broken wait: the other load is held back, so this one goes on alone.
        with contextlib.suppress(threading.BrokenBarrierError):
            meet.wait()
        return record_versions(*args, **kwargs)

    monkeypatch.setattr(loading, "record_versions", after_the_other)
    first, second = together(
        lambda: loading.load_rules(tmp_path), lambda: loading.load_rules(tmp_path)
    )

    made = [version.number for version in first.versions + second.versions]
    assert made == [1]
    assert list(game.data_versions.values_list("number", flat=True)) == [1]
