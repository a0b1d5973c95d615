"""Servers a test starts as a user would (`make run`), in a process group of their own."""

import os
import signal
import subprocess


def stop(server: subprocess.Popen) -> None:
    """End the server's whole process group (runserver, its reloader, the task worker):
    politely, then for good if it does not go within 15 seconds."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
