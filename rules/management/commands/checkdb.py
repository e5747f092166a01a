from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.utils import Error as DatabaseError


class Command(BaseCommand):
    help = "Check that the configured database answers, with a one-line message if not."

    def handle(self, *args, **options):
        try:
            connection.ensure_connection()
        except DatabaseError as error:
            settings = connection.settings_dict
            where = f"{settings.get('ENGINE', '?').rsplit('.', 1)[-1]} {settings.get('NAME')}"
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            raise CommandError(
                f"Cannot reach the database ({where}): {first_line}. "
                "Check DATABASE_URL, or unset it to use SQLite."
            ) from error
