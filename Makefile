# Cliffhanger: `make run` to play, `make test` to check. See README.md.
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
# serve-prod listens on this machine only (for a proxy on the same host) unless HOST says
# otherwise, e.g. HOST=0.0.0.0 to be reached from the network.
HOST   ?= 127.0.0.1
MANAGE := $(BIN)/python manage.py

.PHONY: run worker test lint format bench load load-play load-clubnight serve-prod serve-live install install-dev rules clean
.DEFAULT_GOAL := run

# Without a virtualenv yet, find a Python >= 3.12 first; if there is none, stop with one line.
ifeq ($(wildcard $(BIN)/python),)
PYTHON_FOR_VENV := $(shell bin/find-python 2>/dev/null)
ifeq ($(PYTHON_FOR_VENV),)
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),run)),)
$(error Cliffhanger needs Python 3.12 or newer: install it (or set PYTHON=/path/to/python3.12) and run make again)
endif
endif
endif

# Each stamp is rebuilt when its lock file changes, so `make` always matches the locks.
# requirements.lock is what runs (production installs only that); requirements-dev.lock adds
# the test and lint tools on top of the very same versions.
$(VENV)/.installed: requirements.lock
	@[ -x $(BIN)/python ] || $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	@touch $@

$(VENV)/.installed-dev: requirements-dev.lock $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-dev.lock
	@touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

# Idempotent: migrations, the cache table and rules data can be applied any number of times.
rules: install
	@$(MANAGE) checkdb
	$(MANAGE) migrate --no-input
	$(MANAGE) createcachetable
	$(MANAGE) load_rules

# DEBUG is off unless switched on: only the development server (and what it runs first) has it.
run: export DEBUG ?= 1
# The development server and a print worker beside it (big prints run on the worker); both
# stop together.
run: rules
	@$(MANAGE) print_worker --reload & trap 'kill $$! 2>/dev/null' EXIT INT TERM; \
	$(MANAGE) runserver 127.0.0.1:$(PORT)

# A print worker alone: run as many as you like, on any machine that reaches the database
# (and the object storage, when S3_BUCKET is set).
worker: rules
	$(MANAGE) print_worker

test: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# BENCH_ARGS="--runs 1 --print-runs 1" for a quicker, noisier run.
bench: export DEBUG ?= 1
bench: install-dev rules
	$(MANAGE) bench $(BENCH_ARGS)

# Requests per second and p95 of the league page and a trivial view: gunicorn (3 workers) on
# PostgreSQL, 32 locust clients (bin/load; DATABASE_URL names a database it may fill).
load: install-dev
	bin/load

# The live table under load (bin/load play): 50 games, 100 phones on two Daphne servers with
# the Redis channel layer, and the league page meanwhile; same DATABASE_URL rule.
load-play: install-dev
	bin/load play

# A club night at the print worker (bin/load clubnight): 30 players each ask for a 10-sheet
# job of their own cards within a minute, through gunicorn to one print worker, on a print
# cache of the run's own, while 20 locust clients ask for the league page; prints each job's
# wait from asked to ready (and how much of it was queue), jobs failed, and both views' p95;
# same DATABASE_URL rule.
load-clubnight: install-dev
	bin/load clubnight

# Production: settings from the environment (DEBUG off, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL),
# on HOST:PORT (127.0.0.1:8000 unless set).
serve-prod: rules
	$(MANAGE) collectstatic --no-input
	$(BIN)/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers $${WEB_CONCURRENCY:-3}

# The live games' websockets (play/): Daphne, on HOST:LIVE_PORT, behind the same proxy as
# serve-prod (docs/deploy.md, "Live games"). Run one per core, each on its own LIVE_PORT; with
# REDIS_URL (or CHANNELS_REDIS_URL) they share the games.
LIVE_PORT ?= 8001
serve-live: rules
	$(BIN)/daphne --bind $(HOST) --port $(LIVE_PORT) --proxy-headers config.asgi:application

clean:
	rm -rf $(VENV) staticfiles
