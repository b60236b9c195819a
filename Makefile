# Speedgames: `make run` starts everything, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint format bench clean messages audit-tools

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

# make run is the development server: DEBUG=1 unless the caller sets DEBUG itself
run: export DEBUG ?= 1
run: $(STAMP)
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) -m config.launch run

# the pinned auditors of the test suite (package.json: axe-core, the Nu HTML checker), installed
# by npm from package-lock.json into node_modules/ (git-ignored); without them those tests skip
audit-tools: node_modules/.package-lock.json
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts

# lint-imports checks the layers (pyproject.toml, [tool.importlinter]) before the tests run; on
# PostgreSQL the browser tests and the rest run as two pytest processes at once (config/launch.py,
# test_in_halves: the browser half's output follows from var/test-logs/browser.log)
test: $(STAMP) audit-tools
	$(VENV)/bin/lint-imports --no-logo --no-cache
	$(PY) -m config.launch test --halves $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-logo --no-cache

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# the catalogues (issue 46). German is the source language: locale/de keeps its msgstr empty;
# every other language of settings.LANGUAGES has its own locale/<code>/LC_MESSAGES/django.po whose
# entries a translator fills in (new ones arrive empty, changed ones fuzzy: tests/test_i18n.py
# names every such entry). Collect every gettext string into each, then compile (both committed).
MESSAGES_IGNORE := -i '.venv/*' -i 'var/*' -i 'node_modules/*' -i 'static/*' -i 'staticfiles/*' \
	-i 'tests/*' -i 'bench/*'
MESSAGES_LANGUAGES := de en
messages: $(STAMP)
	$(PY) manage.py makemessages $(foreach l,$(MESSAGES_LANGUAGES),-l $(l)) --no-obsolete \
		--add-location file $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages $(foreach l,$(MESSAGES_LANGUAGES),-l $(l)) $(MESSAGES_IGNORE)
	-$(PY) -m tests.untranslated

bench: $(STAMP)
	$(PY) -m bench.engines --quick

clean:
	rm -rf var/ $(VENV) node_modules/
