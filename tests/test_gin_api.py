"""Gin Rummy through the REST API (docs/api.md, "Gin rounds"; docs/rules.md 8): the seed-004
sheet end to end, void rounds, cards with the lay-off, corrections, idempotency, the ring game
and the tournament's money (of four, of three with its bye, of two), every input error with
its field. The books are checked after
every accepted write (api_table)."""

import io

import pytest
from django.core.management import call_command

from tests.api_table import API, Table, errors

# Seed 004's worked sheet: (knocker, A's deadwood, B's deadwood) per round; the defender's
# after laying off. A 17; B 33 gin; A 12 undercut; B 42 gin; B 28.
SEED_004 = [("A", 6, 23), ("B", 13, 0), ("B", 6, 8), ("B", 22, 0), ("B", 30, 2)]


def gin_round(table, knocker, a, b, *, number=None):
    return table.post_round(knocker, number=number, A=a, B=b)


def play(table, rounds=SEED_004) -> list[dict]:
    bodies = []
    for knocker, a, b in rounds:
        bodies.append(table.knock(knocker, A=a, B=b))
    return bodies


def how(table, body) -> tuple:
    """A round as (winner, points, difference, bonus, gin, undercut, void)."""
    winner = body["winner"]
    line = next((r for r in body["results"] if r["player"] == winner), None)
    return (table.names.get(winner), body["points"], line and line["difference"],
            line and line["bonus"], body["gin"], body["undercut"], body["void"])


def test_the_seed_004_sheet_comes_out_exactly_and_the_stake_per_point_settles_it(as_alice):
    # given a Gin game at 0.10 per point of the final difference
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"stake_per_point": "0.10"})
    assert (table.game["rules"]["family"], table.game["next_dealer"], table.game["matches"]) == (
        "gin", table.ids["A"], [{
            "number": 0, "stage": "match", "players": [table.ids["A"], table.ids["B"]],
            "totals": [0, 0], "boxes": [0, 0], "finals": None, "winner": None,
            "next_dealer": table.ids["A"], "rounds": 0}])

    # when the five rounds of the seed's sheet are entered
    bodies = play(table)

    # then each round is won as the seed says, its points named by their parts
    assert [how(table, body) for body in bodies] == [
        ("A", 17, 17, 0, False, False, False),
        ("B", 33, 13, 20, True, False, False),
        ("A", 12, 2, 10, False, True, False),
        ("B", 42, 22, 20, True, False, False),
        ("B", 28, 28, 0, False, False, False),
    ]
    # and the winner of a round deals the next
    assert [table.names[body["dealer"]] for body in bodies] == ["A", "A", "B", "A", "B"]
    # and the final accounts are total + game bonus + boxes: A 29 + 40, B 103 + 100 + 60
    game = table.game
    assert [(p["name"], p["total"], p["boxes"], p["final"], p["place"], p["state"])
            for p in game["players"]] == [
        ("A", 29, 2, 69, 2, "out"), ("B", 103, 3, 263, 1, "in")]
    assert (game["status"], table.names[game["winner"]], game["next_dealer"]) == (
        "finished", "B", None)
    # and A pays B 0.10 x (263 - 69) = 19.40 when the match ends, in round 5
    assert table.flows() == [("point_settlement", 5, "A", "B", "19.40")]
    assert table.get("settlement/") == {
        "final": True,
        "net": [{"player": table.ids["A"], "amount": "-19.40"},
                {"player": table.ids["B"], "amount": "19.40"}],
        "transfers": [{"from": table.ids["A"], "to": table.ids["B"], "amount": "19.40"}]}


def test_the_rounds_list_shows_every_round_with_its_parts(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    play(table, SEED_004[:3])

    rounds = table.get("rounds/")

    assert [how(table, body) for body in rounds] == [
        ("A", 17, 17, 0, False, False, False),
        ("B", 33, 13, 20, True, False, False),
        ("A", 12, 2, 10, False, True, False)]
    assert [[(table.names[r["player"]], r["points"], r["total"]) for r in body["results"]]
            for body in rounds] == [
        [("A", 17, 17), ("B", 0, 0)], [("A", 0, 17), ("B", 33, 33)],
        [("A", 12, 29), ("B", 0, 33)]]


def test_a_void_round_scores_nothing_and_the_same_dealer_deals_again(as_alice):
    # given B won round 1, so B deals round 2
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    table.knock("B", A=20, B=4)

    # when round 2 is abandoned with two cards left in the stock
    response = as_alice.post(f"{table.url}rounds/", {"number": 2, "void": True}, format="json")

    # then it is recorded, scores nothing, and B deals round 3 again
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["void"], body["ender"], body["winner"], body["results"], body["points"]) == (
        True, None, None, [], 0)
    assert table.names[body["dealer"]] == "B"
    table.game = body["game"]
    table.check_books()
    assert (table.game["next_round"], table.names[table.game["next_dealer"]]) == (3, "B")
    assert table.by_name("total") == {"A": 0, "B": 16}


def test_cards_for_both_players_are_laid_off_freely_onto_the_knockers_melds(as_alice):
    # given A knocks with 5-6-7♣ among his melds, and B holds 8♣ and 9♣ (seed 004)
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    hands = [
        {"player": table.ids["A"], "cards": "5C 6C 7C KH KS KD 2H 3H 4H AS"},
        {"player": table.ids["B"], "cards": "8C 9C QH QS QD JH JS JD 2S 3D"},
    ]

    # when the round is entered with both hands as cards
    response = table.post_round("A", hands=hands)

    # then B lays 8♣ and then 9♣ onto the run, keeping 2♠ 3♦; A's ace wins by 5 - 1
    assert response.status_code == 201, response.json()
    body = response.json()
    assert [(table.names[r["player"]], r["deadwood"], r["laid_off"], r["unmatched"], r["points"])
            for r in body["results"]] == [
        ("A", 1, [], ["AS"], 4), ("B", 5, ["8C", "9C"], ["2S", "3D"], 0)]
    assert how(table, body) == ("A", 4, 4, 0, False, False, False)


def test_a_false_knock_and_a_void_with_hands_are_refused_and_nothing_is_written(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"knock_limit": 8})
    before = table.snapshot()

    false_knock = gin_round(table, "A", 9, 20)
    void_with_hands = as_alice.post(f"{table.url}rounds/", {
        "number": 1, "void": True, "ender": table.ids["A"]}, format="json")
    no_knocker = as_alice.post(f"{table.url}rounds/", {
        "number": 1, "hands": table.hands(A=3, B=9)}, format="json")

    assert (false_knock.status_code, errors(false_knock)) == (400, [(
        "hands[0].deadwood", "false_knock",
        "False knock: A has 9 deadwood, but the knock limit is 8")])
    assert (void_with_hands.status_code, errors(void_with_hands)) == (400, [(
        "ender", "invalid_round", "A void round scores nothing: enter no knocker and no hands")])
    assert (no_knocker.status_code, errors(no_knocker)) == (400, [(
        "ender", "invalid_round", "Say who knocked, or record the round as void")])
    assert table.snapshot() == before


def test_a_correction_rescores_the_later_rounds_and_reverses_the_settlement(as_alice):
    # given the seed's game at 0.10 a point, finished in round 5
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"stake_per_point": "0.10"})
    play(table)

    # when round 1 turns out void after all
    response = as_alice.put(f"{table.url}rounds/1/", {"void": True, "reason": "stock ran out"},
                            format="json", headers={"If-Match": f'"{table.game["version"]}"'})

    # then A loses 17 points and a box, and the settlement is booked anew
    assert response.status_code == 200, response.json()
    table.refresh()
    table.check_books()
    assert [(p["name"], p["total"], p["boxes"], p["final"]) for p in table.game["players"]] == [
        ("A", 12, 1, 32), ("B", 103, 3, 263)]
    assert table.flows()[-3:] == [
        ("point_settlement", 5, "A", "B", "19.40"),
        ("point_settlement", 5, "B", "A", "19.40"),
        ("point_settlement", 5, "A", "B", "23.10")]


def test_a_retried_round_with_the_same_key_counts_once(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    key = {"Idempotency-Key": "gin-round-1"}

    first = table.post_round("A", A=6, B=23, headers=key)
    again = table.post_round("A", A=6, B=23, headers=key)

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert table.refresh()["round_count"] == 1


def test_a_ring_game_is_settled_after_its_rounds_and_the_pool_split_75_25(as_alice):
    # given a quick game of 2 rounds, 5.00 each into the prize pool
    table = Table.start(as_alice, ["A", "B"], preset="gin_online",
                        rules={"rounds_to_play": 2, "buy_in": "5.00"})
    assert table.game["pot"] == "10.00"

    # when A wins an undercut (25 online) and B a knock
    table.knock("B", A=4, B=7)
    table.knock("B", A=15, B=5)

    # then the final accounts decide: A 3 + 25 + 20, B 10 + 20; A takes 75 % of the pool
    assert [(p["name"], p["total"], p["final"], p["place"], p["balance"])
            for p in table.game["players"]] == [
        ("A", 28, 48, 1, "2.50"), ("B", 10, 30, 2, "-2.50")]
    assert [(table.names[p["player"]], p["amount"]) for p in table.game["payouts"]] == [
        ("A", "7.50"), ("B", "2.50")]


def test_a_tournament_plays_two_semifinals_at_once_and_a_final(as_alice):
    # given four players at 5.00 each, to 50 points
    table = Table.start(as_alice, ["Anna", "Ben", "Cem", "Dora"], preset="gin",
                        rules={"tournament": True, "buy_in": "5.00", "game_target": 50})

    # when the semifinals are played interleaved, a void round naming its match
    table.knock("Anna", Anna=0, Ben=40)          # semifinal 1: Anna 60, over
    table.knock("Dora", Cem=30, Dora=2)          # semifinal 2: Dora 28
    void = as_alice.post(f"{table.url}rounds/", {
        "number": 3, "void": True, "match": 2}, format="json")
    assert void.status_code == 201, void.json()
    table.refresh()
    table.knock("Dora", Cem=30, Dora=0)          # Dora 78, over
    final_players = [table.names[p] for p in table.refresh()["matches"][2]["players"]]
    wrong_match = table.post_round("Ben", Anna=3, Ben=9)
    table.knock("Dora", Anna=40, Dora=0)         # the final: Dora 60

    # then the bracket shows the winners, and the pool pays 75 % / the rest equally
    assert final_players == ["Anna", "Dora"]
    assert (wrong_match.status_code, errors(wrong_match)) == (400, [(
        "ender", "invalid_round", "Ben does not play in this match")])
    game = table.game
    assert [(m["stage"], [table.names[p] for p in m["players"]], m["finals"],
             table.names[m["winner"]]) for m in game["matches"]] == [
        ("semifinal", ["Anna", "Ben"], [180, 0], "Anna"),
        ("semifinal", ["Cem", "Dora"], [0, 218], "Dora"),
        ("final", ["Anna", "Dora"], [0, 180], "Dora")]
    assert [(p["name"], p["place"], p["balance"]) for p in game["players"]] == [
        ("Anna", 2, "-3.33"), ("Ben", 3, "-3.33"), ("Cem", 3, "-3.34"), ("Dora", 1, "10.00")]


def test_a_tournament_of_three_gives_the_bye_into_the_final_and_pays_to_the_cent(as_alice):
    # given three players at 5.00 each and 0.10 a point, the organiser giving Anna the bye
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="gin", rules={
        "tournament": True, "bye": 0, "buy_in": "5.00", "stake_per_point": "0.10"})
    assert table.game["rules"]["bye"] == 0
    assert [(m["number"], m["stage"], [table.names[p] for p in m["players"]])
            for m in table.game["matches"]] == [(1, "semifinal", ["Ben", "Cem"])]
    assert table.names[table.game["next_dealer"]] == "Ben"

    # when Ben and Cem play the semifinal (a void round needs no match: one is open)
    table.knock("Cem", Ben=30, Cem=4)            # Cem 26
    anna_in_the_semifinal = table.post_round("Anna", Anna=0, Ben=10)
    void = as_alice.post(f"{table.url}rounds/", {"number": 2, "void": True}, format="json")
    assert void.status_code == 201, void.json()
    table.refresh()
    waiting = table.by_name("state")["Anna"], table.by_name("final")["Anna"]
    table.knock("Ben", Ben=0, Cem=80)            # Ben gin, 100: the semifinal is his
    # and the final opens, Ben against the bye; Ben deals it
    final = table.game["matches"][1]
    assert (final["number"], final["stage"], [table.names[p] for p in final["players"]],
            table.names[final["next_dealer"]]) == (3, "final", ["Ben", "Anna"], "Ben")
    table.knock("Anna", Anna=3, Ben=13)          # Anna 10
    last = table.knock("Ben", Anna=80, Ben=0)    # Ben gin, 100: the final is his

    # then Anna could not play the semifinal, and waited in it without a final account
    assert (anna_in_the_semifinal.status_code, errors(anna_in_the_semifinal)) == (400, [(
        "ender", "invalid_round", "Anna does not play in this match")])
    assert waiting == ("in", None)
    # and the rounds name their matches: the semifinal 1, the final 3
    assert [r["match"] for r in table.get("rounds/")] == [1, 1, 1, 3, 3]
    assert last["match"] == 3
    game = table.game
    assert [(m["stage"], m["finals"], table.names[m["winner"]]) for m in game["matches"]] == [
        ("semifinal", [220, 46], "Ben"), ("final", [220, 30], "Ben")]
    # and the money: 17.40 and 19.00 for the points; the pool of 15.00 pays Ben 11.25 and
    # the others 1.88 and 1.87 (the spare cent to the earlier seat)
    assert table.flows() == [
        ("buy_in", None, "Anna", "pot", "5.00"), ("buy_in", None, "Ben", "pot", "5.00"),
        ("buy_in", None, "Cem", "pot", "5.00"),
        ("point_settlement", 3, "Cem", "Ben", "17.40"),
        ("point_settlement", 5, "Anna", "Ben", "19.00"),
        ("payout", None, "pot", "Ben", "11.25"), ("payout", None, "pot", "Anna", "1.88"),
        ("payout", None, "pot", "Cem", "1.87")]
    assert [(p["name"], p["place"], p["balance"]) for p in game["players"]] == [
        ("Anna", 2, "-22.12"), ("Ben", 1, "42.65"), ("Cem", 3, "-20.53")]
    assert (game["status"], table.names[game["winner"]], game["pot"]) == (
        "finished", "Ben", "0.00")


def test_without_a_bye_the_third_seat_goes_into_the_final(as_alice):
    # when three start a tournament without naming the bye
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="gin",
                        rules={"tournament": True})

    # then seat 3, Cem, has it: Anna and Ben play the semifinal, the rules keep no seat
    assert table.game["rules"]["bye"] is None
    assert [[table.names[p] for p in m["players"]] for m in table.game["matches"]] == [
        ["Anna", "Ben"]]
    # and the semifinal's winner meets Cem in the final
    table.knock("Ben", Anna=80, Ben=0)  # Ben gin: 100, the semifinal is his
    final = table.refresh()["matches"][-1]
    assert (final["stage"], [table.names[p] for p in final["players"]]) == (
        "final", ["Ben", "Cem"])


def test_a_tournament_of_two_plays_the_final_alone(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben"], preset="gin",
                        rules={"tournament": True, "buy_in": "5.00"})
    assert [(m["number"], m["stage"]) for m in table.game["matches"]] == [(3, "final")]

    table.knock("Anna", Anna=5, Ben=20)          # Anna 15
    table.knock("Ben", Anna=80, Ben=0)           # Ben 100: the final and the game

    game = table.game
    assert [(m["stage"], m["finals"], table.names[m["winner"]]) for m in game["matches"]] == [
        ("final", [35, 220], "Ben")]
    assert [(p["name"], p["place"], p["balance"]) for p in game["players"]] == [
        ("Anna", 2, "-2.50"), ("Ben", 1, "2.50")]
    assert [(table.names[p["player"]], p["amount"]) for p in game["payouts"]] == [
        ("Ben", "7.50"), ("Anna", "2.50")]


@pytest.mark.parametrize(("players", "rules", "code", "message"), [
    (["A", "B", "C"], {"tournament": True, "bye": 3}, "out_of_range",
     "bye must be between 0 and 2; got 3"),
    (["A", "B", "C", "D"], {"tournament": True, "bye": 1}, "out_of_range",
     "Only a Gin tournament of 3 players has a bye: leave bye out"),
    (["A", "B", "C"], {"tournament": True, "bye": "A"}, "invalid_type",
     "bye must be a whole number"),
])
def test_a_bye_that_does_not_fit_is_refused_and_no_game_is_started(as_alice, players, rules,
                                                                   code, message):
    response = as_alice.post(f"{API}/games/", {"preset": "gin", "players": players,
                                               "rules": rules}, format="json")

    assert (response.status_code, errors(response)) == (400, [(
        "rules.bye", code, message)])
    assert as_alice.get(f"{API}/games/").json()["count"] == 0


def test_verifyledger_covers_gin_games_and_names_a_settlement_taken_around_the_services(
    as_alice,
):
    from ledger import services as ledger
    from scorekeeper.rules import Transfer

    # given a finished Gin game whose books close
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"stake_per_point": "0.05"})
    play(table)
    out = io.StringIO()
    call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert out.getvalue().strip() == "1 games checked, 0 with differences."

    # when a second settlement is booked around the services
    ledger.post([Transfer(f"player:{table.ids['A']}", f"player:{table.ids['B']}", 970,
                          "point_settlement", 5)], game_id=table.id, currency="EUR")

    # then the audit names it and fails
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert "point_settlement" in out.getvalue() and "9.70" in out.getvalue()


@pytest.mark.parametrize("preset", ["gin", "gin_online"])
def test_a_gin_game_needs_two_players(as_alice, preset):
    response = as_alice.post(f"{API}/games/", {"preset": preset, "players": ["A", "B", "C"]},
                             format="json")

    assert (response.status_code, errors(response)) == (400, [(
        "players", "invalid_rule", "Gin Rummy is played by 2 players; 3 are seated")])


def test_a_gin_game_with_a_void_round_and_a_correction_round_trips_through_export(
    as_alice, other_club, alice,
):
    from tests.export_support import organised_by_alice, seen

    # given the seed's game with a void round and a corrected round
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"stake_per_point": "0.10"})
    play(table, SEED_004[:2])
    assert as_alice.post(f"{table.url}rounds/", {"number": 3, "void": True},
                         format="json").status_code == 201
    table.refresh()
    table.correct(2, "B", A=14, B=0, reason="A had 14")
    play(table, SEED_004[2:])
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the copy is the same game: void round, correction, finals, settlement
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    assert [r["void"] for r in before["rounds"]] == [False, False, True, False, False, False]
    assert [(p["name"], p["final"]) for p in before["game"]["players"]] == [
        ("A", 69), ("B", 264)]
