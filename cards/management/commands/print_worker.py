"""`manage.py print_worker`: django-tasks-db's db_worker (same options), which also finds the
print jobs of workers that died and queues them again, when it starts and every
services.HEARTBEAT after, so a killed worker's job runs again without anybody opening its
page. A worker that waits for jobs starts its helper processes as it starts, so its first
job does not wait for them."""

import logging
import threading
import time

from django.db import DatabaseError, connection
from django_tasks_db.management.commands import db_worker

from cards import services
from cards.printing import rendering

logger = logging.getLogger(__name__)


def reclaim_forever():
    while True:
        time.sleep(services.HEARTBEAT.total_seconds())
        try:
            services.reclaim_abandoned_print_jobs()
        except DatabaseError:  # the database away for a moment: try again next time
            logger.exception("Could not look for print jobs that lost their worker")
        finally:
            connection.close()  # this thread's own connection


class Command(db_worker.Command):
    help = "Run a print worker: db_worker, which also queues again the jobs of dead workers"

    def handle(self, **options):
        services.reclaim_abandoned_print_jobs()  # before the first job is taken
        threading.Thread(target=reclaim_forever, name="reclaim-print-jobs", daemon=True).start()
        # Not for a --batch run, which ends once the queue is empty (its first big job starts
        # them if one comes), nor with --reload (`make run`'s worker, whose code changes).
        if not options["batch"] and not options["reload"]:
            rendering.warm_helpers()
        super().handle(**options)
