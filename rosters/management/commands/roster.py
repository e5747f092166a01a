"""`manage.py roster SUBCOMMAND …`: roster files from the command line.

Each subcommand is an `add_<name>_arguments(parser)` / `handle_<name>(**options)` pair on the
Command; add one by writing the pair and listing it in SUBCOMMANDS."""

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from cards.printing.faces import NoCardDesign
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.sources import roster_file_faces
from rosters.format import RosterFormatError, read_roster
from rosters.models import Roster
from rosters.transfer import export_roster, import_roster
from rules.engines import UnknownRuleset, evaluate
from rules.engines.plain import counted
from rules.models import Ruleset
from rules.selectors import rules_for

NOT_LEGAL = 1
UNREADABLE = 2


def text_report(roster, report):
    errors, warnings = report.of_severity("error"), report.of_severity("warning")
    verdict = "LEGAL" if report.legal else "NOT LEGAL"
    tally = [counted(len(errors), "error")] if errors else []
    tally += [counted(len(warnings), "warning")] if warnings else []
    lines = [
        f"{roster['name']} ({report.ruleset})",
        report.budget.label,
        *(f"  {line}" for line in report.budget.detail_lines),
        f"{verdict}: {', '.join(tally)}" if tally else verdict,
    ]
    for finding in report.findings:
        about = f"{finding.subject}: " if finding.subject else ""
        page = f" ({finding.citation})" if finding.citation else ""
        house = " [house rule]" if finding.custom else ""
        lines.append(
            f"  {finding.severity.upper():<7} {about}{finding.message}{page}"
            f" [{finding.code}]{house}"
        )
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Work with roster files in the JSON roster format (docs/roster-format.md)."
    requires_system_checks = []
    SUBCOMMANDS = {
        "validate": "Check a roster file and print its legality report.",
        "import": "Add a roster file, with its cards and portraits, to a user's account.",
        "export": "Write a saved roster, with its cards and portraits, as a roster file.",
        "print": "Print a roster file's cards as a true-size PDF.",
    }

    def add_arguments(self, parser):
        subcommands = parser.add_subparsers(dest="subcommand", required=True, metavar="SUBCOMMAND")
        for name, summary in self.SUBCOMMANDS.items():
            getattr(self, f"add_{name}_arguments")(subcommands.add_parser(name, help=summary))

    def handle(self, *args, subcommand, **options):
        getattr(self, f"handle_{subcommand}")(**options)

    def add_validate_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle_validate(self, *, file, format, **options):
        """Exit status: 0 legal, 1 not legal, 2 the file cannot be read as a roster."""
        try:
            roster = read_roster(file)
            rules = rules_for(roster["ruleset"])
        except (RosterFormatError, UnknownRuleset) as error:
            raise CommandError(f"{file}: {error}", returncode=UNREADABLE) from error
        report = evaluate(roster, rules)
        if format == "json":
            self.stdout.write(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        else:
            self.stdout.write(text_report(roster, report))
        if not report.legal:
            raise SystemExit(NOT_LEGAL)

    def add_import_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--user", required=True, metavar="NAME", help="the owner's username")

    def handle_import(self, *, file, user, **options):
        """Exit status: 0 imported, 2 the file or the user is not usable (nothing is saved)."""
        owner = get_user_model().objects.filter(username=user).first()
        if owner is None:
            raise CommandError(f"no user named {user!r}", returncode=UNREADABLE)
        try:
            result = import_roster(owner=owner, document=read_roster(file))
        except RosterFormatError as error:
            raise CommandError(f"{file}: {error}", returncode=UNREADABLE) from error
        self.stdout.write(
            f"Imported {result.roster.name!r} as roster {result.roster.pk} for {owner.username}:"
            f" {counted(len(result.characters), 'character')},"
            f" {counted(len(result.house_rules), 'house rule')}."
        )

    def add_export_arguments(self, parser):
        parser.add_argument("id", type=int, metavar="ID", help="the roster's number")
        parser.add_argument("--out", metavar="FILE.json", help="write here instead of stdout")

    def handle_export(self, *, id, out, **options):
        """Exit status: 0 written, 2 no such roster or the file cannot be written."""
        roster = Roster.objects.select_related("ruleset", "owner").filter(pk=id).first()
        if roster is None:
            raise CommandError(f"no roster with id {id}", returncode=UNREADABLE)
        text = json.dumps(export_roster(roster=roster), indent=2, ensure_ascii=False)
        if out is None:
            self.stdout.write(text)
            return
        try:
            Path(out).write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise CommandError(
                f"{out}: cannot write the file: {error.strerror or error}", returncode=UNREADABLE
            ) from error

    def add_print_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--out", required=True, metavar="cards.pdf")
        parser.add_argument("--paper", choices=["a4", "letter"], default="a4")
        parser.add_argument("--backs", action="store_true", help="add mirrored back sheets")
        parser.add_argument("--bleed", action="store_true", help="one card a page, 3 mm bleed")

    def handle_print(self, *, file, out, paper, backs, bleed, **options):
        """Exit status: 0 written, 2 the file cannot be read or printed."""
        try:
            roster = read_roster(file)
            rules = rules_for(roster["ruleset"])
            name = Ruleset.objects.filter(slug=roster["ruleset"]).values_list("name", flat=True)
            faces = roster_file_faces(roster, rules, ruleset_name=name.first() or roster["ruleset"])
            result = print_cards(
                faces, PrintOptions(paper=paper, backs=backs, bleed=bleed), title=roster["name"]
            )
            Path(out).write_bytes(result.pdf)
        except (RosterFormatError, UnknownRuleset, NoCardDesign) as error:
            raise CommandError(f"{file}: {error}", returncode=UNREADABLE) from error
        except OSError as error:
            raise CommandError(
                f"{out}: cannot write the file: {error.strerror or error}", returncode=UNREADABLE
            ) from error
        self.stdout.write(f"Wrote {out}: {counted(result.pages, 'page')}, {paper}.")
        for problem in result.problems:
            self.stderr.write(f"Text fit: {problem}")
