"""Background tasks (django.tasks, on the database-backed queue that `manage.py print_worker`
runs)."""

from django.tasks import task

from cards import ahead, services


@task()
def print_in_background(job_id):
    with services.heartbeat(job_id=job_id):
        services.run_print_job(job_id=job_id)


@task()
def draw_ahead():
    """Every deck and quick reference drawn into the print cache (cards/ahead.py), queued by
    `manage.py load_rules`."""
    drawn = ahead.draw_ahead()
    return {"decks": drawn.decks, "quick_references": drawn.quick_references}
