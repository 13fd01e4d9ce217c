#!/usr/bin/env bash
# Set up a virtual environment with the test dependencies and run every check and test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q -e '.[test,openspiel,cluster]'
# Lighthouse for the browser tests, at the version package-lock.json pins (Node.js and npm).
npm ci --no-audit --no-fund --loglevel=error
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
.venv/bin/mypy src
.venv/bin/pytest --ignore=tests/browser
# The web app in a browser, in a session of its own (sync Playwright and asyncio do not mix).
.venv/bin/pytest tests/browser
