"""A game at the table, driven through the REST API only (tests/test_*_api.py).

Players are named, rounds are entered by deadwood per name, and after every
write the books are checked against docs/rules.md 5 through the API itself.
"""

from collections import defaultdict
from decimal import Decimal

API = "/api/v1"


def minor(amount: str) -> int:
    """ "17.50" -> 1750 (the API's money is decimal text)."""
    return int(Decimal(amount) * 100)


def balances_of(ledger: list[dict]) -> dict[str, int]:
    """Each account's balance from ledger entries: received minus paid, in minor units."""
    balances = defaultdict(int)
    for entry in ledger:
        balances[entry["from"]] -= minor(entry["amount"])
        balances[entry["to"]] += minor(entry["amount"])
    return dict(balances)


def errors(response) -> list[tuple]:
    """An error answer as (field, code, message) triples."""
    return [(e["field"], e["code"], e["message"]) for e in response.json()["errors"]]


def start(client, players, preset="wiener", *, status=201, **extra):
    """POST /games/ with the players in seat order; returns the response."""
    response = client.post(
        f"{API}/games/", {"name": "Freitag", "preset": preset, "players": players, **extra},
        format="json",
    )
    assert response.status_code == status, response.json()
    return response


class Table:
    """One game: its id, its players' ids by name, and the moves of the table."""

    def __init__(self, client, game: dict):
        self.client = client
        self.game = game
        self.id = game["id"]
        self.url = f"{API}/games/{self.id}/"
        self.ids = {player["name"]: player["id"] for player in game["players"]}
        self.names = {pid: name for name, pid in self.ids.items()}

    @classmethod
    def start(cls, client, players, preset="wiener", **extra) -> "Table":
        table = cls(client, start(client, players, preset, **extra).json())
        table.check_books()
        return table

    # -- writes ------------------------------------------------------------------------

    def hands(self, **deadwood) -> list[dict]:
        return [{"player": self.ids[name], "deadwood": value} for name, value in deadwood.items()]

    def post_round(self, ender, *, number=None, hands=None, headers=None, **deadwood):
        """POST the next round (or round `number`): the ender's name, deadwood by name."""
        body = {
            "number": self.game["next_round"] if number is None else number,
            "ender": self.ids.get(ender, ender),
            "hands": self.hands(**deadwood) if hands is None else hands,
        }
        return self.client.post(f"{self.url}rounds/", body, format="json", headers=headers or {})

    def knock(self, ender, **deadwood) -> dict:
        """A round that must be accepted; the books are checked right after it."""
        response = self.post_round(ender, **deadwood)
        assert response.status_code == 201, response.json()
        body = response.json()
        self.game = body["game"]
        self.check_books()
        return body

    def rebuy(self, name, *, status=201):
        response = self.client.post(f"{self.url}rebuys/", {"player": self.ids[name]},
                                    format="json")
        assert response.status_code == status, response.json()
        if status == 201:
            self.game = response.json()
            self.check_books()
        return response

    def correct(self, number, ender, *, version=None, reason="", **deadwood):
        """PUT a corrected round with If-Match (the current version unless given)."""
        version = self.game["version"] if version is None else version
        return self.client.put(
            f"{self.url}rounds/{number}/",
            {"ender": self.ids[ender], "hands": self.hands(**deadwood), "reason": reason},
            format="json", headers={"If-Match": f'"{version}"'},
        )

    # -- reads -------------------------------------------------------------------------

    def get(self, path="") -> dict | list:
        response = self.client.get(f"{self.url}{path}")
        assert response.status_code == 200, response.json()
        return response.json()

    def refresh(self) -> dict:
        self.game = self.get()
        return self.game

    def ledger(self) -> list[dict]:
        return self.get("ledger/")

    def snapshot(self) -> tuple:
        """What a failed request must leave untouched: the game object and the ledger."""
        return self.get(), self.ledger()

    def by_name(self, field: str) -> dict:
        """A field of every player of the game object, by name: by_name("total")."""
        return {player["name"]: player[field] for player in self.game["players"]}

    def flows(self, ledger=None) -> list[tuple]:
        """The ledger as (kind, round, from, to, amount) with players by name."""
        return [
            (e["kind"], e["round"], self.account(e["from"]), self.account(e["to"]), e["amount"])
            for e in (self.ledger() if ledger is None else ledger)
        ]

    def account(self, key: str) -> str:
        if key.startswith("player:"):
            return self.names[int(key.removeprefix("player:"))]
        return key

    def check_books(self) -> None:
        """docs/rules.md 5, asked of the API: balances sum to zero, pot and kitty never negative,
        the ledger verifies against the facts and agrees with the game object."""
        ledger = self.ledger()
        verify = self.get("verify/")
        game = self.refresh()
        balances = balances_of(ledger)

        assert sum(balances.values()) == 0
        assert balances.get("pot", 0) >= 0
        assert balances.get("kitty", 0) >= 0
        assert (verify["verified"], verify["differences"]) == (True, [])
        assert {key: minor(amount) for key, amount in verify["balances"].items()} == balances
        assert (minor(game["pot"]), minor(game["kitty"])) == (
            balances.get("pot", 0), balances.get("kitty", 0))
        assert {p["id"]: minor(p["balance"]) for p in game["players"]} == {
            p["id"]: balances.get(f"player:{p['id']}", 0) for p in game["players"]}
        assert len({e["seq"] for e in ledger}) == len(ledger)
        assert all(minor(e["amount"]) > 0 for e in ledger)
        if game["status"] == "finished" and minor(game["carried_in"]) == 0:
            assert (game["pot"], game["kitty"]) == ("0.00", "0.00")
            assert sum(minor(p["balance"]) for p in game["players"]) == 0
