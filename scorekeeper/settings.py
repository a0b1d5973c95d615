"""Settings read from the environment, with safe defaults for a developer's machine.

DEBUG is off unless asked for; a production deployment sets SECRET_KEY,
ALLOWED_HOSTS and DATABASE_URL (PostgreSQL).
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from whitenoise.compress import Compressor

from scorekeeper import keyfile

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# pytest (>= 8.2) sets PYTEST_VERSION for its session: the test client speaks plain
# http, so no HTTPS redirect, and API rate limits are off except in their own tests.
TESTING = "PYTEST_VERSION" in os.environ
# The key that signs sessions, share links, seat cookies and reset links (docs/security.md,
# "Keys"). Never one written here, which anyone could read: without SECRET_KEY a random key
# is made once into a 0600 file outside the repository (scorekeeper/keyfile.py). pytest
# alone signs with a fixed key, which `check --deploy` refuses (scorekeeper/checks.py).
if _secret_key := os.environ.get("SECRET_KEY", "").strip():
    SECRET_KEY = _secret_key
elif TESTING:
    SECRET_KEY = keyfile.TEST_KEY
else:
    SECRET_KEY = keyfile.load_or_create(keyfile.key_path())
# Rotation: the new key in SECRET_KEY, the old ones here (comma-separated) until what they
# signed has expired; signatures made with them are still accepted, new ones use the new key.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", "")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
# The address the other phones at the table reach, e.g. http://192.168.1.23:8000
# (`make run HOST=0.0.0.0` finds it; README, "Playing at the table with several
# phones"). The share link and its QR code use it instead of the host the organiser's
# own browser happened to use, and its host is allowed. No CSRF_TRUSTED_ORIGINS: a
# phone's form posts to the origin it came from, which Django's check accepts.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
if PUBLIC_URL:
    _public = urlsplit(PUBLIC_URL)
    if _public.scheme not in ("http", "https") or not _public.hostname:
        raise ImproperlyConfigured(
            f"PUBLIC_URL must look like http://192.168.1.23:8000, not {PUBLIC_URL!r}")
    if _public.hostname not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_public.hostname)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_tasks_db",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "corsheaders",
    "scorekeeper",
    "ledger",
]

MIDDLEWARE = [
    # X-Request-ID on every answer, and the API's JSON error shape on any error Django
    # answers under /api/ itself (no route, a crash; DEBUG or not): scorekeeper/api/middleware.py.
    "scorekeeper.api.middleware.RequestIdMiddleware",
    "scorekeeper.api.middleware.ApiErrorShapeMiddleware",
    # CORS for the API only, for the origins in CORS_ALLOWED_ORIGINS (none by default).
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # An English page's dates in the format of the browser's English region, 26/11/2026
    # for en-GB (scorekeeper/regional_dates.py).
    "scorekeeper.regional_dates.RegionalDateFormats",
    # Before CommonMiddleware: an API address is served without its trailing slash too,
    # never redirected (scorekeeper/api/slashes.py).
    "scorekeeper.api.slashes.ApiSlashMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every page needs a signed-in user unless its view says `login_not_required`: a page
    # that forgets to ask is closed, not open (scorekeeper/web/access.py).
    "scorekeeper.web.access.PagesNeedSignIn",
    # Cache-Control: private, no-store for signed-in users, the API and shared sheets.
    "scorekeeper.middleware.NoStoreMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as axes asks: it turns a lockout into its 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

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
                "django.template.context_processors.csp",
            ],
        },
    },
]

# SQLite is the embedded default; DATABASE_URL (PostgreSQL) is production.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The health check above asks the connection's socket first, and the server only
    # when the socket has something to say (scorekeeper/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.postgresql"
if (DATABASES["default"]["ENGINE"] == "scorekeeper.postgresql"
        and env_bool("DATABASE_PREPARED_STATEMENTS", True)):
    # PostgreSQL plans a statement the fifth time a connection runs it and keeps the plan
    # (psycopg's prepared statements; Django turns them off unless asked): planning had been
    # most of the server's time for a round POST's short statements (docs/performance.md).
    # A pooler in transaction mode that cannot keep them (PgBouncer without
    # max_prepared_statements) needs DATABASE_PREPARED_STATEMENTS=0.
    DATABASES["default"]["OPTIONS"] = {**DATABASES["default"].get("OPTIONS", {}),
                                       "server_side_binding": True, "prepare_threshold": 5}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones write at once: IMMEDIATE takes the write lock at BEGIN, and the
    # writers wait their turn on a file lock (scorekeeper/sqlite/base.py) instead of
    # failing with "database is locked" or sleeping in SQLite's busy handler.
    DATABASES["default"]["ENGINE"] = "scorekeeper.sqlite"
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # The test database is a file, not Django's shared in-memory one: threads in the
    # concurrency tests then open real connections and meet WAL and IMMEDIATE as in
    # production (shared-cache memory databases lock tables and ignore the timeout).
    # One file per test process, so that two test runs never share (and delete) one file.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Refuses nothing: a new password revokes the user's API tokens (scorekeeper/passwords.py).
    {"NAME": "scorekeeper.passwords.RevokeTokensOnPasswordChange"},
]

# Login lockout (django-axes, scorekeeper/lockout.py): 5 failures for one username
# from one address lock that pair out for 15 minutes, on every login that passes the
# request to authenticate(): Django's login and admin forms, the API token endpoint.
# 30 failures from one address, for any usernames, lock the address out: higher, since a
# table's phones share one Wi-Fi address.
AUTHENTICATION_BACKENDS = [
    "scorekeeper.lockout.LockoutBackend",  # axes' AxesStandaloneBackend: must be first
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "30"))
AXES_HANDLER = "scorekeeper.lockout.LockoutHandler"
# A session login (Django's login()) clears the failures; the token endpoint does not
# call login(), and there they simply expire after the cool-off.
AXES_RESET_ON_SUCCESS = True
# The client address: REMOTE_ADDR unless TRUSTED_PROXIES (below) says how many proxies
# in front append to X-Forwarded-For, so a spoofed header cannot dodge the lockout.
# The callable wins over the AXES_IPWARE_* settings, which say the same for the case
# that django-ipware is ever installed.
AXES_CLIENT_IP_CALLABLE = "scorekeeper.lockout.client_ip"
AXES_LOCKOUT_CALLABLE = "scorekeeper.lockout.lockout_response"  # 429 + Retry-After
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
AXES_IPWARE_PROXY_COUNT = TRUSTED_PROXIES or None
AXES_IPWARE_PROXY_ORDER = "right-most"
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if TRUSTED_PROXIES else ["REMOTE_ADDR"]
)

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Vienna")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
# Served with content-hashed names, compressed, and cached by browsers for a year
# (whitenoise marks a hashed name immutable): a deploy changes the names, never a kept file.
# `make run`/`make serve` collect them (the Makefile's static target). pytest keeps the plain
# names: its live server serves static/ as it is (the finders), which other tests may be
# editing, so no collected manifest can be stale there. DEBUG names them plainly as well.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage" if TESTING
                    else "scorekeeper.static_storage.HashedCompressedStorage"},
}
# collectstatic's time goes into compressing (docs/deploy.md, "Static files"): only the
# hashed copies are kept and compressed (the plain ones are never linked), source maps,
# fetched only by a developer's tools, are not compressed, and large files get less of
# Brotli's effort (scorekeeper/static_storage.py).
WHITENOISE_KEEP_ONLY_HASHED_FILES = True
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
# Under pytest every test client builds the middleware anew, and whitenoise would list the
# whole of staticfiles/ each time (a third of the suite's time): it looks a file up when it
# is asked for instead.
WHITENOISE_AUTOREFRESH = TESTING

LOGIN_URL = "/accounts/login/"

# Mail (password reset): printed to the console unless EMAIL_HOST names an SMTP server.
# Django 6.1's MAILERS, filled from the EMAIL_* variables (its EMAIL_* settings are
# deprecated and may not be set beside MAILERS).
if _email_host := os.environ.get("EMAIL_HOST", "").strip():
    MAILERS = {"default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": _email_host,
            "port": int(os.environ.get("EMAIL_PORT", "587")),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS", True),
        },
    }}
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    # Without a mail server the reset links go to the server's log, by design (README,
    # "Serving in production"); `check --deploy` would refuse that as a development backend.
    SILENCED_SYSTEM_CHECKS = ["mail.E001"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "scorekeeper@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # django-rest-knox's tokens, as `Bearer <token>` or `Token <token>`.
        "scorekeeper.api.auth.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # drf-spectacular's, describing /v2's lists as pages (scorekeeper/api/lists.py).
    "DEFAULT_SCHEMA_CLASS": "scorekeeper.api.lists.ListSchema",
    "EXCEPTION_HANDLER": "scorekeeper.api.errors.exception_handler",
    # Request bodies are JSON only (a form is a 415); a key given twice ({"ender": 11,
    # "ender": 12}) is refused, never last-wins. The pages read their forms with Django.
    "DEFAULT_PARSER_CLASSES": ["scorekeeper.api.parsers.JsonBodyParser"],
    # Rate limits per scope (scorekeeper/throttling.py): over them, 429 + Retry-After.
    "DEFAULT_THROTTLE_CLASSES": [
        "scorekeeper.throttling.AnonThrottle",
        "scorekeeper.throttling.UserReadThrottle",
        "scorekeeper.throttling.MoneyWriteThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        scope: (None if not env_bool("THROTTLING", not TESTING) else os.environ.get(name, rate))
        for scope, name, rate in [
            ("anon", "THROTTLE_ANON", "120/min"),
            ("user-read", "THROTTLE_USER_READ", "1200/min"),
            ("money-write", "THROTTLE_MONEY_WRITE", "120/min"),
        ]
    },
    # Which X-Forwarded-For entry is the client (the throttles' key for anonymous callers).
    "NUM_PROXIES": TRUSTED_PROXIES,
}

# The password reset page (scorekeeper/web/accounts.py): mails per client address and per
# email address asked for; over either, the same answer but no mail. On in the tests too.
PASSWORD_RESET_RATES = {
    "address": os.environ.get("THROTTLE_PASSWORD_RESET_ADDRESS", "10/hour"),
    "account": os.environ.get("THROTTLE_PASSWORD_RESET_ACCOUNT", "3/hour"),
}

# API tokens (docs/api.md, "Signing in and tokens"): django-rest-knox keeps only each
# token's digest, in our model with a name; a token lives TOKEN_TTL unless its maker
# chooses otherwise.
KNOX_TOKEN_MODEL = "scorekeeper.ApiToken"
# knox's own migration would create its replaced token table, which nothing empties: the
# tests' flush on PostgreSQL then refuses to empty auth_user, which that table points to.
MIGRATION_MODULES = {"knox": None}

# How long an Idempotency-Key is kept (docs/api.md, "Idempotency"): a retry within it gets
# the first answer again; after it, the request is a new one. Expired keys are deleted by the
# task worker's sweep and by `manage.py sweepidempotencykeys`.
IDEMPOTENCY_KEY_TTL = timedelta(hours=float(os.environ.get("IDEMPOTENCY_KEY_TTL_HOURS", "24")))

# CORS (docs/api.md, "Calling from a browser on another origin"): off unless the
# environment names the origins of the browser apps allowed to call the API
# (CORS_ALLOWED_ORIGINS="https://app.example.org,https://other.example"). Tokens only: no
# cookies are sent along (a page's session stays same-origin), and only /api/ answers.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", "")
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = ("accept", "authorization", "content-type", "idempotency-key", "if-match",
                      "if-none-match", "x-request-id")
CORS_EXPOSE_HEADERS = ("etag", "location", "link", "idempotent-replayed", "retry-after",
                       "x-request-id", "ratelimit-limit", "ratelimit-remaining",
                       "ratelimit-reset")
REST_KNOX = {"TOKEN_TTL": None, "AUTH_HEADER_PREFIX": "Token"}

# Django's cache in each process's memory (README, "How it scales": point CACHES at Redis or
# Memcached to share it). "default" keeps the games' API objects and the rate limits, as
# many as Django's default (300). "season" keeps what each game of a club's season came to
# (services/season.py), a few hundred bytes a game: a club plays thousands of games a
# season, and with fewer entries the season's books replayed every game on every call.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "default"},
    "season": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
               "LOCATION": "season", "OPTIONS": {"MAX_ENTRIES": 50000}},
}

# Background work (webhook deliveries): Django's tasks in the database (django-tasks-db),
# run by `manage.py db_worker` (make run starts one). The tests run each task at once.
TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"
                     if TESTING else "django_tasks_db.DatabaseBackend"}}
# Webhooks to loopback, private and link-local addresses: refused unless this is on (an
# organiser must not reach into the server's own network), for development only. Never
# implied by DEBUG: a development server on the Wi-Fi is still on a network.
# docs/api.md, "Webhooks".
WEBHOOK_ALLOW_PRIVATE_TARGETS = env_bool("WEBHOOK_ALLOW_PRIVATE_TARGETS", False)
# How long a webhook's secret still signs beside the new one after a rotation, so that the
# receiver can switch without losing an event (0: the old secret ends at once).
# docs/api.md, "Rotating the secret".
WEBHOOK_SECRET_OVERLAP_HOURS = int(os.environ.get("WEBHOOK_SECRET_OVERLAP_HOURS", "24"))
SPECTACULAR_SETTINGS = {
    "TITLE": "Scorekeeper API",
    "DESCRIPTION": "Scores and money of real-table rummy games (Wiener Rummy, Rommé, Gin Rummy, "
                   "Basic Rummy, Rami).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # One version's addresses per schema (v1 unless asked for: `spectacular --api-version
    # v2`), generated once per process (scorekeeper/api/schema.py).
    "DEFAULT_GENERATOR_CLASS": "scorekeeper.api.schema.KeptSchemaGenerator",
    # The docs page loads its scripts from this server, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Enums by their own names: a webhook delivery's status is not a game's.
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "scorekeeper.api.serializers.GAME_STATUSES",
        "WebhookEventEnum": "scorekeeper.services.webhooks.EVENTS",
        "DeliveryStatusEnum": "scorekeeper.models.WebhookDelivery.Status",
        # A game's rules, one component per family (scorekeeper/api/families/): the sets of
        # every family, every mode and every preset keep their names; the modes that the
        # knock family, Gin and Basic Rummy share are one enum (docs/rules.md 6.6).
        "FamilyEnum": "scorekeeper.api.serializers.rules.FAMILIES",
        "ModeEnum": "scorekeeper.api.serializers.rules.MODES",
        "PotOrPointsEnum": ["pot", "points"],
        "PresetEnum": "scorekeeper.api.serializers.rules.PRESET_NAMES",  # also a preset's key
    },
    # Every operation may answer 429 (rate limits, login lockout): scorekeeper/throttling.py.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "scorekeeper.throttling.document_429",
        # Location on every 201, Idempotency-Key on every POST (scorekeeper/api/schema.py).
        "scorekeeper.api.schema.declare_conventions",
        # OpenAPI links from each 201 to the operations that take its id (docs/api.md).
        "scorekeeper.api.links.add_links",
    ],
}

# --- HTTPS and security headers (README, "Serving in production") ------------------------
# With DEBUG off, cookies are Secure and browsers are told to use HTTPS only. The
# redirect to HTTPS is on too, except under pytest (the test client speaks plain http);
# `make serve` sets SECURE_SSL_REDIRECT=0 to serve plain http on loopback.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG and not TESTING)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # a load balancer's plain-http probe
# `make run HOST=0.0.0.0` serves the table's phones over plain http with DEBUG off, and
# turns these off: no phone keeps a Secure cookie from http://192.168.1.23:8000.
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 86400))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Behind a proxy that terminates TLS: SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https"
# (only if the proxy always sets or overwrites that header).
if proxy_ssl_header := os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip():
    _header, _, _value = proxy_ssl_header.partition(",")
    SECURE_PROXY_SSL_HEADER = (_header.strip(), _value.strip() or "https")
# Content-Security-Policy (Django 6): everything from this origin only, scripts also need
# the request's nonce (templates: {% csp_nonce_attr %}), no inline script or style, no
# eval (htmx runs with allowEval false and its indicator styles off, base.html). The API
# docs page relaxes it for its own view only (scorekeeper/urls.py).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "object-src": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
