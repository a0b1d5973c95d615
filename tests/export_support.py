"""What the export, import and report tests share (tests/test_exports.py,
tests/test_import_refusals.py, tests/test_report.py): the games to export, the row counts
that show an import wrote nothing, and a game as the API shows it with ids replaced by
names, to compare a copy with its original."""

from django.apps import apps

from scorekeeper.models import (
    Club,
    Game,
    GameImport,
    Hand,
    Membership,
    Player,
    Rebuy,
    Round,
    Seat,
    TableSession,
)
from tests.api_table import API, Table
from tests.db_rows import row_counts

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
THREE = ["Anna", "Ben", "Cem"]
EMIL_CARDS = "KS QH 9D 8C 2S 3H 4D 5C 6S 7H"  # no meld: 64 points

# Every table an import writes to; the ledger's tables are the ledger app's models.
MODELS = (Club, Player, TableSession, Game, Seat, Round, Hand, Rebuy, GameImport,
          *apps.get_app_config("ledger").get_models())


def counts() -> dict:
    return row_counts(MODELS)


def organised_by_alice(other_club, alice) -> Club:
    """Mallory's club, where alice organises too: the target of the imports."""
    Membership.objects.create(club=other_club, user=alice, role=Membership.Role.ORGANISER)
    return other_club


# --- The games to export --------------------------------------------------------------------


def corrected_game(client, club) -> Table:
    """Wiener of five to the end: Emil re-buys, round 2 is corrected after round 3 (premiums
    reversed and paid again), Emil's last hand is entered as cards; Anna wins 70/30."""
    table = Table.start(client, FIVE, rules={"buy_in": "5.01", "rebuy_cost": "5.00"},
                        club=club.pk)
    table.knock("Anna", Anna=5, Ben=101, Cem=20, Dora=40, Emil=85)
    table.rebuy("Emil")
    table.knock("Anna", Anna=3, Cem=85, Dora=10, Emil=30)
    table.knock("Emil", Anna=20, Dora=60, Emil=2)
    corrected = table.correct(2, "Dora", Anna=13, Cem=85, Dora=2, Emil=30, reason="Dora knocked")
    assert corrected.status_code == 200, corrected.json()
    table.refresh()
    table.check_books()
    response = table.post_round("Anna", hands=[
        {"player": table.ids["Anna"], "deadwood": 4},
        {"player": table.ids["Emil"], "cards": EMIL_CARDS.split()},
    ])
    assert response.status_code == 201, response.json()
    table.refresh()
    table.check_books()
    assert table.game["status"] == "finished"
    assert any(entry["reverses"] for entry in table.ledger())
    return table


def carried_session(client, club) -> tuple[dict, Table, Table]:
    """An evening of two Rommé games: the first carries its pot (and kitty) over, the second
    takes it, has a correction and is won by Anna."""
    session = client.post(f"{API}/sessions/", {"name": "Freitagabend", "club": club.pk},
                          format="json").json()
    first = Table.start(client, THREE, preset="romme", session=session["id"],
                        rules={"dead_play_on": True, "rummy_kitty": True}, club=club.pk)
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    first.knock("Ben", Anna=96, Ben=3, Cem=81)
    assert first.game["status"] == "carried_over"
    second = Table.start(client, THREE, preset="romme", session=session["id"], club=club.pk)
    assert second.game["carried_in"] == "20.00"
    second.knock("Ben", Anna=30, Ben=2, Cem=12)
    corrected = second.correct(1, "Cem", Anna=30, Ben=12, Cem=2, reason="Cem knocked")
    assert corrected.status_code == 200, corrected.json()
    second.refresh()
    second.knock("Anna", Anna=0, Ben=101, Cem=101)
    assert second.game["status"] == "finished"
    return session, first, second


# --- Comparing two copies through the API, ids replaced by names -------------------------------

PLAYER_FIELDS = {"player", "players", "ender", "dealer", "winner", "next_dealer", "from", "to"}


def by_names(value, names: dict[int, str], key: str | None = None):
    """The API's answer with every player id (and "player:<id>" key) replaced by the name."""
    if isinstance(value, dict):
        return {by_names(k, names, "key"): by_names(v, names, k) for k, v in value.items()}
    if isinstance(value, list):
        return [by_names(item, names, key) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and (
        key in PLAYER_FIELDS or key == "out"
    ):
        return names[value]
    if isinstance(value, str) and value.startswith("player:"):
        return "player:" + names[int(value.removeprefix("player:"))]
    return value


def seen(client, game_id: int) -> dict:
    """Everything the API says about a game, without ids: object, rounds, ledger, money."""
    url = f"{API}/games/{game_id}/"
    game = client.get(url).json()
    names = {player["id"]: player["name"] for player in game["players"]}
    for player in game["players"]:
        player["id"] = player["name"]
    for key in ("id", "club", "session"):
        game.pop(key)
    ledger = client.get(f"{url}ledger/").json()
    seq = {entry["seq"]: index for index, entry in enumerate(ledger, start=1)}
    for entry in ledger:
        entry["seq"] = seq[entry["seq"]]
        entry["reverses"] = seq.get(entry["reverses"])
    return by_names({
        "game": game,
        "rounds": client.get(f"{url}rounds/").json(),
        "ledger": ledger,
        "settlement": client.get(f"{url}settlement/").json(),
        "verify": client.get(f"{url}verify/").json(),
    }, names)


def seen_session(client, session_id: int) -> dict:
    session = client.get(f"{API}/sessions/{session_id}/").json()
    names = {}
    for game in session["games"]:
        players = client.get(f"{API}/games/{game['id']}/").json()["players"]
        names.update({player["id"]: player["name"] for player in players})
    return by_names({
        "name": session["name"],
        "games": [(g["name"], g["preset"], g["status"], g["version"]) for g in session["games"]],
        "carried_pot": session["carried_pot"],
        "net": sorted(session["net"], key=lambda line: names[line["player"]]),
        "transfers": session["transfers"],
    }, names) | {"each": [seen(client, g["id"]) for g in session["games"]]}



def named(part: dict) -> dict:
    """A document's game with its ledger's player keys as names and without its ids."""
    names = {seat["id"]: seat["player"] for seat in part["seats"]}
    return by_names({key: value for key, value in part.items() if key != "id"}
                    | {"seats": [(seat["number"], seat["player"]) for seat in part["seats"]]},
                    names)


def finish_quickly(client, players, club, **extra) -> Table:
    table = Table.start(client, players, club=club.pk, **extra)
    table.knock(players[0], **{players[0]: 0}, **{name: 101 for name in players[1:]})
    assert table.game["status"] == "finished"
    return table
