"""The layers hold: `lint-imports` keeps every contract of pyproject.toml's [tool.importlinter]
(engines pure, definitions below the platform, accounts alone, the platform layers one way, the
extra pages on top, no cycles), so a broken layer fails the suite, not only `make test`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    assert lint_imports.exists(), f"{lint_imports} missing: pip install -e '.[dev]'"
    result = subprocess.run(
        [str(lint_imports), "--no-logo", "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
