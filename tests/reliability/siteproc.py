"""Python code run in a fresh process with the site's settings, as a web process starts."""

from __future__ import annotations

import os
import subprocess
import sys

from config.launch import ROOT


def run_django(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` after ``django.setup()`` in a new interpreter with ``config.settings``; the
    environment is this one's without ``DEBUG`` and ``SECRET_KEY`` (the defaults of a
    deployment), plus ``env``."""
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "-c", f"import django\ndjango.setup()\n{code}"],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
