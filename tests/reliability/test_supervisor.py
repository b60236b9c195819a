"""The supervisor in ``config.launch``: restart with backoff, status file, stop that escalates."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from config import launch
from config.launch import Child, stop, supervise, write_status


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie still answers kill(0): look at its state
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except OSError:
        return False


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _eventually(check: Callable[[], bool], timeout: float = 5) -> bool:
    """Poll ``check`` until it holds (True) or ``timeout`` seconds have passed (False)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)  # the poll's backoff
    return True


def test_a_dead_child_is_restarted_with_backoff_and_the_others_keep_running(capsys):
    a = Child("a", ["sleep", "60"])
    b = Child("b", ["sleep", "60"])
    try:
        a.start()
        b.start()
        first_a, first_b = a.proc.pid, b.proc.pid
        os.kill(first_a, signal.SIGKILL)
        a.proc.wait()
        now = time.monotonic()
        assert a.check(now) is True  # noticed, restart scheduled
        assert a.status(now)["state"] == "restarting"
        assert a.check(now + 0.5) is False  # backoff (1 s) not over yet
        assert a.check(now + 1.0) is True  # restarted
        assert a.proc.pid != first_a and a.proc.poll() is None and a.restarts == 1
        assert b.proc.pid == first_b and b.proc.poll() is None
        assert "restarting in 1 s" in capsys.readouterr().out
        # a second crash soon after waits twice as long
        os.kill(a.proc.pid, signal.SIGKILL)
        a.proc.wait()
        now = time.monotonic()
        a.check(now)
        assert a.check(now + 1.5) is False and a.check(now + 2.0) is True
    finally:
        stop([c.proc for c in (a, b) if c.proc], timeout=2)


def test_status_file(tmp_path):
    c = Child("worker", ["sleep", "60"])
    try:
        c.start()
        write_status([c], tmp_path / "s.json")
        data = json.loads((tmp_path / "s.json").read_text())
        assert data["pid"] == os.getpid()
        assert data["children"]["worker"]["state"] == "running"
        assert data["children"]["worker"]["pid"] == c.proc.pid
    finally:
        stop([c.proc], timeout=2)


def test_stop_escalates_to_sigkill_for_the_whole_group():
    # a child that ignores SIGTERM and has a grandchild in its process group
    script = "trap '' TERM; sleep 300 & echo $!; wait"
    proc = launch.spawn("stubborn", ["sh", "-c", script], stdout=subprocess.PIPE)
    grandchild = int(proc.stdout.readline())
    t0 = time.monotonic()
    stop([proc], timeout=1.0)
    assert time.monotonic() - t0 < 8
    assert proc.poll() is not None
    assert _eventually(lambda: not _alive(grandchild)), "grandchild still alive"


def test_supervise_stops_all_children_on_keyboardinterrupt(tmp_path, monkeypatch):
    monkeypatch.setattr(launch, "VAR", tmp_path)
    children = [Child("a", ["sleep", "60"]), Child("b", ["sleep", "60"])]

    def interrupt(*_):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 1.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            supervise(children, interval=0.1)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert all(c.proc.poll() is not None for c in children)
    assert not (tmp_path / "supervisor.json").exists()


def _supervisor_with_child(code: str) -> tuple[subprocess.Popen[str], int]:
    """Run ``code`` (a stand-in supervisor that spawns a child and prints ``PID <pid>``) in its
    own session; returns the process and the child's pid."""
    sup = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=launch.ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    line = ""
    while not line.startswith("PID"):
        line = sup.stdout.readline()  # type: ignore[union-attr]
    return sup, int(line.split()[1])


def test_children_die_with_a_killed_supervisor(tmp_path):
    """Even SIGKILL of the supervisor leaves nothing behind (PR_SET_PDEATHSIG)."""
    code = (
        "import sys, time; from config.launch import spawn;"
        "p = spawn('x', ['sleep', '300']); print('PID', p.pid, flush=True); time.sleep(300)"
    )
    sup, child = _supervisor_with_child(code)
    assert _alive(child)
    sup.kill()
    sup.wait()
    assert _eventually(lambda: not _alive(child)), "child still alive"


@pytest.mark.django_db
def test_healthz_shows_the_supervisors_children(client, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    (tmp_path / "supervisor.json").write_text(
        json.dumps(
            {
                "pid": os.getpid(),
                "updated": time.time(),
                "children": {
                    "web1": {"state": "running", "pid": 1, "restarts": 0},
                    "worker": {"state": "restarting", "pid": 2, "restarts": 3},
                },
            }
        )
    )
    data = client.get("/healthz").json()
    assert data["database"] == "ok" and data["redis"] == "ok"
    assert data["supervisor"]["state"] == "ok"
    assert data["supervisor"]["children"]["worker"]["restarts"] == 3
    assert data["status"] == "degraded"


def test_a_child_stuck_in_its_shutdown_dies_with_a_killed_supervisor():
    """The parent-death signal is SIGKILL: a child that no longer reacts to SIGTERM (here: it
    ignores it, like a daphne or beat hung in its own shutdown) is not left running under init
    when the supervisor dies before it could escalate."""
    code = (
        "import time; from config.launch import spawn;"
        "p = spawn('x', ['sh', '-c', \"trap '' TERM; exec sleep 300\"]);"
        "print('PID', p.pid, flush=True); time.sleep(300)"
    )
    sup, child = _supervisor_with_child(code)
    # the trap is set once sh has exec'd sleep (the ignored SIGTERM survives the exec)
    assert _eventually(lambda: _cmdline(child).startswith(b"sleep")), _cmdline(child)
    assert _alive(child)
    os.kill(child, signal.SIGTERM)  # ignored: it stands for a shutdown that hangs
    time.sleep(0.3)  # the point: time for the SIGTERM to kill it, had it not been ignored
    assert _alive(child)
    sup.kill()
    sup.wait()
    assert _eventually(lambda: not _alive(child)), "child still alive"


def test_web_args_choose_the_asgi_server(monkeypatch):
    assert "daphne" in launch.web_args(7, "daphne")[0]
    assert launch.web_args(7, "uvicorn")[1:4] == ["-m", "config.serve_uvicorn", "--fd"]
    monkeypatch.setenv("ASGI_SERVER", "Uvicorn")
    assert launch.asgi_server() == "uvicorn"
    monkeypatch.delenv("ASGI_SERVER")
    assert launch.asgi_server() == "uvicorn"  # the default (measured faster)
    monkeypatch.setenv("ASGI_SERVER", "daphne")
    assert launch.asgi_server() == "daphne"
    monkeypatch.setenv("ASGI_SERVER", "gunicorn")
    with pytest.raises(SystemExit):
        launch.asgi_server()
    monkeypatch.setenv("RUN_BEAT", "0")
    assert launch.envflag("RUN_BEAT") is False
    monkeypatch.setenv("RUN_BEAT", "")
    assert launch.envflag("RUN_BEAT") is True
