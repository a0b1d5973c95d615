"""The dependency locks agree with what they are made from (README, "Dependencies").

requirements.txt (what the server runs) and requirements-dev.txt (that, and the tools)
are pinned by hand; `make lock` makes requirements.lock and requirements-dev.lock from them
with every package of the tree and its hashes, and `make serve`, `make run` and `make test`
install from the locks alone. A pin changed in a .txt without `make lock` fails here.
"""

import re
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

BASE_DIR = Path(__file__).resolve().parent.parent
LOCKS = {"requirements.txt": "requirements.lock", "requirements-dev.txt": "requirements-dev.lock",
         "requirements-uv.txt": "requirements-uv.lock"}


def pins_of(path: Path) -> dict[str, str]:
    """name -> version of every `name==version` line (continuations and comments aside)."""
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip().rstrip("\\").strip()
        if not line or line.startswith("-"):
            continue
        requirement = Requirement(line)
        (spec,) = requirement.specifier
        assert spec.operator == "==", f"{path.name}: {line} is not pinned"
        pins[canonicalize_name(requirement.name)] = spec.version
    return pins


def inputs_of(path: Path) -> dict[str, str]:
    """The pins of a .txt and of the files it takes in with -r."""
    pins = pins_of(path)
    for included in re.findall(r"^-r\s+(\S+)", path.read_text(), re.M):
        pins |= inputs_of(path.parent / included)
    return pins


@pytest.mark.parametrize(("source", "lock"), LOCKS.items())
def test_a_lock_pins_what_its_source_pins(source, lock):
    wanted = inputs_of(BASE_DIR / source)
    locked = pins_of(BASE_DIR / lock)
    assert {name: locked.get(name) for name in wanted} == wanted, f"run make lock ({source})"
    assert f"--output-file={lock}" in (BASE_DIR / lock).read_text()  # made by make lock


@pytest.mark.parametrize("lock", LOCKS.values())
def test_every_locked_package_has_its_hashes(lock):
    text = (BASE_DIR / lock).read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 1)[1])
    for entry in entries:
        if re.match(r"[A-Za-z0-9]", entry):
            assert "==" in entry.split()[0], entry
            assert "--hash=sha256:" in entry, f"{lock}: {entry.split()[0]} has no hash"


def test_the_server_runs_the_same_versions_as_the_tests_without_the_tools():
    runtime = pins_of(BASE_DIR / "requirements.lock")
    development = pins_of(BASE_DIR / "requirements-dev.lock")
    assert {name: development.get(name) for name in runtime} == runtime
    for tool in ("pytest", "playwright", "hypothesis", "schemathesis", "ruff", "pip-tools"):
        assert tool not in runtime and tool in development
    assert "-r requirements.txt" in (BASE_DIR / "requirements-dev.txt").read_text()
