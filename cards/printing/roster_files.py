"""A roster file printed again by `print_roster`: the same file read by the same rules, with
the same options and print code, is the same print, so the command finds it by what decides
it and writes it out, without building a card.

Building the cards of a 90-character file (each character's profile worked out, its text's
fit recalled, its portrait's cut found, every face's key hashed) cost more than 50 ms of an
unchanged reprint, each run, in a new process; finding the print costs a hash of the file
and one of the rules it is read by. The key holds everything a print is made from: the file's
bytes (its characters, house rules, campaign and pictures), the rules book's content (not its
version's number: a book edited in place changes the key too), the options, the game's name
on the backs and the print code's version. The job itself stays where sheets.draw keeps it;
this keeps only which job it was, its page count and the fit problems to report.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from cards.printing import cache
from cards.printing.sheets import Plan, PrintOptions
from rules.engines.base import RulesBook


@dataclass(frozen=True)
class FilePrint:
    data: bytes  # the PDF, or a print shop's zip of pictures
    pages: int
    pictures: bool
    problems: tuple[str, ...]


def rules_digest(rules: RulesBook) -> str:
    text = json.dumps(
        [rules.ruleset, rules.character_types, sorted(rules.entries.items())],
        sort_keys=True,
        default=repr,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def print_key(file_bytes: bytes, rules: RulesBook, options: PrintOptions, game: str) -> str:
    return cache.digest(
        cache.FILE_PRINTS,
        cache.code_version(),
        hashlib.sha256(file_bytes).hexdigest(),
        rules_digest(rules),
        options,
        game,
    )


def kept_print(key: str) -> FilePrint | None:
    """The print made before under `key`, while its job is still in the print cache."""
    stored = cache.load(cache.FILE_PRINTS, key)
    if stored is None:
        return None
    kept = json.loads(stored)
    data = cache.load(kept["kind"], kept["job"])
    if data is None:
        return None
    return FilePrint(data, kept["pages"], kept["pictures"], tuple(kept["problems"]))


def keep_print(key: str, job: Plan, data: bytes, problems) -> FilePrint:
    made = FilePrint(data, len(job.pages), job.pictures_for is not None, tuple(problems))
    kept = {
        "kind": job.kind,
        "job": job.key,
        "pages": made.pages,
        "pictures": made.pictures,
        "problems": list(made.problems),
    }
    cache.store(cache.FILE_PRINTS, key, json.dumps(kept).encode())
    return made
