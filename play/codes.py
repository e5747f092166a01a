"""Join codes and spectator tokens. A join code is typed on a phone from across the table, so
it uses letters and digits nobody misreads (no 0/O, 1/I/L) and no case; it is random
(secrets), PLAY_JOIN_CODE_LENGTH long: 31**8 is about 8.5 * 10**11 codes, against a join rate
limit of PLAY_JOIN_RATE for PLAY_JOIN_CODE_LIFETIME_MINUTES."""

import secrets
from datetime import timedelta

from django.utils import timezone

from config import limits

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def new_code():
    return "".join(secrets.choice(ALPHABET) for _ in range(limits.PLAY_JOIN_CODE_LENGTH))


def normalised(typed):
    """A code as typed (any case, spaces or dashes between groups) as it is stored."""
    return "".join(str(typed or "").split()).replace("-", "").upper()


def new_spectator_token():
    return secrets.token_urlsafe(32)


def expiry():
    return timezone.now() + timedelta(minutes=limits.PLAY_JOIN_CODE_LIFETIME_MINUTES)
