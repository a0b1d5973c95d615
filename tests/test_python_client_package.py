"""The Python client package integrators install (clients/python/, made by `make client`;
docs/api.md, "Generated clients"). It is committed, so it must be what `make client` makes
from the schema now; pip installs it into a fresh virtualenv, with the API's version; and,
installed, it plays a game of each family against the live server (tests/client_games.py).

The fresh virtualenv finds the package's requirements (httpx, attrs) and its build backend
(setuptools) in this project's .venv through a .pth file: pip installs offline (--no-index)
and still resolves and checks the requirements against them. It builds from a copy, so the
build leaves nothing in clients/python/.
"""

import re
import shutil
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

from scorekeeper.api.schema import VERSIONS
from tests.client_games import GAMES, PACKAGE, SignedIn, imported, run

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "clients" / "python"
# What Python, pip and setuptools leave beside the files (git ignores them).
LEFT_BEHIND = ("__pycache__", "build", "*.egg-info", ".ruff_cache")


def files(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by its relative path, but for what tools leave behind."""
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in folder.rglob("*")
            if path.is_file() and not any(fnmatch(part, pattern) for pattern in LEFT_BEHIND
                                          for part in path.relative_to(folder).parts)}


def site_packages(python: Path | str) -> Path:
    """Where pip installs pure-Python packages for this interpreter."""
    code = "import sysconfig; print(sysconfig.get_path('purelib'))"
    return Path(run([python, "-c", code]).stdout.strip())


def test_the_committed_package_is_what_make_client_makes_from_the_schema(tmp_path):
    # when `make client` makes the package again, into a folder of its own
    made = tmp_path / "python"
    run(["make", "--no-print-directory", "client", f"PYTHON_CLIENT={made}"], cwd=ROOT)

    # then every file is the same as the committed one, and there is none more or less
    committed, fresh = files(COMMITTED), files(made)
    assert f"{PACKAGE}/api/games/games_create.py" in fresh
    differing = sorted(name for name in committed.keys() | fresh.keys()
                       if committed.get(name) != fresh.get(name))
    assert not differing, (f"clients/python/ is not what the schema makes now: run `make "
                           f"client`. {len(differing)} files differ: {differing[:8]}")


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory) -> Path:
    """A fresh virtualenv with the committed package installed by pip: its python."""
    work = tmp_path_factory.mktemp("client")
    source = work / "source"
    shutil.copytree(COMMITTED, source, ignore=shutil.ignore_patterns(*LEFT_BEHIND))
    run([sys.executable, "-m", "venv", "--without-pip", work / "venv"])
    python = work / "venv" / "bin" / "python"
    (site_packages(python) / "project-venv.pth").write_text(f"{site_packages(sys.executable)}\n")
    run([python, "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation",
         source])
    return python


def test_pip_installs_the_package_into_a_fresh_venv_with_the_api_version(venv_python):
    # when the fresh venv's python imports the package, isolated from this checkout (-I)
    shown = run([venv_python, "-I", "-c", (
        "import importlib.metadata as m, scorekeeper_client as c; "
        "print(c.__file__); print(m.version('scorekeeper-client')); "
        "print(*m.requires('scorekeeper-client'))")])
    where, version, requires = shown.stdout.splitlines()

    # then it is the copy pip installed, versioned as the API it speaks, /v2
    assert Path(where).is_relative_to(site_packages(venv_python) / PACKAGE)
    assert version == VERSIONS["v2"] == "2.0.0"
    # and what it requires is there, in versions it takes
    assert sorted(re.match(r"[\w.-]+", line)[0] for line in requires.split()) == [
        "attrs", "httpx"]
    run([venv_python, "-m", "pip", "check"])


@pytest.fixture(scope="module")
def installed(venv_python):
    """The installed package's modules, imported from the fresh venv's site-packages."""
    with imported(site_packages(venv_python)) as modules:
        yield modules


@pytest.mark.parametrize("family", GAMES)
def test_the_installed_package_plays_a_game_of_each_family(family, installed, bob, live_server):
    # given bob, signed in with the package's sign-in call: a game of the family through its
    # typed models alone, each total and amount as docs/rules.md gives it
    GAMES[family](SignedIn(installed, live_server.url))
