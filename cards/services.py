"""Changes the cards app makes. Keyword-only, atomic, no request in sight."""

import logging
import threading
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.http import QueryDict
from django.utils import timezone
from django_tasks_db.compat import TASK_MIN_PRIORITY, TaskResultStatus
from django_tasks_db.models import DBTaskResult

from accounts.models import PrinterProfile
from cards import everything
from cards.models import PendingPortrait, PrintedCard, PrintJob, RosterPrint
from cards.print_requests import print_request
from cards.printing import cache, codes, geometry, sheets
from config.limits import (
    PRINT_JOB_RESTARTS,
    PRINT_PROFILES_PER_PLAYER,
    PRINT_QUEUED_JOBS_PER_PLAYER,
    PRINTS_KEPT_PER_ROSTER,
)
from rosters import portraits
from rosters.handlers import cards as card_handlers


@dataclass(frozen=True)
class PrinterProfileResult:
    profile: PrinterProfile | None
    chosen: bool  # the Print page now lays sheets out for it


class TooManyProfiles(Exception):
    pass


def locked(player):
    """The player's row, locked: two saves at once count their profiles one after the other."""
    return get_user_model().objects.select_for_update().get(pk=player.pk)


@transaction.atomic
def save_printer_profile(*, owner, profile=None, **fields):
    """A new printer profile (profile None) or the owner's profile changed to `fields`. A
    player's first profile is the one their Print page uses from then on."""
    player = locked(owner)
    if profile is None:
        if PrinterProfile.objects.filter(owner=player).count() >= PRINT_PROFILES_PER_PLAYER:
            raise TooManyProfiles(
                f"You have {PRINT_PROFILES_PER_PLAYER} printer profiles, the most a player "
                "keeps: change or delete one instead."
            )
        profile = PrinterProfile(owner=player)
    elif profile.owner_id != player.pk:
        raise PermissionError("not this player's profile")
    for name, value in fields.items():
        setattr(profile, name, value)
    profile.save()
    chosen = player.print_profile_id is None
    if chosen:
        player.print_profile = profile
        player.save(update_fields=["print_profile"])
        owner.print_profile = profile
    return PrinterProfileResult(profile, chosen or player.print_profile_id == profile.pk)


@transaction.atomic
def delete_printer_profile(*, owner, profile):
    """The profile gone; a Print page that used it prints for an ideal printer again."""
    if profile.owner_id != owner.pk:
        raise PermissionError("not this player's profile")
    profile.delete()
    return PrinterProfileResult(None, chosen=False)


@transaction.atomic
def choose_printer_profile(*, player, profile):
    """The profile (None: no profile) the player's Print page lays sheets out for from now."""
    if profile is not None and profile.owner_id != player.pk:
        raise PermissionError("not this player's profile")
    player.print_profile = profile
    player.save(update_fields=["print_profile"])
    return PrinterProfileResult(profile, chosen=True)


@dataclass(frozen=True)
class RosterPrintResult:
    print_id: int
    printed: int  # physical cards this printing made
    held: int  # cards the player holds on paper after it


@transaction.atomic
def record_roster_print(*, player, query):
    """Remember that the player printed the roster's cards the Print page `query` names
    (all of them, or only the changed ones): each physical card with its code and its sheet
    and slot. Cards a "changed only" printing left alone are carried over, so the record
    always says every card the player holds; a character no longer in the roster, or a card
    reprinted, drops out (the page listed it to throw away)."""
    wanted = print_request(player, query)
    printable = wanted.printable
    if printable.roster is None:
        raise ValueError("only a roster's printings are remembered")
    options = wanted.options
    backs = options.backs or options.preset is not None  # a shop's preset always has them
    printing = RosterPrint.objects.create(
        roster=printable.roster,
        paper=options.paper,
        backs=backs,
        changed_only=wanted.reprint is not None,
    )
    # A page a card for a print shop; else nine to a sheet, as sheets.sheet_pages lays them.
    per_page = 1 if options.one_card_a_page else geometry.PER_SHEET
    rows = []
    for index, face in enumerate(sheets.expand(printable.faces)):
        sheet, slot = index // per_page + 1, index % per_page
        code = codes.code_of(face)  # a hash of all the face shows: worked out once
        rows.append(
            PrintedCard(
                printing=printing,
                character_id=codes.parse(code)[1],
                name=face.title,
                code=code,
                back_code=codes.code_of(face.back) if backs else "",
                sheet=sheet,
                slot=slot,
                shown=codes.shown_summary(face),
            )
        )
    printed = len(rows)
    if wanted.reprint is not None:
        for card in wanted.reprint.kept:
            card.pk, card.printing, card.fresh = None, printing, False
            rows.append(card)
    PrintedCard.objects.bulk_create(rows)
    older = RosterPrint.objects.filter(roster=printable.roster)[PRINTS_KEPT_PER_ROSTER:]
    RosterPrint.objects.filter(pk__in=[old.pk for old in older]).delete()
    return RosterPrintResult(printing.pk, printed, len(rows))


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


# A worker beats for the job it runs every HEARTBEAT (cards/tasks.py); a job whose worker
# has not been heard of for STALE_AFTER lost it (killed, or its machine went away) and is
# queued again, by every print worker on its own (manage.py print_worker) and by the job's
# page. Faces drawn before are in the print cache, so it picks up where it stopped.
HEARTBEAT = timedelta(seconds=10)
STALE_AFTER = timedelta(minutes=1)
UNFINISHED = (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)

logger = logging.getLogger(__name__)


class PrintQueueFull(ValueError):
    """The player already has PRINT_QUEUED_JOBS_PER_PLAYER prints waiting: one player's pile
    must not fill the queue ahead of everybody else's."""

    def __init__(self):
        super().__init__(
            f"You already have {PRINT_QUEUED_JOBS_PER_PLAYER} prints waiting for a print "
            "worker: start this one when one of them is ready."
        )


@dataclass(frozen=True)
class PrintJobResult:
    job_id: int
    status: str
    queued: bool  # whether this call put it on the queue


def enqueue(job):
    """Hand the job to the task queue. The worker takes the highest priority first, oldest
    first among equals; a job gets one step lower priority for each unfinished job its owner
    has ahead of it, so everybody's first job comes before anybody's second: a small print
    never waits behind one player's pile."""
    from cards.tasks import print_in_background  # tasks import this module

    ahead = PrintJob.objects.filter(owner_id=job.owner_id, pk__lt=job.pk, status__in=UNFINISHED)
    task = print_in_background.using(priority=max(-ahead.count(), TASK_MIN_PRIORITY))
    job.task_id = str(task.enqueue(job.pk).id)
    job.status = PrintJob.Status.QUEUED
    job.save(update_fields=["task_id", "status", "updated_at"])


@transaction.atomic
def start_print_job(
    *, player, query, title, key, filename, faces_total, document=PrintJob.Document.CARDS
):
    """Queue a print for a worker, unless the player already has this very PDF queued,
    running or done (a reload, a second click): then that job is the answer. Raises
    PrintQueueFull (nothing queued) past PRINT_QUEUED_JOBS_PER_PLAYER unfinished jobs. The
    player's row is locked first, so two starts at the same moment count one after the other
    and cannot both pass the limit (nor both queue the same PDF)."""
    get_user_model().objects.select_for_update().get(pk=player.pk)
    jobs = PrintJob.objects.filter(owner=player)
    existing = jobs.filter(key=key).exclude(status=PrintJob.Status.FAILED).order_by("-pk").first()
    if existing is not None:
        return PrintJobResult(existing.pk, existing.status, queued=False)
    if jobs.filter(status__in=UNFINISHED).count() >= PRINT_QUEUED_JOBS_PER_PLAYER:
        raise PrintQueueFull()
    job = PrintJob.objects.create(
        owner=player,
        title=title,
        query=query,
        key=key,
        filename=filename,
        faces_total=faces_total,
        document=document,
    )
    enqueue(job)
    return PrintJobResult(job.pk, job.status, queued=True)


def worker_gone(task, *, since):
    """Whether the worker that took a job's task is gone: none was heard of since `since`
    (the job's own heartbeat is older too). A task still waiting for a worker is not."""
    if task is None:  # pruned from the task table
        return True
    if task.status == TaskResultStatus.READY:
        return False
    return task.started_at is None or task.started_at < since


def requeue_abandoned(jobs, *, now):
    """Queue again those of `jobs` whose worker is gone (see STALE_AFTER), or fail them once
    PRINT_JOB_RESTARTS workers died on them: a job that kills its worker every time (out of
    memory, say) must not take one worker after the other for good. Rows another
    transaction holds are skipped: that one is already on them."""
    since = now - STALE_AFTER
    stale = list(
        jobs.select_for_update(skip_locked=True).filter(status__in=UNFINISHED, updated_at__lt=since)
    )
    tasks = DBTaskResult.objects.in_bulk([job.task_id for job in stale if job.task_id])
    requeued = []
    for job in stale:
        task = tasks.get(uuid.UUID(job.task_id)) if job.task_id else None
        if not worker_gone(task, since=since):
            continue
        if task is not None and task.status == TaskResultStatus.RUNNING:
            # The dead worker's run, so the task table does not call it running for good.
            DBTaskResult.objects.filter(pk=task.pk).update(
                status=TaskResultStatus.FAILED, finished_at=now
            )
        if job.restarts >= PRINT_JOB_RESTARTS:
            PrintJob.objects.filter(pk=job.pk).update(
                status=PrintJob.Status.FAILED,
                error=f"the print worker stopped {job.restarts + 1} times while drawing it",
                updated_at=now,
            )
            continue
        job.restarts += 1
        job.save(update_fields=["restarts"])
        enqueue(job)
        requeued.append(job.pk)
    return requeued


@transaction.atomic
def reclaim_abandoned_print_jobs(*, now=None):
    """Every print job whose worker died, queued again (see STALE_AFTER); their ids."""
    requeued = requeue_abandoned(PrintJob.objects.all(), now=now or timezone.now())
    if requeued:
        logger.warning("Print jobs %s lost their worker: queued again", requeued)
    return requeued


@transaction.atomic
def revive_print_job(*, job_id, now=None):
    """Queue one job again if its worker died (see STALE_AFTER): the job's page asks."""
    queued = bool(requeue_abandoned(PrintJob.objects.filter(pk=job_id), now=now or timezone.now()))
    job = PrintJob.objects.get(pk=job_id)
    return PrintJobResult(job.pk, job.status, queued=queued)


@contextmanager
def heartbeat(*, job_id):
    """While the body runs, tell every HEARTBEAT that this process is still on the job, from
    a thread of its own: a step that draws for minutes without progress (a big sheet
    composed) is not mistaken for a dead worker, and a killed worker stops beating at once."""
    stop = threading.Event()

    def beat():
        try:
            while not stop.wait(HEARTBEAT.total_seconds()):
                PrintJob.objects.filter(pk=job_id, status__in=UNFINISHED).update(
                    updated_at=timezone.now()
                )
        finally:
            connection.close()  # this thread's own connection

    beating = threading.Thread(target=beat, name=f"print-job-{job_id}-heartbeat", daemon=True)
    beating.start()
    try:
        yield
    finally:
        stop.set()
        beating.join()


def job_drawing(job):
    """What a job draws, worked out from its query as the player's cards and printer profile
    stand now: (the finished file's key, the steps its progress counts, a function of a
    progress callback that draws it into the print cache)."""
    wanted = print_request(job.owner, QueryDict(job.query))
    if job.document == PrintJob.Document.EVERYTHING:
        document = everything.plan(player=job.owner, wanted=wanted)

        def draw_everything(progress):
            pdf = everything.draw(document, progress=progress)
            cache.store(cache.PRINTS, document.key, pdf)

        return document.key, document.steps, draw_everything
    plan = sheets.plan(wanted.printable.faces, wanted.options, title=job.title)
    return plan.key, len(plan.faces), partial(sheets.draw, plan)


def run_print_job(*, job_id):
    """Draw a queued job's file into the print cache, reporting progress as it goes. Not one
    transaction: each progress step must be seen by the Print page while the job runs."""
    job = PrintJob.objects.select_related("owner").get(pk=job_id)
    if job.status == PrintJob.Status.DONE:
        return PrintJobResult(job.pk, job.status, queued=False)
    jobs = PrintJob.objects.filter(pk=job.pk)
    jobs.update(status=PrintJob.Status.RUNNING, updated_at=timezone.now())
    try:
        key, steps, draw = job_drawing(job)

        def progress(done, total):
            jobs.update(faces_done=done, faces_total=total, updated_at=timezone.now())

        draw(progress=progress)
    except Exception as error:
        jobs.update(status=PrintJob.Status.FAILED, error=str(error), updated_at=timezone.now())
        raise
    # The cards may have changed since the job was queued: it printed them as they are now.
    jobs.update(
        status=PrintJob.Status.DONE,
        key=key,
        faces_done=steps,
        faces_total=steps,
        updated_at=timezone.now(),
    )
    return PrintJobResult(job.pk, PrintJob.Status.DONE, queued=False)
