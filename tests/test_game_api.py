"""Games through the REST API (docs/api.md) alone: every preset and variant of docs/rules.md
3-6 end to end, every input error with its field, code and message, access across clubs, and the
query counts of the reads. After every accepted write the books are checked (api_table)."""

import pytest

from tests.api_table import API, Table, errors

FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
THREE = ["Anna", "Ben", "Cem"]


def offers(table, body) -> list[tuple]:
    """A round's re-buy offers as (name, target, cost)."""
    return [(table.names[o["player"]], o["target"], o["cost"]) for o in body["rebuy_offers"]]


def lines(table, body) -> list[tuple]:
    """A round's results as (name, deadwood, points, total)."""
    return [(table.names[r["player"]], r["deadwood"], r["points"], r["total"])
            for r in body["results"]]  # fmt: skip


# --- Wiener Rummy: a whole game -------------------------------------------------------------


def test_a_wiener_game_of_five_to_the_end_with_a_rebuy_and_a_70_30_split_of_an_odd_cent(
    as_alice,
):
    # given five at 5.01 each (a re-buy costs 5.00): the pot ends at 30.05, an odd cent
    table = Table.start(as_alice, FIVE, rules={"buy_in": "5.01", "rebuy_cost": "5.00"})
    assert (table.game["pot"], table.game["status"], table.game["next_round"]) == (
        "25.05", "running", 1)

    # when Ben goes out in round 1 and Emil, at 85, re-buys to the 40 of Dora
    first = table.knock("Anna", Anna=5, Ben=101, Cem=20, Dora=40, Emil=85)
    assert ([table.names[p] for p in first["out"]], offers(table, first)) == (
        ["Ben"], [("Emil", 40, "5.00")])
    table.rebuy("Emil")
    assert (table.by_name("total")["Emil"], table.by_name("rebought")["Emil"]) == (40, True)
    assert table.by_name("rebuy")["Emil"] == {
        "eligible": False, "target": None, "cost": None,
        "reason": "Emil has already re-bought; a re-buy is allowed once per game"}
    # and Cem, then Dora go out, and Anna beats Emil in round 4
    second = table.knock("Anna", Anna=3, Cem=85, Dora=10, Emil=30)
    third = table.knock("Emil", Anna=20, Dora=60, Emil=2)
    fourth = table.knock("Anna", Anna=4, Emil=40)

    # then Anna wins; the pot splits 70/30 and the tied half cent goes to the better place
    assert [(r["number"], table.names[r["dealer"]], table.names[r["winner"]],
             [table.names[p] for p in r["out"]]) for r in (first, second, third, fourth)] == [
        (1, "Anna", "Anna", ["Ben"]), (2, "Cem", "Anna", ["Cem"]),
        (3, "Dora", "Emil", ["Dora"]), (4, "Emil", "Anna", ["Emil"])]
    game = table.game
    assert (game["status"], table.names[game["winner"]], game["next_dealer"], game["pot"]) == (
        "finished", "Anna", None, "0.00")
    assert [(table.names[p["player"]], p["amount"]) for p in game["payouts"]] == [
        ("Anna", "21.04"), ("Emil", "9.01")]
    assert [(p["name"], p["total"], p["state"], p["place"], p["balance"])
            for p in game["players"]] == [
        ("Anna", 32, "in", 1, "23.03"), ("Ben", 101, "out", 5, "-6.01"),
        ("Cem", 105, "out", 4, "-7.01"), ("Dora", 110, "out", 3, "-8.01"),
        ("Emil", 112, "out", 2, "-2.00")]
    assert table.flows() == [
        *[("buy_in", None, name, "pot", "5.01") for name in FIVE],
        *[("knock_premium", 1, name, "Anna", "1.00") for name in ("Ben", "Cem", "Dora", "Emil")],
        ("rebuy", 1, "Emil", "pot", "5.00"),
        *[("knock_premium", 2, name, "Anna", "1.00") for name in ("Cem", "Dora", "Emil")],
        *[("knock_premium", 3, name, "Emil", "1.00") for name in ("Anna", "Dora")],
        ("knock_premium", 4, "Emil", "Anna", "1.00"),
        ("payout", None, "pot", "Anna", "21.04"),
        ("payout", None, "pot", "Emil", "9.01"),
    ]
    ids = table.ids
    assert table.get("settlement/") == {
        "final": True,
        "net": [{"player": ids[name], "amount": amount} for name, amount in [
            ("Anna", "23.03"), ("Ben", "-6.01"), ("Cem", "-7.01"), ("Dora", "-8.01"),
            ("Emil", "-2.00")]],
        "transfers": [{"from": ids[name], "to": ids["Anna"], "amount": amount} for name, amount
                      in [("Ben", "6.01"), ("Cem", "7.01"), ("Dora", "8.01"), ("Emil", "2.00")]],
    }


def test_a_romme_game_rummy_without_bonus_points_and_the_winner_takes_the_whole_pot(as_bob):
    # given a Rommé game of three (bob keeps score)
    table = Table.start(as_bob, THREE, preset="romme")
    assert {key: table.game["rules"][key] for key in (
        "rummy_bonus_points", "rummy_premium", "pot_split", "rebuy_min_players")} == {
        "rummy_bonus_points": 0, "rummy_premium": None, "pot_split": [100],
        "rebuy_min_players": 2}

    # when Anna goes Rummy, then goes out; Cem at 90 lets his re-buy pass
    first = table.knock("Anna", Anna=0, Ben=12, Cem=30)
    second = table.knock("Ben", Anna=101, Ben=3, Cem=60)
    third = table.knock("Ben", Ben=2, Cem=11)

    # then Rummy writes no bonus and pays the knock premium, and Ben takes the pot of 15.00
    assert (first["rummy"], lines(table, first)) == (
        True, [("Anna", 0, 0, 0), ("Ben", 12, 12, 12), ("Cem", 30, 30, 30)])
    assert offers(table, second) == [("Cem", 15, "5.00")]
    assert (third["out"], table.game["status"], table.names[table.game["winner"]]) == (
        [table.ids["Cem"]], "finished", "Ben")
    assert table.flows() == [
        *[("buy_in", None, name, "pot", "5.00") for name in THREE],
        ("rummy_premium", 1, "Ben", "Anna", "1.00"), ("rummy_premium", 1, "Cem", "Anna", "1.00"),
        ("knock_premium", 2, "Anna", "Ben", "1.00"), ("knock_premium", 2, "Cem", "Ben", "1.00"),
        ("knock_premium", 3, "Cem", "Ben", "1.00"),
        ("payout", None, "pot", "Ben", "15.00"),
    ]
    assert table.by_name("balance") == {"Anna": "-4.00", "Ben": "12.00", "Cem": "-8.00"}


# --- Re-buys: the seeds' examples -------------------------------------------------------------


def test_seed_000_a_and_b_may_each_pay_5_and_go_to_74(as_alice):
    # given Wiener, A 89, B 84, C 74, D 56 after two rounds
    table = Table.start(as_alice, FOUR)
    table.knock("Dora", Anna=45, Ben=40, Cem=70, Dora=5)
    second = table.knock("Cem", Anna=44, Ben=44, Cem=4, Dora=51)
    assert table.by_name("total") == {"Anna": 89, "Ben": 84, "Cem": 74, "Dora": 56}
    assert offers(table, second) == [("Anna", 74, "5.00"), ("Ben", 74, "5.00")]
    assert [p["rebuy"]["eligible"] for p in table.game["players"]] == [True, True, False, False]

    # when both re-buy in the break
    table.rebuy("Anna")
    table.rebuy("Ben")

    # then both stand at 74, having paid 5.00 each into the pot
    assert table.by_name("total") == {"Anna": 74, "Ben": 74, "Cem": 74, "Dora": 56}
    assert table.game["pot"] == "30.00"
    assert table.flows()[-2:] == [("rebuy", 2, "Anna", "pot", "5.00"),
                                  ("rebuy", 2, "Ben", "pot", "5.00")]


def test_seed_001_with_romme_c_may_go_to_45(as_alice):
    # given Rommé, A 15, B 45, C 83, D 36 after three rounds
    table = Table.start(as_alice, FOUR, preset="romme")
    table.knock("Anna", Anna=5, Ben=20, Cem=40, Dora=16)
    table.knock("Anna", Anna=5, Ben=20, Cem=40, Dora=15)
    third = table.knock("Anna", Anna=5, Ben=5, Cem=3, Dora=5)
    assert table.by_name("total") == {"Anna": 15, "Ben": 45, "Cem": 83, "Dora": 36}
    assert offers(table, third) == [("Cem", 45, "5.00")]

    # when Cem re-buys
    table.rebuy("Cem")

    # then he goes to 45 and the pot holds 25.00
    assert (table.by_name("total")["Cem"], table.game["pot"]) == (45, "25.00")


# --- The decider --------------------------------------------------------------------------------


def test_when_everybody_goes_out_together_a_decider_round_decides_the_game(as_alice):
    # given three in a Wiener game who all go over 100 in round 2
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=5, Ben=97, Cem=70)
    second = table.knock("Ben", Anna=100, Ben=4, Cem=40)
    assert (second["out"], table.game["status"], table.game["next_round"]) == (
        [], "decider", 3)
    assert table.by_name("state") == {"Anna": "in", "Ben": "in", "Cem": "in"}

    # when they play the decider, an ordinary round
    decider = table.knock("Cem", Anna=20, Ben=5, Cem=3)

    # then its winner wins the game and the others go out, placed by their totals
    assert (decider["decider"], table.names[decider["winner"]],
            [table.names[p] for p in decider["out"]]) == (True, "Cem", ["Anna", "Ben"])
    assert (table.game["status"], table.names[table.game["winner"]]) == ("finished", "Cem")
    assert table.by_name("place") == {"Anna": 3, "Ben": 2, "Cem": 1}
    assert table.flows()[-3:] == [("knock_premium", 3, "Anna", "Cem", "1.00"),
                                  ("knock_premium", 3, "Ben", "Cem", "1.00"),
                                  ("payout", None, "pot", "Cem", "15.00")]


# --- Die Toten spielen weiter: the pot carried into the next game of the session ----------------


def test_a_dead_players_knock_leaving_nobody_alive_carries_the_pot_into_the_next_game(as_alice):
    # given a table session and a Rommé game in it where the dead play on, with a Rummykasse
    created = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json")
    assert created.status_code == 201, created.json()
    session = created.json()
    first = Table.start(as_alice, THREE, preset="romme", session=session["id"],
                        rules={"dead_play_on": True, "rummy_kitty": True})
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    assert first.by_name("state") == {"Anna": "in", "Ben": "dead", "Cem": "in"}

    # when dead Ben's knock puts Anna and Cem out
    first.knock("Ben", Anna=96, Ben=3, Cem=81)

    # then the pot (15.00) and the kitty (5.00) stay in the session
    assert (first.game["status"], first.game["winner"], first.game["carried_out"]) == (
        "carried_over", None, "20.00")
    assert first.flows()[-2:] == [("carry_over", None, "pot", "carry", "15.00"),
                                  ("carry_over", None, "kitty", "carry", "5.00")]
    assert as_alice.get(f"{API}/sessions/{session['id']}/").json()["carried_pot"] == "20.00"

    # when the next game of the session starts
    second = Table.start(as_alice, THREE, preset="romme", session=session["id"])

    # then its pot starts with the carried 20.00 on top of the buy-ins
    assert (second.game["pot"], second.game["carried_in"]) == ("35.00", "20.00")
    assert second.flows() == [*[("buy_in", None, name, "pot", "5.00") for name in THREE],
                              ("carry_over", None, "carry", "pot", "20.00")]
    shown = as_alice.get(f"{API}/sessions/{session['id']}/").json()
    assert ([g["id"] for g in shown["games"]], [g["status"] for g in shown["games"]],
            shown["carried_pot"]) == ([first.id, second.id], ["carried_over", "running"], "0.00")

    # and when Anna wins it, she takes the whole of it; the evening settles
    second.knock("Anna", Anna=0, Ben=101, Cem=101)
    assert [p["amount"] for p in second.game["payouts"]] == ["35.00"]
    evening = as_alice.get(f"{API}/sessions/{session['id']}/").json()
    ids = second.ids
    assert sorted((second.names[n["player"]], n["amount"]) for n in evening["net"]) == [
        ("Anna", "26.00"), ("Ben", "-11.00"), ("Cem", "-15.00")]
    assert evening["transfers"] == [
        {"from": ids["Ben"], "to": ids["Anna"], "amount": "11.00"},
        {"from": ids["Cem"], "to": ids["Anna"], "amount": "15.00"},
    ]
    settlement = second.get("settlement/")
    assert settlement["final"] is True
    assert sorted((second.names[n["player"]], n["amount"]) for n in settlement["net"]) == [
        ("Anna", "32.00"), ("Ben", "-6.00"), ("Cem", "-6.00")]


# --- Variants -----------------------------------------------------------------------------------


def test_rummykasse_rummy_takes_the_kitty_and_the_winner_takes_what_is_left(as_alice):
    # given Wiener with the Rummykasse, which drops the 10 Rummy bonus points
    table = Table.start(as_alice, THREE, rules={"rummy_kitty": True})
    assert table.game["rules"]["rummy_bonus_points"] == 0

    # when Ben goes Rummy in round 2, and Anna wins in round 4 by knocking
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    assert table.game["kitty"] == "3.00"
    second = table.knock("Ben", Anna=12, Ben=0, Cem=30)
    assert (lines(table, second), table.game["kitty"]) == (
        [("Anna", 12, 12, 15), ("Ben", 0, 0, 40), ("Cem", 30, 30, 52)], "0.00")
    table.knock("Cem", Anna=20, Ben=30, Cem=2)
    table.knock("Anna", Anna=2, Ben=40, Cem=60)

    # then every round began with the kitty, Rummy took it at once, the rest went to Anna
    assert table.flows()[3:] == [
        *[("kitty_in", 1, name, "kitty", "1.00") for name in THREE],
        ("knock_premium", 1, "Ben", "Anna", "1.00"), ("knock_premium", 1, "Cem", "Anna", "1.00"),
        *[("kitty_in", 2, name, "kitty", "1.00") for name in THREE],
        ("rummy_premium", 2, "Anna", "Ben", "2.00"), ("rummy_premium", 2, "Cem", "Ben", "2.00"),
        ("kitty_win", 2, "kitty", "Ben", "6.00"),
        *[("kitty_in", 3, name, "kitty", "1.00") for name in THREE],
        ("knock_premium", 3, "Anna", "Cem", "1.00"), ("knock_premium", 3, "Ben", "Cem", "1.00"),
        *[("kitty_in", 4, name, "kitty", "1.00") for name in THREE],
        ("knock_premium", 4, "Ben", "Anna", "1.00"), ("knock_premium", 4, "Cem", "Anna", "1.00"),
        ("payout", None, "pot", "Anna", "15.00"),
        ("kitty_final", None, "kitty", "Anna", "6.00"),
    ]
    assert (table.game["status"], table.game["kitty"]) == ("finished", "0.00")


def test_undercut_the_least_deadwood_wins_a_tie_with_the_ender_goes_to_the_ender(as_alice):
    # given Wiener with the undercut variant
    table = Table.start(as_alice, FOUR, rules={"undercut": True})

    # when Ben undercuts Anna, then Anna ties Ben's knock, then Anna and Ben tie below Cem
    undercut = table.knock("Anna", Anna=5, Ben=2, Cem=30, Dora=4)
    tie_with_ender = table.knock("Ben", Anna=3, Ben=3, Cem=10, Dora=20)
    tie_below = table.knock("Cem", Anna=2, Ben=2, Cem=4, Dora=10)

    # then Ben wins both; the tie below the ender has no winner and the others pay the pot
    assert [(r["winner"] and table.names[r["winner"]], r["undercut"])
            for r in (undercut, tie_with_ender, tie_below)] == [
        ("Ben", True), ("Ben", False), (None, True)]
    assert table.flows()[4:] == [
        *[("knock_premium", 1, name, "Ben", "1.00") for name in ("Anna", "Cem", "Dora")],
        *[("knock_premium", 2, name, "Ben", "1.00") for name in ("Anna", "Cem", "Dora")],
        ("undercut_tie", 3, "Cem", "pot", "1.00"), ("undercut_tie", 3, "Dora", "pot", "1.00"),
    ]
    assert (table.game["pot"], table.by_name("total")) == (
        "22.00", {"Anna": 10, "Ben": 7, "Cem": 44, "Dora": 34})


def test_knock_at_10_accepts_an_ender_with_10_and_refuses_11(as_alice):
    # given Wiener with the knock limit raised to 10
    table = Table.start(as_alice, THREE, rules={"knock_limit": 10})
    assert table.game["rules"]["knock_limit"] == 10

    # when Anna knocks with 10, then Ben with 11
    table.knock("Anna", Anna=10, Ben=40, Cem=22)
    before = table.snapshot()
    refused = table.post_round("Ben", Anna=10, Ben=11, Cem=7)

    # then the first counts and the second is a false knock that writes nothing
    assert (refused.status_code, errors(refused)) == (400, [(
        "hands[1].deadwood", "false_knock",
        "False knock: Ben has 11 deadwood, but the knock limit is 10")])
    assert table.snapshot() == before
    assert table.by_name("total") == {"Anna": 10, "Ben": 40, "Cem": 22}


def test_punktespiel_pays_the_points_at_once_and_runs_until_it_is_closed(as_alice):
    # given a Punktespiel at 0.10 a point: no buy-in, no pot
    table = Table.start(as_alice, THREE, preset="romme", rules={"mode": "points"})
    assert (table.game["pot"], table.ledger()) == ("0.00", [])

    # when Anna goes out with 0 against 23 and 120, and Ben with 0 in round 2
    table.knock("Anna", Anna=0, Ben=23, Cem=120)
    table.knock("Ben", Anna=4, Ben=0, Cem=2)
    false_knock = table.post_round("Cem", Anna=4, Ben=9, Cem=2)
    closed = as_alice.post(f"{table.url}close/")

    # then the ender is paid the others' points at once; nobody is out at 122
    assert (false_knock.status_code, errors(false_knock)) == (400, [(
        "hands[2].deadwood", "false_knock",
        "False knock: Cem has 2 deadwood, but in the Punktespiel you may only knock with 0")])
    assert closed.status_code == 200, closed.json()
    table.check_books()
    assert table.flows() == [
        ("point_settlement", 1, "Ben", "Anna", "2.30"),
        ("point_settlement", 1, "Cem", "Anna", "12.00"),
        ("point_settlement", 2, "Anna", "Ben", "0.40"),
        ("point_settlement", 2, "Cem", "Ben", "0.20"),
    ]
    assert (table.game["status"], table.by_name("total"), table.by_name("state")) == (
        "finished", {"Anna": 4, "Ben": 23, "Cem": 122}, {"Anna": "in", "Ben": "in", "Cem": "in"})
    ids = table.ids
    assert table.get("settlement/") == {
        "final": True,
        "net": [{"player": ids["Anna"], "amount": "13.90"},
                {"player": ids["Ben"], "amount": "-1.70"},
                {"player": ids["Cem"], "amount": "-12.20"}],
        "transfers": [{"from": ids["Ben"], "to": ids["Anna"], "amount": "1.70"},
                      {"from": ids["Cem"], "to": ids["Anna"], "amount": "12.20"}],
    }

    # and a closed game takes no round and cannot be closed again
    before = table.snapshot()
    after_close = table.post_round("Anna", Anna=0, Ben=2, Cem=2)
    again = as_alice.post(f"{table.url}close/")
    assert [(r.status_code, errors(r)) for r in (after_close, again)] == [
        (409, [(None, "game_finished", "The game is over: no more rounds can be entered")]),
        (409, [(None, "game_finished", "The game is already closed")]),
    ]
    assert table.snapshot() == before


def test_a_pot_game_is_not_closed_by_hand(as_alice):
    table = Table.start(as_alice, THREE)
    before = table.snapshot()

    refused = as_alice.post(f"{table.url}close/")

    assert (refused.status_code, errors(refused)) == (400, [(
        None, "not_closable", "This game ends by itself when its rules say it is over; only a "
                              "Punktespiel, Basic Rummy and Rami (normal or traditional) are "
                              "closed by hand")])
    assert table.snapshot() == before


# --- Corrections need the version --------------------------------------------------------------


def test_a_correction_with_a_stale_if_match_is_412_and_without_one_428(as_alice):
    # given a game at some version, then one more round
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    seen = table.game["version"]
    table.knock("Ben", Anna=10, Ben=2, Cem=7)
    before = table.snapshot()

    # when round 1 is corrected with the version seen before, and with none at all
    stale = table.correct(1, "Anna", version=seen, Anna=3, Ben=30, Cem=22)
    missing = as_alice.put(f"{table.url}rounds/1/", {
        "ender": table.ids["Anna"], "hands": table.hands(Anna=3, Ben=30, Cem=22)},
        format="json")

    # then neither is written
    current = table.game["version"]
    assert [(r.status_code, errors(r)) for r in (stale, missing)] == [
        (412, [(None, "version_mismatch",
                f"The game has changed since version {seen} (it is at version {current}): "
                "reload and correct again")]),
        (428, [(None, "version_required",
                "Send the game's version in If-Match, so a correction never overwrites a "
                "newer change unseen")]),
    ]
    assert table.snapshot() == before

    # and with the current version it is accepted, answering the new version as the ETag
    accepted = table.correct(1, "Anna", Anna=3, Ben=30, Cem=22, reason="Ben had 30")
    assert accepted.status_code == 200, accepted.json()
    assert (accepted["ETag"], accepted.json()["revision"], accepted.json()["reason"]) == (
        f'"{current + 1}"', 1, "Ben had 30")


# --- Input errors: field, code, message, and nothing written ------------------------------------

UNKNOWN = 987654321


@pytest.fixture
def after_round_one(as_alice):
    """Wiener: Ben out after round 1 (A 3, B 101, C 20, D 85); Dora may re-buy to 20."""
    table = Table.start(as_alice, FOUR)
    table.knock("Anna", Anna=3, Ben=101, Cem=20, Dora=85)
    return table


def _hand(table, name, **value):
    return {"player": table.ids.get(name, name), **value}


ROUND_ERRORS = [
    pytest.param(
        {"ender": UNKNOWN, "hands": [("Anna", 3), ("Cem", 5), ("Dora", 5)]},
        ("ender", "unknown_player", "The ender does not sit at this game"), id="unknown-ender"),
    pytest.param(
        {"hands": [("Anna", 3), (UNKNOWN, 5), ("Dora", 5)]},
        ("hands[1].player", "unknown_player", "That player does not sit at this game"),
        id="unknown-player"),
    pytest.param(
        {"hands": [("Anna", 3), ("Ben", 5), ("Cem", 5), ("Dora", 5)]},
        ("hands[1].player", "invalid_round", "Ben is out since round 1 and does not play"),
        id="player-out"),
    pytest.param(
        {"ender": "Ben", "hands": [("Anna", 3), ("Cem", 5), ("Dora", 5)]},
        ("ender", "invalid_round", "Ben is out since round 1 and does not play"),
        id="ender-out"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", 5)]},
        ("hands", "invalid_round",
         "The hand of Dora is missing: every player of the round is entered"),
        id="missing-hand"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", 5), ("Cem", 5), ("Dora", 5)]},
        ("hands[2].player", "invalid_round", "Cem is entered twice"), id="given-twice"),
    pytest.param(
        {"hands": []},
        ("hands", "empty", "Enter the hand of every player of the round"),
        id="no-hands"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", -1), ("Dora", 5)]},
        ("hands[1].deadwood", "min_value", "Deadwood cannot be negative"),
        id="deadwood-negative"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", 129), ("Dora", 5)]},
        ("hands[1].deadwood", "invalid_round",
         "Cem's deadwood of 129 is more than a hand of 10 cards can hold (at most 128)"),
        id="deadwood-over-what-cards-make"),
    pytest.param(
        {"hands": [("Anna", 6), ("Cem", 5), ("Dora", 5)]},
        ("hands[0].deadwood", "false_knock",
         "False knock: Anna has 6 deadwood, but the knock limit is 5"), id="false-knock"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", "KS KH KD 2C 3C 4C 9D 9S JK"), ("Dora", 5)]},
        ("hands[1].cards", "invalid_round",
         "Cem has 9 cards; a hand at the end of a round has 10"), id="nine-cards"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", "QH QH 2C 3C 4C 5C 6C 7C 8C 9C"),
                   ("Dora", "QH KS KH KD 2D 3D 4D 5D 6D 7D")]},
        ("hands[2].cards", "too_many_copies", "QH appears 3 times; the decks hold 2"),
        id="too-many-copies"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", "JK JK JK 2C 3C 4C 5C 6C 7C 8C"), ("Dora", 5)]},
        ("hands[1].cards", "too_many_copies", "JK appears 3 times; jokers in this game: 2"),
        id="too-many-jokers"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", "KS KH KD 2C 3C 4C 9D 9S JK 1Z"), ("Dora", 5)]},
        ("hands[1].cards", "invalid_card",
         "'1Z' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a "
         "joker"), id="not-a-card"),
    pytest.param(
        {"hands": [("Anna", 3), ("Cem", None), ("Dora", 5)]},
        ("hands[1].deadwood", "invalid", "Give the deadwood or the cards of this hand"),
        id="neither-deadwood-nor-cards"),
]


@pytest.mark.parametrize(("round_", "error"), ROUND_ERRORS)
def test_a_wrong_round_is_refused_with_field_code_and_message_and_writes_nothing(
    after_round_one, round_, error,
):
    # given round 2 to enter, Ben out
    table = after_round_one
    before = table.snapshot()
    hands = []
    for name, value in round_["hands"]:
        key = "cards" if isinstance(value, str) else "deadwood"
        hands.append(_hand(table, name, **({} if value is None else {key: value})))

    # when the wrong round is posted
    response = table.post_round(round_.get("ender", "Anna"), hands=hands)

    # then it is refused, pointing at the input, and nothing is written
    assert (response.status_code, errors(response)) == (400, [error])
    assert table.snapshot() == before


def test_a_stale_round_number_is_409_naming_the_next_round(after_round_one):
    table = after_round_one
    before = table.snapshot()

    again = table.post_round("Anna", number=1, Anna=3, Cem=5, Dora=5)
    ahead = table.post_round("Anna", number=3, Anna=3, Cem=5, Dora=5)

    assert [(r.status_code, errors(r), r.json()["next_round"]) for r in (again, ahead)] == [
        (409, [("number", "stale_round",
                "Round 1 cannot be entered: the next round is 2")], 2),
        (409, [("number", "stale_round",
                "Round 3 cannot be entered: the next round is 2")], 2),
    ]
    assert table.snapshot() == before


def test_a_round_on_a_finished_game_is_409(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben"], preset="romme")
    table.knock("Anna", Anna=0, Ben=101)
    before = table.snapshot()

    refused = table.post_round("Anna", Anna=0, Ben=5)

    assert (refused.status_code, errors(refused)) == (409, [
        (None, "game_finished", "The game is over: no more rounds can be entered")])
    assert table.snapshot() == before


def test_bad_json_is_400_and_writes_nothing(after_round_one, as_alice):
    table = after_round_one
    before = table.snapshot()

    response = as_alice.post(f"{table.url}rounds/", data='{"number": 2,',
                             content_type="application/json")

    assert response.status_code == 400
    [(field, code, message)] = errors(response)
    assert (field, code, message.startswith("JSON parse error")) == (None, "parse_error", True)
    assert table.snapshot() == before


@pytest.mark.parametrize(
    ("player", "error"),
    [
        pytest.param("Cem", "Cem has 20 points; a re-buy is open from 81 to 100 points",
                     id="below-the-window"),
        pytest.param("Ben", "Ben is out", id="out"),
    ],
)
def test_a_rebuy_outside_the_window_is_refused_with_the_reason(after_round_one, player, error):
    table = after_round_one
    before = table.snapshot()

    refused = table.rebuy(player, status=400)

    assert errors(refused) == [("player", "rebuy_not_allowed", error)]
    assert table.snapshot() == before


def test_a_rebuy_of_someone_not_at_the_table_is_refused(after_round_one, as_alice):
    table = after_round_one
    before = table.snapshot()

    refused = as_alice.post(f"{table.url}rebuys/", {"player": UNKNOWN}, format="json")

    assert (refused.status_code, errors(refused)) == (400, [
        ("player", "unknown_player", "That player does not sit at this game")])
    assert table.snapshot() == before


def test_a_second_rebuy_is_refused(after_round_one):
    # given Dora re-bought to 20 and is back in the window after round 2
    table = after_round_one
    table.rebuy("Dora")
    table.knock("Anna", Anna=3, Cem=20, Dora=70)
    assert table.by_name("total")["Dora"] == 90
    before = table.snapshot()

    # when she asks for a second re-buy
    refused = table.rebuy("Dora", status=400)

    # then she is refused and nothing is written
    assert errors(refused) == [("player", "rebuy_not_allowed",
                                "Dora has already re-bought; a re-buy is allowed once per game")]
    assert table.snapshot() == before


def test_a_player_who_waits_rebuys_to_the_target_of_the_later_break(after_round_one):
    # given Dora at 85 after round 1 (target 20), who lets the re-buy pass
    table = after_round_one

    # when round 2 brings Cem to 50 and Dora re-buys then
    table.knock("Anna", Anna=3, Cem=30, Dora=0)
    table.rebuy("Dora")

    # then she goes to the new target
    assert table.by_name("total") == {"Anna": 6, "Ben": 101, "Cem": 50, "Dora": 50}
    assert table.flows()[-1] == ("rebuy", 2, "Dora", "pot", "5.00")


@pytest.mark.parametrize(
    ("body", "error"),
    [
        pytest.param({"rules": {"knock_limt": 10}},
                     ("rules.knock_limt", "unknown_parameter",
                      "'knock_limt' is not a rule parameter"), id="unknown-parameter"),
        pytest.param({"rules": {"knock_limit": 101}},
                     ("rules.knock_limit", "out_of_range",
                      "knock_limit must be between 0 and 100; got 101"), id="out-of-range"),
        pytest.param({"rules": {"pot_split": [70, 20]}},
                     ("rules.pot_split", "out_of_range",
                      "pot_split must be positive percentages that add up to 100, e.g. [70, 30]"),
                     id="split-not-100"),
        pytest.param({"rules": {"undercut": "yes"}},
                     ("rules.undercut", "invalid_type", "undercut must be true or false"),
                     id="wrong-type"),
        pytest.param({"preset": "canasta"},
                     ("preset", "unknown_preset",
                      "Unknown preset 'canasta'; choose one of basic, gin, gin_online, rami, "
                      "romme, wiener"),
                     id="unknown-preset"),
        pytest.param({"players": ["Anna", "anna"]},
                     ("players[1]", "duplicate_player", "anna is seated twice"),
                     id="seated-twice"),
    ],
)
def test_a_game_with_invalid_rules_is_refused_and_none_is_created(as_alice, body, error):
    before = as_alice.get(f"{API}/games/").json()

    refused = as_alice.post(
        f"{API}/games/", {"name": "Freitag", "players": FOUR, **body}, format="json")

    assert (refused.status_code, errors(refused)) == (400, [error])
    assert as_alice.get(f"{API}/games/").json() == before


def test_a_game_from_bad_json_is_refused(as_alice):
    before = as_alice.get(f"{API}/games/").json()

    refused = as_alice.post(f"{API}/games/", data="{players: [", content_type="application/json")

    assert (refused.status_code, errors(refused)[0][:2]) == (400, (None, "parse_error"))
    assert as_alice.get(f"{API}/games/").json() == before


# --- Access across two clubs -----------------------------------------------------------------


@pytest.fixture
def ottakring(as_alice):
    """Alice's club: a session and a game with one round, Cem at 85 may re-buy."""
    session = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    table = Table.start(as_alice, THREE, session=session["id"])
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    return table, session


def _object_urls(table, session):
    """Every object URL of a game and its session, with a body for the writes."""
    url = table.url
    round_two = {"number": 2, "ender": table.ids["Anna"],
                 "hands": table.hands(Anna=0, Ben=5, Cem=5)}
    correction = {"ender": table.ids["Anna"], "hands": table.hands(Anna=2, Ben=40, Cem=85)}
    reads = [f"{url}{path}" for path in ("", "rounds/", "rounds/1/", "ledger/", "settlement/",
                                         "verify/")]
    reads.append(f"{API}/sessions/{session['id']}/")
    writes = [
        ("post", f"{url}rounds/", round_two),
        ("put", f"{url}rounds/1/", correction),
        ("post", f"{url}rebuys/", {"player": table.ids["Cem"]}),
        ("post", f"{url}close/", None),
    ]
    return reads, writes


def _send(client, method, url, body, table):
    headers = {"If-Match": f'"{table.game["version"]}"'} if method == "put" else {}
    return getattr(client, method)(url, body, format="json", headers=headers)


def test_another_clubs_organiser_sees_nothing_of_the_club_and_gets_404_everywhere(
    ottakring, as_mallory, club,
):
    # given alice's game and mallory's own game in her club
    table, session = ottakring
    own = Table.start(as_mallory, ["Max", "Moritz"])
    before = table.snapshot()
    reads, writes = _object_urls(table, session)

    # when mallory reads, writes and lists
    answers = [as_mallory.get(url) for url in reads]
    answers += [_send(as_mallory, method, url, body, table) for method, url, body in writes]
    new_game = as_mallory.post(f"{API}/games/", {"club": club.pk, "players": ["A", "B"]},
                               format="json")
    new_session = as_mallory.post(f"{API}/sessions/", {"club": club.pk}, format="json")
    listed = as_mallory.get(f"{API}/games/").json()

    # then every object is "not found", and she lists her own game only
    assert {(r.status_code, r.json()["errors"][0]["code"]) for r in answers} == {
        (404, "not_found")}
    assert [(r.status_code, errors(r)) for r in (new_game, new_session)] == [
        (404, [(None, "not_found", "No such object")])] * 2
    assert [g["id"] for g in listed["results"]] == [own.id]
    assert [g["id"] for g in as_mallory.get(f"{API}/games/?club={club.pk}").json()["results"]
            ] == []
    assert [c["name"] for c in as_mallory.get(f"{API}/clubs/").json()] == ["Favoriten"]
    assert table.snapshot() == before
    # and alice does not see mallory's game either
    assert as_mallory.get(own.url).status_code == 200
    assert table.client.get(own.url).status_code == 404
    assert [g["id"] for g in table.client.get(f"{API}/games/").json()["results"]] == [table.id]


def test_a_viewer_reads_everything_and_gets_403_on_every_write(ottakring, as_carol):
    table, session = ottakring
    before = table.snapshot()
    reads, writes = _object_urls(table, session)

    answers = [as_carol.get(url) for url in reads]
    refused = [_send(as_carol, method, url, body, table) for method, url, body in writes]
    refused.append(as_carol.post(f"{API}/games/", {"players": ["A", "B"]}, format="json"))
    refused.append(as_carol.post(f"{API}/sessions/", {}, format="json"))

    assert [r.status_code for r in answers] == [200] * len(reads)
    assert [a.json() for a in answers[:1]] == [before[0]]
    assert {(r.status_code, *errors(r)[0]) for r in refused} == {
        (403, None, "permission_denied",
         "Viewers can read this club's games but not change them")}
    assert table.snapshot() == before
    assert [g["id"] for g in as_carol.get(f"{API}/games/").json()["results"]] == [table.id]


def test_a_scorekeeper_writes(ottakring, as_bob):
    table, _ = ottakring

    entered = as_bob.post(f"{table.url}rounds/", {
        "number": 2, "ender": table.ids["Anna"], "hands": table.hands(Anna=0, Ben=5, Cem=5)},
        format="json")

    assert entered.status_code == 201, entered.json()
    table.check_books()


def test_without_signing_in_everything_is_401(ottakring, anonymous):
    table, session = ottakring
    before = table.snapshot()
    reads, writes = _object_urls(table, session)

    answers = [anonymous.get(url) for url in [*reads, f"{API}/games/", f"{API}/clubs/"]]
    answers += [_send(anonymous, method, url, body, table) for method, url, body in writes]
    answers.append(anonymous.post(f"{API}/games/", {"players": ["A", "B"]}, format="json"))

    assert {(r.status_code, r.json()["errors"][0]["code"]) for r in answers} == {
        (401, "not_authenticated")}
    assert table.snapshot() == before


def test_a_token_signs_in(alice, anonymous, ottakring):
    table, _ = ottakring
    token = anonymous.post(f"{API}/auth/token/",
                           {"username": "alice", "password": "alice-secret-42"}, format="json")
    assert token.status_code == 200, token.json()

    game = anonymous.get(table.url, headers={"Authorization": f"Token {token.json()['token']}"})

    assert (game.status_code, game.json()["id"]) == (200, table.id)


def test_games_are_listed_newest_first_and_filtered_by_status(as_alice):
    running = Table.start(as_alice, THREE)
    finished = Table.start(as_alice, ["Anna", "Ben"], preset="romme")
    finished.knock("Anna", Anna=0, Ben=101)

    everything = as_alice.get(f"{API}/games/").json()
    done = as_alice.get(f"{API}/games/?status=finished").json()

    assert [(g["id"], g["status"]) for g in everything["results"]] == [
        (finished.id, "finished"), (running.id, "running")]
    assert (done["count"], [g["id"] for g in done["results"]]) == (1, [finished.id])


# --- Query counts -------------------------------------------------------------------------------

READ_QUERIES = 6


@pytest.mark.parametrize(("players", "rounds"), [(2, 2), (6, 12)])
def test_a_game_and_its_rounds_are_read_in_a_fixed_number_of_queries(
    as_alice, django_assert_max_num_queries, players, rounds,
):
    # given a game of `players` with `rounds` rounds, one of them entered as cards
    names = FIVE[:players] if players <= 5 else [*FIVE, "Fritz"]
    table = Table.start(as_alice, names[:players])
    for number in range(1, rounds + 1):
        ender = names[number % players]
        hands = table.hands(**{name: 2 if name == ender else 3 for name in names[:players]})
        if number == 1:
            hands[0] = {"player": table.ids[names[0]], "cards": "KS KH KD 2C 3C 4C 9D 9S JK 7H"}
        entered = table.post_round(ender, number=number, hands=hands)
        assert entered.status_code == 201, entered.json()
    table.check_books()

    # when the game and its rounds are read, then the queries do not grow with them
    with django_assert_max_num_queries(READ_QUERIES):
        game = as_alice.get(table.url)
    with django_assert_max_num_queries(READ_QUERIES):
        listed = as_alice.get(f"{table.url}rounds/")
    assert (game.json()["round_count"], len(listed.json())) == (rounds, rounds)
    assert len(listed.json()[-1]["results"]) == players


# --- Polling ------------------------------------------------------------------------------------


def test_a_polling_phone_gets_304_until_the_game_changes(after_round_one, as_alice, as_mallory):
    # given a phone that has read the game and holds its ETag
    table = after_round_one
    first = as_alice.get(table.url)
    etag = first["ETag"]
    assert etag == f'"{first.json()["version"]}"'

    # when it asks again with that ETag (strong or weak), then nothing has changed: 304, no body
    for sent in (etag, f"W/{etag}", f'"1", {etag}'):
        unchanged = as_alice.get(table.url, HTTP_IF_NONE_MATCH=sent)
        assert (unchanged.status_code, unchanged.content, unchanged["ETag"]) == (304, b"", etag)

    # and another club's member still learns nothing, whatever ETag it sends
    assert as_mallory.get(table.url, HTTP_IF_NONE_MATCH=etag).status_code == 404

    # when a round is entered, then the same question gets the new game and its new ETag
    table.knock("Anna", Anna=2, Cem=30, Dora=10)
    changed = as_alice.get(table.url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["round_count"] == 2 and changed["ETag"] != etag
