"""Test helpers: the package from this tree's src/, and a scripted local HTTP server."""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Optional, Union

# The tests exercise this tree's source, whatever is installed.
SRC = str(Path(__file__).resolve().parent.parent / "src")
if SRC not in sys.path:
    sys.path.insert(0, SRC)


class Recorded:
    """One request the stub received."""

    def __init__(self, method: str, path: str, headers: dict[str, str], body: Optional[bytes]) -> None:
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body or b"null")


Answer = tuple[int, dict[str, str], Union[bytes, Any]]
"""Status, headers, and a body: bytes as they are, anything else as JSON."""
Script = Union[list[Answer], Callable[[Recorded], Answer]]


class StubServer:
    """A loopback HTTP server answering from a script (a list, in order, or a function), recording each request."""

    def __init__(self, script: Script) -> None:
        self.requests: list[Recorded] = []
        self._script = script
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                recorded = Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                stub.requests.append(recorded)
                status, headers, payload = stub._next(recorded)
                raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if "Content-Type" not in headers:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            do_GET = do_POST = do_DELETE = _answer

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def _next(self, request: Recorded) -> Answer:
        if callable(self._script):
            return self._script(request)
        if not self._script:
            return 500, {}, {"error": {"code": "internal", "message": "the test script ran out", "requestId": "stub"}}
        return self._script.pop(0)

    def __enter__(self) -> StubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def error(status: int, code: str, message: str, request_id: str = "req_1", **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "requestId": request_id, **extra}}
