#!/usr/bin/env python
"""Django's command-line utility for Cliffhanger."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:
        # Configuration mistakes (a bad DATABASE_URL, a missing SECRET_KEY) are the user's to fix:
        # one line saying what to do beats a traceback.
        sys.exit(f"Configuration error: {error}")


if __name__ == "__main__":
    main()
