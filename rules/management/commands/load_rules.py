from django.core.management.base import BaseCommand, CommandError

from rules.fixture_folder import FixtureError
from rules.loading import load_rules, rules_loaded


class Command(BaseCommand):
    help = "Load the rules data from fixtures/ (safe to run any number of times)."

    def handle(self, *args, **options):
        try:
            result = load_rules()
        except FixtureError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Rules data: {result.created} created, {result.updated} updated, "
            f"{result.unchanged} unchanged, {result.removed} removed,"
            f" from {len(result.files) + 1} files."
        )
        for version in result.versions:
            self.stdout.write(f"{version.ruleset.name}: version {version.number} of its data.")
        rules_loaded.send(sender=self.__class__, result=result)
