"""Safe by default (issue 23, item 2 and 5): the signing key, its rotation, the deploy check,
and the table's development server on the local network without DEBUG.

docs/security.md, "Keys" and "Serving the table's phones".
"""

import json
import os
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.core import signing
from django.core.checks import Error
from django.test import override_settings

from scorekeeper import checks, keyfile

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

BASE_DIR = Path(__file__).resolve().parent.parent
OLD_BUILT_IN_KEY = "dev-only-insecure-key-set-SECRET_KEY-in-production"


def server_env(tmp_path, **extra) -> dict:
    """A server process's environment: not pytest, no SECRET_KEY, its state under tmp_path."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "SECRET_KEY", "SECRET_KEY_FILE",
                          "SECRET_KEY_FALLBACKS", "DEBUG", "PUBLIC_URL", "ALLOWED_HOSTS")
           and not key.startswith("WEBHOOK")}
    env.update(XDG_STATE_HOME=str(tmp_path / "state"), PYTHONPATH=str(BASE_DIR),
               DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    env.update(extra)
    return env


# The settings alone, as a server process reads them at its start (no apps loaded: a
# second of CPU less per probe).
PROBE = """
import json
from django.conf import settings
print(json.dumps({"key": settings.SECRET_KEY, "fallbacks": settings.SECRET_KEY_FALLBACKS,
                  "debug": settings.DEBUG,
                  "private_webhooks": settings.WEBHOOK_ALLOW_PRIVATE_TARGETS}))
"""


def probe(env) -> dict:
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=BASE_DIR, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# --- the key ------------------------------------------------------------------------------------


def test_without_secret_key_a_random_key_is_made_once_into_a_private_file(tmp_path):
    env = server_env(tmp_path)

    first = probe(env)["key"]
    again = probe(env)["key"]

    path = tmp_path / "state" / "scorekeeper" / "secret_key"
    assert first not in keyfile.PUBLIC_KEYS and first != OLD_BUILT_IN_KEY
    assert len(first) >= 50 and first == again == path.read_text().strip()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert BASE_DIR not in path.parents  # outside the repository
    # Another machine (another state directory) gets a key of its own.
    assert probe(server_env(tmp_path / "other"))["key"] != first


def test_the_key_file_may_be_named_and_a_given_key_wins(tmp_path):
    named = tmp_path / "keys" / "scorekeeper.key"
    assert probe(server_env(tmp_path, SECRET_KEY_FILE=str(named)))["key"] == \
        named.read_text().strip()
    assert probe(server_env(tmp_path, SECRET_KEY="k" * 60))["key"] == "k" * 60
    assert not (tmp_path / "state").exists()


def test_workers_starting_at_once_agree_on_one_key(tmp_path):
    path = tmp_path / "secret_key"
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: keyfile.load_or_create(path), range(32)))
    assert keys == {path.read_text().strip()}
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary file left


def test_workers_in_processes_agree_on_one_key(tmp_path):
    env = server_env(tmp_path)
    runs = [subprocess.Popen([sys.executable, "-c", PROBE], cwd=BASE_DIR, env=env,
                             stdout=subprocess.PIPE, text=True) for _ in range(4)]
    keys = {json.loads(run.communicate(timeout=60)[0])["key"] for run in runs}
    assert len(keys) == 1


def test_a_key_file_that_cannot_be_made_says_what_to_set(tmp_path):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=BASE_DIR, capture_output=True, text=True, timeout=60,
        env=server_env(tmp_path, SECRET_KEY_FILE=str(blocked / "secret_key")))
    assert result.returncode != 0
    assert "cannot be made or read" in result.stderr and "set SECRET_KEY" in result.stderr


def test_an_empty_key_file_is_refused(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("\n")
    with pytest.raises(Exception, match="holds no usable key: delete it"):
        keyfile.load_or_create(path)


def test_old_keys_come_from_the_environment(tmp_path):
    seen = probe(server_env(tmp_path, SECRET_KEY="n" * 60,
                            SECRET_KEY_FALLBACKS=f"{'o' * 60}, {'p' * 60}"))
    assert seen["fallbacks"] == ["o" * 60, "p" * 60]


SHARE = """
import django, sys
django.setup()
from scorekeeper.services.policy import Hidden, share_token, shared_game

class Games:  # the game the link names, without a database
    def filter(self, pk):
        self.pk, self.share_version = pk, 0
        return self

    def first(self):
        return self

if len(sys.argv) == 1:
    print(share_token(7))
else:
    try:
        print(shared_game(sys.argv[1], Games()).pk)
    except Hidden:
        print("hidden")
"""


def share(env, *token) -> str:
    result = subprocess.run([sys.executable, "-c", SHARE, *token], cwd=BASE_DIR, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_share_link_outlives_a_key_rotation(tmp_path):
    old, new = "o" * 60, "n" * 60
    link = share(server_env(tmp_path, SECRET_KEY=old))

    rotated = server_env(tmp_path, SECRET_KEY=new, SECRET_KEY_FALLBACKS=old)
    assert share(rotated, link) == "7"
    assert share(rotated) != link  # new links are signed with the new key
    # Once the old key is dropped, what it signed is refused.
    assert share(server_env(tmp_path, SECRET_KEY=new), link) == "hidden"


def test_a_signed_value_outlives_a_key_rotation():
    old, new = "o" * 60, "n" * 60
    with override_settings(SECRET_KEY=old):
        signed = signing.dumps({"seat": 1}, salt="rotation")
    with override_settings(SECRET_KEY=new, SECRET_KEY_FALLBACKS=[old]):
        assert signing.loads(signed, salt="rotation") == {"seat": 1}
    with override_settings(SECRET_KEY=new, SECRET_KEY_FALLBACKS=[]), \
            pytest.raises(signing.BadSignature):
        signing.loads(signed, salt="rotation")


# --- the deploy check ---------------------------------------------------------------------------


def deploy_check(env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR, env={**env, "ALLOWED_HOSTS": "example.org"}, capture_output=True,
        text=True, timeout=60)


@pytest.mark.parametrize("key", [OLD_BUILT_IN_KEY, keyfile.TEST_KEY])
def test_deploy_check_fails_on_a_key_written_in_the_repository(tmp_path, key):
    result = deploy_check(server_env(tmp_path, SECRET_KEY=key))
    assert result.returncode != 0
    assert "scorekeeper.E001" in result.stderr
    assert "SECRET_KEY is a key written in the repository" in result.stderr


def test_deploy_check_fails_on_a_public_key_kept_as_fallback(tmp_path):
    result = deploy_check(server_env(tmp_path, SECRET_KEY="n" * 60,
                                     SECRET_KEY_FALLBACKS=OLD_BUILT_IN_KEY))
    assert result.returncode != 0
    assert "SECRET_KEY_FALLBACKS is a key written in the repository" in result.stderr


def test_deploy_check_passes_with_the_made_key_file(tmp_path):
    result = deploy_check(server_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_fails_on_a_key_file_others_may_read(tmp_path):
    env = server_env(tmp_path)
    probe(env)
    (tmp_path / "state" / "scorekeeper" / "secret_key").chmod(0o644)
    result = deploy_check(env)
    assert result.returncode != 0 and "scorekeeper.E002" in result.stderr


def test_the_check_refuses_an_empty_key():
    with override_settings(SECRET_KEY_FALLBACKS=[""]):
        found = checks.secret_key_is_secret(None)
    assert [(e.id, e.msg) for e in found] == [
        ("scorekeeper.E001", "SECRET_KEY is a key written in the repository: anyone can "
         "sign share links, seat cookies and sessions with it."),  # pytest's own key
        ("scorekeeper.E001", "SECRET_KEY_FALLBACKS is empty.")]
    assert all(isinstance(e, Error) for e in found)


# --- DEBUG and webhooks -------------------------------------------------------------------------


def test_debug_does_not_allow_private_webhook_targets(tmp_path):
    assert probe(server_env(tmp_path, DEBUG="1"))["private_webhooks"] is False
    assert probe(server_env(tmp_path, WEBHOOK_ALLOW_PRIVATE_TARGETS="1"))["private_webhooks"]


# `make run HOST=0.0.0.0` serving without debug (DEBUG=1 in the shell stays off), its static
# files, sign-in over plain http and the share link: one server start checks them all, in
# tests/test_share_network.py (test_make_run_host_0000_serves_the_phones_on_the_local_network).
