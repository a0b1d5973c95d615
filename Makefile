# Every install step lives here: a fresh clone needs only `make run` and `make test`.
SHELL := /bin/bash

# Django 6 needs Python 3.12 or newer; take the first one on this machine.
PYTHON ?= $(shell for p in python3.12 python3.13 python3 /root/.pyenv/versions/3.12*/bin/python3 /root/.pyenv/versions/3.13*/bin/python3; do \
	"$$p" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1 && { command -v "$$p"; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# System packages are installed as root, else with sudo.
AS_ROOT = $$([ "$$(id -u)" = 0 ] || echo sudo)

# Python keeps its bytecode here, whatever the environment says. With PYTHONDONTWRITEBYTECODE
# set (it is, on CI's machines) every process compiles Django, DRF and the project again
# (two seconds on each start of a server or a command; the suite starts a hundred), and
# pytest rewrites all its test modules again in each of its processes (ten seconds each):
# together they were a third of `make test`. The caches are in .gitignore.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help install install-runtime lock static FORCE pdflibs chromium run serve test test-sqlite test-postgres lint bench clean clients client container-engine container-base

help:
	@echo "make run    install, migrate the SQLite database, load the demo, serve on http://127.0.0.1:8000"
	@echo "            (make run HOST=0.0.0.0: serve the phones on the local network too)"
	@echo "make test   install, lint, the whole suite on SQLite, the database tests on PostgreSQL"
	@echo "make serve  collectstatic, migrate, serve gunicorn and the task worker on http://127.0.0.1:8000 (DEBUG off)"
	@echo "make bench  solver, replay, HTTP and club benchmarks (with the peer solvers in .venv-bench)"
	@echo "make client the Python client package in clients/python/, made again from the API schema"
	@echo "make container-engine  (as root) Debian's docker.io, its daemon and the image's base, for the container tests"

# Installs come from the locks only (every package pinned with its hash): requirements.lock
# is what the server runs (make run, make serve), requirements-dev.lock adds the tests, lint
# and tools (make test; a first `make run` would spend 45 s more on them). They are made
# from requirements.txt and requirements-dev.txt by `make lock`; tests/test_locks.py checks
# that they agree.
$(PY):
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed (Django 6)"; exit 1; }
	@echo "== Making the virtual environment $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)

# pip brings uv alone (requirements-uv.lock); uv installs the locks, hashes required as
# pip would, in seconds where pip took more than a minute (README, "Dependencies").
UV_INSTALL = $(VENV)/bin/uv pip install --quiet --python $(PY) --require-hashes
$(VENV)/.installed-uv: requirements-uv.lock | $(PY)
	@echo "== Installing the installer, uv (requirements-uv.lock)"
	$(PY) -m pip install --quiet --require-hashes -r requirements-uv.lock
	touch $@

$(VENV)/.installed-runtime: requirements.lock $(VENV)/.installed-uv
	@echo "== Installing the server's packages (requirements.lock)"
	$(UV_INSTALL) -r requirements.lock
	touch $@

$(VENV)/.installed: requirements-dev.lock $(VENV)/.installed-runtime
	@echo "== Installing the tools for tests and lint (requirements-dev.lock)"
	$(UV_INSTALL) -r requirements-dev.lock
	touch $@

install: $(VENV)/.installed

install-runtime: $(VENV)/.installed-runtime

# The locks again, after a change to requirements*.txt (LOCK_ARGS=--upgrade: the newest
# versions). Against PyPI alone, whatever local indexes this machine's pip config adds, so
# that the hashes are those every machine downloads. Python 3.12 on Linux made them.
LOCK = PIP_CONFIG_FILE=/dev/null $(VENV)/bin/pip-compile --quiet --generate-hashes \
	--allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_ARGS)
lock: install
	$(LOCK) --output-file requirements.lock requirements.txt
	$(LOCK) --constraint requirements.lock --output-file requirements-dev.lock requirements-dev.txt
	$(LOCK) --output-file requirements-uv.lock requirements-uv.txt

# Collected again only when what it collects changed (our static/, the installed packages'
# files, the storage settings) or staticfiles/ is gone: compressing takes most of its 7 s
# (the settings leave out source maps and plain-named copies), and `make run` (also started
# by two tests) and `make test` ask for it each time.
STATIC_STAMP := $(VENV)/.collected-static
static: $(STATIC_STAMP)

$(STATIC_STAMP): $(VENV)/.installed-runtime scorekeeper/settings.py $(shell find static -type f) \
		$(if $(wildcard staticfiles),,FORCE) | pdflibs
	@echo "== Collecting the static files into staticfiles/ (hashed names, compressed)"
	$(PY) manage.py collectstatic --noinput -v0
	touch $@

FORCE:

# WeasyPrint (the season's books as PDF) needs Pango; installed here when missing.
pdflibs:
	@{ ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | grep -q libpangoft2-1.0 || { echo "Installing Pango for WeasyPrint"; \
		$(AS_ROOT) apt-get update && \
		$(AS_ROOT) apt-get install -y --no-install-recommends \
		libpango-1.0-0 libpangoft2-1.0-0; }

# The development server. On loopback alone DEBUG is on (Django's debug pages; plain http,
# no Secure cookies, no HTTPS redirect). HOST=0.0.0.0 serves the local network (README,
# "Playing at the table with several phones") with DEBUG off, whatever the environment says:
# no debug page for every phone on the Wi-Fi; whitenoise serves the collected static files;
# plain http still, so the cookies are not Secure (no phone keeps a Secure cookie from
# http://192.168...). PUBLIC_URL, the address the other phones reach, is then this machine's
# LAN address unless given; the settings allow its host and the share link and QR code use it.
# Set on the command line only: a HOST or PORT in the environment (some shells export
# HOST as the machine's name) must not move the server.
# The task worker (webhook deliveries, scorekeeper/tasks.py) runs beside the server, quietly,
# and stops with it; sweepwebhooks first queues the sweep that finds deliveries left behind.
HOST = 127.0.0.1
PORT = 8000
run: export SECURE_SSL_REDIRECT = 0
run: export SESSION_COOKIE_SECURE = 0
run: export CSRF_COOKIE_SECURE = 0
run: install-runtime static
	@echo "== Migrating the database and loading the demo club (only into an empty database)"
	$(PY) manage.py migrate --noinput
	$(PY) manage.py loaddemo --if-empty
	$(PY) manage.py sweepwebhooks
	@public="$(PUBLIC_URL)"; debug=0; \
	case "$(HOST)" in \
		127.0.0.1|localhost|::1) debug="$${DEBUG:-1}" ;; \
		0.0.0.0) [ -n "$$public" ] || public=$$($(PY) manage.py lanurl --port $(PORT)) || exit 1 ;; \
		*) [ -n "$$public" ] || public="http://$(HOST):$(PORT)" ;; \
	esac; \
	if [ -n "$$public" ]; then echo "Phones at the table open $$public (the share page's QR code points there)"; fi; \
	export DEBUG="$$debug"; \
	$(PY) manage.py db_worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT; \
	PUBLIC_URL="$$public" $(PY) manage.py runserver $(HOST):$(PORT)

# Production serving (README, "Serving in production"; docs/deploy.md): the Procfile's web
# (gunicorn, whitenoise for the static files) and worker (the task worker) under honcho,
# which stops both on Ctrl+C or SIGTERM. SQLite by default, PostgreSQL with DATABASE_URL.
# Plain http on loopback, hence SECURE_SSL_REDIRECT=0 unless the environment says otherwise;
# behind a TLS proxy set BIND, SECURE_SSL_REDIRECT=1, SECURE_PROXY_SSL_HEADER and
# TRUSTED_PROXIES. The venv's bin/ leads PATH, so that the Procfile's python and gunicorn are
# the installed ones.
BIND ?= 127.0.0.1:8000
# Workers: WEB_CONCURRENCY, else 2 x cores + 1, at most 8 (sync workers; more only queue
# on the database).
WEB_CONCURRENCY ?= $(shell n=$$(( 2 * $$(nproc 2>/dev/null || echo 1) + 1 )); echo $$(( n > 8 ? 8 : n )))

serve: export SECURE_SSL_REDIRECT ?= 0
serve: install-runtime static
	$(PY) manage.py migrate --noinput
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" BIND="$(BIND)" WEB_CONCURRENCY="$(WEB_CONCURRENCY)" \
		PYTHONUNBUFFERED=1 exec $(VENV)/bin/honcho start --env /dev/null

lint: install
	$(PY) -m ruff check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null
	$(PY) manage.py spectacular --api-version v2 --validate --fail-on-warn --file /dev/null

# The browser tests (tests/test_browser_*.py) drive Debian's chromium-headless-shell: the
# same Chromium built as the headless shell Playwright itself runs headless, without the
# desktop browser's own pages; it takes a third of the full browser's CPU (the suite is
# bound by its two cores). Installed here when missing (as root, else with sudo), never with
# `playwright install`.
chromium:
	@test -x /usr/bin/chromium-headless-shell || { echo "Installing Debian's chromium-headless-shell for the browser tests"; \
		$(AS_ROOT) apt-get update && \
		$(AS_ROOT) apt-get install -y --no-install-recommends chromium-headless-shell; }

# A container engine for tests/test_container_run.py, which builds the image and starts it
# where an engine answers (docs/deploy.md, "In a container"). Not part of `make test`: it
# installs a daemon and starts it as root, which no test should do to a machine by itself,
# and on a fresh machine it costs minutes. Debian's docker.io (as root, else with sudo), its
# daemon started when none answers, and the Dockerfile's base image: pulled, or where no
# registry is in reach (CI's machines reach Debian's mirror and PyPI alone) a stand-in made
# here, container-base.
BASE_IMAGE = $(shell sed -n 's/^FROM \([^ ]*\) AS base$$/\1/p' Dockerfile)
container-engine:
	@command -v dockerd >/dev/null || { echo "Installing Debian's docker.io"; \
		$(AS_ROOT) apt-get update && \
		$(AS_ROOT) apt-get install -y --no-install-recommends docker.io debootstrap; }
	@docker info >/dev/null 2>&1 || { echo "Starting dockerd (its log: /var/log/dockerd.log)"; \
		$(AS_ROOT) sh -c 'setsid dockerd >/var/log/dockerd.log 2>&1 </dev/null &'; \
		for i in $$(seq 30); do docker info >/dev/null 2>&1 && break; sleep 1; done; \
		docker info >/dev/null; }
	@docker image inspect $(BASE_IMAGE) >/dev/null 2>&1 || docker pull $(BASE_IMAGE) || \
		$(MAKE) --no-print-directory container-base

# The stand-in for python:3.12-slim-bookworm, under its name: what that image is, Debian 12
# with CPython 3.12 in /usr/local, made of Debian's packages and this machine's own CPython
# 3.12 (a self-contained one, as pyenv builds; a system Python in /usr cannot be copied out).
# It trusts what this machine trusts (a proxy that inspects TLS has its own authority), and
# SSL_CERT_FILE and PIP_CERT point uv and pip at that list. docs/deploy.md says what it is.
STANDIN_PYTHON ?= $(shell for p in python3.12 /root/.pyenv/versions/3.12*/bin/python3; do \
	"$$p" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' >/dev/null 2>&1 && { command -v "$$p"; break; }; done)
STANDIN_LIBS = ca-certificates,netbase,tzdata,libssl3,libsqlite3-0,libffi8,zlib1g,libbz2-1.0,liblzma5,libreadline8,libncursesw6,libgdbm6,libuuid1
container-base:
	@prefix=$$("$(STANDIN_PYTHON)" -c 'import sys; print(sys.base_prefix)' 2>/dev/null); \
	case "$$prefix" in ""|/usr) echo "No self-contained CPython 3.12 here to make a stand-in for $(BASE_IMAGE) of"; exit 1;; esac; \
	root=$$(mktemp -d); trap '$(AS_ROOT) rm -rf "$$root"' EXIT; \
	echo "== $(BASE_IMAGE) is out of reach: a stand-in of Debian 12 and $$prefix"; \
	$(AS_ROOT) debootstrap --variant=minbase --include=$(STANDIN_LIBS) bookworm "$$root/fs" \
		http://deb.debian.org/debian >"$$root/debootstrap.log" 2>&1 || { tail "$$root/debootstrap.log"; exit 1; }; \
	printf 'deb http://deb.debian.org/debian %s main\n' bookworm bookworm-updates | $(AS_ROOT) tee "$$root/fs/etc/apt/sources.list" >/dev/null; \
	echo 'deb http://deb.debian.org/debian-security bookworm-security main' | $(AS_ROOT) tee -a "$$root/fs/etc/apt/sources.list" >/dev/null; \
	$(AS_ROOT) cp -a "$$prefix/." "$$root/fs/usr/local/" && \
	$(AS_ROOT) rm -rf "$$root/fs/usr/local/lib/python3.12/test" "$$root/fs/usr/local/lib/python3.12/site-packages/"*.pth && \
	$(AS_ROOT) cp /etc/ssl/certs/ca-certificates.crt "$$root/fs/usr/local/share/ca-certificates/this-machine.crt" && \
	$(AS_ROOT) chroot "$$root/fs" sh -c 'update-ca-certificates >/dev/null 2>&1 && ldconfig && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb' && \
	$(AS_ROOT) tar -C "$$root/fs" -c . | docker import \
		--change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
		--change 'ENV LANG=C.UTF-8' --change 'ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt' \
		--change 'ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["python3"]' \
		- $(BASE_IMAGE) >/dev/null && \
	docker run --rm $(BASE_IMAGE) python3 -c 'import ssl, sqlite3, ctypes; print("== The stand-in runs CPython", __import__("sys").version.split()[0])'

# The TypeScript client test (tests/test_generated_clients.py) runs the npm packages of
# tests/clients/package-lock.json with Node.js (Debian's, installed here when missing).
CLIENTS := tests/clients
$(CLIENTS)/node_modules/.installed: $(CLIENTS)/package.json $(CLIENTS)/package-lock.json
	@command -v npm >/dev/null || { echo "Installing Debian's Node.js for the client tests"; \
		$(AS_ROOT) apt-get update && \
		$(AS_ROOT) apt-get install -y --no-install-recommends nodejs npm; }
	npm ci --prefix $(CLIENTS) --no-audit --no-fund --loglevel=error
	touch $@

clients: $(CLIENTS)/node_modules/.installed

# The Python client package that integrators install (pip install ./clients/python; docs/api.md,
# "Generated clients"), made again from the schema of /api/v2/ after a change to the API. It is committed
# (clients/python/README.md says why). openapi-python-client writes it from the schema as
# `manage.py spectacular` gives it, named by clients/python-client.yaml, with the README and
# ruff settings of clients/templates/; the package's version is the schema's, the API's
# (SPECTACULAR_SETTINGS). It tidies its output with our pinned ruff, so the files do not
# depend on the machine.
# tests/test_python_client_package.py makes it into a temporary folder (PYTHON_CLIENT=...)
# and fails while clients/python/ differs.
PYTHON_CLIENT := clients/python
client: install
	@work=$$(mktemp -d); trap 'rm -rf "$$work"' EXIT; \
	$(PY) manage.py spectacular --api-version v2 --format openapi-json --file "$$work/schema.json" && \
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/openapi-python-client generate \
		--path "$$work/schema.json" --output-path "$$work/package" --meta setup \
		--config clients/python-client.yaml --custom-template-path clients/templates \
		--fail-on-warning && \
	rm -rf "$(PYTHON_CLIENT)" && mv "$$work/package" "$(PYTHON_CLIENT)"

# The suite in TEST_JOBS processes (pytest-xdist), each taking whole test modules, so a
# module's browser and fixtures stay in one process; TEST_JOBS=0 runs it in this one.
# Three on two cores: with two, a quarter of the cores' time went idle (CPU time against
# wall time, 2026-11-27) while the processes waited on chromium, the live servers and the
# servers some tests start.
# The schema fuzzing runs in a process of its own (under xdist schemathesis runs its
# operations as one test and sends far fewer requests), started beside the suite rather
# than after it: the suite's processes often wait (on chromium, on the servers some tests
# start, and at the end on the last module of one process while the other has none left),
# and the fuzzing takes up that time. Its report is held in a file and printed after the
# suite's, so that the two do not interleave; the pass fails if either fails.
# $(call PYTEST,options) adds options to both.
TEST_JOBS ?= 3
FUZZ := tests/test_api_fuzz.py
PYTEST = fuzz_log=$$(mktemp); \
	$(PY) -m pytest $(1) $(FUZZ) >"$$fuzz_log" 2>&1 & fuzz=$$!; \
	trap "kill $$fuzz 2>/dev/null; rm -f $$fuzz_log" EXIT INT TERM; \
	$(PY) -m pytest $(if $(filter 0,$(TEST_JOBS)),,-n $(TEST_JOBS) --dist loadfile) \
		$(1) --ignore=$(FUZZ); suite=$$?; \
	wait $$fuzz; fuzzed=$$?; echo "== The schema fuzzing ($(FUZZ)), run beside the suite:"; \
	cat "$$fuzz_log"; [ $$suite = 0 ] && [ $$fuzzed = 0 ]

# What runs where: the SQLite pass runs every test. The PostgreSQL pass runs the tests that
# use a database (--database-only, tests/conftest.py: the django_db marker or a database
# fixture), since only those can answer differently there, and leaves out the browser tests
# (-m "not browser"): they check the pages in chromium, and the database work behind those
# pages runs on PostgreSQL in the page and API tests. The rules engine, settings, lock-file
# and subprocess tests (those use their own SQLite file) run once, in the SQLite pass.
PG_SELECT := --database-only -m "not browser"

# Starts this machine's PostgreSQL cluster when it is installed but does not answer.
PG_START = if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && [ -d /etc/postgresql ]; then \
		pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql | head -n1) main start || true; \
		for i in 1 2 3 4 5 6 7 8 9 10; do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; \
	fi

# The bench's venv is installed and its smoke run beside the SQLite pass, whose processes
# leave the cores idle while they wait on chromium and servers (the PostgreSQL pass keeps
# both busy): the output is printed after the pass, and `make test` fails if either fails.
# $(call BESIDE,what,command beside,the pass)
BESIDE = log=$$(mktemp); ( $(2) ) >"$$log" 2>&1 & beside=$$!; \
	trap "kill $$beside 2>/dev/null; rm -f $$log" EXIT INT TERM; \
	$(3); pass=$$?; wait $$beside; besides=$$?; echo "== $(1), run beside the pass:"; \
	cat "$$log"; [ $$pass = 0 ] && [ $$besides = 0 ]

test: lint install static chromium clients
	@$(call BESIDE,The bench's venv (.venv-bench) and the bench smoke,$(MAKE) --no-print-directory bench-smoke,$(MAKE) --no-print-directory test-sqlite)
	@$(MAKE) --no-print-directory test-postgres

test-sqlite: install static chromium clients
	env -u DATABASE_URL sh -c '$(call PYTEST)'

# PostgreSQL runs when DATABASE_URL is set or a server answers on 127.0.0.1:5432
# (started here if it is installed but down). In CI it is required.
test-postgres: install static chromium clients
	@if [ -n "$$DATABASE_URL" ]; then url="$$DATABASE_URL"; \
	else \
		$(PG_START); \
		if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then url="$(PG_URL)"; \
		elif [ -n "$$CI" ]; then echo "PostgreSQL is required in CI but does not answer"; exit 1; \
		else echo "PostgreSQL does not answer on 127.0.0.1:5432: skipping the PostgreSQL run"; exit 0; fi; \
	fi; \
	echo "== PostgreSQL run: the database tests, no browser"; export DATABASE_URL="$$url"; \
	$(call PYTEST,$(PG_SELECT))

.venv-bench/.installed: requirements.txt requirements-bench.txt bench/requirements-no-deps.txt $(VENV)/.installed-uv
	test -x .venv-bench/bin/python || $(PYTHON) -m venv .venv-bench
	$(VENV)/bin/uv pip install --quiet --python .venv-bench/bin/python -r requirements-bench.txt
	$(VENV)/bin/uv pip install --quiet --python .venv-bench/bin/python --no-deps \
		-r bench/requirements-no-deps.txt
	touch $@

# The HTTP part (bench/http.py) runs ours and ihatemoney (requirements-bench.txt) under
# gunicorn on throwaway SQLite files, then on throwaway databases of this PostgreSQL
# server; the club part (bench/club.py) builds its two clubs in another one. Each is
# created and dropped by the bench (bench_<part>_<pid>). A part that cannot run fails the
# run (exit status 2, see bench/__main__.py); a missed speed goal does not.
# BENCH_ARGS=--http-only: the HTTP part and the write path alone; --no-postgres: without
# PostgreSQL.
bench: .venv-bench/.installed
	BENCH_PG_URL="$${DATABASE_URL:-$(PG_URL)}" .venv-bench/bin/python -m bench $(BENCH_ARGS)

# Every part of the bench once at its smallest size, goals not checked: `make test` fails
# when the bench no longer runs against the app. PostgreSQL as test-postgres finds it
# (DATABASE_URL, else a server on 127.0.0.1:5432, required in CI); without one, the HTTP
# comparison on PostgreSQL is left out and the club part runs on SQLite (--no-postgres).
.PHONY: bench-smoke
bench-smoke: .venv-bench/.installed
	@url="$$DATABASE_URL"; without=""; \
	if [ -z "$$url" ]; then \
		$(PG_START); \
		if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then url="$(PG_URL)"; \
		elif [ -n "$$CI" ]; then echo "PostgreSQL is required in CI but does not answer"; exit 1; \
		else without="--no-postgres"; \
			echo "PostgreSQL does not answer on 127.0.0.1:5432: the bench smoke runs without it"; \
		fi; \
	fi; \
	echo "== The bench, once at its smallest size (python -m bench --smoke $$without)"; \
	BENCH_PG_URL="$$url" .venv-bench/bin/python -m bench --smoke $$without

clean:
	rm -rf $(VENV) .venv-bench staticfiles .pytest_cache .hypothesis $(CLIENTS)/node_modules
