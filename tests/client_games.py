"""Playing through a Python client generated from the schema by openapi-python-client
(tests/test_generated_clients.py, tests/test_python_client_package.py): its modules imported
from a folder, its operations called by operationId, and a game of each family whose totals
and money are those of docs/rules.md.

Only the client is used: typed models in, typed models out, no hand-written request, no
`Unset` or cast to work around the types.
"""

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from importlib import import_module, invalidate_caches
from pathlib import Path
from pkgutil import walk_packages
from types import ModuleType
from urllib.parse import parse_qs, urlsplit

PACKAGE = "scorekeeper_client"
BOB = ("bob", "bob-secret-42")  # tests/conftest.py: bob keeps score in Ottakring


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    """Run a tool; a failure shows what it printed."""
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True,
                          timeout=120, **kwargs)  # fmt: skip
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done


@contextmanager
def imported(folder: Path) -> Iterator[dict[str, ModuleType]]:
    """Every module of the client package in `folder`, by name. Forgotten afterwards, so
    that the next test imports its own copy of the package, not this one."""
    sys.path.insert(0, str(folder))
    invalidate_caches()
    try:
        root = import_module(PACKAGE)
        assert Path(root.__file__).is_relative_to(folder), f"{PACKAGE} came from {root.__file__}"
        modules = {PACKAGE: root}
        for found in walk_packages(root.__path__, prefix=f"{PACKAGE}."):
            modules[found.name] = import_module(found.name)
        yield modules
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.partition(".")[0] == PACKAGE]:
            del sys.modules[name]


def operation(modules: dict, operation_id: str) -> ModuleType:
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


class SignedIn:
    """The client signed in with its own sign-in call, sending the token as Bearer."""

    def __init__(self, modules: dict, base_url: str, user: tuple[str, str] = BOB):
        self.modules = modules
        self.models = modules[f"{PACKAGE}.models"]
        client = modules[PACKAGE]
        anonymous = client.Client(base_url=base_url, raise_on_unexpected_status=True)
        token = self.call("auth_token_create", self.models.NewToken, client=anonymous,
                          body=self.models.TokenInputRequest(username=user[0], password=user[1]))
        self.client = client.AuthenticatedClient(base_url=base_url, token=token.token,
                                                 raise_on_unexpected_status=True)

    def call(self, operation_id: str, model, **kwargs):
        """An operation's typed answer (2xx, an instance of `model`), as this user."""
        if "client" not in kwargs:
            kwargs["client"] = self.client
        return parsed(operation(self.modules, operation_id).sync_detailed(**kwargs), model)

    def every(self, operation_id: str, page_model, **kwargs) -> list:
        """A whole list, read page by page as a client follows `next` (three items a page,
        so that even a short game's ledger takes several)."""
        items, page = [], 1
        while page:
            answer = self.call(operation_id, page_model, page=page, page_size=3, **kwargs)
            items += answer.results
            page = int(parse_qs(urlsplit(answer.next_).query)["page"][0]) if answer.next_ else None
        assert len(items) == answer.count
        return items

    def start(self, preset: str, players: list[str], rules=None):
        """A new game of the preset (with RuleOverrides, if given): the Game, ids by name."""
        m = self.models
        overrides = {"rules": rules} if rules else {}
        game = self.call("games_create", m.Game, body=m.GameInputRequest(
            players=players, name="Dienstag", preset=m.PresetEnum(preset), **overrides))
        return game, {player.name: player.id for player in game.players}

    def enter(self, game_id: int, body):
        """A round entered (with an idempotency key, as a careful client sends it)."""
        return self.call("games_rounds_create", self.models.RoundWithGame, game_id=game_id,
                         body=body, idempotency_key=f"game-{game_id}-round-{body.number}")

    def settlement(self, game_id: int, names: dict[int, str]) -> list[tuple]:
        """The final settlement's transfers as (from, to, amount) by name."""
        settlement = self.call("games_settlement_retrieve", self.models.Settlement,
                               game_id=game_id)
        assert settlement.final is True
        return [(names[t.from_], names[t.to], t.amount) for t in settlement.transfers]


def standings(game) -> list[tuple]:
    """Each player as (name, total, state, place, balance)."""
    return [(p.name, p.total, str(p.state), p.place, p.balance) for p in game.players]


def play_wiener(api: SignedIn) -> None:
    """Wiener Rummy for three (buy-in 5.00 each): Cem knocks, then goes Rummy and wins."""
    m = api.models
    game, ids = api.start("wiener", ["Anna", "Ben", "Cem"])
    accounts = {f"player:{pid}": name for name, pid in ids.items()}  # the ledger's names

    def knock(number, ender, **deadwood):
        return api.enter(game.id, m.KnockRoundInputRequest(number=number, ender=ids[ender], hands=[
            m.HandInputRequest(player=ids[name], deadwood=value)
            for name, value in deadwood.items()]))

    # when Cem knocks with 2 (Anna 55, Ben 62), then goes Rummy (Anna 36, Ben 40): in Wiener
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
    final = api.call("games_retrieve", m.Game, game_id=game.id)
    assert (final.status, final.winner, final.pot, final.next_dealer) == (
        m.GameStatusEnum.FINISHED, ids["Cem"], "0.00", None)
    assert standings(final) == [
        ("Anna", 101, "out", 2, "-8.00"), ("Ben", 112, "out", 3, "-8.00"),
        ("Cem", 2, "in", 1, "16.00")]
    assert [(p.player, p.amount) for p in final.payouts] == [(ids["Cem"], "15.00")]

    # and every transfer is in the ledger: buy-ins, 1.00 a knock and 2.00 a Rummy from each
    # other player (3.5), then the payout
    ledger = api.every("games_ledger_list", m.PaginatedLedgerEntryList, game_id=game.id)
    assert all(isinstance(entry, m.LedgerEntry) for entry in ledger)
    assert all(isinstance(entry.created_at, datetime) for entry in ledger)
    assert [(str(e.kind), e.round_, accounts.get(e.from_, e.from_), accounts.get(e.to, e.to),
             e.amount)
            for e in ledger] == [
        ("buy_in", None, "Anna", "pot", "5.00"), ("buy_in", None, "Ben", "pot", "5.00"),
        ("buy_in", None, "Cem", "pot", "5.00"),
        ("knock_premium", 1, "Anna", "Cem", "1.00"), ("knock_premium", 1, "Ben", "Cem", "1.00"),
        ("rummy_premium", 2, "Anna", "Cem", "2.00"), ("rummy_premium", 2, "Ben", "Cem", "2.00"),
        ("payout", None, "pot", "Cem", "15.00"),
    ]

    # and the settlement is final: Anna and Ben each pay Cem 8.00 (5.6)
    names = {pid: name for name, pid in ids.items()}
    assert api.settlement(game.id, names) == [("Anna", "Cem", "8.00"), ("Ben", "Cem", "8.00")]


def play_gin(api: SignedIn) -> None:
    """Gin Rummy, the worked sheet of seed 004 at 0.10 a point (docs/rules.md 8.6, 8.8)."""
    m = api.models
    game, ids = api.start("gin", ["A", "B"], m.RuleOverrides(stake_per_point="0.10"))
    names = {pid: name for name, pid in ids.items()}

    # when the five rounds of the sheet are entered: (knocker, A's and B's deadwood, the
    # defender's after laying off)
    sheet = [("A", 6, 23), ("B", 13, 0), ("B", 6, 8), ("B", 22, 0), ("B", 30, 2)]
    rounds = [api.enter(game.id, m.GinRoundInputRequest(number=number, ender=ids[knocker], hands=[
        m.HandInputRequest(player=ids["A"], deadwood=a),
        m.HandInputRequest(player=ids["B"], deadwood=b)]))
        for number, (knocker, a, b) in enumerate(sheet, start=1)]

    # then A scores 17, B 33 with gin, A 12 by an undercut, B 42 with gin and B 28 (8.6)
    assert [(names[r.winner], r.points, r.gin, r.undercut) for r in rounds] == [
        ("A", 17, False, False), ("B", 33, True, False), ("A", 12, False, True),
        ("B", 42, True, False), ("B", 28, False, False)]

    # and B passes 100 in round 5: the final accounts are total + boxes + the game bonus,
    # A 29 + 2 x 20 = 69 and B 103 + 3 x 20 + 100 = 263, and B wins the match
    final = rounds[-1].game
    assert (final.status, names[final.winner]) == (m.GameStatusEnum.FINISHED, "B")
    assert [(p.name, p.total, p.boxes, p.final, p.place) for p in final.players] == [
        ("A", 29, 2, 69, 2), ("B", 103, 3, 263, 1)]
    # and A pays B 0.10 x (263 - 69) = 19.40
    assert api.settlement(game.id, names) == [("A", "B", "19.40")]


def play_basic_rummy(api: SignedIn) -> None:
    """Basic Rummy for three, the worked example of docs/rules.md 9.4, then closed by hand."""
    m = api.models
    game, ids = api.start("basic", ["Anna", "Ben", "Cem"])
    names = {pid: name for name, pid in ids.items()}

    # when Anna goes out, Ben's cards entered as a list and Cem's as one text
    first = api.enter(game.id, m.BasicRoundInputRequest(number=1, ender=ids["Anna"], hands=[
        m.BasicHandInputRequest(player=ids["Ben"], cards=["KS", "QH", "7D", "2C"]),
        m.BasicHandInputRequest(player=ids["Cem"], cards="AS 5H 5D 5C 9S")]))

    # then she scores both hands, 29 + 25 (Cem's three fives count: never laid)
    assert [(names[r.player], r.deadwood, r.points) for r in first.results] == [
        ("Anna", 0, 54), ("Ben", 29, 0), ("Cem", 25, 0)]

    # when the game is closed by hand, the highest total wins (9.3)
    closed = api.call("games_close_create", m.Game, game_id=game.id)
    assert (closed.status, names[closed.winner]) == (m.GameStatusEnum.FINISHED, "Anna")
    # and each paid her at 0.10 a point in the round itself: 2.90 and 2.50
    assert standings(closed) == [
        ("Anna", 54, "in", 1, "5.40"), ("Ben", 0, "in", 2, "-2.90"),
        ("Cem", 0, "in", 2, "-2.50")]
    assert api.settlement(game.id, names) == [("Ben", "Anna", "2.90"), ("Cem", "Anna", "2.50")]


def play_rami(api: SignedIn) -> None:
    """Rami's normal mode at 0.10 a point: the round of docs/rules.md 10.9 (a), then closed."""
    m = api.models
    game, ids = api.start("rami", ["Anna", "Ben", "Cem"], m.RuleOverrides(point_value="0.10"))
    names = {pid: name for name, pid in ids.items()}

    # when Anna finishes with three melds, Ben laid two and holds three cards, and Cem laid
    # nothing and holds four
    first = api.enter(game.id, m.RamiRoundInputRequest(
        number=1, ender=ids["Anna"], finish=m.FinishEnum.NONE, hands=[
            m.RamiHandInputRequest(player=ids["Anna"], laid_melds=[
                ["QH", "KH", "AH"], ["7C", "8C", "9C"], "JK 10D JD"]),
            m.RamiHandInputRequest(player=ids["Ben"], laid_melds=[
                ["5S", "5H", "5D"], ["10S", "JS", "QS"]], cards="KC 3D JK"),
            m.RamiHandInputRequest(player=ids["Cem"], laid=0, cards=["AS", "2C", "9H", "9S"])]))

    # then Anna scores her 75 laid and the others' hands, 35 + 30; Ben his 45 laid; Cem 0
    assert [(names[r.player], r.laid, r.hand, r.bonus, r.points) for r in first.results] == [
        ("Anna", 75, 65, 0, 140), ("Ben", 45, 0, 0, 45), ("Cem", 0, 0, 0, 0)]
    assert first.finish == "none"

    # when the game is closed by hand, Anna leads and each other player pays her the
    # difference: Ben (140 - 45) x 0.10 = 9.50, Cem 140 x 0.10 = 14.00 (10.7)
    closed = api.call("games_close_create", m.Game, game_id=game.id)
    assert (closed.status, names[closed.winner]) == (m.GameStatusEnum.FINISHED, "Anna")
    assert standings(closed) == [
        ("Anna", 140, "in", 1, "23.50"), ("Ben", 45, "in", 2, "-9.50"),
        ("Cem", 0, "in", 3, "-14.00")]
    assert api.settlement(game.id, names) == [("Ben", "Anna", "9.50"), ("Cem", "Anna", "14.00")]


GAMES = {"wiener": play_wiener, "gin": play_gin, "basic_rummy": play_basic_rummy,
         "rami": play_rami}
