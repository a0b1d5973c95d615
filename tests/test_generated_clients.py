"""Clients generated from the schema, made the way an outside integrator makes them (docs/api.md,
"Generated clients"), then used against the live server.

Python: openapi-python-client writes a package from /api/v1/schema/; ruff's F rules must pass on
it, every module must import, and the package plays a short Wiener Rummy game through its typed
models. TypeScript: openapi-typescript writes the types, tsc typechecks them with the program
tests/clients/game.ts (openapi-fetch), and node runs that program for a round.

The tools come with `make test`: openapi-python-client from requirements.txt, the npm packages
from tests/clients/package-lock.json (`make clients`). A missing tool fails, it never skips.
"""

import hashlib
import importlib
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import urllib.request
from datetime import datetime
from pathlib import Path

import pytest

CLIENTS = Path(__file__).parent / "clients"
NODE_MODULES = CLIENTS / "node_modules"
VENV_BIN = Path(sys.executable).parent
PACKAGE = "scorekeeper_client"
BOB = ("bob", "bob-secret-42")  # tests/conftest.py: bob keeps score in Ottakring

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    """Run a tool; a failure shows what it printed."""
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True,
                          timeout=120, **kwargs)  # fmt: skip
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done


def fetch_schema(live_server, folder: Path) -> Path:
    """The schema as an integrator downloads it."""
    with urllib.request.urlopen(f"{live_server.url}/api/v1/schema/?format=json") as answer:
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
def python_client(live_server, tmp_path, monkeypatch):
    """The generated package, checked, with every module imported: the modules by name."""
    schema = fetch_schema(live_server, tmp_path)
    package = tmp_path / PACKAGE
    # The generator tidies its output with ruff (its post hooks), which must be on PATH;
    # --fail-on-warning: an operation or model it could not read is a failure.
    generator = VENV_BIN / "openapi-python-client"
    assert generator.exists(), "openapi-python-client is missing: `make install` installs it"
    run([generator, "generate", "--path", schema, "--output-path", package, "--meta", "none",
         "--fail-on-warning"],
        cwd=tmp_path, env={**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"})
    run([VENV_BIN / "ruff", "check", "--isolated", "--no-cache", "--select", "F", package])

    monkeypatch.syspath_prepend(tmp_path)
    try:
        root = importlib.import_module(PACKAGE)
        modules = {PACKAGE: root}
        for found in pkgutil.walk_packages(root.__path__, prefix=f"{PACKAGE}."):
            modules[found.name] = importlib.import_module(found.name)
        # scorekeeper_client.api.<tag>.<operationId>: one module for every operation
        operations = {name.split(".")[3] for name in modules
                      if name.startswith(f"{PACKAGE}.api.") and name.count(".") == 3}
        assert operations == operation_ids(schema)
        yield modules
    finally:
        for name in [name for name in sys.modules if name.partition(".")[0] == PACKAGE]:
            del sys.modules[name]


def operation(modules: dict, operation_id: str):
    """The generated module of an operation (they are grouped by tag: api/<tag>/<id>.py)."""
    found = [module for name, module in modules.items()
             if name.startswith(f"{PACKAGE}.api.") and name.endswith(f".{operation_id}")]
    assert len(found) == 1, f"no operation {operation_id} in the generated client"
    return found[0]


def parsed(response, model):
    """The typed result of a sync_detailed call, after checking its status."""
    assert 200 <= response.status_code < 300, response.content
    assert isinstance(response.parsed, model), response.parsed
    return response.parsed


def test_the_python_client_from_openapi_python_client_plays_a_wiener_game(python_client, bob,
                                                                          live_server):
    modules = python_client
    client, models = modules[PACKAGE], modules[f"{PACKAGE}.models"]

    def call(operation_id, **kwargs):
        return operation(modules, operation_id).sync_detailed(**kwargs)

    # given bob, signed in with the generated sign-in call and sending the token as Bearer
    anonymous = client.Client(base_url=live_server.url, raise_on_unexpected_status=True)
    token = parsed(call("auth_token_create", client=anonymous,
                        body=models.TokenInputRequest(username=BOB[0], password=BOB[1])),
                   models.NewToken)
    api = client.AuthenticatedClient(base_url=live_server.url, token=token.token,
                                     raise_on_unexpected_status=True)

    # when he starts a Wiener game of three (buy-in 5.00 each)
    game = parsed(call("games_create", client=api, body=models.GameInputRequest(
        players=["Anna", "Ben", "Cem"], name="Dienstag", preset=models.PresetEnum.WIENER)),
        models.Game)
    ids = {player.name: player.id for player in game.players}
    names = {f"player:{pid}": name for name, pid in ids.items()}

    def knock(number, ender, **deadwood):
        body = models.KnockRoundInputRequest(number=number, ender=ids[ender], hands=[
            models.HandInputRequest(player=ids[name], deadwood=value)
            for name, value in deadwood.items()])
        return parsed(call("games_rounds_create", client=api, game_id=game.id, body=body,
                           idempotency_key=f"dienstag-{game.id}-{number}"),
                      models.RoundWithGame)

    # and Cem knocks with 2 (Anna 55, Ben 62), then goes Rummy (Anna 36, Ben 40): in Wiener
    # the others also write 10 (docs/rules.md 3.4), which puts Anna at 101 and Ben at 112 out
    first = knock(1, "Cem", Anna=55, Ben=62, Cem=2)
    second = knock(2, "Cem", Anna=36, Ben=40, Cem=0)

    # then the rounds, read back as typed objects, say so
    assert [(r.player, r.points, r.total) for r in first.results] == [
        (ids["Anna"], 55, 55), (ids["Ben"], 62, 62), (ids["Cem"], 2, 2)]
    assert (second.rummy, second.winner, sorted(second.out)) == (
        True, ids["Cem"], sorted([ids["Anna"], ids["Ben"]]))
    assert [(r.player, r.points, r.total) for r in second.results] == [
        (ids["Anna"], 46, 101), (ids["Ben"], 50, 112), (ids["Cem"], 0, 2)]

    # and the game is over: Cem, the one still in, wins; Anna is 2nd on the lower total
    # (4.4), and with three players Cem takes the whole pot of 15.00 (5.3)
    final = parsed(call("games_retrieve", client=api, game_id=game.id), models.Game)
    assert (str(final.status), final.winner, final.pot, final.next_dealer) == (
        "finished", ids["Cem"], "0.00", None)
    assert [(p.name, p.total, str(p.state), p.place, p.balance) for p in final.players] == [
        ("Anna", 101, "out", 2, "-8.00"), ("Ben", 112, "out", 3, "-8.00"),
        ("Cem", 2, "in", 1, "16.00")]
    assert [(p.player, p.amount) for p in final.payouts] == [(ids["Cem"], "15.00")]

    # and every transfer is in the ledger: buy-ins, 1.00 a knock and 2.00 a Rummy from each
    # other player (3.5), then the payout
    ledger = parsed(call("games_ledger_list", client=api, game_id=game.id), list)
    assert all(isinstance(entry, models.LedgerEntry) for entry in ledger)
    assert all(isinstance(entry.created_at, datetime) for entry in ledger)
    assert [(str(e.kind), e.round_, names.get(e.from_, e.from_), names.get(e.to, e.to), e.amount)
            for e in ledger] == [
        ("buy_in", None, "Anna", "pot", "5.00"), ("buy_in", None, "Ben", "pot", "5.00"),
        ("buy_in", None, "Cem", "pot", "5.00"),
        ("knock_premium", 1, "Anna", "Cem", "1.00"), ("knock_premium", 1, "Ben", "Cem", "1.00"),
        ("rummy_premium", 2, "Anna", "Cem", "2.00"), ("rummy_premium", 2, "Ben", "Cem", "2.00"),
        ("payout", None, "pot", "Cem", "15.00"),
    ]

    # and the settlement is final: Anna and Ben each pay Cem 8.00 (5.6)
    settlement = parsed(call("games_settlement_retrieve", client=api, game_id=game.id),
                        models.Settlement)
    assert settlement.final is True
    assert [(n.player, n.amount) for n in settlement.net] == [
        (ids["Anna"], "-8.00"), (ids["Ben"], "-8.00"), (ids["Cem"], "16.00")]
    assert [(t.from_, t.to, t.amount) for t in settlement.transfers] == [
        (ids["Anna"], ids["Cem"], "8.00"), (ids["Ben"], ids["Cem"], "8.00")]


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



def test_the_typescript_types_from_openapi_typescript_typecheck_and_play_a_round(bob, live_server,
                                                                                 tmp_path):
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
    schema = fetch_schema(live_server, tmp_path)
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

    # then the program signs in, starts a game of three and enters a round in which Cem knocks
    # with 2, and its totals and ledger are right (docs/rules.md 3.4, 3.5 and 5.2)
    played = run([node, work / "out" / "game.js", live_server.url, *BOB])
    assert json.loads(played.stdout) == {
        "totals": {"Anna": 55, "Ben": 62, "Cem": 2},
        "pot": "15.00",
        "ledger": [
            ["buy_in", None, "Anna", "pot", "5.00"], ["buy_in", None, "Ben", "pot", "5.00"],
            ["buy_in", None, "Cem", "pot", "5.00"],
            ["knock_premium", 1, "Anna", "Cem", "1.00"], ["knock_premium", 1, "Ben", "Cem", "1.00"],
        ],
    }
