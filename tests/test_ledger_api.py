"""The money through the REST API (docs/api.md "Money", docs/rules.md 5): the ledger's shape, its
invariants after every round of whole games, corrections as reversals, and idempotent
retries that move money once."""

import random

import pytest

from ledger.models import Entry
from scorekeeper.models import Round
from scorekeeper.rules import Rules, hand_values
from tests.api_table import API, Table, balances_of, errors

FOUR = ["Anna", "Ben", "Cem", "Dora"]
THREE = ["Anna", "Ben", "Cem"]


def test_the_ledger_lists_every_movement_in_order_in_the_shape_of_api_md(as_alice):
    # given a Wiener game of three
    table = Table.start(as_alice, THREE)

    # when Anna knocks
    table.knock("Anna", Anna=3, Ben=40, Cem=22)

    # then the buy-ins come first, then the round's premiums; nothing is reversed
    ledger = table.ledger()
    ids = table.ids
    assert [{key: entry[key] for key in ("round", "kind", "from", "to", "amount", "reverses")}
            for entry in ledger] == [
        *[{"round": None, "kind": "buy_in", "from": f"player:{ids[name]}", "to": "pot",
           "amount": "5.00", "reverses": None} for name in THREE],
        *[{"round": 1, "kind": "knock_premium", "from": f"player:{ids[name]}",
           "to": f"player:{ids['Anna']}", "amount": "1.00", "reverses": None}
          for name in ("Ben", "Cem")],
    ]
    assert [entry["seq"] for entry in ledger] == sorted(entry["seq"] for entry in ledger)
    assert balances_of(ledger) == {f"player:{ids['Anna']}": -300, f"player:{ids['Ben']}": -600,
                                   f"player:{ids['Cem']}": -600, "pot": 1500}


def test_the_ledger_is_read_only(as_alice):
    table = Table.start(as_alice, THREE)
    before = table.ledger()

    answers = [as_alice.post(f"{table.url}ledger/", {}, format="json"),
               as_alice.put(f"{table.url}ledger/", {}, format="json"),
               as_alice.delete(f"{table.url}ledger/")]

    assert [r.status_code for r in answers] == [405, 405, 405]
    assert table.ledger() == before


# --- The invariants after every round of whole games ----------------------------------------


def play_out(table: Table, seed: int, *, most_rounds: int = 40) -> int:
    """Play random rounds (and take some offered re-buys) until the game ends; each write
    checks the books (Table.knock, Table.rebuy). Returns the number of rounds played."""
    chance = random.Random(seed)
    rules = table.game["rules"]
    limit = 0 if rules["mode"] == "points" else rules["knock_limit"]
    # Only values some hand can count: the rules refuse the rest (docs/rules.md 3.1).
    possible = sorted(hand_values(Rules.from_dict(rules)))
    ender_values = [value for value in possible if value <= limit]
    other_values = [value for value in possible if value <= 45]
    for _ in range(most_rounds):
        game = table.game
        if game["status"] in ("finished", "carried_over"):
            break
        # In a decider only those still "in" play; otherwise everyone but the out.
        playing = [p["name"] for p in game["players"]
                   if (p["state"] == "in" if game["status"] == "decider" else p["state"] != "out")]
        ender = chance.choice(playing)
        deadwood = {name: chance.choice(ender_values if name == ender else other_values)
                    for name in playing}
        body = table.knock(ender, **deadwood)
        for offer in body["rebuy_offers"]:
            if chance.random() < 0.5:
                table.rebuy(table.names[offer["player"]])
    if rules["mode"] == "points":
        closed = table.client.post(f"{table.url}close/")
        assert closed.status_code == 200, closed.json()
        table.check_books()
    return table.game["round_count"]


@pytest.mark.parametrize(
    ("preset", "players", "rules", "seed"),
    [
        pytest.param("wiener", ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"], {}, 2,
                     id="wiener-six"),
        pytest.param("wiener", ["Anna", "Ben", "Cem", "Dora", "Emil"],
                     {"rummy_kitty": True, "undercut": True, "buy_in": "3.33"}, 1,
                     id="wiener-kitty-undercut"),
        pytest.param("romme", FOUR, {"dead_play_on": True, "rummy_kitty": True}, 1,
                     id="romme-dead-play-on"),
        pytest.param("romme", FOUR, {"dead_play_on": True, "dead_last_living": "plays_on"}, 4,
                     id="romme-plays-on"),
        pytest.param("romme", THREE, {"mode": "points", "point_value": "0.15"}, 5,
                     id="punktespiel"),
    ],
)
def test_the_books_balance_after_every_round_of_a_whole_game(as_alice, preset, players, rules,
                                                             seed):
    # given a game of any preset and variant
    table = Table.start(as_alice, players, preset=preset, rules=rules)

    # when it is played out at random, the books checked after every round and re-buy
    rounds = play_out(table, seed, most_rounds=12 if rules.get("mode") == "points" else 40)

    # then it ended with the books closed: nothing left in the pot or the kitty, or all of it
    # carried over to the session
    game = table.game
    assert rounds >= 3
    assert game["status"] in ("finished", "carried_over")
    assert (game["pot"], game["kitty"]) == ("0.00", "0.00")
    carried = {"finished": "0.00", "carried_over": game["carried_out"]}[game["status"]]
    assert balances_of(table.ledger()).get("carry", 0) == int(carried.replace(".", ""))


# --- Corrections: reversals, and the same money as a game entered right ---------------------


def test_a_correction_of_an_early_round_reverses_what_no_longer_holds_and_reprices_the_rest(
    as_alice,
):
    # given Rommé where the dead play on (and the last living wins at once), with a
    # Rummykasse; round 1 entered with the wrong ender and Ben at 10 where he had 101, so
    # he paid the kitty and took it in round 3
    rules = {"dead_play_on": True, "dead_last_living": "wins", "rummy_kitty": True}
    table = Table.start(as_alice, FOUR, preset="romme", rules=rules)
    table.knock("Anna", Anna=5, Ben=10, Cem=20, Dora=20)
    table.knock("Cem", Anna=30, Ben=40, Cem=2, Dora=50)
    table.knock("Ben", Anna=30, Ben=0, Cem=40, Dora=40)
    assert table.by_name("state") == {"Anna": "in", "Ben": "in", "Cem": "in", "Dora": "dead"}
    entered = table.ledger()

    # when round 1 is corrected: Dora knocked with 3, and Ben had 101
    response = table.correct(1, "Dora", Anna=5, Ben=101, Cem=20, Dora=3,
                             reason="Dora knocked; Ben had 101")

    # then Ben is dead since round 1 and Dora, at 93, lives and may re-buy
    assert response.status_code == 200, response.json()
    table.check_books()
    assert table.by_name("state") == {"Anna": "in", "Ben": "dead", "Cem": "in", "Dora": "in"}
    assert table.by_name("total") == {"Anna": 65, "Ben": 101, "Cem": 62, "Dora": 93}
    assert table.by_name("rebuy")["Dora"]["target"] == 65
    rounds = table.get("rounds/")
    assert [(r["number"], r["revision"], table.names[r["ender"]]) for r in rounds] == [
        (1, 1, "Dora"), (2, 0, "Cem"), (3, 0, "Ben")]
    # and the ledger keeps what was entered, then reverses what no longer holds (the
    # premiums of round 1, dead Ben's kitty payments and his kitty win) and adds the new
    ledger = table.ledger()
    assert ledger[:len(entered)] == entered
    added = ledger[len(entered):]
    by_seq = {entry["seq"]: entry for entry in ledger}
    reversed_flows = [table.flows([by_seq[entry["reverses"]]])[0]
                      for entry in added if entry["reverses"]]
    assert reversed_flows == [
        ("knock_premium", 1, "Ben", "Anna", "1.00"), ("knock_premium", 1, "Cem", "Anna", "1.00"),
        ("knock_premium", 1, "Dora", "Anna", "1.00"), ("kitty_in", 2, "Ben", "kitty", "1.00"),
        ("kitty_in", 3, "Ben", "kitty", "1.00"), ("kitty_win", 3, "kitty", "Ben", "12.00"),
    ]
    assert table.flows(added) == [
        ("knock_premium", 1, "Anna", "Ben", "1.00"), ("knock_premium", 1, "Anna", "Cem", "1.00"),
        ("knock_premium", 1, "Anna", "Dora", "1.00"), ("kitty_in", 2, "kitty", "Ben", "1.00"),
        ("kitty_in", 3, "kitty", "Ben", "1.00"), ("kitty_win", 3, "Ben", "kitty", "12.00"),
        ("knock_premium", 1, "Anna", "Dora", "1.00"), ("knock_premium", 1, "Ben", "Dora", "1.00"),
        ("knock_premium", 1, "Cem", "Dora", "1.00"),
    ]
    assert {entry["reason"] for entry in added if entry["reverses"]} == {
        "correction of round 1: Dora knocked; Ben had 101"}

    # when the game is played to its end
    table.knock("Anna", Anna=2, Ben=5, Cem=40, Dora=10)

    # then its money is that of a game entered right from the start
    fresh = Table.start(as_alice, FOUR, preset="romme", rules=rules)
    fresh.knock("Dora", Anna=5, Ben=101, Cem=20, Dora=3)
    fresh.knock("Cem", Anna=30, Ben=40, Cem=2, Dora=50)
    fresh.knock("Ben", Anna=30, Ben=0, Cem=40, Dora=40)
    fresh.knock("Anna", Anna=2, Ben=5, Cem=40, Dora=10)
    assert (table.game["status"], table.names[table.game["winner"]]) == ("finished", "Anna")
    for field in ("total", "state", "place", "balance", "rebought"):
        assert table.by_name(field) == fresh.by_name(field)
    assert [(p["player"], p["amount"]) for p in table.game["payouts"]] == [
        (table.ids["Anna"], "20.00")]
    assert table.game["payouts"] == fresh.game["payouts"]
    assert table.get("settlement/") == fresh.get("settlement/")
    assert balances_of(table.ledger()) == balances_of(fresh.ledger())
    assert table.flows()[-2:] == [("payout", None, "pot", "Anna", "20.00"),
                                  ("kitty_final", None, "kitty", "Anna", "13.00")]


def test_a_correction_that_breaks_a_later_round_is_refused_and_writes_nothing(as_alice):
    # given Ben in round 2
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    table.knock("Cem", Anna=10, Ben=20, Cem=2)
    before = table.snapshot()

    # when round 1 is corrected to put Ben out
    refused = table.correct(1, "Anna", Anna=3, Ben=101, Cem=22)

    # then round 2 would no longer add up: refused, naming it
    assert (refused.status_code, errors(refused)) == (400, [(
        "rounds[1].hands[1].player", "invalid_round",
        "With this change, round 2 no longer adds up: Ben is out since round 1 and does not "
        "play")])
    assert table.snapshot() == before


def test_a_correction_that_reopens_a_finished_game_reverses_its_payout(as_alice):
    # given Cem won when Anna and Ben went out in round 3
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=2, Ben=30, Cem=60)
    table.knock("Ben", Anna=50, Ben=3, Cem=30)
    table.knock("Cem", Anna=50, Ben=70, Cem=2)
    assert (table.game["status"], table.names[table.game["winner"]]) == ("finished", "Cem")

    # when round 3 is corrected: Anna had 40, so she stays in
    response = table.correct(3, "Cem", Anna=40, Ben=70, Cem=2)

    # then the payout is reversed, the pot is back and the game runs on
    assert response.status_code == 200, response.json()
    table.check_books()
    ledger = table.ledger()
    payout = next(e for e in ledger if e["kind"] == "payout")
    assert [(flow, entry["reverses"]) for flow, entry in zip(table.flows(), ledger, strict=True)
            if entry["reverses"]] == [(("payout", None, "Cem", "pot", "15.00"), payout["seq"])]
    assert (table.game["status"], table.game["winner"], table.game["pot"]) == (
        "running", None, "15.00")
    assert table.by_name("state") == {"Anna": "in", "Ben": "out", "Cem": "in"}
    table.knock("Anna", Anna=0, Cem=20)


def test_a_wrong_correction_points_into_the_corrected_round_and_writes_nothing(as_alice):
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    table.knock("Cem", Anna=10, Ben=20, Cem=2)
    before = table.snapshot()

    refused = table.correct(1, "Ben", Anna=3, Ben=40, Cem=22)

    assert (refused.status_code, errors(refused)) == (400, [(
        "hands[1].deadwood", "false_knock",
        "False knock: Ben has 40 deadwood, but the knock limit is 5")])
    assert table.snapshot() == before


def test_a_correction_that_takes_away_a_rebuy_undoes_it_and_reverses_its_entry(as_alice):
    # given Cem re-bought after round 1 at 85
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    table.rebuy("Cem")
    rebuy = next(entry for entry in table.ledger() if entry["kind"] == "rebuy")

    # when round 1 is corrected so that Cem was never in the window
    response = table.correct(1, "Anna", Anna=3, Ben=40, Cem=30)

    # then the re-buy is undone (docs/api.md, "Undoing"): its entry reversed, the pot back
    assert response.status_code == 200, response.json()
    assert [(e["reverses"], e["amount"]) for e in table.ledger() if e["kind"] == "rebuy"] == [
        (None, rebuy["amount"]), (rebuy["seq"], rebuy["amount"])]
    table.check_books()


# --- Idempotent retries -----------------------------------------------------------------------


def test_a_retried_round_answers_the_first_response_and_moves_the_money_once(as_alice):
    # given a round sent with an Idempotency-Key
    table = Table.start(as_alice, THREE)
    key = {"Idempotency-Key": "round-1-from-annas-phone"}
    first = table.post_round("Anna", headers=key, Anna=3, Ben=40, Cem=22)
    assert first.status_code == 201, first.json()
    table.check_books()
    after_first = table.snapshot()

    # when the phone sends it again, twice
    retries = [table.post_round("Anna", number=1, headers=key, Anna=3, Ben=40, Cem=22)
               for _ in range(2)]

    # then both get the first answer back, marked as replayed, and nothing more is written
    assert [(r.status_code, r.json(), r.headers.get("Idempotent-Replayed")) for r in retries] == [
        (201, first.json(), "true")] * 2
    assert first.headers.get("Idempotent-Replayed") is None
    assert table.snapshot() == after_first
    assert [kind for kind, *_ in table.flows()].count("knock_premium") == 2


def test_an_idempotency_key_reused_for_another_body_is_422_and_writes_nothing(as_alice):
    # given a round sent with a key
    table = Table.start(as_alice, THREE)
    key = {"Idempotency-Key": "k-1"}
    assert table.post_round("Anna", headers=key, Anna=3, Ben=40, Cem=22).status_code == 201
    before = table.snapshot()

    # when the same key comes with another round
    reused = table.post_round("Ben", number=2, headers=key, Anna=30, Ben=2, Cem=22)

    # then it is refused and nothing is written
    assert (reused.status_code, errors(reused)) == (422, [(
        "Idempotency-Key", "idempotency_key_reused",
        "This Idempotency-Key was used for another request; use a new key for a new request")])
    assert table.snapshot() == before


def test_a_retried_rebuy_is_taken_once(as_alice):
    # given Cem at 85 who re-buys with a key
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    key = {"Idempotency-Key": "rebuy-cem"}
    url = f"{table.url}rebuys/"
    first = as_alice.post(url, {"player": table.ids["Cem"]}, format="json", headers=key)
    assert first.status_code == 201, first.json()
    table.check_books()
    after_first = table.snapshot()

    # when the request is sent again
    retry = as_alice.post(url, {"player": table.ids["Cem"]}, format="json", headers=key)

    # then the first answer comes back and Cem paid once
    assert (retry.status_code, retry.json(), retry.headers.get("Idempotent-Replayed")) == (
        201, first.json(), "true")
    assert table.snapshot() == after_first
    assert [flow for flow in table.flows() if flow[0] == "rebuy"] == [
        ("rebuy", 1, "Cem", "pot", "5.00")]


def test_a_refused_request_does_not_use_up_its_key(as_alice):
    # given a round refused as a false knock, sent with a key
    table = Table.start(as_alice, THREE)
    key = {"Idempotency-Key": "round-1"}
    refused = table.post_round("Anna", headers=key, Anna=9, Ben=40, Cem=22)
    assert refused.status_code == 400

    # when the corrected round is sent with the same key
    accepted = table.post_round("Anna", headers=key, Anna=3, Ben=40, Cem=22)

    # then it is entered: nothing was stored for the refused one
    assert (accepted.status_code, accepted.headers.get("Idempotent-Replayed")) == (201, None)
    table.check_books()


# --- The evening: the carried pot across the games of a session -------------------------------


def test_the_carried_pot_leaves_one_game_and_enters_the_next_through_the_session(as_alice):
    # given a session whose first game ends with a dead player's knock
    session = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    rules = {"dead_play_on": True}
    first = Table.start(as_alice, THREE, preset="romme", session=session["id"], rules=rules)
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    first.knock("Ben", Anna=96, Ben=3, Cem=81)

    # when the next game starts in the session
    second = Table.start(as_alice, THREE, preset="romme", session=session["id"])

    # then the session's carry account is filled by the first and emptied by the second
    assert (balances_of(first.ledger())["carry"], balances_of(second.ledger())["carry"]) == (
        1500, -1500)
    shown = as_alice.get(f"{API}/sessions/{session['id']}/").json()
    assert (shown["carried_pot"], shown["transfers"]) == ("0.00", [])
    assert sum(int(n["amount"].replace(".", "")) for n in shown["net"]) == -3000
    # and the first game can no longer be corrected: its pot is in the second
    before = first.snapshot()
    refused = first.correct(2, "Ben", Anna=6, Ben=3, Cem=81)
    assert (refused.status_code, errors(refused)) == (409, [(
        None, "game_finished", "This game's pot was carried into a later game of the session: "
                               "it can no longer be corrected")])
    assert first.snapshot() == before


# --- Query counts ---------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [2, 12])
def test_the_ledger_and_settlement_are_read_in_a_fixed_number_of_queries(
    as_alice, django_assert_max_num_queries, rounds,
):
    table = Table.start(as_alice, FOUR)
    for number in range(1, rounds + 1):
        ender = FOUR[number % 4]
        entered = table.post_round(ender, **{n: 2 if n == ender else 3 for n in FOUR})
        assert entered.status_code == 201, entered.json()
        table.game = entered.json()["game"]

    with django_assert_max_num_queries(3):
        ledger = as_alice.get(f"{table.url}ledger/")
    with django_assert_max_num_queries(6):
        settlement = as_alice.get(f"{table.url}settlement/")

    assert (len(ledger.json()), settlement.status_code) == (4 + 3 * rounds, 200)


def test_who_entered_and_who_corrected_are_kept_with_the_request_that_did_it(
    as_alice, as_bob, alice, bob,
):
    # given bob enters round 1 from his phone, with a key
    table = Table.start(as_alice, THREE)
    table.client = as_bob
    entered = table.post_round("Anna", headers={"Idempotency-Key": "bobs-phone-1"},
                               Anna=3, Ben=40, Cem=22)
    assert entered.status_code == 201, entered.json()
    table.game = entered.json()["game"]

    # when alice corrects it, giving a reason: it was Cem who knocked
    table.client = as_alice
    corrected = table.correct(1, "Cem", reason="Cem knocked", Anna=30, Ben=40, Cem=2)
    assert corrected.status_code == 200, corrected.json()

    # then both revisions stay, each with who entered it and why
    revisions = Round.objects.filter(game_id=table.id, number=1).order_by("revision")
    assert [(r.revision, r.entered_by, r.reason) for r in revisions] == [
        (0, bob, ""), (1, alice, "Cem knocked")]
    # and the money of the round carries who moved it and the request it came with
    entries = Entry.objects.filter(game_id=table.id, round_number=1)
    by_bob = entries.filter(actor="bob")
    assert by_bob and {(e.request_id, e.reverses_id) for e in by_bob} == {("bobs-phone-1", None)}
    reversals = entries.filter(reverses__isnull=False)
    assert reversals and {(e.actor, e.reason) for e in reversals} == {
        ("alice", "correction of round 1: Cem knocked")}
