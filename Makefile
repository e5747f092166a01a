# Cliffhanger: `make run` to play, `make test` to check. See README.md.
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
MANAGE := $(BIN)/python manage.py

.PHONY: run test lint format bench serve-prod install rules clean
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

# The stamp is rebuilt when the lock file changes, so `make` always matches requirements.lock.
$(VENV)/.installed: requirements.lock
	@[ -x $(BIN)/python ] || $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	@touch $@

install: $(VENV)/.installed

# Idempotent: migrations and rules data can be applied any number of times.
rules: install
	@$(MANAGE) checkdb
	$(MANAGE) migrate --no-input
	$(MANAGE) load_rules

run: rules
	$(MANAGE) runserver 127.0.0.1:$(PORT)

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: rules
	$(MANAGE) bench

# Production: settings from the environment (DEBUG off, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL).
serve-prod: rules
	$(MANAGE) collectstatic --no-input
	$(BIN)/gunicorn config.wsgi --bind 0.0.0.0:$(PORT) --workers $${WEB_CONCURRENCY:-3}

clean:
	rm -rf $(VENV) staticfiles
