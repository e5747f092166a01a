"""How much work one request may ask for: every size limit of the app in one place, read by
settings and by the apps (docs/security.md, "Heavy work", explains each).

Each number sits well above anything a player meets in play, and well below what takes a
server down; each refusal tells the player the number in plain words.
"""

MIB = 1024 * 1024

# Cards on one print job, copies included. 450 is a club's print run (90 characters, five
# copies each: 50 A4 sheets). More than that is not a print job, it is a print shop.
PRINT_MAX_CARDS = 450
# Up to this many cards a print is made while the player waits; above it, no web request
# draws it: it is a print worker's job (cards/print_views.py), and a share link refuses it.
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
# Printings of one roster remembered (cards.models.RosterPrint). The newest says every card
# the player holds; older ones only let an old card's code still answer "stale" rather than
# "no such card", and a player who reprints more often than this has thrown those away.
PRINTS_KEPT_PER_ROSTER = 20

# Printer profiles (cards/print_forms.py PrinterProfileForm, accounts.models.PrinterProfile,
# whose database checks hold the same numbers). A household's or a club's printers, trays and
# papers fit in a dozen.
PRINT_PROFILES_PER_PLAYER = 20
PRINT_PROFILE_NAME_MAX = 60  # characters in a profile's name, printer or tray
# How far a printer may put the backs off their fronts, in mm each way: one that misses by
# more needs fixing, not an offset.
PRINT_OFFSET_MOST_MM = 20
# What the print check's 100 mm ruler may measure on paper, in mm. A printer at Actual size
# is within a millimetre or so; one that reads outside these is scaling the page itself
# (Fit to page, Shrink), which is switched off, not corrected.
PRINT_RULER_LEAST_MM = 98
PRINT_RULER_MOST_MM = 102

# Characters in one roster. A Pulp Alley league fields about 5 to 10, a big 7TV cast 30.
ROSTER_MAX_CHARACTERS = 100
# A roster's budget (the builder's limit and the file's `budget`): far above any game's
# (Pulp Alley 10 slots, 7TV casts of 25 to 75 ratings, Pulp City Encounter Levels to 24).
BUDGET_MAX = 10_000

# A league's campaign history. A campaign runs a season of 6 to 12 scenarios, a club's
# longest a few years of them; each game is a line on the league page's timeline and every
# card and sheet prints the totals, so a league records at most this many games. The form that
# records a game refuses the next one, and a roster file claiming more is refused.
CAMPAIGN_MAX_GAMES = 99
# Records of each kind in a league's campaign (abilities learned with Experience, Harrowing
# Escape results waiting for the next game, one a character). A league of 10 learns a few
# dozen abilities in a whole campaign. Each record is a line on a card: 100 of each on one
# card still print in about a second, 20 000 took minutes. A file holding more is refused,
# and the league page refuses the change that would make one more.
CAMPAIGN_MAX_RECORDS = 100
# Changes on a league's timeline (a result, an ability learned, a reorganisation, ...): about
# ten between two games at the busiest, so 99 games stay well under it. Reorganisations add
# entries without adding games, and each entry keeps the line-up before and after for undo:
# without this, one league could grow its timeline page and its undo history without end.
CAMPAIGN_MAX_ENTRIES = 1000

# A roster file: a full cast with a portrait on every card (stored portraits are JPEGs of at
# most 2400 px, under 1.5 MB each after base64).
IMPORT_MAX_BYTES = 32 * MIB
# What one roster file may hold, counted while it is read (rosters/reader.py), so a file of
# millions of tiny values is refused after a few thousand instead of being built first. A
# 100-character roster holds about 10 000 values, its longest list is its characters, and
# its deepest place (a 7TV attack's effects inside a customisation) is 8 levels down.
ROSTER_FILE_MAX_VALUES = 50_000
# Entries in one list, fields in one object.
ROSTER_FILE_MAX_ENTRIES = 1_000
ROSTER_FILE_MAX_DEPTH = 16
# Characters in one text: a portrait of the largest upload (10 MB) fits in base64.
ROSTER_FILE_MAX_TEXT = 14 * MIB
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
# Log-in tries naming one account (in any spelling of its name, from any address), and from
# one address (whatever names it tries): password guessing stops here. A browser that logged
# in to the account before counts apart, at the account's rate, so a guesser spending the
# account's tries cannot shut its player out (accounts/guessing.py). /admin/login/ spends the
# same counters.
LOGIN_RATE_PER_ACCOUNT = "10/15m"
LOGIN_RATE_PER_CLIENT = "30/15m"
# A browser stays known to an account this long after its last log-in there, for this many
# accounts at most (a family's or a club's shared computer).
KNOWN_DEVICE_DAYS = 90
KNOWN_DEVICE_ACCOUNTS = 5
# New guest accounts from one address (a club night behind one router stays well under it).
GUEST_RATE = "30/h"
# The Card Designer's pictures of the card (the page and its live previews): the preview
# waits for a 300 ms pause in typing.
PREVIEW_RATE = "120/m"
# Pages and downloads that draw a PDF (print page, card sheets, share links' cards, token
# sheets, cheat sheets, roster sheet): every one, tests/cards/test_pdf_routes.py proves.
PDF_RATE = "30/m"
# Portrait uploads: each decodes and re-encodes a whole picture. A player choosing pictures
# for a roster card by card, trying a few for each, stays under it.
PORTRAIT_RATE = "20/m"
# Rosters made whole in one request: a file import, a start from a sample force, a copy through
# a share link, one count for all. Each reads or builds a roster file of up to 32 MB and saves
# every character with its portrait; a player bringing a club's rosters over stays under it.
IMPORT_RATE = "30/h"

# A phone's live game socket (play/consumers.py): changes it may send in one burst, and how
# many more it earns each second. A player taps a few times a second at most; a phone back
# from a turn offline sends its queue at once, a turn's worth (a few dozen). Past the burst a
# change is answered "slow down" and the phone sends it again shortly, so nothing is lost; a
# phone that keeps sending through PLAY_SOCKET_BURST refusals is hung up on.
PLAY_SOCKET_BURST = 120
PLAY_SOCKET_PER_SECOND = 10
# One message on that socket: a change is about a hundred bytes.
PLAY_SOCKET_MESSAGE_BYTES = 4096
# Threads an ASGI process gives its sockets' database calls, each holding one PostgreSQL
# connection: a process makes this many changes at once, and the database sees ASGI
# processes x this many connections (docs/deploy.md).
PLAY_DATABASE_THREADS = 4
# Password-reset mails asked for, from one address and for one e-mail address: each sends a
# mail, so past it nobody's inbox fills and no mail server is used to flood one.
PASSWORD_RESET_RATE = "5/h"

# A guest whose account and work have not changed in this many days is removed, with their
# work and portrait files (`manage.py remove_idle_guests`, run daily: docs/security.md).
# A guest's browser session lasts two weeks (Django's SESSION_COOKIE_AGE) and a guest has no
# password, so after 30 idle days nobody can reach that work any more.
GUEST_IDLE_DAYS = 30

# On the SQLite default (one machine, no DATABASE_URL), how long a save waits for the one
# ahead of it before giving up. SQLite writes one at a time; a save takes milliseconds, the
# largest roster import a few seconds, so a club's players saving together all get their turn.
SQLITE_BUSY_SECONDS = 20

# At the table (play/). A join code is read out across a table and typed on a phone: it lives
# long enough to set up a game (an evening's first hour) and no longer, so guessing one among
# 31**8 codes in that time, at the join rate below, is hopeless.
PLAY_JOIN_CODE_LENGTH = 8
PLAY_JOIN_CODE_LIFETIME_MINUTES = 60
PLAY_JOIN_RATE = "20/m"
# Changes in one game's log. A long Pulp Alley game is a few hundred taps (every Health step,
# activation and card); ten times that is a flood, not a game.
PLAY_MAX_OPERATIONS = 5_000
# Games one player may have open at once (started or joined, not ended): a club night's
# tables, not a script's.
PLAY_MAX_OPEN_GAMES = 10
# The largest number any tracker holds where its book sets no top (plot points, ammo, an
# Action Pool): far above a game's, small enough to show on a phone.
PLAY_VALUE_MOST = 99
# A data pack (rosters/data_packs.py): a club's completions and house rules for one game. The
# largest a book needs is every Supreme, Resource and script card filled in, a few hundred
# entries of a kilobyte or so; read with the roster file's counting reader.
DATA_PACK_MAX_BYTES = 2 * MIB
DATA_PACK_MAX_RULES = 500
