"""The books' sample forces, shipped as roster files in fixtures/<ruleset>/samples/ for every
registered ruleset, for visitors to browse and players to start from (docs/examples/ holds the
same files for readers, kept equal by a test). Read from disk: listing them touches no
database."""

from dataclasses import dataclass
from pathlib import Path

from rosters.format import read_roster
from rules.fixture_folder import FIXTURES_DIR
from rules.rulesets import playable_slugs

SAMPLES_FOLDER = "samples"


class UnknownSample(LookupError):
    pass


@dataclass(frozen=True)
class Sample:
    slug: str
    name: str
    ruleset: str
    characters: int


def sample_paths():
    return {
        path.stem: path
        for slug in playable_slugs()
        for path in sorted(samples_dir(slug).glob("*.json"))
    }


def samples_dir(slug) -> Path:
    return FIXTURES_DIR / slug / SAMPLES_FOLDER


def samples() -> list[Sample]:
    found = []
    for slug, path in sample_paths().items():
        document = read_roster(path)
        found.append(
            Sample(slug, document["name"], document["ruleset"], len(document["characters"]))
        )
    return sorted(found, key=lambda sample: (sample.ruleset, sample.name))


def sample_document(slug) -> dict:
    """A fresh copy of the sample's roster document, so callers may change it."""
    # Looked up among the listed files, so a slug can never reach outside the folder.
    path = sample_paths().get(slug)
    if path is None:
        raise UnknownSample(f"No sample force {slug!r}.")
    return read_roster(path)
