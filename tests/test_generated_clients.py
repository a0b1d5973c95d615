"""Clients generated from the schema, made the way an outside integrator makes them (docs/api.md,
"Generated clients"), then used against the live server.

Python: openapi-python-client writes a package from /api/v2/schema/ (as `make client` does);
ruff's F rules must pass on it, every module must import, and the package plays a short Wiener
Rummy game through its typed models. TypeScript: openapi-typescript writes the types from
/api/v1/schema/, tsc typechecks them with the program tests/clients/game.ts (openapi-fetch), and
node runs that program: a game of each family, whose totals and money are checked here. So each
version is used through a generated client.

The tools come with `make test`: openapi-python-client from requirements.txt, the npm packages
from tests/clients/package-lock.json (`make clients`). A missing tool fails, it never skips.
"""

import hashlib
import json
import os
import shutil
import sys
import urllib.request
from pathlib import Path
from typing import get_args, get_type_hints

import pytest

from tests.client_games import (
    BOB,
    PACKAGE,
    SignedIn,
    imported,
    operation,
    play_wiener,
    run,
)

CLIENTS = Path(__file__).parent / "clients"
NODE_MODULES = CLIENTS / "node_modules"
VENV_BIN = Path(sys.executable).parent

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow


def fetch_schema(live_server, folder: Path, version: str) -> Path:
    """A version's schema as an integrator downloads it."""
    with urllib.request.urlopen(f"{live_server.url}/api/{version}/schema/?format=json") as answer:
        schema = json.load(answer)
    path = folder / "schema.json"
    path.write_text(json.dumps(schema))
    return path


def operation_ids(schema: Path) -> set[str]:
    """Every operation of the schema (a path item also holds its shared `parameters`)."""
    paths = json.loads(schema.read_text())["paths"]
    return {operation["operationId"] for item in paths.values() for operation in item.values()
            if isinstance(operation, dict)}


# --- Python: openapi-python-client ---------------------------------------------------------------


@pytest.fixture
def python_client(live_server, tmp_path):
    """The generated package, checked, with every module imported: the modules by name."""
    schema = fetch_schema(live_server, tmp_path, "v2")
    package = tmp_path / PACKAGE
    # The generator tidies its output with ruff (its post hooks), which must be on PATH;
    # --fail-on-warning: an operation or model it could not read is a failure.
    generator = VENV_BIN / "openapi-python-client"
    assert generator.exists(), "openapi-python-client is missing: `make install` installs it"
    run([generator, "generate", "--path", schema, "--output-path", package, "--meta", "none",
         "--fail-on-warning"],
        cwd=tmp_path, env={**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"})
    run([VENV_BIN / "ruff", "check", "--isolated", "--no-cache", "--select", "F", package])

    with imported(tmp_path) as modules:
        # scorekeeper_client.api.<tag>.<operationId>: one module for every operation
        operations = {name.split(".")[3] for name in modules
                      if name.startswith(f"{PACKAGE}.api.") and name.count(".") == 3}
        assert operations == operation_ids(schema)
        yield modules


def test_the_python_client_from_openapi_python_client_plays_a_wiener_game(python_client, bob,
                                                                          alice, live_server):
    # given bob, signed in with the generated sign-in call, playing a Wiener game of three
    # through its typed models (tests/client_games.py): rounds, game, ledger and settlement
    api = SignedIn(python_client, live_server.url)
    play_wiener(api)

    # and an export imports as it is: the typed document the export answers is the import's
    # body, with no conversion (docs/api.md, "Export, import and the club report"); alice
    # organises the club, so she may import
    m = api.models
    game, _ids = api.start("wiener", ["Anna", "Ben", "Cem"])
    document = api.call("games_export_retrieve", m.GameDocument, game_id=game.id)
    organiser = SignedIn(python_client, live_server.url, ("alice", "alice-secret-42"))
    copy = organiser.call("clubs_import_create", m.Game, club_id=game.club, body=document)
    assert copy.id != game.id
    # (typed so too: the import's body is declared as the export's model, not a twin of it)
    body = get_type_hints(operation(python_client, "clubs_import_create").sync_detailed)["body"]
    assert m.GameDocument in get_args(body)
    # and the copy's rules are the typed rules of its family, those of the original
    assert isinstance(copy.rules, m.KnockRules) and copy.rules == game.rules
    assert (copy.preset, copy.currency, [p.name for p in copy.players]) == (
        m.PresetEnum.WIENER, m.CurrencyEnum.EUR, ["Anna", "Ben", "Cem"])


# --- TypeScript: openapi-typescript, tsc and openapi-fetch ---------------------------------------

# Programs that passed tsc, by what they were made from: the second pass of `make test`
# (PostgreSQL) serves the same schema, so it runs the program tsc passed in the first
# instead of typechecking the same files again (some 30 s of CPU).
TYPECHECKED = CLIENTS / "out" / "typechecked"


def compiled_before(schema: Path, work: Path) -> Path:
    """Where the program compiled from this schema and these sources is kept."""
    digest = hashlib.sha256()
    for path in (schema, *(work / name for name in ("package.json", "tsconfig.json", "game.ts")),
                 CLIENTS / "package-lock.json"):
        digest.update(path.read_bytes())
    return TYPECHECKED / digest.hexdigest() / "game.js"



def test_the_typescript_types_from_openapi_typescript_typecheck_and_play_each_family(
        bob, live_server, tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is missing: `make clients` installs it"
    assert (NODE_MODULES / ".bin" / "tsc").exists(), (
        f"{NODE_MODULES} is missing: `make clients` installs it (npm ci)")

    # given the program in a work folder of its own, beside the npm packages
    work = tmp_path / "ts"
    work.mkdir()
    for name in ("package.json", "tsconfig.json", "game.ts"):
        shutil.copy(CLIENTS / name, work / name)
    (work / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)

    # when the types are generated from the schema (fields with a default may be left out of
    # a request body; openapi-typescript's default would make them required)
    schema = fetch_schema(live_server, tmp_path, "v1")  # /v1's lists: game.ts reads a bare array
    compiled = compiled_before(schema, work)
    if compiled.exists():
        (work / "out").mkdir()
        shutil.copy(compiled, work / "out" / "game.js")
    else:
        run([node, NODE_MODULES / "openapi-typescript" / "bin" / "cli.js", schema,
             "--default-non-nullable", "false", "--output", work / "generated" / "schema.d.ts"])
        # and tsc checks them with the program, strictly (the generated .d.ts included), then
        # writes out/game.js: noEmitOnError in tsconfig.json, so a type error stops here
        run([node, NODE_MODULES / "typescript" / "bin" / "tsc", "--project", work])
        compiled.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(work / "out" / "game.js", compiled)

    # then the program signs in and plays a game of each family through the generated types,
    # and every total, place and payment is the one docs/rules.md works out (the same games
    # as the Python client's, tests/client_games.py)
    played = json.loads(run([node, work / "out" / "game.js", live_server.url, *BOB]).stdout)

    # Wiener: Cem knocks with 2, then goes Rummy; the others write 10 more and are out at 101
    # and 112 (3.4); Cem takes the pot of 15.00 and each pays him 8.00 (5.3, 5.6)
    wiener = played["wiener"]
    assert wiener["first"] == [["Anna", 55, 55], ["Ben", 62, 62], ["Cem", 2, 2]]
    assert wiener["second"] == [True, "Cem"]
    assert wiener["final"] == ["finished", "Cem", "0.00"]
    assert wiener["standings"] == [
        ["Anna", 101, "out", 2, "-8.00"], ["Ben", 112, "out", 3, "-8.00"],
        ["Cem", 2, "in", 1, "16.00"]]
    assert wiener["ledger"] == [
        ["buy_in", None, "Anna", "pot", "5.00"], ["buy_in", None, "Ben", "pot", "5.00"],
        ["buy_in", None, "Cem", "pot", "5.00"],
        ["knock_premium", 1, "Anna", "Cem", "1.00"], ["knock_premium", 1, "Ben", "Cem", "1.00"],
        ["rummy_premium", 2, "Anna", "Cem", "2.00"], ["rummy_premium", 2, "Ben", "Cem", "2.00"],
        ["payout", None, "pot", "Cem", "15.00"]]
    assert wiener["settlement"] == [["Anna", "Cem", "8.00"], ["Ben", "Cem", "8.00"]]

    # Gin: the sheet of seed 004 at 0.10 a point (8.6, 8.8): B wins 263 to 69
    gin = played["gin"]
    assert gin["rounds"] == [["A", 17, False, False], ["B", 33, True, False],
                             ["A", 12, False, True], ["B", 42, True, False],
                             ["B", 28, False, False]]
    assert gin["final"] == ["finished", "B"]
    assert gin["players"] == [["A", 29, 2, 69, 2], ["B", 103, 3, 263, 1]]
    assert gin["settlement"] == [["A", "B", "19.40"]]

    # Basic Rummy: Anna goes out and scores 29 + 25 (9.4), then the game is closed
    basic = played["basic_rummy"]
    assert basic["results"] == [["Anna", 0, 54], ["Ben", 29, 0], ["Cem", 25, 0]]
    assert basic["final"] == ["finished", "Anna"]
    assert basic["standings"] == [
        ["Anna", 54, "in", 1, "5.40"], ["Ben", 0, "in", 2, "-2.90"],
        ["Cem", 0, "in", 2, "-2.50"]]
    assert basic["settlement"] == [["Ben", "Anna", "2.90"], ["Cem", "Anna", "2.50"]]

    # Rami: the round of 10.9 (a), then closed: the others pay Anna the difference (10.7)
    rami = played["rami"]
    assert rami["results"] == [["Anna", 75, 65, 0, 140], ["Ben", 45, 0, 0, 45],
                               ["Cem", 0, 0, 0, 0]]
    assert (rami["finish"], rami["final"]) == ("none", ["finished", "Anna"])
    assert rami["standings"] == [
        ["Anna", 140, "in", 1, "23.50"], ["Ben", 45, "in", 2, "-9.50"],
        ["Cem", 0, "in", 3, "-14.00"]]
    assert rami["settlement"] == [["Ben", "Anna", "9.50"], ["Cem", "Anna", "14.00"]]
