"""`manage.py roster SUBCOMMAND …`: roster files from the command line.

Each subcommand is an `add_<name>_arguments(parser)` / `handle_<name>(**options)` pair on the
Command; add one by writing the pair and listing it in SUBCOMMANDS. `roster print` (the spec's
verb) is the cards app's `print_roster` command under this name: printing lives in `cards`,
which rosters never imports, so the command is found by name, as manage.py finds it."""

import difflib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import get_commands, load_command_class
from django.core.management.base import BaseCommand, CommandError

from rosters import data_packs
from rosters.data_packs import data_pack_schema
from rosters.format import RosterFormatError, read_roster
from rosters.handlers.transfer import import_roster
from rosters.models import Roster
from rosters.schema import roster_schema
from rosters.transfer import export_roster
from rosters.updates import UnknownVersion, file_update
from rules.engines import UnknownRuleset, evaluate
from rules.engines.plain import counted
from rules.selectors import rules_for

NOT_LEGAL = 1
UNREADABLE = 2
SCHEMA_COPY = "docs/roster.schema.json"


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
    for finding in report.errors_first:
        about = f"{finding.subject}: " if finding.subject else ""
        page = f" ({finding.citation})" if finding.citation else ""
        house = " [house rule]" if finding.custom else ""
        lines.append(
            f"  {finding.severity.upper():<7} {about}{finding.message}{page}"
            f" [{finding.code}]{house}"
        )
    return "\n".join(lines)


def printing_command():
    """The print_roster command, looked up as manage.py looks it up."""
    return load_command_class(get_commands()["print_roster"], "print_roster")


class Command(BaseCommand):
    help = "Work with roster files in the JSON roster format (docs/roster-format.md)."
    requires_system_checks = []
    SUBCOMMANDS = {
        "validate": "Check a roster file and print its legality report.",
        "import": "Add a roster file, with its cards and portraits, to a user's account.",
        "export": "Write a saved roster, with its cards and portraits, as a roster file.",
        "schema": "Print the roster file's JSON Schema, or check or write its readers' copy.",
        "print": "Print a roster file's cards as a true-size PDF (the same as print_roster).",
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
        parser.add_argument(
            "--since",
            type=int,
            metavar="VERSION",
            help="also print what the rules data changed for the roster since this version",
        )

    def handle_validate(self, *, file, format, since=None, **options):
        """Exit status: 0 legal, 1 not legal, 2 the file cannot be read as a roster (or the
        version asked for is not kept here)."""
        try:
            roster = read_roster(file)
            rules = rules_for(roster["ruleset"])
            update = None if since is None else file_update(roster, since)
        except (RosterFormatError, UnknownRuleset, UnknownVersion) as error:
            raise CommandError(f"{file}: {error}", returncode=UNREADABLE) from error
        report = evaluate(roster, rules)
        if format == "json":
            data = report.to_dict() | ({"update": update.to_dict()} if update else {})
            self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(text_report(roster, report))
            if update is not None:
                self.stdout.write("\n".join(["Rules update", *update.lines()]))
        if not report.legal:
            raise SystemExit(NOT_LEGAL)

    def add_print_arguments(self, parser):
        command = printing_command()
        parser.description = command.help
        command.add_arguments(parser)

    def handle_print(self, **options):
        """print_roster's options and exit statuses, as it is that command."""
        command = printing_command()
        command.stdout, command.stderr = self.stdout, self.stderr
        command.handle(**options)

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

    def add_schema_arguments(self, parser):
        what = parser.add_mutually_exclusive_group()
        what.add_argument("--check", action="store_true", help=f"compare with {SCHEMA_COPY}")
        what.add_argument("--write", action="store_true", help=f"rewrite {SCHEMA_COPY}")

    def check_copy(self, path, wanted, source):
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != wanted:
            shown = str(path.relative_to(settings.BASE_DIR))
            diff = difflib.unified_diff(
                current.splitlines(), wanted.splitlines(), shown, source, n=1
            )
            self.stderr.write("\n".join(list(diff)[:40]))
            self.stderr.write(
                f"{shown} is not the schema the app checks files against:"
                " run `manage.py roster schema --write`."
            )
            raise SystemExit(NOT_LEGAL)

    def handle_schema(self, *, check, write, **options):
        """The schema the app checks files against (rosters.schema.roster_schema(), every
        registered game's part joined in) and its readers' copy, docs/roster.schema.json.
        Exit status with --check: 0 the copy is current, 1 it differs (with the diff)."""
        text = json.dumps(roster_schema(), indent=2, ensure_ascii=False) + "\n"
        copy = Path(settings.BASE_DIR) / SCHEMA_COPY
        # The data pack's schema is built from this one, so its copy goes with it.
        pack_text = json.dumps(data_pack_schema(), indent=2, ensure_ascii=False) + "\n"
        pack_copy = Path(settings.BASE_DIR) / data_packs.SCHEMA_COPY
        if write:
            copy.write_text(text, encoding="utf-8")
            pack_copy.write_text(pack_text, encoding="utf-8")
            self.stdout.write(f"Wrote {SCHEMA_COPY}.")
        elif check:
            for path, wanted, source in (
                (copy, text, "roster_schema()"),
                (pack_copy, pack_text, "data_pack_schema()"),
            ):
                self.check_copy(path, wanted, source)
            self.stdout.write(f"{SCHEMA_COPY} is current.")
        else:
            self.stdout.write(text, ending="")
