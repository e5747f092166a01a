"""`manage.py print_roster FILE.json --out cards.pdf`: a roster file's cards as a true-size
PDF, or with `--shop` what that print shop asks for (cards/printing/shops.py). It lives with
printing, so the roster commands (`manage.py roster …`) never need it."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.printing import roster_files, sheets
from cards.printing.faces import NoCardDesign, fits_recalled
from cards.printing.sheets import PrintOptions
from cards.printing.shops import SHOPS
from cards.printing.sources import roster_file_faces
from rosters.format import RosterFormatError, file_content, load_roster
from rosters.updates import file_reading, ruleset_of
from rules.engines import UnknownRuleset
from rules.engines.plain import counted

UNREADABLE = 2
TEXT_CUT = 3


class Command(BaseCommand):
    help = (
        "Print a roster file's cards (docs/roster-format.md) as a true-size PDF. Exit status 0 "
        f"written; {UNREADABLE} the file cannot be read or printed; {TEXT_CUT} some text is cut "
        "off on a card (the PDF is written all the same, the cuts are listed on stderr)."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--out", required=True, metavar="cards.pdf")
        parser.add_argument("--paper", choices=["a4", "letter"], default="a4")
        parser.add_argument("--backs", action="store_true", help="add mirrored back sheets")
        parser.add_argument("--bleed", action="store_true", help="one card a page, 3 mm bleed")
        parser.add_argument(
            "--shop",
            choices=list(SHOPS),
            default="",
            help="what this print shop asks for: a zip of PNGs or a PDF (docs/print-shops.md)",
        )

    def handle(self, *args, file, out, paper, backs, bleed, shop, **options):
        """Exit status: 0 written, 2 the file cannot be read or printed, 3 written with text
        cut off, so a script can tell a card a player must shorten from a clean print."""
        try:
            content = file_content(file)
            roster = load_roster(content)
            reading = file_reading(roster)
            game = getattr(ruleset_of(roster), "name", roster["ruleset"])
            options = PrintOptions(paper=paper, backs=backs, bleed=bleed, shop=shop)
            key = roster_files.print_key(content, reading.rules, options, game)
            made = roster_files.kept_print(key) or self.drawn(
                file, roster, reading, options, game=game, key=key
            )
            Path(out).write_bytes(made.data)
        except (RosterFormatError, UnknownRuleset, NoCardDesign) as error:
            raise CommandError(f"{file}: {error}", returncode=UNREADABLE) from error
        except OSError as error:
            raise CommandError(
                f"{out}: cannot write the file: {error.strerror or error}", returncode=UNREADABLE
            ) from error
        written = counted(made.pages, "picture" if made.pictures else "page")
        self.stdout.write(f"Wrote {out}: {written}, {shop or paper}.")
        self.stderr.write(reading.words(game))
        problems = made.problems
        for problem in problems:
            self.stderr.write(f"Text fit: {problem}")
        if problems:
            raise CommandError(
                f"{out} was written with text cut off in {counted(len(problems), 'place')}"
                ": shorten the text listed above to print it whole.",
                returncode=TEXT_CUT,
            )

    def drawn(self, file, roster, reading, options, *, game, key):
        """The print drawn: its faces (fitted as the file's last print fitted them, where
        it can) and the job from them, kept under `key` for the next run."""
        with fits_recalled(f"roster file {Path(file).resolve()}"):
            faces = roster_file_faces(roster, reading.rules, ruleset_name=game)
        job = sheets.plan(faces, options, title=roster["name"])
        return roster_files.keep_print(key, job, sheets.draw(job), sheets.problems_of(faces))
