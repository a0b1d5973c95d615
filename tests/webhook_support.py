"""A webhook receiver for the tests: a real HTTP server on 127.0.0.1 (an ephemeral port) in a
thread, and the signature check of docs/api.md ("Checking the signature")."""

import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    path: str
    headers: dict  # names in lower case
    body: bytes

    @property
    def event(self) -> dict:
        return json.loads(self.body)


class Receiver:
    """An HTTP server on 127.0.0.1 (an ephemeral port) in a thread: it keeps every request
    and answers with the statuses queued in `statuses`, then 200; `delay` seconds late."""

    def __init__(self):
        self.received: list[Received] = []
        self.statuses: list[int] = []
        self.delay = 0.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append(Received(
                    self.path, {name.lower(): value for name, value in self.headers.items()},
                    body))
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                time.sleep(receiver.delay)
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("Location", f"{receiver.url}elsewhere/")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # a client that gave up waiting (the timeout test) is no error here

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hooks/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()

    def events(self) -> list[tuple[str, dict]]:
        return [(each.event["type"], each.event["data"]) for each in self.received]


TOLERANCE = 300  # seconds


def verify(secret: str, header: str, body: bytes) -> bool:
    """Whether the raw body came from Scorekeeper, signed just now: the receiver's check of
    docs/api.md, "Checking the signature", as it stands there."""
    fields = [part.split("=", 1) for part in header.split(",") if "=" in part]
    try:
        (timestamp,) = [int(value) for name, value in fields if name == "t"]
    except ValueError:
        return False
    if abs(time.time() - timestamp) > TOLERANCE:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body,
                        hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, value) for name, value in fields if name == "v1")
