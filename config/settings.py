"""Settings for Cliffhanger, read from the environment.

DEBUG is off unless switched on: `make run` sets DEBUG=1 (and the test run, through
config/settings_test.py). Production sets SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS,
DATABASE_URL (PostgreSQL) and REDIS_URL (the cache every app server shares). Size and rate
limits are in config/limits.py.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config import limits

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS = {"1", "true", "yes", "on"}


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in TRUE_WORDS


def env_list(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

# The key signs sessions and CSRF tokens, so serving without one refuses to start
# (config/wsgi.py, config/asgi.py, the deploy check); commands that serve nothing (migrate,
# roster, cheatsheet) run without it.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"
NO_SECRET_KEY = "SECRET_KEY must be set when DEBUG is off."


def require_secret_key(settings):
    """For the servers: stop with one clear line instead of failing on the first request."""
    try:
        settings.SECRET_KEY  # noqa: B018 - Django refuses an empty key on access
    except ImproperlyConfigured as error:
        raise ImproperlyConfigured(NO_SECRET_KEY) from error


ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Where the site is served, for links that leave it: the QR code on a printed card.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    # First: Daphne's runserver (ASGI, websockets included) replaces Django's and
    # WhiteNoise's, so `make run` serves the live games with no extra step.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
    "django_ratelimit",
    "channels",
    "accounts",
    "rules",
    "rosters",
    "cards",
    "play",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RequestSizeLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Log-out and another player's log-in clear the games a phone kept offline.
    "play.offline.ForgetKeptGamesMiddleware",
    "config.middleware.PrivatePagesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "config.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Django's default loaders, then each registered game's own templates/ folder.
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "cards.game_templates.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
# HTTP and the live games' websockets (config/asgi.py); docs/deploy.md says why Daphne.
ASGI_APPLICATION = "config.asgi.application"


# The SQLite default, for several players on one machine (a club night on a laptop). WAL:
# readers never wait for a writer, nor a writer for readers. IMMEDIATE: a transaction takes
# the write lock when it begins, so two saves never both read first and then both try to
# write, where SQLite fails one at once ("database is locked"), busy timeout or not. The
# timeout: a save waits that long for the one ahead of it.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": limits.SQLITE_BUSY_SECONDS,
}


def database_from_env():
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": SQLITE_OPTIONS,
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as error:
        raise ImproperlyConfigured(
            f"DATABASE_URL is not a database URL Cliffhanger understands ({error}). "
            "Use postgres://USER@HOST:PORT/NAME, or unset it to use SQLite."
        ) from error
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    if config["ENGINE"] == "django.db.backends.postgresql":
        # A bad host or port should fail in seconds, not hang.
        config.setdefault("OPTIONS", {}).setdefault("connect_timeout", 5)
    return config


DATABASES = {"default": database_from_env()}


REDIS_CACHE = "config.cache.RedisCache"


def cache_from_env(environ):
    """The cache every app server shares (rate-limit counters live there). REDIS_URL or
    CACHE_URL (redis://host:port/db) selects Redis; with neither, the database's cache table
    (`createcachetable`, run by `make rules`), which app servers on one database share too."""
    url = (environ.get("CACHE_URL") or environ.get("REDIS_URL") or "").strip()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": REDIS_CACHE, "LOCATION": url}
    if url:
        raise ImproperlyConfigured(
            f"CACHE_URL/REDIS_URL {url!r} is not a Redis URL: use redis://HOST:PORT/DB, "
            "or unset it to keep the cache in the database."
        )
    return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "cache"}


# "pages": rendered league pages, in each process's own memory. Safe to keep apart per
# server because every key names the data it was rendered from (rosters/page_cache.py).
PAGES_CACHE = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "pages",
    "OPTIONS": {"MAX_ENTRIES": 500},
}
CACHES = {"default": cache_from_env(os.environ), "pages": PAGES_CACHE}


def session_engine_for(cache):
    """With Redis, sessions are read from it and written through to the database (so a Redis
    restart logs nobody out): every logged-in page is spared a query. With the database's
    cache table that would be two queries instead of one, so sessions stay in the database."""
    if cache["BACKEND"] == REDIS_CACHE:
        return "django.contrib.sessions.backends.cached_db"
    return "django.contrib.sessions.backends.db"


SESSION_ENGINE = session_engine_for(CACHES["default"])


def channel_layers_from_env(environ):
    """Where a game's changes pass from the server that took them to every phone in the
    game: Redis (REDIS_URL, CHANNELS_REDIS_URL to use another one) when several ASGI servers
    share the games, or else this one process's memory, which is all `make run` needs."""
    url = (environ.get("CHANNELS_REDIS_URL") or environ.get("REDIS_URL") or "").strip()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # No read timeout: the layer waits for a phone's next push with a blocking
                # pop, which redis-py 8's default (5 s) would end with an error, hanging up
                # on every phone quiet that long (django/channels_redis#422).
                "CONFIG": {"hosts": [{"address": url, "socket_timeout": None}]},
            }
        }
    if url:
        raise ImproperlyConfigured(
            f"CHANNELS_REDIS_URL/REDIS_URL {url!r} is not a Redis URL: use "
            "redis://HOST:PORT/DB, or unset it to keep the live games in one process."
        )
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


CHANNEL_LAYERS = channel_layers_from_env(os.environ)
# Rows nearly every page reads (the player, the rules data's version) are read through the
# shared cache when it is Redis (config/read_through.py); through the database's cache
# table a read would cost the query it saves, so they are read from the database itself.
READ_THROUGH_SHARED_CACHE = CACHES["default"]["BACKEND"] == REDIS_CACHE
RATELIMIT_VIEW = "config.views.rate_limited"
# Behind a proxy the client's address is in a header the proxy sets, e.g.
# HTTP_X_REAL_IP; without it every visitor would share the proxy's one address.
RATELIMIT_IP_META_KEY = os.environ.get("RATELIMIT_IP_META_KEY") or None
SILENCED_SYSTEM_CHECKS = [
    # django-ratelimit only knows django-redis by name; Django's own RedisCache counts with
    # Redis INCR, just as atomically.
    "django_ratelimit.W001",
    # The database cache counts with a read and a write: two tries at the very same moment
    # may count once. Good enough for one machine; production sets REDIS_URL (see
    # accounts/checks.py warns on a deploy check without it).
    "django_ratelimit.E003",
]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# ModelBackend with the player read through the shared cache (accounts/backends.py).
AUTHENTICATION_BACKENDS = ["accounts.backends.PlayerBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"  # never served as files: cards.portrait_views checks the owner
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# The rules data, one folder per game (fixtures/README.md). Elsewhere only for a test that adds
# a game from a temporary folder beside a copy of the shipped ones.
RULES_DATA_DIR = Path(os.environ.get("CLIFFHANGER_RULES_DATA", BASE_DIR / "fixtures"))
# Game packages outside rules/games/ to register too, comma-separated dotted names, each with a
# definition module exposing DEFINITION (rules/rulesets/__init__.py). Empty in production.
CLIFFHANGER_EXTRA_GAMES = [
    name.strip()
    for name in os.environ.get("CLIFFHANGER_EXTRA_GAMES", "").split(",")
    if name.strip()
]
# Big print jobs run as background tasks on a database-backed queue: any machine that
# reaches the database can run `manage.py print_worker`.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# Rendered card faces and finished print PDFs, content-addressed (cards/printing/cache.py).
# Kept apart from MEDIA_ROOT so nothing in it is ever served; shared by every app server and
# print worker when it points at shared storage.
PRINT_CACHE_ROOT = Path(os.environ.get("PRINT_CACHE_ROOT", BASE_DIR / "print-cache"))
# Processes that draw the card faces of a big print job side by side (cards/printing/
# rendering.py): one per core by default; 1 draws everything in the requesting process.
PRINT_PROCESSES = max(1, int(os.environ.get("PRINT_PROCESSES") or os.cpu_count() or 1))


def object_storage(prefix):
    """S3-compatible object storage (django-storages), for portraits and print PDFs when
    several app servers and print workers share them. Credentials come from the usual
    AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY environment, never from this file."""
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": os.environ["S3_BUCKET"],
            "endpoint_url": os.environ.get("S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("S3_REGION") or None,
            "location": prefix,
            "default_acl": None,
            "querystring_auth": True,  # portraits are private: signed, expiring URLs only
            "file_overwrite": True,  # print cache names are content hashes
        },
    }


def file_storages():
    """Local folders by default; object storage when S3_BUCKET is set."""
    if os.environ.get("S3_BUCKET"):
        return {"default": object_storage("media"), "prints": object_storage("print-cache")}
    return {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "prints": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": PRINT_CACHE_ROOT},
        },
    }


STORAGES = {
    **file_storages(),
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Request bodies: the whole body is refused from its Content-Length past REQUEST_MAX_BYTES
# (config/middleware.py); form fields without files past FORM_MAX_BYTES; uploads past
# UPLOAD_IN_MEMORY_BYTES go to a temporary file instead of memory. Portraits have their own
# tighter limit, checked before Pillow decodes anything (rosters/portraits.py).
REQUEST_MAX_BYTES = limits.REQUEST_MAX_BYTES
DATA_UPLOAD_MAX_MEMORY_SIZE = limits.FORM_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = limits.UPLOAD_IN_MEMORY_BYTES

# Only our own scripts, styles, fonts and images; htmx needs no inline script.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}


def mailer_from_env(environ, *, debug):
    """How mail leaves (Django's MAILERS "default"): through the SMTP server EMAIL_HOST names;
    without one, printed on the console in development, and nowhere in production (a reset
    link in a server log would let anyone reading the log into the account). docs/deploy.md
    lists the variables."""
    host = (environ.get("EMAIL_HOST") or "").strip()
    if not host:
        kind = "console" if debug else "dummy"
        return {"BACKEND": f"django.core.mail.backends.{kind}.EmailBackend"}
    return {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": host,
            "port": int(environ.get("EMAIL_PORT") or 587),
            "username": environ.get("EMAIL_HOST_USER", ""),
            "password": environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": (environ.get("EMAIL_USE_TLS") or "1").strip().lower() in TRUE_WORDS,
            "timeout": 10,  # a stuck mail server must not hold a request for ever
        },
    }


MAILERS = {"default": mailer_from_env(os.environ, debug=DEBUG)}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "cliffhanger@localhost"
# The log-in page offers a reset by e-mail only where a mail can reach the player. A server
# without EMAIL_HOST sends nothing on purpose (the app needs no mail to play), so the deploy
# check's "development-only mail backend" is silenced for it alone.
PASSWORD_RESET_BY_EMAIL = not MAILERS["default"]["BACKEND"].endswith("dummy.EmailBackend")
if not PASSWORD_RESET_BY_EMAIL:
    SILENCED_SYSTEM_CHECKS.append("mail.E001")

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads nothing from it: the token comes from the page.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Share tokens never reach a log line (config/log_filters.py): the filter sits on the two
# loggers that write request paths, before any handler (or a test's log capture) sees them.
# django.server is Django's own set-up for the development server, kept as it was but for the
# filter (configuring a logger replaces its handlers).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"share_tokens": {"()": "config.log_filters.RedactShareTokens"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "django.server": {
            "level": "INFO",
            "class": "logging.StreamHandler",
            "formatter": "django.server",
        },
    },
    "loggers": {
        "django.request": {"filters": ["share_tokens"]},
        "django.server": {
            "handlers": ["django.server"],
            "level": "INFO",
            "propagate": False,
            "filters": ["share_tokens"],
        },
        # Daphne's request lines (`make run` serves through it).
        "django.channels.server": {
            "handlers": ["django.server"],
            "level": "INFO",
            "propagate": False,
            "filters": ["share_tokens"],
        },
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
