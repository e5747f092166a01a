"""Changes the cards app makes. Keyword-only, atomic, no request in sight."""

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.http import QueryDict
from django.utils import timezone

from cards.models import PendingPortrait, PrintJob
from cards.print_requests import print_request
from cards.printing import sheets
from rosters import portraits
from rosters.handlers import cards as card_handlers


@dataclass(frozen=True)
class BackOffsetResult:
    x_mm: Decimal
    y_mm: Decimal


@transaction.atomic
def save_back_offset(*, player, x_mm, y_mm):
    """Remember where the player's printer puts the backs of a duplex sheet, in mm (x right,
    y down, as seen on the back); every backs sheet they print moves by it."""
    player.back_offset_x_mm = Decimal(x_mm)
    player.back_offset_y_mm = Decimal(y_mm)
    player.save(update_fields=["back_offset_x_mm", "back_offset_y_mm"])
    return BackOffsetResult(player.back_offset_x_mm, player.back_offset_y_mm)


PENDING_KEPT = 5  # pictures a player may have chosen and not yet saved on a card


@dataclass(frozen=True)
class PendingPortraitResult:
    pending: PendingPortrait


@transaction.atomic
def keep_pending_portrait(*, owner, upload):
    """Clean an upload once and keep it for the designer to refer to while the player frames
    it. Raises PortraitError (nothing stored) for a picture we refuse. The owner's oldest
    unsaved pictures beyond PENDING_KEPT go, so abandoned ones never pile up."""
    source = portraits.clean_upload(upload)
    pending = PendingPortrait(owner=owner)
    pending.image.save(source.name, source, save=False)
    try:
        pending.save()
    except Exception:
        pending.image.delete(save=False)
        raise
    for old in PendingPortrait.objects.filter(owner=owner)[PENDING_KEPT:]:
        discard_pending_portrait(pending=old)
    return PendingPortraitResult(pending=pending)


@transaction.atomic
def discard_pending_portrait(*, pending):
    """Drop the row now and its file once the transaction has committed, so a rollback
    never leaves a row pointing at a deleted file."""
    storage, name = pending.image.storage, pending.image.name
    pending.delete()
    transaction.on_commit(lambda: storage.delete(name))


@transaction.atomic
def save_designed_character(*, pending=None, **card):
    """Save the designer's card (the rosters handler `save_card`, keyword arguments as
    there). A `pending` picture the player framed becomes the card's portrait and stops being
    pending."""
    result = card_handlers.save_card(**card, cleaned=pending.image if pending is not None else None)
    if pending is not None:
        discard_pending_portrait(pending=pending)
    return result


# A running job that has not reported progress for this long lost its worker (killed, or
# its machine went away): the next look at it queues it again. Faces drawn before are in
# the print cache, so it picks up where it stopped.
STALE_AFTER = timedelta(minutes=1)


@dataclass(frozen=True)
class PrintJobResult:
    job_id: int
    status: str
    queued: bool  # whether this call put it on the queue


def enqueue(job):
    from cards.tasks import print_in_background  # tasks import this module

    job.task_id = str(print_in_background.enqueue(job.pk).id)
    job.status = PrintJob.Status.QUEUED
    job.save(update_fields=["task_id", "status", "updated_at"])


@transaction.atomic
def start_print_job(*, player, query, title, key, filename, faces_total):
    """Queue a print for a worker, unless the player already has this very PDF queued,
    running or done (a reload, a second click): then that job is the answer."""
    existing = (
        PrintJob.objects.select_for_update()
        .filter(owner=player, key=key)
        .exclude(status=PrintJob.Status.FAILED)
        .order_by("-pk")
        .first()
    )
    if existing is not None:
        return PrintJobResult(existing.pk, existing.status, queued=False)
    job = PrintJob.objects.create(
        owner=player,
        title=title,
        query=query,
        key=key,
        filename=filename,
        faces_total=faces_total,
    )
    enqueue(job)
    return PrintJobResult(job.pk, job.status, queued=True)


@transaction.atomic
def revive_print_job(*, job_id, now=None):
    """Queue a running job again if its worker stopped reporting (see STALE_AFTER)."""
    job = PrintJob.objects.select_for_update().get(pk=job_id)
    now = now or timezone.now()
    stale = job.status == PrintJob.Status.RUNNING and job.updated_at < now - STALE_AFTER
    if stale:
        enqueue(job)
    return PrintJobResult(job.pk, job.status, queued=stale)


def run_print_job(*, job_id):
    """Draw a queued job's PDF into the print cache, reporting progress as it goes. Not one
    transaction: each progress step must be seen by the Print page while the job runs."""
    job = PrintJob.objects.select_related("owner").get(pk=job_id)
    if job.status == PrintJob.Status.DONE:
        return PrintJobResult(job.pk, job.status, queued=False)
    jobs = PrintJob.objects.filter(pk=job.pk)
    jobs.update(status=PrintJob.Status.RUNNING, updated_at=timezone.now())
    try:
        wanted = print_request(job.owner, QueryDict(job.query))
        plan = sheets.plan(wanted.printable.faces, wanted.options, title=job.title)

        def progress(done, total):
            jobs.update(faces_done=done, faces_total=total, updated_at=timezone.now())

        sheets.draw(plan, progress=progress)
    except Exception as error:
        jobs.update(status=PrintJob.Status.FAILED, error=str(error), updated_at=timezone.now())
        raise
    # The cards may have changed since the job was queued: it printed them as they are now.
    total = len(plan.faces)
    jobs.update(
        status=PrintJob.Status.DONE,
        key=plan.key,
        faces_done=total,
        faces_total=total,
        updated_at=timezone.now(),
    )
    return PrintJobResult(job.pk, PrintJob.Status.DONE, queued=False)
