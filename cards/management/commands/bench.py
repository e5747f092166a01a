"""`manage.py bench`: how fast the pages and PDFs players wait on are, as a table.

Runs against the configured database inside a transaction that is rolled back, with a
throw-away print cache and media folder, so it leaves nothing behind. Times are wall-clock
medians over several runs; query counts come from Django's own query capture. The second table
is a club's print run against its budgets and against plain WeasyPrint on the same HTML
(cards/printing/benchmark.py). Speed is watched here, never by timed tests."""

import statistics
import time
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import caches
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment

from cards.printing import benchmark
from cards.printing.sheets import PrintOptions, print_cards
from cards.printing.sources import deck_cards, roster_cards
from rosters.handlers.transfer import import_roster
from rosters.samples import sample_document
from rules.engines import evaluate
from rules.fixture_book import rules_book_from_fixtures

# The force the scenarios play with (its designer post, perk and deck are its game's).
SAMPLE = "singapore-smith"


class Rollback(Exception):
    pass


@contextmanager
def rolled_back():
    try:
        with transaction.atomic():
            yield
            raise Rollback
    except Rollback:
        pass


class Command(BaseCommand):
    help = "Time the main pages, the roster engine and the PDFs; print a table."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=5, help="runs per scenario (median)")
        parser.add_argument(
            "--print-runs", type=int, default=3, help="runs per print scenario (median)"
        )
        parser.add_argument("--no-print", action="store_true", help="skip the print-run table")
        parser.add_argument(
            "--only",
            default="",
            metavar="TEXT",
            help="only the scenarios whose name holds TEXT (any case), e.g. designer",
        )

    def handle(self, *args, runs, print_runs, no_print, only, **options):
        if not hasattr(mail, "outbox"):  # the test Client needs Django's test environment
            setup_test_environment()
        with rolled_back(), benchmark.scratch_media(), benchmark.fresh_print_cache():
            rows = [
                self.measure(name, action, runs)
                for name, action in self.scenarios()
                if benchmark.chosen(name, only)
            ]
            self.stdout.write(table(rows))
            if not no_print and benchmark.any_chosen(only):
                player = get_user_model().objects.create_user("bench-club", password="x" * 12)
                self.stdout.write("")
                self.stdout.write(benchmark.HEADER)
                self.stdout.write("-" * len(benchmark.HEADER))
                # each row as it is measured
                for row in benchmark.run(player, print_runs, sample=SAMPLE, only=only):
                    self.stdout.write(benchmark.line(row))
                    self.stdout.flush()

    def measure(self, name, action, runs):
        action()  # warm caches (templates, fonts) so the median shows steady state
        times, queries = [], 0
        for _ in range(runs):
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                action()
                times.append((time.perf_counter() - started) * 1000)
            queries = len(captured)
        return name, statistics.median(times), max(times), queries

    def scenarios(self):
        player = get_user_model().objects.create_user("bench-player", password="x" * 12)
        smith = sample_document(SAMPLE)
        league = import_roster(owner=player, document=smith).roster
        rules = rules_book_from_fixtures(smith["ruleset"])
        client = Client()
        client.force_login(player)
        card = league.characters.first()
        designer_post = {
            "ruleset": smith["ruleset"],
            "character_type": "ally",
            "name": "Bench",
            "health": "d6",
            **{f"{s}_count": 1 for s in ("brawl", "dodge", "might", "finesse")},
            **{f"{s}_count": 2 for s in ("shoot", "cunning")},
            **{
                f"{s}_die": "d6" for s in ("brawl", "shoot", "dodge", "might", "finesse", "cunning")
            },
            "abilities": ["crafty"],
        }

        names = iter(range(1, 10**6))

        def renamed():
            """A card the preview has not drawn yet, as every keystroke in the name is."""
            return designer_post | {"name": f"Bench {next(names)}"}

        def drawn(url):
            """The page as an app server that has not kept it draws it."""
            caches["pages"].clear()
            return client.get(url)

        return [
            ("engine: Singapore Smith's league", lambda: evaluate(smith, rules)),
            ("page: Ability Library search", lambda: client.get(
                f"/rules/{smith['ruleset']}/ability/?q=a")),
            ("page: My Cards", lambda: client.get("/cards/")),
            ("page: league builder (6 cards), drawn", lambda: drawn(f"/rosters/{league.pk}/")),
            ("page: league builder, kept", lambda: client.get(f"/rosters/{league.pk}/")),
            ("page: designer, edit a card", lambda: client.get(f"/cards/{card.pk}/edit/")),
            ("htmx: designer live preview, new name", lambda: client.post(
                "/cards/designer/preview/", renamed())),
            ("htmx: designer live preview, seen before", lambda: client.post(
                "/cards/designer/preview/", designer_post)),
            ("htmx: add a perk in the builder", lambda: client.post(
                f"/rosters/{league.pk}/choices/perks/", {"perks": ["nefarious"]},
                headers={"HX-Request": "true"})),
            ("pdf: league cards, A4 with backs, reprint", lambda: print_cards(
                roster_cards(player, league.pk, {}).faces, PrintOptions(backs=True))),
            ("pdf: Fortune deck, 45 cards, reprint", lambda: print_cards(
                deck_cards(smith["ruleset"], "fortune").faces, PrintOptions())),
            ("page: Print page with thumbnails", lambda: client.get(
                f"/print/?source=roster-{league.pk}")),
        ]  # fmt: skip


# Issue 28's goals for the pages a designer waits on, in ms (median).
BUDGETS_MS = {
    "page: designer, edit a card": 50,
    "htmx: designer live preview, new name": 50,
    "htmx: designer live preview, seen before": 50,
}


def table(rows):
    header = ("scenario", "median ms", "max ms", "queries", "budget")
    lines = [
        f"{header[0]:<42} {header[1]:>10} {header[2]:>8} {header[3]:>8} {header[4]:>8}  ok",
        "-" * 86,
    ]
    for name, median, worst, queries in rows:
        budget = BUDGETS_MS.get(name)
        limit, ok = (f"≤ {budget}", "yes" if median <= budget else "NO") if budget else ("", "")
        row = f"{name:<42} {median:>10.1f} {worst:>8.1f} {queries:>8} {limit:>8}  {ok}"
        lines.append(row.rstrip())
    return "\n".join(lines)
