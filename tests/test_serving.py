"""One command serves everything (docs/deploy.md): the Procfile's web and worker under honcho,
as `make serve` and the container run them; and the outbox probe a monitor watches.
"""

import json
import os
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
from django.tasks import TaskResultStatus
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max
from honcho.environ import parse_procfile

from scorekeeper.health import LATE_AFTER
from scorekeeper.models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent
from tests.servers import free_port

BASE_DIR = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


# --- The Procfile and make serve ---------------------------------------------------------------


def test_the_procfile_runs_the_web_server_and_the_task_worker():
    processes = parse_procfile((BASE_DIR / "Procfile").read_text()).processes
    assert list(processes) == ["web", "worker"]
    assert "gunicorn scorekeeper.wsgi" in processes["web"]
    assert "manage.py db_worker" in processes["worker"]


def test_a_server_process_freezes_what_it_loaded_the_views_included():
    """scorekeeper.wsgi, which gunicorn loads in each worker, imports the URLconf and with
    it every view, then freezes all of it: the collector's full passes leave it out
    (docs/performance.md, "A worker's full collections"). A frozen object is one the
    collector no longer lists."""
    probe = ("import gc, sys\n"
             "import scorekeeper.wsgi\n"
             "listed = {id(o) for o in gc.get_objects()}\n"
             "views = sys.modules['scorekeeper.api.rounds'], sys.modules['scorekeeper.web.views']\n"
             "print(gc.get_freeze_count(), [id(vars(m)) in listed for m in views])\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=BASE_DIR, capture_output=True,
                            text=True, timeout=60, check=True)
    frozen, listed = result.stdout.split(" ", 1)
    assert int(frozen) > 50_000
    assert listed.strip() == "[False, False]"


def test_make_serve_migrates_then_runs_the_procfile_with_honcho():
    plan = subprocess.run(["make", "-n", "serve"], cwd=BASE_DIR, capture_output=True, text=True,
                          timeout=60)
    assert plan.returncode == 0, plan.stderr
    lines = plan.stdout.splitlines()
    migrate = next(i for i, line in enumerate(lines) if "manage.py migrate" in line)
    honcho = next(i for i, line in enumerate(lines) if "honcho start" in line)
    assert migrate < honcho
    assert "--env /dev/null" in lines[honcho]  # the environment alone, no .env file
    assert not any("gunicorn" in line for line in lines)  # the Procfile's line, not a copy


# --- Both processes under honcho ---------------------------------------------------------------


def serving_env(tmp_path: Path, port: int) -> dict:
    """A production process's environment (no pytest: the worker queue is the database's),
    on a SQLite file of its own."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_VERSION", "DATABASE_URL")
           and not key.startswith(("SECURE_", "THROTTL", "DEBUG"))}
    env.update(SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0", ALLOWED_HOSTS="127.0.0.1",
               SECURE_SSL_REDIRECT="0", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
               BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1", XDG_STATE_HOME=str(tmp_path),
               PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONUNBUFFERED="1")
    return env


def processes() -> dict[int, tuple[int, str]]:
    """Every live process: its parent and state (from /proc)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # gone meanwhile
        state, ppid = text[text.rindex(")") + 2:].split()[:2]
        found[int(stat.parent.name)] = (int(ppid), state)
    return found


def descendants(pid: int) -> set[int]:
    table = processes()
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, (ppid, _) in table.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def running(pid: int) -> bool:
    entry = processes().get(pid)
    return entry is not None and entry[1] not in ("Z", "X")  # a zombie has ended


def command_of(pid: int) -> list[str]:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().decode().split("\0")
    except OSError:
        return []


def db_workers(honcho: subprocess.Popen) -> set[int]:
    """The db_worker processes themselves (not the shell whose loop starts them)."""
    return {pid for pid in descendants(honcho.pid)
            if command_of(pid)[1:3] == ["manage.py", "db_worker"] and running(pid)}


def wait_for(what: str, check, seconds: float, log: Path):
    deadline = time.monotonic() + seconds
    while True:
        try:
            if result := check():
                return result
        except (OSError, sqlite3.Error):
            pass
        assert time.monotonic() < deadline, f"{what} not within {seconds} s:\n{log.read_text()}"
        time.sleep(0.2)


def get_json(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


@pytest.mark.skipif(not (BIN / "honcho").exists() or not Path("/proc/self/stat").exists(),
                    reason="needs honcho in this environment and /proc")
def test_honcho_serves_runs_tasks_restarts_the_worker_and_stops_everything(tmp_path):
    port = free_port()
    env = serving_env(tmp_path, port)
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                              cwd=BASE_DIR, env=env, capture_output=True, text=True,
                              timeout=120)
    assert migrated.returncode == 0, migrated.stderr
    log = tmp_path / "honcho.log"
    with log.open("wb") as out:
        honcho = subprocess.Popen([BIN / "honcho", "start", "--env", "/dev/null", "--no-colour"],
                                  cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT)
    seen: set[int] = set()
    try:
        # The web process answers, with the database.
        status, body = wait_for("/health/", lambda: get_json(f"http://127.0.0.1:{port}/health/"),
                                60, log)
        assert (status, body) == (200, {"status": "ok", "database": "ok"})

        # The worker ran the sweep its line queued: a task taken from the database's queue.
        def sweep_done():
            with sqlite3.connect(tmp_path / "db.sqlite3", timeout=5) as db:
                return db.execute(
                    "SELECT count(*) FROM django_tasks_database_dbtaskresult "
                    "WHERE task_path = 'scorekeeper.tasks.sweep' AND status = 'SUCCESSFUL'",
                ).fetchone()[0]
        wait_for("the sweep run by the worker", sweep_done, 60, log)
        status, body = get_json(f"http://127.0.0.1:{port}/health/?probe=outbox")
        assert status == 200 and body["status"] == "ok"
        assert body["tasks"]["oldest_ready_seconds"] < 30

        # A worker killed outright is running again within seconds, the web process untouched.
        (worker,) = wait_for("the db_worker process", lambda: db_workers(honcho), 30, log)
        seen |= descendants(honcho.pid)
        os.kill(worker, signal.SIGKILL)
        (again,) = wait_for("a new db_worker", lambda: db_workers(honcho) - {worker}, 10, log)
        assert honcho.poll() is None
        assert get_json(f"http://127.0.0.1:{port}/health/?probe=live")[0] == 200

        # SIGTERM to honcho: every process of it ends.
        seen |= descendants(honcho.pid)
        assert again in seen
        honcho.send_signal(signal.SIGTERM)
        assert honcho.wait(timeout=20) == 143  # 128 + SIGTERM: stopped, not failed
        left = {pid: command_of(pid) for pid in seen if running(pid)}
        assert not left, left
    finally:
        if honcho.poll() is None:
            seen |= descendants(honcho.pid)
            honcho.kill()
            honcho.wait()
        for pid in seen:
            if running(pid):
                os.kill(pid, signal.SIGKILL)


# --- /health/?probe=outbox ---------------------------------------------------------------------


def outbox_probe():
    response = Client().get("/health/?probe=outbox")
    return response.status_code, response.json(), response


def test_outbox_probe_with_nothing_waiting(db):
    status, body, response = outbox_probe()
    assert status == 200
    assert body == {"status": "ok", "database": "ok",
                    "outbox": {"oldest_due_seconds": 0, "failed_last_24h": 0},
                    "tasks": {"oldest_ready_seconds": 0, "failed_last_24h": 0}}
    assert "no-store" in response["Cache-Control"]
    assert not response.cookies


def delivery(club, *, status=WebhookDelivery.Status.PENDING, due_in=timedelta(0),
             active=True, url="https://hooks.example.org/ottakring"):
    webhook = Webhook.objects.create(club=club, url=url, secret="s" * 40, active=active)
    event = WebhookEvent.objects.create(club=club, kind="round.recorded", payload={"game": 1})
    return WebhookDelivery.objects.create(webhook=webhook, event=event, status=status,
                                          next_attempt_at=timezone.now() + due_in)


def task(*, status=TaskResultStatus.READY, run_after=None, queued_ago=timedelta(0),
         finished_ago=None):
    now = timezone.now()
    row = DBTaskResult.objects.create(
        task_path="scorekeeper.tasks.deliver", args_kwargs={"args": [1], "kwargs": {}},
        backend_name="default", status=status,
        run_after=get_date_max() if run_after is None else now + run_after,
        finished_at=None if finished_ago is None else now - finished_ago)
    DBTaskResult.objects.filter(pk=row.pk).update(enqueued_at=now - queued_ago)


def test_outbox_probe_tells_how_long_the_oldest_due_delivery_and_task_wait(club):
    delivery(club, due_in=-timedelta(minutes=3))
    delivery(club, due_in=-timedelta(minutes=1))
    delivery(club, due_in=timedelta(minutes=30))  # waiting for its backoff: not late
    delivery(club, due_in=-timedelta(hours=5), active=False)  # paused on purpose
    delivery(club, due_in=-timedelta(hours=5), status=WebhookDelivery.Status.DELIVERED)
    task(queued_ago=timedelta(minutes=2))  # to run at once, queued 2 minutes ago
    task(run_after=-timedelta(minutes=4), queued_ago=timedelta(hours=1))  # due 4 minutes ago
    task(run_after=timedelta(minutes=5), queued_ago=timedelta(hours=2))  # the next sweep
    task(status=TaskResultStatus.SUCCESSFUL, queued_ago=timedelta(hours=3))
    status, body, _ = outbox_probe()
    assert status == 200 and body["status"] == "ok"
    assert 180 <= body["outbox"]["oldest_due_seconds"] < 200
    assert 240 <= body["tasks"]["oldest_ready_seconds"] < 260


def test_outbox_probe_is_late_when_nothing_takes_the_work(club):
    delivery(club, due_in=-(LATE_AFTER + timedelta(minutes=1)))
    status, body, _ = outbox_probe()
    assert status == 503 and body["status"] == "late"
    assert body["outbox"]["oldest_due_seconds"] > LATE_AFTER.total_seconds()

    WebhookDelivery.objects.all().delete()
    task(queued_ago=LATE_AFTER + timedelta(seconds=30))
    status, body, _ = outbox_probe()
    assert status == 503 and body["status"] == "late"
    assert body["outbox"]["oldest_due_seconds"] == 0
    assert body["tasks"]["oldest_ready_seconds"] > LATE_AFTER.total_seconds()


def test_outbox_probe_counts_the_failures_of_the_last_day_and_names_no_club(club):
    recent = delivery(club, status=WebhookDelivery.Status.FAILED)
    old = delivery(club, status=WebhookDelivery.Status.FAILED)
    now = timezone.now()
    # The recent one was given up 2 hours ago (its first attempt was 30 hours ago), the old
    # one 2 days ago.
    for each, hours_ago in [(recent, 30), (recent, 2), (old, 60), (old, 48)]:
        WebhookAttempt.objects.create(delivery=each, number=each.attempts.count() + 1,
                                      status_code=500, at=now - timedelta(hours=hours_ago))
    task(status=TaskResultStatus.FAILED, finished_ago=timedelta(hours=2))
    task(status=TaskResultStatus.FAILED, finished_ago=timedelta(days=3))
    status, body, response = outbox_probe()
    # Failures alone do not make it late: the receivers are the clubs' own.
    assert status == 200 and body["status"] == "ok"
    assert body["outbox"] == {"oldest_due_seconds": 0, "failed_last_24h": 1}
    assert body["tasks"] == {"oldest_ready_seconds": 0, "failed_last_24h": 1}
    text = response.content.decode()
    assert "Ottakring" not in text and "hooks.example.org" not in text and "ottakring" not in text


def test_outbox_probe_answers_503_when_the_database_fails(db, monkeypatch):
    def broken():
        raise sqlite3.OperationalError("no such table")

    monkeypatch.setattr("scorekeeper.health.background_work", broken)
    status, body, response = outbox_probe()
    assert status == 503
    assert body == {"status": "error", "database": "error"}
    assert "no such table" not in response.content.decode()


def test_the_readiness_probe_is_unchanged_by_waiting_work(club, django_assert_num_queries):
    delivery(club, due_in=-(LATE_AFTER * 3))
    with django_assert_num_queries(1):
        response = Client().get("/health/")
    assert response.status_code == 200  # a load balancer keeps the app server in service
    assert response.json() == {"status": "ok", "database": "ok"}
