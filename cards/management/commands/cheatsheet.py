"""`manage.py cheatsheet RULESET --out sheet.pdf`: a ruleset's two-page quick reference;
`manage.py cheatsheet --roster FILE.json --out reference.pdf`: the rules reference of a roster
file. Exit status 2, with one line on stderr, when there is nothing to print."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards import cheatsheets
from rosters.format import RosterFormatError, read_roster
from rules.rulesets import UnknownRuleset
from rules.selectors import rules_for

UNAVAILABLE = 2


class Command(BaseCommand):
    help = "Write a ruleset's quick reference, or a roster file's rules reference, as a PDF."
    requires_system_checks = []

    def add_arguments(self, parser):
        what = parser.add_mutually_exclusive_group(required=True)
        what.add_argument("ruleset", nargs="?", metavar="RULESET", help="e.g. pulp-alley")
        what.add_argument("--roster", metavar="FILE.json", help="a roster in the JSON format")
        parser.add_argument("--out", required=True, metavar="PATH.pdf")
        parser.add_argument(
            "--paper", choices=cheatsheets.SHEET_PAPERS, default="a4", help="the quick reference's"
        )

    def handle(self, *args, ruleset, roster, out, paper, **options):
        try:
            pdf = roster_pdf(roster) if roster else quick_reference_pdf(ruleset, paper)
        except (cheatsheets.NoCheatSheet, RosterFormatError, UnknownRuleset) as error:
            raise CommandError(str(error), returncode=UNAVAILABLE) from error
        try:
            Path(out).write_bytes(pdf)
        except OSError as error:
            raise CommandError(
                f"cannot write {out}: {error.strerror or error}", returncode=UNAVAILABLE
            ) from error
        self.stdout.write(f"Wrote {out}")


def quick_reference_pdf(ruleset, paper):
    if ruleset not in cheatsheets.ruleset_names():
        known = ", ".join(cheatsheets.ruleset_names())
        raise cheatsheets.NoCheatSheet(f"Unknown ruleset {ruleset!r}: pick one of {known}.")
    return cheatsheets.quick_reference_pdf(ruleset, paper)


def roster_pdf(path):
    try:
        roster = read_roster(path)
    except RosterFormatError as error:
        raise RosterFormatError(f"{path}: {error}") from error
    return cheatsheets.roster_reference_pdf(roster, rules_for(roster["ruleset"]))
