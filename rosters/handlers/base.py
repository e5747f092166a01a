"""What every handler shares: the `handler` decorator and the results and refusals views
read."""

import functools
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import transaction

from config.limits import ROSTER_MAX_CHARACTERS

# The player action running now (its handler's module and name), None outside every handler.
# Read by the test that proves every roster write of every URL happens inside one.
RUNNING: ContextVar[str | None] = ContextVar("running_handler", default=None)


def handler(function):
    """Make `function` one player action: keyword-only, in one transaction, the action's name
    known while it runs (a handler calling another stays the outer action)."""

    @functools.wraps(function)
    def run(**details):
        token = RUNNING.set(RUNNING.get() or f"{function.__module__}.{function.__name__}")
        try:
            with transaction.atomic():
                return function(**details)
        finally:
            RUNNING.reset(token)

    return run


def running() -> str | None:
    return RUNNING.get()


class RosterFull(ValueError):
    """The roster already holds ROSTER_MAX_CHARACTERS: far past any force in play, and the
    point where its builder, sheets and prints would start to hold a server for long."""

    def __init__(self):
        super().__init__(
            f"A roster holds at most {ROSTER_MAX_CHARACTERS} characters: "
            "remove one first, or start a second roster."
        )


class CampaignRefused(ValueError):
    """The book does not allow this change; `findings` say why, with pages."""

    def __init__(self, findings):
        self.findings = tuple(findings)
        super().__init__(" ".join(f.message for f in self.findings))


class NotTheLatest(ValueError):
    """The entry to undo is on the timeline but no longer its latest: a change came after
    it (from another tab), and undoing steps back one change at a time."""

    def __init__(self):
        super().__init__(
            "A newer change is on the timeline now, and only the latest change can be "
            "undone: look at the timeline again first."
        )


@dataclass(frozen=True)
class RosterResult:
    roster: object


@dataclass(frozen=True)
class CharacterResult:
    character: object


@dataclass(frozen=True)
class RestoreResult:
    thing: object


@dataclass(frozen=True)
class CampaignResult:
    """`entry` is the timeline entry the change made (None for a change before any game)."""

    roster: object
    entry: object | None
