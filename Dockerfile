# The Scorekeeper server as an image (docs/deploy.md, "In a container"). The build stage
# installs and collects with the Makefile's own targets, as `make serve` and `make test` do;
# the runtime stage gets the virtualenv (requirements.lock alone) and the collected static
# files from it, and no compiler, make or test tool.
#
# `docker run` alone serves both processes of the Procfile on PORT with SQLite in /data; the
# compose.yaml beside it runs them as two services with PostgreSQL.

# Debian 12, as the locks were made on (Python 3.12, Linux). Both stages get Pango (WeasyPrint's
# PDFs; as `make pdflibs` installs it, which then finds it and installs nothing), the
# PostgreSQL client (`manage.py backup` runs pg_dump, whose major version must not be older
# than the server's: compose.yaml runs PostgreSQL 15, as Debian 12 ships) and procps (pgrep,
# the worker's health check in compose.yaml).
FROM python:3.12-slim-bookworm AS base
# DL3008 (apt versions not pinned): Debian's security updates replace the exact versions, so
# a pin breaks the build within weeks; the release named in the base image fixes the series.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 postgresql-client procps \
    && rm -rf /var/lib/apt/lists/*
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
WORKDIR /app


FROM base AS build
# DL3008: as above.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The packages first, in a layer of their own: a change to the code does not install them again.
COPY Makefile requirements.lock requirements-uv.lock ./
# uv installs the lock and then leaves: the image runs the server, not its installer.
RUN make install-runtime && .venv/bin/python -m pip uninstall --quiet --yes uv
COPY manage.py ./
COPY scorekeeper scorekeeper
COPY ledger ledger
COPY static static
COPY templates templates
COPY locale locale
# The settings want a key to load; collectstatic signs nothing with it, and nothing of this
# stage but the virtualenv and staticfiles/ reaches the image.
RUN SECRET_KEY=collectstatic-signs-nothing make static


FROM base AS runtime
# A user of its own; /data holds the SQLite database and the key file when no PostgreSQL and
# no SECRET_KEY are given, /backups what `manage.py backup --to /backups` writes.
RUN groupadd --system --gid 10001 scorekeeper \
    && useradd --system --no-log-init --uid 10001 --gid 10001 --create-home scorekeeper \
    && mkdir -p /data /backups \
    && chown 10001:10001 /data /backups
WORKDIR /app
COPY --from=build /app/.venv .venv
COPY --from=build /app/staticfiles staticfiles
COPY manage.py Procfile ./
COPY scorekeeper scorekeeper
COPY ledger ledger
# static/ too: the service worker hashes our assets where the finders find them.
COPY static static
COPY templates templates
COPY locale locale
ENV PATH=/app/.venv/bin:$PATH \
    PORT=8000 \
    DATABASE_URL=sqlite:////data/db.sqlite3 \
    XDG_STATE_HOME=/data/state
# By number: a name is resolved in the image's /etc/passwd, which the host need not share.
USER 10001:10001
EXPOSE 8000

# The readiness probe on PORT, asked for under the first of ALLOWED_HOSTS (a host the settings
# do not allow is refused with 400); /health/ is exempt from the HTTPS redirect.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request as r; host = os.environ.get('ALLOWED_HOSTS', 'localhost').split(',')[0].strip(' .*') or 'localhost'; r.urlopen(r.Request('http://127.0.0.1:%s/health/' % os.environ.get('PORT', '8000'), headers={'Host': host}), timeout=4)"]

# Migrate, then the Procfile's web and worker under honcho (which stops both on SIGTERM),
# gunicorn listening on BIND, else every address of the container on PORT. The settings come
# from the environment alone (--env /dev/null: no .env file is read).
CMD ["sh", "-c", "python manage.py migrate --noinput && BIND=\"${BIND:-0.0.0.0:$PORT}\" exec honcho start --env /dev/null --no-colour"]
