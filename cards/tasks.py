"""Background tasks (django.tasks, on the database-backed queue that `manage.py print_worker`
runs)."""

from django.tasks import task

from cards import services


@task()
def print_in_background(job_id):
    with services.heartbeat(job_id=job_id):
        services.run_print_job(job_id=job_id)
