"""One uvicorn process on a listening socket inherited from the supervisor:
``python -m config.serve_uvicorn --fd N`` (``ASGI_SERVER=uvicorn``, see ``config.launch``).

Why not ``uvicorn --fd N``: uvicorn wraps the descriptor as an ``AF_UNIX`` socket
(``socket.fromfd(fd, AF_UNIX, …)``), so on our TCP socket every peer address decodes as garbage and
``scope["client"]`` is lost (the login rate limit counts per address). Here the socket is rebuilt
with its real family (``socket.socket(fileno=…)`` asks the kernel) and handed to
``uvicorn.Server.serve(sockets=[…])``, the API gunicorn's uvicorn worker uses.

Settings match what ``make run`` gives daphne: no lifespan (Channels has none), no access log,
no per-message deflate (daphne/autobahn does not compress either; a deflate context costs about
100 KB per socket), ``ASGI_THREADS`` threads for the ORM work (daphne reads the same variable).
uvloop and httptools come with ``uvicorn[standard]``; the websocket protocol is uvicorn's
sans-I/O implementation on the ``websockets`` package.

Proxy headers: ``X-Forwarded-For`` is believed only from the addresses in ``FORWARDED_ALLOW_IPS``,
and only when it is set (``config.launch.forwarded_allow_ips``); otherwise the peer is the client.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m config.serve_uvicorn")
    p.add_argument("--fd", type=int, required=True, help="an inherited listening socket")
    p.add_argument("app", nargs="?", default="config.asgi:application")
    args = p.parse_args(argv)

    import uvicorn

    from config.launch import forwarded_allow_ips

    proxies = forwarded_allow_ips()
    sock = socket.socket(fileno=args.fd)  # family and type from the kernel
    config = uvicorn.Config(
        args.app,
        lifespan="off",
        access_log=False,
        log_level=os.environ.get("UVICORN_LOG_LEVEL", "warning"),
        ws_per_message_deflate=False,
        # X-Forwarded-For only from exactly FORWARDED_ALLOW_IPS; unset: from nobody (uvicorn's
        # own default would believe 127.0.0.1, so any local client chose its address)
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        timeout_graceful_shutdown=int(float(os.environ.get("STOP_TIMEOUT", "10")) / 2) or 1,
    )
    server = uvicorn.Server(config)
    threads = int(os.environ.get("ASGI_THREADS", "0") or 0)

    async def serve() -> None:
        if threads > 0:
            asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=threads))
        await server.serve(sockets=[sock])

    config.load()  # the loop factory is known after load()
    with asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:
        runner.run(serve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
