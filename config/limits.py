"""How much work one request may ask for: every size limit of the app in one place, read by
settings and by the apps (docs/security.md, "Heavy work", explains each).

Each number sits well above anything a player meets in play, and well below what takes a
server down; each refusal tells the player the number in plain words.
"""

MIB = 1024 * 1024

# Cards on one print job, copies included. 450 is a club's print run (90 characters, five
# copies each: 50 A4 sheets). More than that is not a print job, it is a print shop.
PRINT_MAX_CARDS = 450
# Up to this many cards a print is made while the player waits; above it, a print belongs in
# a background job (issue 15's print queue reads this number to decide).
PRINT_INTERACTIVE_CARDS = 90
# Copies of one card on one job (a 7TV Extra group or a Fortune deck needs a handful).
PRINT_MAX_COPIES = 50
# Print jobs one player may have waiting for (or on) a print worker at once. A player
# prints a roster, its backs, a deck: three at a time covers it, and one player's pile can
# never fill the queue ahead of everyone else (cards/services.py start_print_job).
PRINT_QUEUED_JOBS_PER_PLAYER = 3
# Times a print job is queued again after its print worker died on it (killed, its machine
# gone). Past that the job fails and says so: a job that takes its worker down every time
# (out of memory, say) must not take down one worker after the other for good.
PRINT_JOB_RESTARTS = 2

# Characters in one roster. A Pulp Alley league fields about 5 to 10, a big 7TV cast 30.
ROSTER_MAX_CHARACTERS = 100

# A roster file: a full cast with a portrait on every card (stored portraits are JPEGs of at
# most 2400 px, under 1.5 MB each after base64).
IMPORT_MAX_BYTES = 32 * MIB
# A whole request body, files included (checked on Content-Length before anything is read):
# the largest roster file plus the form around it.
REQUEST_MAX_BYTES = IMPORT_MAX_BYTES + MIB
# Form fields without files: the largest form (the designer) sends a few kilobytes.
FORM_MAX_BYTES = 2 * MIB
# Uploads above this go to a temporary file instead of memory while they arrive.
UPLOAD_IN_MEMORY_BYTES = 2 * MIB


def rate(name):
    """A rate named here, for django-ratelimit, read when each request comes (so a test can
    lower it to show the limit biting without sending hundreds of requests)."""
    return lambda group, request: globals()[name]


# Requests per client (a logged-in player, or an address for visitors) in a window, as
# django-ratelimit rates ("10/15m": ten per quarter hour). Past one, the client gets a 429 page
# saying to wait; counters live in the shared cache (settings.CACHES), so every app server
# counts together.
# Log-in tries naming one account, and from one address: password guessing stops here.
LOGIN_RATE_PER_ACCOUNT = "10/15m"
LOGIN_RATE_PER_CLIENT = "30/15m"
# New guest accounts from one address (a club night behind one router stays well under it).
GUEST_RATE = "30/h"
# Live designer previews: the preview waits for a 300 ms pause in typing.
PREVIEW_RATE = "120/m"
# Pages and downloads that render a PDF (print page, card sheets, cheat sheets, roster sheet).
PDF_RATE = "30/m"
# Portrait uploads: each decodes and re-encodes a whole picture. A player choosing pictures
# for a roster card by card, trying a few for each, stays under it.
PORTRAIT_RATE = "20/m"

# A guest whose account and work have not changed in this many days is removed, with their
# work and portrait files (`manage.py remove_idle_guests`, run daily: docs/security.md).
# A guest's browser session lasts two weeks (Django's SESSION_COOKIE_AGE) and a guest has no
# password, so after 30 idle days nobody can reach that work any more.
GUEST_IDLE_DAYS = 30
