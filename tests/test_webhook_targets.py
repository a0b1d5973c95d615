"""Webhook targets (docs/api.md, "Webhooks", and docs/security.md): a target must resolve only
to public addresses, checked at registration (the API and the page) and again when each
attempt is sent; the attempt connects to the address it checked, with no second lookup, and
follows no redirect. And a worker killed mid-delivery: its task left RUNNING is swept, the
attempt recorded, the delivery scheduled again.

No test asks real DNS: the `dns` fixture answers (tests/webhook_fixtures.py)."""

import http.client
import socket
import ssl
import subprocess
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.management import call_command
from django.db.models import F
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scorekeeper import tasks
from scorekeeper.models import Webhook, WebhookAttempt, WebhookDelivery
from scorekeeper.services import webhook_sending
from tests.api_table import API, Table, errors

# The fixtures `receiver`, `committing`, `private_targets`, `public_targets`, `dns` and
# `connections`.
pytest_plugins = ["tests.webhook_fixtures"]

PUBLIC = "93.184.215.14"  # a public address (nothing connects to it: see `connections`)


def post_webhook(client, club, url):
    # round.recorded alone: a round is then one delivery (not also the game's game.created)
    return client.post(f"{API}/clubs/{club.pk}/webhooks/",
                       {"url": url, "events": ["round.recorded"]}, format="json")


def a_round(client, committing):
    with committing():
        Table.start(client, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)


# --- Registration --------------------------------------------------------------------------


@pytest.mark.parametrize(("url", "said"), [
    ("http://10.0.0.5/", "10.0.0.5 is a private address"),
    ("http://172.16.4.2/", "172.16.4.2 is a private address"),
    ("http://192.168.1.23:8000/", "192.168.1.23 is a private address"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"),
    ("http://127.0.0.1:22/", "127.0.0.1 is a loopback address"),
    ("http://[::1]/", "::1 is a loopback address"),
    ("http://localhost/", "localhost resolves to 127.0.0.1, a loopback address"),
    ("http://2130706433/", "2130706433 resolves to 127.0.0.1, a loopback address"),
    ("http://0x7f000001/", "0x7f000001 resolves to 127.0.0.1, a loopback address"),
    ("http://0177.0.0.1/", "0177.0.0.1 resolves to 127.0.0.1, a loopback address"),
    ("http://0.0.0.0/", "0.0.0.0 is an unspecified address"),
    ("http://[::]/", ":: is an unspecified address"),
    ("http://100.64.0.1/", "100.64.0.1 is a shared (carrier-grade NAT) address"),
    ("http://224.0.0.1/", "224.0.0.1 is a multicast address"),
    ("http://[ff02::1]/", "ff02::1 is a multicast address"),
    ("http://240.0.0.1/", "240.0.0.1 is a reserved address"),
    ("http://[fd00::1]/", "fd00::1 is a private address"),
    ("http://[fe80::1]/", "fe80::1 is a link-local address"),
    ("http://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1 is a loopback address"),
    ("http://[::ffff:a00:5]/", "::ffff:a00:5 is a private address"),
    ("http://[64:ff9b::a9fe:a9fe]/", "64:ff9b::a9fe:a9fe is a link-local address"),
    ("https://192.0.2.10/", "192.0.2.10 is a private address"),
])
def test_registration_refuses_a_target_inside_the_network(as_alice, club, public_targets, dns,
                                                          url, said):
    if url == "http://localhost/":
        dns.answer("localhost", "127.0.0.1", "::1")  # whatever the machine's hosts file says

    response = post_webhook(as_alice, club, url)

    assert response.status_code == 400, response.json()
    assert errors(response) == [
        ("url", "private_address", f"{said}: webhook targets must be public")]
    assert not Webhook.objects.exists()


def test_a_name_with_one_private_address_among_public_ones_is_refused(as_alice, club, dns,
                                                                      public_targets):
    dns.answer("hooks.example", PUBLIC, "10.1.2.3")

    response = post_webhook(as_alice, club, "https://hooks.example/scorekeeper")

    assert response.status_code == 400
    assert errors(response) == [("url", "private_address", "hooks.example resolves to 10.1.2.3, "
                                 "a private address: webhook targets must be public")]
    assert not Webhook.objects.exists()


def test_a_name_that_does_not_resolve_is_refused(as_alice, club, dns, public_targets):
    response = post_webhook(as_alice, club, "https://hooks.invalid/scorekeeper")

    assert response.status_code == 400
    assert errors(response) == [("url", "unresolvable", "hooks.invalid does not resolve to an "
                                 "address: check the name (webhook targets must be public)")]
    assert not Webhook.objects.exists()


def test_a_public_target_is_registered(as_alice, club, dns, public_targets):
    dns.answer("hooks.example", PUBLIC, "2606:2800:21f:cb07:6820:80da:af6b:8b2c")

    response = post_webhook(as_alice, club, "https://hooks.example/scorekeeper")

    assert response.status_code == 201, response.json()
    assert Webhook.objects.get().url == "https://hooks.example/scorekeeper"


def test_the_setting_allows_private_targets_and_debug_does_not(as_alice, club, settings, dns):
    settings.DEBUG = True
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = False
    assert post_webhook(as_alice, club, "http://10.0.0.5/hooks").status_code == 400

    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True
    assert post_webhook(as_alice, club, "http://10.0.0.5/hooks").status_code == 201
    # a name that does not resolve is refused all the same
    assert errors(post_webhook(as_alice, club, "http://hooks.invalid/"))[0][1] == "unresolvable"


def test_the_page_refuses_a_private_target_in_words(alice_page, club, public_targets, dns):
    page = f"/clubs/{club.pk}/webhooks/"

    english = alice_page.post(page, {"url": "http://2130706433/hooks"})
    german = alice_page.post(page, {"url": "http://2130706433/hooks"},
                             HTTP_ACCEPT_LANGUAGE="de")
    unknown = alice_page.post(page, {"url": "https://hooks.invalid/"})

    assert english.status_code == german.status_code == unknown.status_code == 422
    assert ("2130706433 resolves to 127.0.0.1, a loopback address: a webhook must go to a "
            "public address.") in english.content.decode()
    assert ("2130706433 verweist auf 127.0.0.1, eine Loopback-Adresse: Ein Webhook muss an "
            "eine öffentliche Adresse gehen.") in german.content.decode()
    assert ("hooks.invalid does not resolve to an address: check the name."
            in unknown.content.decode())
    assert 'value="http://2130706433/hooks"' in english.content.decode()
    assert not Webhook.objects.exists()


# --- Sending: checked again, connected to the address checked, no redirects -----------------


def test_a_target_that_turned_private_is_not_sent_to(as_alice, club, receiver, committing, dns,
                                                     public_targets):
    dns.answer("hooks.example", PUBLIC)
    assert post_webhook(as_alice, club, "http://hooks.example/hooks/").status_code == 201
    dns.answer("hooks.example", "127.0.0.1")  # the name now points inside

    a_round(as_alice, committing)

    attempt = WebhookAttempt.objects.get()
    assert receiver.received == []
    assert (attempt.status_code, attempt.error) == (None, (
        "Not sent: hooks.example resolves to 127.0.0.1, a loopback address: webhook targets "
        "must be public"))
    assert WebhookDelivery.objects.get().status == "pending"  # tried again later


def test_a_registered_private_target_is_not_sent_to_once_the_setting_is_off(
        as_alice, club, receiver, committing, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True
    assert post_webhook(as_alice, club, receiver.url).status_code == 201
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = False

    a_round(as_alice, committing)

    assert receiver.received == []
    assert WebhookAttempt.objects.get().error == (
        "Not sent: 127.0.0.1 is a loopback address: webhook targets must be public")


def test_a_delivery_connects_to_the_address_it_checked(as_alice, club, receiver, committing,
                                                       dns, public_targets, connections):
    """A rebinding name: public when it is checked, 127.0.0.1 (the receiver) when asked again."""
    port = receiver.server.server_port
    dns.answer("rebind.example", PUBLIC)
    assert post_webhook(as_alice, club, f"http://rebind.example:{port}/hooks/").status_code == 201
    dns.answer("rebind.example", PUBLIC, then="127.0.0.1")

    a_round(as_alice, committing)

    assert connections == [(PUBLIC, port)]
    assert receiver.received == []
    assert "refused" in WebhookAttempt.objects.get().error.lower()


def test_a_name_is_sent_its_host_header_at_the_address_it_resolved_to(
        as_alice, club, receiver, committing, dns, private_targets):
    port = receiver.server.server_port
    dns.answer("scoreboard.lan", "127.0.0.1")
    assert post_webhook(as_alice, club,
                        f"http://scoreboard.lan:{port}/hooks/?club=3").status_code == 201

    a_round(as_alice, committing)

    (request,) = receiver.received
    assert (request.path, request.headers["host"]) == ("/hooks/?club=3", f"scoreboard.lan:{port}")
    assert WebhookDelivery.objects.get().status == "delivered"
    assert dns.lookups.count("scoreboard.lan") == 2  # at registration, and once to send


def test_a_redirect_is_an_answer_and_is_not_followed(as_alice, club, receiver, committing,
                                                     private_targets):
    assert post_webhook(as_alice, club, receiver.url).status_code == 201
    receiver.statuses = [307]

    a_round(as_alice, committing)

    attempt = WebhookAttempt.objects.get()
    assert [each.path for each in receiver.received] == ["/hooks/"]
    assert (attempt.status_code, attempt.error) == (307, (
        f"The receiver answered 307, a redirect to {receiver.url}elsewhere/: redirects are not "
        "followed; register the final URL"))
    assert WebhookDelivery.objects.get().status == "pending"


def test_a_receiver_that_answers_drop_by_drop_is_cut_off_at_the_timeout(
        as_alice, club, committing, private_targets, monkeypatch):
    """Each byte in time, the whole answer never: an attempt takes at most TIMEOUT, so a
    task still RUNNING long after it has surely lost its worker."""
    monkeypatch.setattr(webhook_sending, "TIMEOUT", 0.5)
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def drip():
        connection, _ = server.accept()
        with connection:
            connection.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"x" * 1000:
                if stop.wait(0.05):
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    return

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    assert post_webhook(as_alice, club,
                        f"http://127.0.0.1:{server.getsockname()[1]}/").status_code == 201
    try:
        a_round(as_alice, committing)
    finally:
        stop.set()
        server.close()

    attempt = WebhookAttempt.objects.get()
    assert (attempt.status_code, attempt.error) == (None, "No answer within 0.5 seconds")
    assert attempt.duration_ms < 1500


# --- HTTPS: the checked address, the name's certificate -----------------------------------------


@pytest.fixture
def tls_receiver(tmp_path):
    """An HTTPS receiver on 127.0.0.1 whose certificate names hooks.example, and a client
    context that trusts it: (port, context, what it received)."""
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=hooks.example", "-addext", "subjectAltName=DNS:hooks.example",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    received = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            received.append((self.headers["Host"], self.path))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    class Server(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass  # a client that refused the certificate is no error here

    server = Server(("127.0.0.1", 0), Handler)
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    server.socket = served.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    trusting = ssl.create_default_context(cafile=str(cert))
    yield server.server_port, trusting, received
    server.shutdown()
    server.server_close()


def test_https_is_verified_against_the_name_at_the_checked_address(
        as_alice, club, committing, dns, private_targets, tls_receiver, monkeypatch):
    port, trusting, received = tls_receiver
    monkeypatch.setattr(webhook_sending, "tls_context", lambda: trusting)
    dns.answer("hooks.example", "127.0.0.1")
    dns.answer("impostor.example", "127.0.0.1")  # the same server, another name
    for name in ("hooks.example", "impostor.example"):
        assert post_webhook(as_alice, club, f"https://{name}:{port}/in").status_code == 201

    a_round(as_alice, committing)

    assert received == [(f"hooks.example:{port}", "/in")]
    by_name = {each.webhook.url.split(":")[1][2:]: each for each in WebhookDelivery.objects.all()}
    assert by_name["hooks.example"].status == "delivered"
    refused = by_name["impostor.example"].attempts.get()
    assert refused.status_code is None and "certificate" in refused.error.lower()


# --- A worker killed mid-delivery ---------------------------------------------------------------


class Killed(BaseException):
    """The worker process dies here (kill -9): nothing after it runs."""


def die(*args, **kwargs):
    raise Killed


def killed_mid_attempt(client, club, receiver, committing, monkeypatch) -> WebhookDelivery:
    """A delivery whose worker died while it waited for the receiver's answer, ten minutes
    ago: its task row is left RUNNING, as django-tasks-db's worker leaves it."""
    assert post_webhook(client, club, receiver.url).status_code == 201
    with monkeypatch.context() as patched:
        patched.setattr(http.client.HTTPConnection, "getresponse", die)
        a_round(client, committing)
    delivery = WebhookDelivery.objects.get()
    ten_minutes = timedelta(minutes=10)
    WebhookDelivery.objects.update(next_attempt_at=F("next_attempt_at") - ten_minutes)
    WebhookAttempt.objects.update(at=F("at") - ten_minutes)
    DBTaskResult.objects.create(
        task_path=tasks.deliver.module_path, args_kwargs={"args": [delivery.pk], "kwargs": {}},
        status=TaskResultStatus.RUNNING, backend_name="default", worker_ids=["worker-1"],
        run_after=timezone.now() - ten_minutes, started_at=timezone.now() - ten_minutes)
    return delivery


def test_a_delivery_whose_worker_was_killed_is_swept(as_alice, club, receiver, committing,
                                                     private_targets, monkeypatch):
    delivery = killed_mid_attempt(as_alice, club, receiver, committing, monkeypatch)

    assert tasks.sweep.enqueue().return_value == 0  # the periodic sweep: nothing due now

    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.FAILED
    assert task.exception_class_path == "scorekeeper.tasks.WorkerStopped"
    delivery.refresh_from_db()
    assert list(delivery.attempts.values_list("number", "status_code", "error")) == [
        (1, None, "The worker stopped during this attempt")]
    # the first failed attempt's wait, then sent again
    assert delivery.status == "pending"
    assert delivery.next_attempt_at - timezone.now() == pytest.approx(
        timedelta(minutes=1), abs=timedelta(seconds=5))
    WebhookDelivery.objects.update(next_attempt_at=timezone.now())
    assert tasks.sweep.enqueue().return_value == 1
    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    assert list(delivery.attempts.values_list("number", "status_code")) == [(1, None), (2, 200)]
    # swept once: a later sweep changes nothing
    tasks.sweep.enqueue()
    assert delivery.attempts.count() == 2 and DBTaskResult.objects.get().status == "FAILED"


def test_sweepwebhooks_sweeps_a_killed_workers_task_at_once(as_alice, club, receiver, committing,
                                                            private_targets, monkeypatch):
    delivery = killed_mid_attempt(as_alice, club, receiver, committing, monkeypatch)

    call_command("sweepwebhooks")

    assert DBTaskResult.objects.get().status == TaskResultStatus.FAILED
    assert delivery.attempts.get().error == "The worker stopped during this attempt"


def test_the_sixth_attempt_killed_gives_the_delivery_up(as_alice, club, receiver, committing,
                                                        private_targets, monkeypatch):
    delivery = killed_mid_attempt(as_alice, club, receiver, committing, monkeypatch)
    WebhookAttempt.objects.bulk_create([
        WebhookAttempt(delivery=delivery, number=number, status_code=500, error="500",
                       at=timezone.now() - timedelta(hours=1)) for number in range(2, 7)])

    tasks.sweep.enqueue()

    delivery.refresh_from_db()
    assert (delivery.status, delivery.next_attempt_at) == ("failed", None)


def test_a_task_running_for_less_than_an_attempt_can_take_is_left_alone(as_alice, club,
                                                                         private_targets):
    running = DBTaskResult.objects.create(
        task_path=tasks.deliver.module_path, args_kwargs={"args": [1], "kwargs": {}},
        status=TaskResultStatus.RUNNING, backend_name="default", worker_ids=["worker-1"],
        run_after=timezone.now(), started_at=timezone.now() - timedelta(seconds=30))

    call_command("sweepwebhooks")
    tasks.sweep.enqueue()

    running.refresh_from_db()
    assert running.status == TaskResultStatus.RUNNING
