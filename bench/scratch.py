"""A throwaway database for the benchmarks that fill one (``bench.leaderboards``,
``bench.pairing``, ``bench.fern_sweep``): created as the test suite creates its own, under a name
of its own (never the suite's ``test_<name>`` of the same ``DATABASE_URL``), dropped afterwards."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def scratch_database(label: str) -> Iterator[str]:
    """Create the database ``bench_<label>_<pid>``, migrated, yield its name, drop it at the end."""
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"bench_{label}_{os.getpid()}"
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield name
    finally:
        connection.close()
        connection.creation.destroy_test_db(name, verbosity=0)


def print_report(report: dict[str, Any], as_json: bool) -> None:
    """The report as indented JSON, or a ``key: value`` line each."""
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
