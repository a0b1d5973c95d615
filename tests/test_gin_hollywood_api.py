"""Hollywood Gin through the REST API (docs/api.md, "Gin variants"; docs/rules.md 8.12):
`rules.hollywood` on a two-player Gin game, the game object's `games`, each game's money in
the ledger, its refusals, a correction and an export. The books are checked after every
accepted write (api_table)."""

import io

from django.core.management import call_command

from tests.api_table import API, Table, errors


def hollywood(client, **rules) -> Table:
    return Table.start(client, ["A", "B"], preset="gin", rules={"hollywood": True, **rules})


def games(table) -> list[tuple]:
    """Each game as (number, totals, boxes, finals, winner by name)."""
    return [(g["number"], g["totals"], g["boxes"], g["finals"],
             table.names.get(g["winner"])) for g in table.game["games"]]


def test_a_hollywood_game_shows_three_empty_games_and_a_plain_one_none(as_alice):
    table = hollywood(as_alice)
    plain = Table.start(as_alice, ["C", "D"], preset="gin")

    assert table.game["rules"]["hollywood"] is True
    assert games(table) == [(n, [0, 0], [0, 0], None, None) for n in (1, 2, 3)]
    assert plain.game["rules"]["hollywood"] is False
    assert plain.game["games"] == []


def test_the_rounds_are_written_into_the_games_and_each_game_pays_when_it_ends(as_alice):
    # given a Hollywood game at 0.10 a point
    table = hollywood(as_alice, stake_per_point="0.10")

    # when A goes gin against 80 (100: A's 1st win, game 1, which ends), B knocks with 2
    # against 12 (10: B's 1st win, game 1 only, over: nowhere), A knocks 2 against 12 (10:
    # A's 2nd win, games 1 and 2: game 2 only is open)
    table.knock("A", A=0, B=80)
    table.knock("B", A=12, B=2)
    table.knock("A", A=2, B=12)

    # then game 1 is over, 100 + 100 + 20 = 220 against 0; game 2 stands at 10 to 0
    assert games(table) == [
        (1, [100, 0], [1, 0], [220, 0], "A"),
        (2, [10, 0], [1, 0], None, None),
        (3, [0, 0], [0, 0], None, None),
    ]
    assert table.game["status"] == "running" and table.game["winner"] is None
    # and game 1's stake was paid in round 1: 220 x 0.10 = 22.00
    assert table.flows() == [("point_settlement", 1, "B", "A", "22.00")]


def test_the_match_ends_with_its_third_game_and_the_ledger_verifies(as_alice):
    table = hollywood(as_alice, stake_per_point="0.10")

    # A 50 (knocks 10 against 60: game 1); A 60 (gin against 40: games 1 at 110, over, and
    # 2 at 60); A 100 (gin against 80: games 2 at 160 and 3 at 100, both over)
    table.knock("A", A=10, B=60)
    table.knock("A", A=0, B=40)
    table.knock("A", A=0, B=80)

    # game 1: 110 + 100 + 2 x 20 = 250; game 2: 160 + 100 + 40 = 300; game 3: 220
    assert [(g[3], g[4]) for g in games(table)] == [
        ([250, 0], "A"), ([300, 0], "A"), ([220, 0], "A")]
    assert table.game["status"] == "finished"
    assert table.names[table.game["winner"]] == "A"
    # the match's finals add the three games up: 770 against 0
    assert table.by_name("final") == {"A": 770, "B": 0}
    # each game paid on its own: 25.00 in round 2, 30.00 and 22.00 in round 3
    assert sorted(table.flows()) == [
        ("point_settlement", 2, "B", "A", "25.00"),
        ("point_settlement", 3, "B", "A", "22.00"),
        ("point_settlement", 3, "B", "A", "30.00"),
    ]
    assert table.by_name("balance") == {"A": "77.00", "B": "-77.00"}
    out = io.StringIO()
    call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert out.getvalue().strip() == "1 games checked, 0 with differences."


def test_a_correction_rewrites_the_games_and_their_money(as_alice):
    table = hollywood(as_alice, stake_per_point="0.10")
    table.knock("A", A=0, B=80)  # game 1 over: 22.00 from B
    table.knock("A", A=5, B=15)  # A's 2nd win: game 2 at 10

    # when round 1 is corrected to B's gin against 80: B's 1st win, game 1 at 100, over
    corrected = table.correct(1, "B", A=80, B=0, reason="B went gin")
    assert corrected.status_code == 200, corrected.json()
    table.refresh()
    table.check_books()

    # then round 2 is A's 1st win, in game 1, which has ended: written nowhere
    assert games(table)[:2] == [(1, [0, 100], [0, 1], [0, 220], "B"),
                                (2, [0, 0], [0, 0], None, None)]
    # and the money turned round: A's 22.00 reversed, B's 22.00 booked
    assert table.by_name("balance") == {"A": "-22.00", "B": "22.00"}


def test_hollywood_is_refused_with_a_tournament_a_ring_game_or_three_players(as_alice):
    def start(players, **rules):
        return as_alice.post(f"{API}/games/", {
            "preset": "gin", "players": players, "rules": {"hollywood": True, **rules}},
            format="json")

    tournament = start(["A", "B", "C"], tournament=True)
    ring = start(["A", "B"], rounds_to_play=2)
    three = start(["A", "B", "C"])
    not_boolean = start(["A", "B"], hollywood="yes")

    assert (tournament.status_code, errors(tournament)) == (400, [(
        "rules.hollywood", "out_of_range",
        "Hollywood Gin is one match of two players, not a tournament: set hollywood or "
        "tournament, not both")])
    assert (ring.status_code, errors(ring)) == (400, [(
        "rules.hollywood", "out_of_range",
        "Hollywood Gin plays its three games to the game target: leave rounds_to_play at 0")])
    assert (three.status_code, errors(three)) == (400, [(
        "players", "invalid_rule", "Gin Rummy is played by 2 players; 3 are seated")])
    assert not_boolean.status_code == 400
    assert [field for field, _code, _message in errors(not_boolean)] == ["rules.hollywood"]
    assert as_alice.get(f"{API}/games/").json()["count"] == 0


def test_a_hollywood_game_round_trips_through_export(as_alice, other_club, alice):
    from tests.export_support import organised_by_alice, seen

    # given a Hollywood game with a void round, one game over and two running
    table = hollywood(as_alice, stake_per_point="0.10", shutout=True)
    table.knock("A", A=0, B=80)
    response = as_alice.post(f"{table.url}rounds/", {
        "number": table.game["next_round"], "void": True}, format="json")
    assert response.status_code == 201, response.json()
    table.game = response.json()["game"]
    table.knock("B", A=30, B=0)
    table.knock("B", A=25, B=5)
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the copy is the same game, its three games and its money included
    assert document["game"]["rules"]["hollywood"] is True
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    # game 1 a shutout: (100 + 100 + 20) x 2 = 440; B's 50 (gin against 30) went nowhere,
    # B's 20 (knock 5 against 25) into games 1 (over) and 2
    assert [g["finals"] for g in before["game"]["games"]] == [[440, 0], None, None]
    assert [g["totals"] for g in before["game"]["games"]] == [[100, 0], [0, 20], [0, 0]]
