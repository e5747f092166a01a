"""The books' sample forces, shipped as roster files in docs/examples/, for visitors to browse
and players to start from. Read from disk: listing them touches no database."""

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from rosters.format import read_roster

SAMPLES_DIR = Path(settings.BASE_DIR) / "docs" / "examples"


class UnknownSample(LookupError):
    pass


@dataclass(frozen=True)
class Sample:
    slug: str
    name: str
    ruleset: str
    characters: int


def sample_paths():
    return {path.stem: path for path in sorted(SAMPLES_DIR.glob("*.json"))}


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
