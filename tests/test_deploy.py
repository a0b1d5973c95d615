"""Serving in production: the health endpoint, the deploy check, HTTPS settings, gunicorn.

docs/reliability.md item 24 (less the Content-Security-Policy, which comes with the pages).
"""

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client, override_settings

from tests.servers import free_port

BASE_DIR = Path(__file__).resolve().parent.parent


def production_env(**extra) -> dict:
    """The environment of a production process: no pytest, DEBUG off, a real key."""
    env = {key: value for key, value in os.environ.items()
           if key != "PYTEST_VERSION" and not key.startswith(("SECURE_", "THROTTL", "DEBUG"))}
    env.update(SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0", ALLOWED_HOSTS="example.org",
               PYTHONPATH=str(BASE_DIR))
    env.update(extra)
    return env


def run(args, env, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=BASE_DIR, env=env, capture_output=True,
                          text=True, timeout=timeout)


# --- /health/ ----------------------------------------------------------------------------------


def test_health_answers_ok_after_a_database_query(db, django_assert_num_queries):
    with django_assert_num_queries(1) as queries:
        response = Client().get("/health/")
    assert queries.captured_queries[0]["sql"] == "SELECT 1"
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert not response.cookies  # no session, no CSRF cookie


def test_health_answers_503_when_the_database_fails(db, monkeypatch):
    execute = CursorWrapper.execute

    def broken(self, sql, params=None):
        if sql == "SELECT 1":
            raise OperationalError("connection refused")
        return execute(self, sql, params)

    monkeypatch.setattr(CursorWrapper, "execute", broken)
    response = Client().get("/health/")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error"}
    assert "refused" not in response.content.decode()  # the cause goes to the log only


def test_liveness_probe_does_not_touch_the_database(db, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = Client().get("/health/?probe=live")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_health_needs_no_login_and_takes_only_safe_methods(db):
    client = Client()
    assert client.head("/health/").status_code == 200
    assert client.post("/health/").status_code == 405


# --- HTTPS and headers -------------------------------------------------------------------------


def test_security_headers_over_https(db):
    response = Client().get("/health/", secure=True)
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_plain_http_is_redirected_when_the_redirect_is_on(db):
    with override_settings(SECURE_SSL_REDIRECT=True):
        client = Client()  # a new client loads the middleware with the override
        response = client.get("/api/v1/presets/")
        assert response.status_code == 301
        assert response["Location"] == "https://testserver/api/v1/presets/"
        # A load balancer's plain-http health probe is answered, not redirected.
        assert client.get("/health/").status_code == 200


def test_deploy_check_passes_with_production_settings():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_fails_with_development_settings(tmp_path):
    # The check above is not vacuous: the development defaults fail it.
    env = production_env(DEBUG="1", XDG_STATE_HOME=str(tmp_path))  # its key file there
    del env["SECRET_KEY"]
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode != 0
    assert "security.W018" in result.stderr + result.stdout  # DEBUG on


PROBE = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({name: getattr(settings, name) for name in [
    "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY",
    "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER", "TESTING"]}
    | {"rates": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
       "num_proxies": settings.REST_FRAMEWORK["NUM_PROXIES"]}))
"""


def probe(env) -> dict:
    result = run(["-c", PROBE], {**env, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_production_settings_from_the_environment():
    prod = probe(production_env())
    assert prod["SECURE_SSL_REDIRECT"] is True
    assert prod["SESSION_COOKIE_SECURE"] and prod["SESSION_COOKIE_HTTPONLY"]
    assert prod["CSRF_COOKIE_SECURE"]
    assert prod["SECURE_HSTS_SECONDS"] == 365 * 86400
    assert prod["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and prod["SECURE_HSTS_PRELOAD"]
    assert prod["SECURE_PROXY_SSL_HEADER"] is None
    assert prod["TESTING"] is False
    assert prod["rates"] == {"anon": "120/min", "user-read": "1200/min",
                             "money-write": "120/min"}
    assert prod["num_proxies"] == 0
    # Behind a TLS-terminating proxy; and `make serve` on loopback.
    behind = probe(production_env(SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO,https",
                                  TRUSTED_PROXIES="1", SECURE_SSL_REDIRECT="0"))
    assert behind["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert behind["num_proxies"] == 1
    assert behind["SECURE_SSL_REDIRECT"] is False
    # `make run`: DEBUG on, plain http.
    dev = probe(production_env(DEBUG="1"))
    assert not dev["SECURE_SSL_REDIRECT"] and not dev["SESSION_COOKIE_SECURE"]
    assert dev["SECURE_HSTS_SECONDS"] == 0


# --- gunicorn ----------------------------------------------------------------------------------


@pytest.mark.skipif(not (Path(sys.executable).parent / "gunicorn").exists(),
                    reason="gunicorn is not installed in this environment")
def test_gunicorn_serves_the_app():
    port = free_port()
    env = production_env(ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "scorekeeper.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--no-control-socket"],
        cwd=BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                url = f"http://127.0.0.1:{port}/health/?probe=live"
                with urllib.request.urlopen(url, timeout=5) as response:
                    assert response.status == 200
                    assert json.load(response) == {"status": "ok"}
                    assert response.headers["X-Frame-Options"] == "DENY"
                    break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode()
                assert time.monotonic() < deadline, "gunicorn did not answer in 30 s"
                time.sleep(0.2)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
