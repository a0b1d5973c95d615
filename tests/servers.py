"""Servers a test starts as a user would (`make run`), in a process group of their own, and
the free port one listens on."""

import os
import signal
import socket
import subprocess


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop(server: subprocess.Popen) -> None:
    """End the server's whole process group (runserver, its reloader, the task worker):
    politely, then for good if it does not go within 15 seconds."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
