"""The webhook tests' fixtures, loaded with `pytest_plugins = ["tests.webhook_fixtures"]`: a
running receiver (tests/webhook_support.py), a block after which on-commit callbacks run, the
setting that allows private targets (on or off), and a resolver with the answers a test
chooses."""

import socket

import pytest

from tests.webhook_support import Receiver


@pytest.fixture
def receiver():
    running = Receiver()
    yield running
    running.stop()


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """A block after which the transaction's on-commit callbacks run, as after a commit."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def private_targets(settings):
    """Webhooks may go to loopback and private addresses: the receiver listens on 127.0.0.1
    (docs/api.md, "Webhooks": the setting for development)."""
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True


@pytest.fixture
def public_targets(settings):
    """Webhook targets must be public, as on a server where nobody set the setting."""
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = False


class Resolver:
    """socket.getaddrinfo with the answers a test gives: `answer(name, *addresses)` for every
    lookup from now on, `answer(name, first, then=later)` for the next lookup and then for
    every one after it. Numeric hosts and localhost resolve as the system does; any other
    name does not resolve (the tests ask no real DNS)."""

    def __init__(self, real):
        self.real = real
        self.answers: dict[str, list[list[str]]] = {}
        self.lookups: list[str] = []

    def answer(self, name: str, *addresses: str, then: str | list[str] | None = None):
        later = [then] if isinstance(then, str) else then
        self.answers[name] = [list(addresses)] + ([later] if later else [])

    def __call__(self, host, port, family=0, type=0, proto=0, flags=0):
        name = host.decode() if isinstance(host, bytes) else host
        self.lookups.append(name)
        if name not in self.answers:
            try:
                return self.real(host, port, family, type, proto, flags | socket.AI_NUMERICHOST)
            except socket.gaierror:
                if name != "localhost":
                    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known") from None
            return self.real(host, port, family, type, proto, flags)
        queue = self.answers[name]
        addresses = queue.pop(0) if len(queue) > 1 else queue[0]
        port = int(port or 0)
        return [(socket.AF_INET6, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (each, port, 0, 0))
                if ":" in each else
                (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (each, port))
                for each in addresses]


@pytest.fixture
def dns(monkeypatch):
    resolver = Resolver(socket.getaddrinfo)
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    return resolver


@pytest.fixture
def connections(monkeypatch):
    """Where sockets connect, in order; each is refused (nothing public is reached)."""
    seen = []

    def connect(self, address):
        seen.append(address[:2])
        raise ConnectionRefusedError(f"Connection refused by the test ({address[0]})")

    monkeypatch.setattr(socket.socket, "connect", connect)
    return seen
