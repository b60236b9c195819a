"""A complete stack (``python -m config.launch run``) as a subprocess, for tests with real
processes: the web server choice, two stacks sharing one Redis, a stop under load.

Every stack's environment carries ``SG_STACK_TAG``; every process it starts inherits it, so
``tagged_processes`` finds them all in ``/proc`` – also one that left its process group or was
re-parented to init.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from config.launch import ROOT, free_port


class Stack:
    def __init__(self, name: str, tmp: Path, env: dict[str, str]) -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.var = tmp / f"var-{name}"
        self.tag = f"{name}-{uuid.uuid4().hex[:12]}"
        self.env = {
            **env,
            "PORT": str(self.port),
            "VAR_DIR": str(self.var),
            "SG_STACK_TAG": self.tag,
        }
        self.log_path = tmp / f"launch-{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 150) -> Stack:
        log = open(self.log_path, "wb")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "config.launch", "run"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited: {self.tail()}")
            if (self.healthz() or {}).get("status") == "ok":
                return self
            time.sleep(0.3)  # the poll's backoff (the deadline above ends it)
        raise AssertionError(f"{self.name} not healthy within {timeout} s: {self.tail()}")

    def healthz(self) -> dict | None:
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=5) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            try:
                return json.loads(exc.read())
            except ValueError:
                return {"status": "error", "http": exc.code}
        except Exception:  # noqa: BLE001 - down is an answer too
            return None

    def status(self) -> dict:
        return json.loads((self.var / "supervisor.json").read_text())

    def tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self, timeout: float = 60) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
            return None


def tagged_processes(tag: str) -> list[tuple[int, str]]:
    """Living (not zombie) processes whose environment has ``SG_STACK_TAG=tag``."""
    needle = f"SG_STACK_TAG={tag}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            env = Path(f"/proc/{entry}/environ").read_bytes()
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if needle in env.split(b"\0") and stat.rsplit(")", 1)[1].split()[0] != "Z":
            found.append((int(entry), cmd.strip()))
    return found


def run_bench(env: dict[str, str], *args: str, timeout: float = 240) -> dict:
    """``python -m bench.load … --json`` against stacks; its report."""
    r = subprocess.run(
        [sys.executable, "-m", "bench.load", *args, "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = r.stdout.strip().splitlines()
    assert lines, f"bench.load printed nothing: {r.stderr[-2000:]}"
    return json.loads(lines[-1])
