"""Remove guest accounts left idle, with their work: run once a day (docs/security.md)."""

from django.core.management.base import BaseCommand

from accounts.services import remove_idle_guests
from config.limits import GUEST_IDLE_DAYS


class Command(BaseCommand):
    help = (
        f"Remove guests idle for {GUEST_IDLE_DAYS} days (no log-in, no change to their work), "
        "with their cards, rosters, house rules and portrait files."
    )

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=GUEST_IDLE_DAYS, help="idle days")
        parser.add_argument("--dry-run", action="store_true", help="count, remove nothing")

    def handle(self, *args, days, dry_run, **options):
        result = remove_idle_guests(days=max(days, 1), dry_run=dry_run)
        verb = "Would remove" if dry_run else "Removed"
        guests = f"{result.guests} guest{'s' if result.guests != 1 else ''}"
        files = f"{result.files} file{'s' if result.files != 1 else ''}"
        self.stdout.write(f"{verb} {guests} idle for {days}+ days, and their {files}.")
