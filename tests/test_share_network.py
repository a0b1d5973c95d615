"""Playing at the table with several phones (README): `make run HOST=0.0.0.0` serves the
local network, PUBLIC_URL (the address the phones reach) is allowed as a host, and the
share link and its QR code point there rather than at 127.0.0.1.
"""

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import segno
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from scorekeeper.management.commands import lanurl
from scorekeeper.services import policy
from tests.servers import free_port, stop

from .test_game_pages import start_game

BASE_DIR = Path(__file__).resolve().parent.parent
PHONES_REACH = "http://192.168.1.23:8000"
LAN_HOSTS = ["192.168.1.23", "testserver"]


def shown_link(html: str) -> str:
    return re.search(r'id="share-url" class="url" value="([^"]+)"', html)[1]


def qr_of(html: str) -> str:
    return re.search(r"<svg.*?</svg>", html, re.S)[0]


def segno_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#111111", light="#ffffff", omitsize=True)


# --- The share page --------------------------------------------------------------------------


@override_settings(PUBLIC_URL=PHONES_REACH, ALLOWED_HOSTS=LAN_HOSTS)
def test_under_public_url_the_link_and_its_qr_code_point_where_the_phones_reach(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    # The organiser's own browser is on the machine itself (127.0.0.1).
    html = bob_page.get(f"/games/{game.pk}/share/").content.decode()

    link = f"{PHONES_REACH}/s/{policy.share_token(game.pk)}/"
    assert shown_link(html) == link
    assert f'href="{link}"' in html  # "Open the read-only sheet"
    assert qr_of(html) == segno_svg(link)
    assert qr_of(html) != segno_svg(f"http://testserver/s/{policy.share_token(game.pk)}/")


def test_without_public_url_the_link_follows_the_address_in_use(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    html = bob_page.get(f"/games/{game.pk}/share/").content.decode()

    link = f"http://testserver/s/{policy.share_token(game.pk)}/"
    assert shown_link(html) == link and qr_of(html) == segno_svg(link)


@override_settings(PUBLIC_URL=PHONES_REACH, ALLOWED_HOSTS=LAN_HOSTS)
def test_a_phone_on_the_lan_address_opens_the_link_and_can_sign_in(club, bob):
    bob.set_password("a-long-table-password")
    bob.save()
    phone = Client(enforce_csrf_checks=True, HTTP_HOST="192.168.1.23:8000")
    game = start_game(_signed_in(bob), club, ["Anna", "Ben"])

    sheet = phone.get(f"/s/{policy.share_token(game.pk)}/")
    login = phone.get("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.content.decode())[1]
    signed_in = phone.post("/accounts/login/", {
        "username": bob.username, "password": "a-long-table-password",
        "csrfmiddlewaretoken": token}, HTTP_ORIGIN=PHONES_REACH)

    assert sheet.status_code == 200 and "Anna" in sheet.content.decode()
    # No CSRF_TRUSTED_ORIGINS needed: the form posts to the origin it came from.
    assert signed_in.status_code == 302 and signed_in["Location"] == "/"
    assert Client(HTTP_HOST="evil.example").get("/accounts/login/").status_code == 400


def test_the_share_page_works_without_javascript(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    html = bob_page.get(f"/games/{game.pk}/share/").content.decode()

    # The link is a selectable field; Copy and Share wait for static/js/share.js.
    assert re.search(r'<input id="share-url" class="url" value="http://[^"]+" readonly>', html)
    assert re.search(r'<button type="button" data-copy hidden>Copy link</button>', html)
    assert re.search(r'<button type="button" data-share hidden>Share…</button>', html)
    assert re.search(r'<script src="/static/js/share\.js" defer nonce="[^"]+"></script>', html)


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- The settings ------------------------------------------------------------------------------


def settings_with(**env) -> subprocess.CompletedProcess:
    code = ("import json; from django.conf import settings; "
            "print(json.dumps([settings.PUBLIC_URL, settings.ALLOWED_HOSTS]))")
    environ = {key: value for key, value in os.environ.items()
               if key not in ("PUBLIC_URL", "ALLOWED_HOSTS")}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, capture_output=True, text=True, timeout=60,
        env={**environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env})


def test_public_url_adds_its_host_to_the_allowed_hosts():
    result = settings_with(PUBLIC_URL="http://192.168.1.23:8000/")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        "http://192.168.1.23:8000", ["127.0.0.1", "localhost", "testserver", "192.168.1.23"]]
    unset = settings_with()
    assert json.loads(unset.stdout) == ["", ["127.0.0.1", "localhost", "testserver"]]


def test_a_public_url_without_its_scheme_is_refused_by_name():
    result = settings_with(PUBLIC_URL="192.168.1.23:8000")
    assert result.returncode != 0
    assert "PUBLIC_URL must look like http://192.168.1.23:8000, not '192.168.1.23:8000'" in (
        result.stderr)


# --- manage.py lanurl ---------------------------------------------------------------------------


class NoRoute(socket.socket):
    def connect(self, address):
        raise OSError("Network is unreachable")


def test_lanurl_prints_this_machines_network_address(capsys):
    address = lanurl.lan_address()
    if address is None:
        pytest.skip("this machine has no network address")
    call_command("lanurl", port=8123)
    assert capsys.readouterr().out == f"http://{address}:8123\n"
    assert not address.startswith("127.")


def test_lanurl_without_a_route_out_takes_the_host_names_address(monkeypatch):
    # A table without internet (a phone's hotspot without data): no route to the probe.
    monkeypatch.setattr(socket, "socket", NoRoute)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args: [
        (socket.AF_INET, socket.SOCK_DGRAM, 0, "", ("127.0.1.1", 0)),
        (socket.AF_INET, socket.SOCK_DGRAM, 0, "", ("192.168.43.7", 0))])
    assert lanurl.lan_address() == "192.168.43.7"


def test_lanurl_without_any_network_says_what_to_do(monkeypatch):
    monkeypatch.setattr(socket, "socket", NoRoute)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args: [
        (socket.AF_INET, socket.SOCK_DGRAM, 0, "", ("127.0.1.1", 0))])
    with pytest.raises(CommandError, match="No local network address found: join the table's "
                                           r"Wi-Fi .* PUBLIC_URL=http://192\.168\.1\.23:8000"):
        call_command("lanurl")


# --- make run HOST=0.0.0.0 -----------------------------------------------------------------------


def make_run_env(tmp_path) -> dict:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "PUBLIC_URL", "ALLOWED_HOSTS", "DEBUG")}
    # Its own database (migrated, with the demo) and a HOST of the shell's own that
    # must not move the server.
    # Its signing key file (scorekeeper/keyfile.py) goes there too, not into the home folder.
    return {**env, "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}", "HOST": "elsewhere",
            "XDG_STATE_HOME": str(tmp_path)}


def test_make_run_host_0000_serves_the_phones_on_the_local_network(tmp_path):
    if lanurl.lan_address() is None:
        pytest.skip("this machine has no network address")
    port = free_port()
    server = subprocess.Popen(
        ["make", "--no-print-directory", "run", "HOST=0.0.0.0", f"PORT={port}"], cwd=BASE_DIR,
        # DEBUG=1 in the shell stays off on the network (docs/security.md)
        env={**make_run_env(tmp_path), "DEBUG": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
        start_new_session=True)  # its own process group, ended as one below
    try:
        public, output = None, []
        deadline = time.monotonic() + 120
        for line in server.stdout:
            output.append(line)
            if found := re.match(r"Phones at the table open (http://\S+) ", line):
                public = found[1]
                break
            assert time.monotonic() < deadline, "".join(output)
        assert public == f"http://{lanurl.lan_address()}:{port}", "".join(output)

        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        login = _wait_for(opener, f"{public}/accounts/login/", server)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login)[1]
        form = urllib.parse.urlencode({"username": "demo", "password": "demo-rummy-2026",
                                       "csrfmiddlewaretoken": token}).encode()
        home = opener.open(urllib.request.Request(
            f"{public}/accounts/login/", data=form, headers={"Origin": public}), timeout=10)
        game = re.search(r'href="/games/(\d+)/"', home.read().decode())[1]
        share = opener.open(f"{public}/games/{game}/share/", timeout=10).read().decode()

        assert shown_link(share).startswith(f"{public}/s/")
        assert qr_of(share) == segno_svg(shown_link(share))
        with opener.open(shown_link(share), timeout=10) as sheet:
            assert sheet.status == 200 and sheet.headers["Cache-Control"] == "private, no-store"
        # No debug page: a missing page is the app's own 404.
        with pytest.raises(urllib.error.HTTPError) as missing:
            opener.open(f"{public}/no-such-page/", timeout=10)
        body = missing.value.read().decode()
        assert missing.value.code == 404
        assert "URLconf" not in body and "DEBUG = True" not in body
        # The static files come from whitenoise (the collected files): named by their
        # content's hash, so cached for a year (scorekeeper/settings.py, STORAGES).
        css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', login)[1]
        with opener.open(urllib.request.Request(
                f"{public}{css}", headers={"Accept-Encoding": "br"}), timeout=10) as sheet:
            assert sheet.status == 200 and sheet.headers["Content-Encoding"] == "br"
            cache = sheet.headers["Cache-Control"]
            assert "immutable" in cache and int(re.search(r"max-age=(\d+)", cache)[1]) >= 31536000
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(urllib.request.Request(f"{public}/accounts/login/",
                                               headers={"Host": "evil.example"}), timeout=10)
        assert refused.value.code == 400
    finally:
        stop(server)


def _wait_for(opener, url: str, server: subprocess.Popen) -> str:
    # runserver runs its system checks before it listens: on a loaded machine that took more
    # than 30 s, so the wait is as long as the server's start above and ends if it exits.
    deadline = time.monotonic() + 120
    while True:
        try:
            return opener.open(url, timeout=5).read().decode()
        except OSError:
            assert server.poll() is None, f"make run ended before {url} answered"
            assert time.monotonic() < deadline, f"nothing answers on {url}"
            time.sleep(0.2)
