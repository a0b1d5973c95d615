"""The image built from this checkout and started (docs/deploy.md, "In a container"), where a
container engine answers: served on a published port as `docker run` in the docs does it,
healthy by its own HEALTHCHECK, unprivileged, with a club's books that back up and restore,
and stopped by SIGTERM; then as compose.yaml's app and worker services, on this machine's
PostgreSQL. Skipped, saying why, where no engine runs or the Dockerfile's base image can be
neither found nor pulled; `make container-engine` sets both up (Makefile).

Each run builds the image under the same two tags (scorekeeper:test and its build stage,
scorekeeper:test-build) and removes the last run's, so that the build takes the unchanged
layers from them (the system packages, the installed lock) and nothing piles up; the
containers, volumes and databases of a run go at its end.
"""

import json
import os
import re
import secrets
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import free_port

BASE_DIR = Path(__file__).resolve().parent.parent
DOCKER = shutil.which("docker")
HOST = "rummy.example.org"
PROXIED = {"Host": HOST, "X-Forwarded-Proto": "https"}  # as the TLS proxy of the docs sends
HEALTHY_WITHIN = 180  # seconds: migrations first, then gunicorn and the worker

pytestmark = pytest.mark.slow  # a minute where it runs: started first (tests/conftest.py)


def docker(*args: str, timeout: float = 120, check: bool = True,
           env: dict | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run([DOCKER, *args], capture_output=True, text=True, timeout=timeout,
                            env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"docker {' '.join(args[:3])} failed:\n{result.stdout[-3000:]}"
                             f"\n{result.stderr[-3000:]}")
    return result


def base_image() -> str:
    """The image the Dockerfile's first stage starts FROM."""
    text = (BASE_DIR / "Dockerfile").read_text()
    return re.search(r"^FROM\s+(\S+)", text, re.M).group(1)


# The image, and its build stage (whose layers hold the installed packages), under tags kept
# from one run to the next: the next build takes every layer whose inputs did not change.
TAGS = {"build": "scorekeeper:test-build", "runtime": "scorekeeper:test"}


def image_id(tag: str) -> str:
    return docker("image", "inspect", "--format", "{{.Id}}", tag, check=False).stdout.strip()


@pytest.fixture(scope="module")
def image():
    if DOCKER is None:
        pytest.skip("no docker client (make container-engine installs one)")
    if docker("info", check=False, timeout=30).returncode != 0:
        pytest.skip("no container engine answers (make container-engine starts one)")
    base = base_image()
    if (docker("image", "inspect", base, check=False).returncode != 0
            and docker("pull", base, check=False, timeout=600).returncode != 0):
        pytest.skip(f"the base image {base} is neither here nor to be pulled"
                    " (make container-engine makes a stand-in)")
    env = None
    if docker("buildx", "version", check=False).returncode != 0:
        env = {**os.environ, "DOCKER_BUILDKIT": "0"}  # the client's own builder, without buildx
    before = {stage: image_id(tag) for stage, tag in TAGS.items()}
    for stage, tag in TAGS.items():
        docker("build", "--target", stage, "--tag", tag, str(BASE_DIR), timeout=1200, env=env)
    # The last run's images, untagged now, go with the layers of theirs nobody else uses.
    for stage, tag in TAGS.items():
        if before[stage] and before[stage] != image_id(tag):
            docker("rmi", before[stage], check=False)
    yield TAGS["runtime"]


@dataclass(frozen=True)
class Served:
    name: str
    on_host_port: int | None = None  # on the host's network: the port gunicorn binds

    @property
    def port(self) -> int:
        """The host's port for the container's 8000 (published: another after each start)."""
        if self.on_host_port is not None:
            return self.on_host_port
        return int(docker("port", self.name, "8000").stdout.split()[0].rsplit(":", 1)[1])

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
        """One request to the published port, redirects not followed."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         headers=headers or PROXIED)
        try:
            with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def send(self, path: str, body: dict, token: str = "") -> dict:
        headers = {**PROXIED, "Content-Type": "application/json",
                   **({"Authorization": f"Token {token}"} if token else {})}
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         data=json.dumps(body).encode(), headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def run(self, *command: str) -> subprocess.CompletedProcess:
        return docker("exec", self.name, *command, check=False)

    def health(self) -> tuple[str, bool]:
        state = json.loads(docker("inspect", "--format", "{{json .State}}", self.name).stdout)
        return (state.get("Health") or {}).get("Status", ""), state["Running"]

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + HEALTHY_WITHIN
        while time.monotonic() < deadline:
            status, running = self.health()
            if status == "healthy":
                return
            assert running, f"the container stopped:\n{self.logs()}"
            time.sleep(1)
        raise AssertionError(f"not healthy within {HEALTHY_WITHIN} s:\n{self.logs()}")

    def logs(self) -> str:
        result = docker("logs", self.name, check=False)
        return (result.stdout + result.stderr)[-4000:]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def environment(**more: str) -> list[str]:
    """`docker run` options for the settings of docs/deploy.md behind its TLS proxy."""
    settings = {"SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": HOST,
                "PUBLIC_URL": f"https://{HOST}", "SECURE_SSL_REDIRECT": "1",
                "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
                "TRUSTED_PROXIES": "1", **more}
    return [option for key, value in settings.items() for option in ("-e", f"{key}={value}")]


@pytest.fixture(scope="module")
def served(image):
    """The image run as docs/deploy.md runs one container: SQLite in a volume, behind the
    TLS proxy's headers. Only the health check's interval is shorter than the image's own
    (its command is the image's)."""
    name = f"scorekeeper-test-{secrets.token_hex(4)}"
    try:
        docker("run", "--detach", "--name", name, "--publish", "127.0.0.1::8000",
               "--volume", f"{name}:/data", "--health-interval", "2s", *environment(), image)
        container = Served(name)
        container.wait_healthy()
        yield container
    finally:
        docker("rm", "--force", "--volumes", name, check=False)
        docker("volume", "rm", name, check=False)


def test_it_serves_the_host_it_is_given_behind_the_proxy(served):
    status, _, body = served.get("/health/", {"Host": HOST})
    assert status == 200 and json.loads(body) == {"status": "ok", "database": "ok"}
    assert served.get("/health/", {"Host": "127.0.0.1"})[0] == 400  # not in ALLOWED_HOSTS
    status, headers, _ = served.get("/", {"Host": HOST})  # plain http: to https
    assert status == 301 and headers["Location"] == f"https://{HOST}/"
    status, headers, _ = served.get("/")  # through the proxy: the sign-in
    assert status == 302 and headers["Location"].startswith("/accounts/login/")
    # The static files were collected into the image, hashed and compressed.
    _, _, page = served.get("/accounts/login/")
    stylesheet = re.search(rb'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', page).group(1)
    status, headers, _ = served.get(stylesheet.decode(), {**PROXIED, "Accept-Encoding": "br"})
    assert status == 200 and "immutable" in headers["Cache-Control"]
    assert headers.get("Content-Encoding") == "br"


def test_it_runs_unprivileged_with_the_runtime_requirements_alone(served):
    assert served.run("id", "-u").stdout.strip() == "10001"
    assert served.run("python", "-c", "import gunicorn, honcho, psycopg").returncode == 0
    assert served.run("python", "-c", "import pytest").returncode != 0  # no test tool
    assert served.run("sh", "-c", "command -v make || command -v gcc").returncode != 0


def play_a_round(served: Served) -> None:
    """A user made in the container; over the API, a club, a game and its first round."""
    password = secrets.token_urlsafe(16)
    made = served.run("python", "manage.py", "shell", "-c",
                      "from django.contrib.auth import get_user_model; get_user_model()"
                      f".objects.create_user('anna', password={password!r})")
    assert made.returncode == 0, made.stderr
    token = served.send("/api/v1/auth/token/", {"username": "anna", "password": password})["token"]
    club = served.send("/api/v1/clubs/", {"name": "Rommérunde"}, token)["id"]
    game = served.send("/api/v1/games/", {"club": club, "name": "Freitag", "preset": "wiener",
                                          "players": ["Anna", "Bert", "Cleo"]}, token)
    anna, bert, cleo = (player["id"] for player in game["players"])
    served.send(f"/api/v1/games/{game['id']}/rounds/", {
        "number": 1, "ender": anna, "hands": [{"player": anna, "deadwood": 0},
                                              {"player": bert, "deadwood": 23},
                                              {"player": cleo, "deadwood": 41}]}, token)


def backed_up_and_restored(served: Served, into: str, suffix: str) -> str:
    """`manage.py backup` in the container, then `manage.py restore` of that file into the
    database `into`: what the restore printed."""
    backup = served.run("python", "manage.py", "backup", "--to", "/backups")
    assert backup.returncode == 0, backup.stderr
    path = backup.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"/backups/scorekeeper-\d{{8}}T\d{{6}}Z\{suffix}", path), path
    restored = served.run("sh", "-c", f"DATABASE_URL={into} python manage.py restore {path}")
    assert restored.returncode == 0, restored.stdout + restored.stderr
    return restored.stdout


def test_a_clubs_books_back_up_and_restore_in_the_container(served):
    play_a_round(served)
    restored = backed_up_and_restored(served, "sqlite:////tmp/drill.sqlite3", ".sqlite3")
    assert "1 games checked, 0 with differences." in restored


def test_sigterm_stops_both_processes_and_a_start_serves_the_same_books(served):
    began = time.monotonic()
    docker("stop", "--time", "20", served.name, timeout=60)
    took = time.monotonic() - began
    state = json.loads(docker("inspect", "--format", "{{json .State}}", served.name).stdout)
    assert state["ExitCode"] != 137 and took < 20, served.logs()  # not killed at the timeout
    logs = served.logs()
    assert "web.1 stopped" in logs and "worker.1 stopped" in logs
    docker("start", served.name)
    served.wait_healthy()
    assert served.get("/health/", {"Host": HOST})[0] == 200
    assert "No migrations to apply" in served.logs()  # the volume kept the database


# --- As compose.yaml runs it: the app and the worker, one PostgreSQL ---------------------------

# This machine's PostgreSQL stands in for compose's `db` service (whose image no registry
# here serves); both containers reach it on the host's network.
PG_SERVER = os.environ.get("CONTAINER_TEST_PG", "postgres://postgres@127.0.0.1:5432/postgres")


@dataclass(frozen=True)
class Deployment:
    app: Served
    worker: str
    database: str
    spare: str  # a database nothing has touched, to restore into


def compose_services() -> dict:
    return pytest.importorskip("yaml").safe_load((BASE_DIR / "compose.yaml").read_text())[
        "services"]


def database_url(name: str) -> str:
    return PG_SERVER.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="module")
def deployment(image):
    """compose.yaml's app and worker services, each with the command and health check the
    file gives it, on two databases of this machine's PostgreSQL made for the test."""
    psycopg = pytest.importorskip("psycopg")
    services = compose_services()
    try:
        server = psycopg.connect(PG_SERVER, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        pytest.skip(f"no PostgreSQL to stand in for compose's db ({PG_SERVER}): {error}")
    name = f"scorekeeper-test-{secrets.token_hex(4)}"
    database, spare = (f"container_{name[-8:]}{end}" for end in ("", "_restored"))
    port = free_port()
    options = ["--network", "host", *environment(DATABASE_URL=database_url(database),
                                                 BIND=f"127.0.0.1:{port}", PORT=str(port))]
    with server:
        try:
            for each in (database, spare):
                server.execute(f'CREATE DATABASE "{each}"')
            docker("run", "--detach", "--name", f"{name}-app", "--health-interval", "2s",
                   *options, image, *services["app"]["command"])
            app = Served(f"{name}-app", on_host_port=port)
            app.wait_healthy()  # migrated: the worker starts after it, as depends_on says
            docker("run", "--detach", "--name", f"{name}-worker", *options, image,
                   *services["worker"]["command"])
            yield Deployment(app, f"{name}-worker", database, spare)
        finally:
            docker("rm", "--force", f"{name}-app", f"{name}-worker", check=False)
            for each in (database, spare):
                server.execute(f'DROP DATABASE IF EXISTS "{each}" WITH (FORCE)')


def test_the_worker_beside_the_app_runs_the_sweep_and_passes_its_health_check(deployment):
    psycopg = pytest.importorskip("psycopg")
    check = compose_services()["worker"]["healthcheck"]["test"]
    assert check[0] == "CMD"
    deadline, swept = time.monotonic() + 60, False
    while time.monotonic() < deadline and not swept:
        with psycopg.connect(database_url(deployment.database)) as db:
            swept = db.execute("SELECT count(*) FROM django_tasks_database_dbtaskresult WHERE"
                               " task_path = 'scorekeeper.tasks.sweep' AND status = 'SUCCESSFUL'"
                               ).fetchone()[0] > 0
        time.sleep(0.5)
    logs = docker("logs", deployment.worker, check=False)
    assert swept, logs.stdout[-3000:] + logs.stderr[-3000:]
    assert docker("exec", deployment.worker, *check[1:], check=False).returncode == 0


def test_a_backup_by_the_images_pg_dump_restores_into_a_new_database(deployment):
    play_a_round(deployment.app)
    restored = backed_up_and_restored(deployment.app, database_url(deployment.spare), ".dump")
    assert "1 games checked, 0 with differences." in restored
