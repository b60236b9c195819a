"""Settings, all from the environment (see README "Einstellungen")."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import dj_database_url
from celery.schedules import crontab

from config.launch import DEFAULT_ASGI_THREADS
from games import catalog

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    return default if value in (None, "") else int(value)


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Safe by default: DEBUG only when asked for (`make run` and the test launcher set DEBUG=1).
# A bare `python -m pytest` counts as asking; its live-server subprocesses inherit the setting.
if "pytest" in sys.modules and "DEBUG" not in os.environ:
    os.environ["DEBUG"] = "1"
DEBUG = envbool("DEBUG", False)
DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError(
            "SECRET_KEY must be set when DEBUG is off (DEBUG=1 only for development)"
        )
    SECRET_KEY = DEV_SECRET_KEY
elif SECRET_KEY == DEV_SECRET_KEY and not DEBUG:
    raise RuntimeError("the development SECRET_KEY must not be used with DEBUG off")

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "accounts",
    "games",
    "lobby",
    "leaderboards",
    "pairing",
    "alerts",
    "tournaments",
    *catalog.installed_apps(),  # every game's package and its extra pages' apps
]

# GZip (issue 44, "Fast on a phone"): pages, htmx fragments and – under DEBUG, where WhiteNoise
# serves the files from their folders – CSS and JS go compressed (199 KiB to about a fifth). In
# production WhiteNoise sends the collected files' precompressed .gz/.br (CompressedManifest…),
# which this middleware leaves alone (they carry their Content-Encoding). BREACH: Django's GZip
# pads each response with random bytes ("Heal The Breach", Django 4.2) and masks the CSRF token
# afresh per response, so a page's secret cannot be guessed from its compressed length.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.GuestMiddleware",
    # after the accounts and guests: the account's own language first (accounts.language)
    "accounts.language.LanguageMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "games.middleware.NotLiveMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.site",
                "games.context_processors.games_menu",
                "games.context_processors.running_games",
                "tournaments.context_processors.tournament_soon",
            ],
        },
    },
]

# -- database ------------------------------------------------------------------------------------
VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
# Persistent connections: opening a PostgreSQL connection per socket message costs 10–20 ms.
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=envint("CONN_MAX_AGE", 60), conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock at BEGIN so two
    # writers queue up instead of failing with "database is locked" on the lock upgrade.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Every connection names its process in pg_stat_activity: ``sg-<SG_PROCESS>-<pid>`` (the
    # launcher sets SG_PROCESS to web1, web2, worker, beat; bench.load counts connections per
    # process by it). A Celery worker's pool children keep their parent's pid in the name.
    _process = os.environ.get("SG_PROCESS") or "django"
    DATABASES["default"].setdefault("OPTIONS", {})["application_name"] = (
        f"sg-{_process}-{os.getpid()}"
    )
    # Connection pool (psycopg_pool, Django's "pool" option; DB_POOL=0 turns it off): a process
    # borrows connections instead of opening one per thread – HTTP requests, whose thread ends
    # with the request, reuse them instead of connecting anew – and never holds more than
    # DB_POOL_MAX. A socket database thread keeps its connection between its hops and hands it
    # back at its once-a-second check (games.consumers._check_connections), so the maximum
    # covers every ORM thread (ASGI_THREADS) plus DB_POOL_HTTP page loads at the same moment.
    # Not in Celery: its Django fix-up closes the pool before and after every task in a prefork
    # worker, which would open the pool's connections anew for each bot move.
    # Nor in the test runner's own process: its in-process socket tests start and close an event
    # loop and its thread pool per test, and a thread that ends holding a pooled connection never
    # hands it back (after some fifty tests the pool was exhausted: "couldn't get a connection").
    # The servers the tests start (daphne, ``config.launch run``) pool as a deployment does.
    _celery = "celery" in Path(sys.argv[0]).parts[-2:]  # bin/celery, python -m celery
    _test_runner = "pytest" in sys.modules
    if envbool("DB_POOL", not _test_runner) and not _celery:
        _threads = envint("ASGI_THREADS", DEFAULT_ASGI_THREADS) or DEFAULT_ASGI_THREADS
        _pool_max = envint("DB_POOL_MAX", _threads + envint("DB_POOL_HTTP", 8))
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django: a pool needs CONN_MAX_AGE 0
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": min(envint("DB_POOL_MIN", 2), _pool_max),
            "max_size": _pool_max,
            # a thread waits this long for a free connection before the move fails with
            # „Der Server hat gerade ein Problem …“ (actions.DB_TROUBLE)
            "timeout": envint("DB_POOL_TIMEOUT", 10),
            "max_idle": 300,  # connections beyond min_size idle this long are closed
        }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# -- redis: cache, channel layer, celery -----------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "sg"),
    }
}

# One channel layer: Redis Pub/Sub. The core layer (RedisChannelLayer) was dropped: under load it
# cost about twice the web CPU per move and lost pushes (issue 16, docs/performance.md).
if os.environ.get("CHANNEL_LAYER", "pubsub") != "pubsub":
    raise RuntimeError("CHANNEL_LAYER: only 'pubsub' is supported (the core layer was dropped)")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "config.channel_layer.PubSubChannelLayer",
        # redis-py 8 reads with a 5 s timeout by default (channels_redis#422) and caps an asyncio
        # pool at 100 connections, raising instead of waiting (it made the dropped core layer
        # close sockets with 1011 at 200 tables): room for both.
        "CONFIG": {
            "hosts": [
                {
                    "address": REDIS_URL,
                    "socket_timeout": 30,
                    "max_connections": envint("REDIS_MAX_CONNECTIONS", 2000),
                }
            ],
            "prefix": os.environ.get("CHANNEL_PREFIX", "sg"),
        },
    }
}

CELERY_BROKER_URL = REDIS_URL
# kombu's Redis transport, reusing one publishing client per channel (config/broker.py); not
# for rediss://, where naming a transport would switch off kombu's TLS default for that scheme
if REDIS_URL.startswith("redis://"):
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 4
# Losing Redis must not stop anything (docs/reliability.md): retry the broker forever, at start
# too, with short connect timeouts and a health check on pooled connections. Tasks are
# idempotent (each carries the match version it was scheduled for), so a task running while the
# connection drops is cancelled and redelivered rather than left unacknowledgeable. A message
# the worker had taken but not acknowledged comes back after the visibility timeout, which must
# exceed the longest countdown (move timer: 120 s + TIMER_GRACE); the sweep covers the rest.
# config/celery.py also works around kombu 5.7's AttributeError when restoring unacked messages.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CHANNEL_ERROR_RETRY = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 600),
    "socket_connect_timeout": 5,
    "socket_keepalive": True,
    "health_check_interval": 25,
    "retry_on_timeout": True,
}
CELERY_TIMEZONE = "Europe/Berlin"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "sweep-timers-and-bots": {"task": "games.tasks.sweep", "schedule": 5.0},
    # the day's challenges at midnight (CELERY_TIMEZONE: Europe/Berlin), and a catch-up sweep
    "daily-challenges-midnight": {
        "task": "leaderboards.tasks.create_daily_challenges",
        "schedule": crontab(minute=0, hour=0),
    },
    "daily-challenges-sweep": {
        "task": "leaderboards.tasks.create_daily_challenges",
        "schedule": 60.0,
    },
    # Schnellspiel: ranges grow, computers fill after 30 s, closed pages leave the pool
    "pairing-sweep": {"task": "pairing.tasks.sweep", "schedule": 2.0},
    # Fernpartien: the daily digest at 8:00, with catch-ups until 11:00 (sent once a day each)
    "alerts-daily-digest": {
        "task": "alerts.tasks.daily_digest",
        "schedule": crontab(minute=0, hour="8-11"),
    },
    # tournaments: start, pair an arena's free people, the next Swiss round, the end
    "tournaments-sweep": {"task": "tournaments.tasks.sweep", "schedule": 2.0},
    # the site's regular tournaments (hourly arena, weekly Swiss per game)
    "tournaments-schedule": {"task": "tournaments.tasks.create_scheduled", "schedule": 60.0},
}
#: the key of the daily seeds' HMAC (default: derived from SECRET_KEY)
DAILY_SECRET = os.environ.get("DAILY_SECRET", "")
TIMER_GRACE = float(os.environ.get("TIMER_GRACE", "1.5"))  # seconds after a move deadline
LEAVE_GRACE = envint("LEAVE_GRACE", 90)  # seconds without connection before a bot takes over
ROUND_PAUSE = float(os.environ.get("ROUND_PAUSE", "4"))  # seconds to read a round's summary
HEARTBEAT_SECONDS = float(os.environ.get("HEARTBEAT_SECONDS", "20"))  # match socket presence beat
# seconds after which an open table whose people are all offline drops out of the lobby list
TABLE_ABANDON_GRACE = envint("TABLE_ABANDON_GRACE", 300)
# running solo games (daily and Händlerreise included) one person may have at once
MAX_RUNNING_SOLO = envint("MAX_RUNNING_SOLO", 3)
# who may watch a match: people with an account or a guest identity; 1: visitors without either too
SPECTATORS_ANONYMOUS = envbool("SPECTATORS_ANONYMOUS", False)
# spectator sockets one match takes, and match sockets one account, guest or address may hold
MAX_SPECTATORS_PER_MATCH = envint("MAX_SPECTATORS_PER_MATCH", 500)
MAX_SOCKETS_PER_CLIENT = envint("MAX_SOCKETS_PER_CLIENT", 10)
# invitations by name („Wer ist online“) per minute: sent by one person, and received by one
INVITES_PER_SENDER_PER_MINUTE = envint("INVITES_PER_SENDER_PER_MINUTE", 10)
INVITES_PER_RECIPIENT_PER_MINUTE = envint("INVITES_PER_RECIPIENT_PER_MINUTE", 5)

# -- auth ------------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# failed logins per window: for one name from one address, and from one address in all
LOGIN_RATE_LIMIT = envint("LOGIN_RATE_LIMIT", 5)
LOGIN_RATE_LIMIT_ADDRESS = envint("LOGIN_RATE_LIMIT_ADDRESS", 30)
LOGIN_RATE_WINDOW = envint("LOGIN_RATE_WINDOW", 300)  # seconds; also the lockout
# reverse proxies whose X-Forwarded-For the web server believes (the client address the login limit
# counts); empty: none – every peer is the client, a forwarded header is ignored
FORWARDED_ALLOW_IPS = envlist("FORWARDED_ALLOW_IPS", "")
STARTING_GRANT = envint("STARTING_GRANT", 500)  # Taler for a new account

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
# production: EMAIL_URL=smtp://user:password@host:587 (STARTTLS), smtps://…:465 (TLS from the
# start), smtp://host:25 (plain); without it (``make run``) mail is printed (console backend)
EMAIL_URL = os.environ.get("EMAIL_URL", "")
if EMAIL_URL:
    _mail = urlsplit(EMAIL_URL)
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _mail.hostname or "localhost"
    EMAIL_PORT = _mail.port or (465 if _mail.scheme == "smtps" else 25)
    EMAIL_HOST_USER = unquote(_mail.username or "")
    EMAIL_HOST_PASSWORD = unquote(_mail.password or "")
    EMAIL_USE_SSL = _mail.scheme == "smtps"
    EMAIL_USE_TLS = _mail.scheme == "smtp" and EMAIL_PORT == 587
    EMAIL_TIMEOUT = 20
#: „Du bist dran“ by e-mail and push: at most one per Fernpartie and person in this many hours
TURN_MAIL_HOURS = envint("TURN_MAIL_HOURS", 12)
# Web Push (alerts.push): the VAPID key pair (``vapid --gen`` / ``vapid --applicationServerKey``:
# the public key base64url of the raw point, the private key base64url of its 32 bytes or of its
# DER) and a contact; without them push is off
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:admin@localhost")
#: push services are https; plain http only for a local stand-in (tests)
PUSH_HTTP_ENDPOINTS = envbool("PUSH_HTTP_ENDPOINTS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Speedgames <noreply@localhost>")

# -- i18n ----------------------------------------------------------------------------------------
LANGUAGE_CODE = "de"
# German is the default and the source language; a third language is one line here plus its
# catalogue locale/<code>/LC_MESSAGES/django.po (docs/i18n.md). The switcher shows each language
# in its own name (Django's name_local: „Deutsch“, „English“), whatever the page's language.
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
#: the switcher's cookie (guests and visitors keep their choice in it for a year)
LANGUAGE_COOKIE_NAME = "sg_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LOCALE_PATHS = [BASE_DIR / "locale"]
#: the site's own date and number formats per language (config/formats/en: British English)
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

# -- static files --------------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns about a missing root
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# -- security ------------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie: the token sits in <body hx-headers>
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# -- logging -------------------------------------------------------------------------------------
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "speedgames": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
        "django.request": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}

# A separate queue name lets test runs and a running `make run` share one Redis safely.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "speedgames")
# The post-game analysis (games.analysis) has its own queue, consumed by its own low-priority
# worker (config.launch): live moves never wait behind an analysis.
CELERY_ANALYSIS_QUEUE = os.environ.get(
    "CELERY_ANALYSIS_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-analysis"
)
