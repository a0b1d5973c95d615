"""Rami through the REST API (docs/api.md, "Basic Rummy and Rami rounds"; docs/rules.md 10):
a normal game to the target with the final settlement, an elimination game to the last one
in with the pot paid out, each round's points by their parts, penalties, a correction that
books the settlement anew, refusals with their fields, the audit and the export. The books
are checked after every accepted write (api_table)."""

import io

import pytest
from django.core.management import call_command

from tests.api_table import API, Table, errors

THREE = ["Anna", "Ben", "Cem"]
BEN_MELDS = [["7H", "8H", "9H"], ["KS", "KH", "KD"]]  # 5 + 5 + 5 and 10 + 10 + 10: 45


def hand(table, name, laid=None, left=None) -> dict:
    """A Rami hand: `laid` points (a number) or melds (a list); `left` in hand: points (a
    number) or cards (a list); None leaves the field out."""
    line = {"player": table.ids[name]}
    if laid is not None:
        line["laid_melds" if isinstance(laid, list) else "laid"] = laid
    if left is not None:
        line["cards" if isinstance(left, list) else "deadwood"] = left
    return line


def body(table, ender, finish, hands, penalties=(), *, number=None) -> dict:
    return {
        "number": table.game["next_round"] if number is None else number,
        "ender": table.ids[ender], "finish": finish,
        "hands": [hand(table, name, *held) for name, held in hands.items()],
        "penalties": [{"player": table.ids[name], "points": points}
                      for name, points in penalties],
    }


def finished(table, ender, finish, hands, penalties=()) -> dict:
    """A round that must be accepted (the books are checked right after it)."""
    response = table.client.post(f"{table.url}rounds/", body(table, ender, finish, hands,
                                                             penalties), format="json")
    assert response.status_code == 201, response.json()
    answer = response.json()
    table.game = answer["game"]
    table.check_books()
    return answer


def parts(table, answer) -> list[tuple]:
    """Each result as (name, laid, hand, bonus, penalty, multiplier, points, total)."""
    return [(table.names[r["player"]], r["laid"], r["hand"], r["bonus"], r["penalty"],
             r["multiplier"], r["points"], r["total"]) for r in answer["results"]]


def normal_game(client, **rules) -> Table:
    return Table.start(client, THREE, preset="rami", rules={"point_value": "0.05", **rules})


def play_normal(table) -> list[dict]:
    """Anna reaches 1005 in round 4: a finish with a penalty, a Rummy while nobody else had
    laid, a Rummy with her own cards, and a plain finish."""
    return [
        finished(table, "Anna", "none",
                 {"Anna": (65,), "Ben": (BEN_MELDS, ["AS", "JK"]), "Cem": (0, 35)},
                 [("Cem", 300)]),
        finished(table, "Ben", "rummy", {"Ben": (120,), "Anna": (0, 80), "Cem": (0, 60)}),
        finished(table, "Anna", "own_cards", {"Anna": (150,), "Ben": (50, 40), "Cem": (0, 100)}),
        finished(table, "Anna", "none", {"Anna": (200,), "Ben": (60, 30), "Cem": (40, 50)}),
    ]


def test_a_normal_game_to_1000_names_every_part_and_settles_the_difference_at_the_end(
    as_alice,
):
    # given Rami for three at 0.05 a point: two decks with four jokers, 14 cards, to 1000
    table = normal_game(as_alice)
    rules = table.game["rules"]
    assert (rules["family"], rules["mode"], rules["decks"], rules["jokers"],
            rules["hand_size"], rules["penalty"], rules["game_target"]) == (
        "rami", "normal", 2, 4, 14, 300, 1000)

    # when the four rounds are entered
    first, second, third, last = play_normal(table)

    # then round 1: Anna 65 laid + Ben's 35 and Cem's 35 in hand; Ben's melds count 45;
    # Cem's penalty takes 300
    assert parts(table, first) == [
        ("Anna", 65, 70, 0, 0, 1, 135, 135),
        ("Ben", 45, 0, 0, 0, 1, 45, 45),
        ("Cem", 0, 0, 0, 300, 1, -300, -300)]
    assert (first["finish"], first["nobody_else_laid"], first["rummy"], first["points"]) == (
        "none", False, False, 135)
    ben = first["results"][1]
    assert (ben["melds"], ben["deadwood"], ben["cards"]) == (BEN_MELDS, 35, ["AS", "JK"])
    # and a Rummy while nobody else laid earns 100 + 200
    assert parts(table, second)[1] == ("Ben", 120, 140, 300, 0, 1, 560, 605)
    assert (second["finish"], second["nobody_else_laid"], second["rummy"]) == (
        "rummy", True, True)
    # and a Rummy with her own cards 300 (Ben had laid)
    assert parts(table, third)[0] == ("Anna", 150, 140, 300, 0, 1, 590, 725)
    assert parts(table, last)[0] == ("Anna", 200, 80, 0, 0, 1, 280, 1005)
    # and each player's points are the sum of the parts
    for answer in (first, second, third, last):
        for r in answer["results"]:
            assert r["points"] == r["laid"] + r["hand"] + r["bonus"] - r["penalty"]

    # then Anna passes 1000 and wins; the others pay 0.05 a point of the difference
    game = table.game
    assert (game["status"], table.names[game["winner"]]) == ("finished", "Anna")
    assert [(p["name"], p["total"], p["place"], p["balance"]) for p in game["players"]] == [
        ("Anna", 1005, 1, "77.75"), ("Ben", 715, 2, "-14.50"), ("Cem", -260, 3, "-63.25")]
    # and the money moves once, at the end
    assert table.flows() == [("point_settlement", None, "Ben", "Anna", "14.50"),
                             ("point_settlement", None, "Cem", "Anna", "63.25")]
    assert sorted((table.names[t["from"]], t["amount"])
                  for t in table.get("settlement/")["transfers"]) == [
        ("Ben", "14.50"), ("Cem", "63.25")]
    out = io.StringIO()
    call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert out.getvalue().strip() == "1 games checked, 0 with differences."


def test_the_rounds_list_shows_each_rounds_parts_and_finish(as_alice):
    table = normal_game(as_alice)
    play_normal(table)

    rounds = table.get("rounds/")

    assert [(r["finish"], r["nobody_else_laid"], table.names[r["winner"]],
             table.names[r["dealer"]]) for r in rounds] == [
        ("none", False, "Anna", "Anna"), ("rummy", True, "Ben", "Ben"),
        ("own_cards", False, "Anna", "Cem"), ("none", False, "Anna", "Anna")]
    assert [r["penalty"] for r in rounds[0]["results"]] == [0, 0, 300]


def test_a_correction_rescores_and_books_the_final_settlement_anew(as_alice):
    # given the finished game, Cem's penalty in round 1
    table = normal_game(as_alice)
    play_normal(table)

    # when round 1 is corrected: Cem had no penalty
    corrected = body(table, "Anna", "none",
                     {"Anna": (65,), "Ben": (BEN_MELDS, ["AS", "JK"]), "Cem": (0, 35)})
    corrected.pop("number")
    response = as_alice.put(f"{table.url}rounds/1/", {**corrected, "reason": "no penalty"},
                            format="json", headers={"If-Match": f'"{table.game["version"]}"'})

    # then Cem ends at 40 and pays 0.05 x 965; the old settlement is reversed
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert (answer["revision"], parts(table, answer)[2]) == (
        1, ("Cem", 0, 0, 0, 0, 1, 0, 0))
    table.refresh()
    table.check_books()
    assert table.by_name("total") == {"Anna": 1005, "Ben": 715, "Cem": 40}
    ledger = table.ledger()
    reversed_ = {e["reverses"] for e in ledger if e["reverses"]}
    assert [table.flows([e])[0] for e in ledger if e["seq"] in reversed_] == [
        ("point_settlement", None, "Cem", "Anna", "63.25")]
    assert table.flows()[-2:] == [("point_settlement", None, "Anna", "Cem", "63.25"),
                                  ("point_settlement", None, "Cem", "Anna", "48.25")]
    assert table.by_name("balance") == {"Anna": "62.75", "Ben": "-14.50", "Cem": "-48.25"}


def test_a_traditional_game_values_cards_by_face_and_is_closed_by_hand(as_alice):
    # given the traditional mode at 0.10 a point
    table = normal_game(as_alice, mode="traditional", point_value="0.10")

    # when Anna finishes against Ben's laid melds and his ace and joker
    first = finished(table, "Anna", "none",
                     {"Anna": (40,), "Ben": (BEN_MELDS, ["AS", "JK"]), "Cem": (0, 9)})

    # then the melds count 7 + 8 + 9 and 3 x 10, the ace in hand 11 and the joker 20
    assert parts(table, first) == [
        ("Anna", 40, 40, 0, 0, 1, 80, 80), ("Ben", 54, 0, 0, 0, 1, 54, 54),
        ("Cem", 0, 0, 0, 0, 1, 0, 0)]

    # when the organiser closes the game, Anna leads and is paid the differences
    closed = as_alice.post(f"{table.url}close/")
    assert closed.status_code == 200, closed.json()
    table.game = closed.json()
    table.check_books()
    assert (table.game["status"], table.names[table.game["winner"]]) == ("finished", "Anna")
    assert table.flows() == [("point_settlement", None, "Ben", "Anna", "2.60"),
                             ("point_settlement", None, "Cem", "Anna", "8.00")]


def test_an_elimination_game_is_won_by_the_last_one_in_who_takes_the_pot(as_alice):
    # given elimination mode for three: 5.00 each into the pot, out at 500
    table = Table.start(as_alice, THREE, preset="rami", rules={"mode": "elimination"})
    assert (table.game["rules"]["eliminate_at"], table.game["pot"]) == (500, "15.00")
    assert table.flows() == [("buy_in", None, name, "pot", "5.00") for name in THREE]

    # when Anna finishes plainly (nobody's laid points known): the others write their hands
    first = finished(table, "Anna", "none",
                     {"Anna": (), "Ben": (None, 60), "Cem": (None, ["JK", "AS", "KD", "KC",
                                                                    "5H", "6H", "7S"])})
    # and Ben goes Rummy after Anna laid: hands count double
    second = finished(table, "Ben", "rummy", {"Ben": (90,), "Anna": (30, 100), "Cem": (0, 120)})
    # and Anna goes Rummy with her own cards while nobody else laid: four times, and Ben's
    # penalty counts 300 against him
    third = finished(table, "Anna", "own_cards",
                     {"Anna": (0,), "Ben": (0, 30), "Cem": (0, 50)}, [("Ben", 300)])

    # then the finisher scores 0, the others hand x multiplier + penalty; lowest is best
    assert parts(table, first) == [
        ("Anna", 0, 0, 0, 0, 1, 0, 0), ("Ben", 0, 60, 0, 0, 1, 60, 60),
        ("Cem", 0, 70, 0, 0, 1, 70, 70)]
    assert parts(table, second) == [
        ("Anna", 30, 100, 0, 0, 2, 200, 200), ("Ben", 90, 0, 0, 0, 1, 0, 60),
        ("Cem", 0, 120, 0, 0, 2, 240, 310)]
    assert parts(table, third) == [
        ("Anna", 0, 0, 0, 0, 1, 0, 200), ("Ben", 0, 30, 0, 300, 4, 420, 480),
        ("Cem", 0, 50, 0, 0, 4, 200, 510)]
    assert (third["nobody_else_laid"], [table.names[p] for p in third["out"]]) == (True, ["Cem"])
    for answer in (first, second, third):
        for r in answer["results"]:
            if r["player"] != answer["ender"]:
                assert r["points"] == r["hand"] * r["multiplier"] + r["penalty"]
    assert [(p["name"], p["state"]) for p in table.game["players"]] == [
        ("Anna", "in"), ("Ben", "in"), ("Cem", "out")]

    # when Cem, who is out, is entered again, it is refused
    refused = table.client.post(f"{table.url}rounds/", body(
        table, "Anna", "none", {"Anna": (), "Ben": (None, 40), "Cem": (None, 10)}),
        format="json")
    assert (refused.status_code, errors(refused)) == (400, [(
        "hands[2].player", "invalid_round", "Cem is out since round 3 and does not play")])

    # when Ben passes 500 too
    finished(table, "Anna", "none", {"Anna": (), "Ben": (None, 40)})

    # then Anna is the last one in and takes the pot
    game = table.game
    assert (game["status"], table.names[game["winner"]], game["pot"]) == (
        "finished", "Anna", "0.00")
    assert [(p["name"], p["total"], p["state"], p["place"], p["balance"])
            for p in game["players"]] == [
        ("Anna", 200, "in", 1, "10.00"), ("Ben", 520, "out", 2, "-5.00"),
        ("Cem", 510, "out", 3, "-5.00")]
    assert [(table.names[p["player"]], p["amount"]) for p in game["payouts"]] == [
        ("Anna", "15.00")]
    assert table.flows()[3:] == [("payout", None, "pot", "Anna", "15.00")]
    assert sorted((table.names[t["from"]], table.names[t["to"]], t["amount"])
                  for t in table.get("settlement/")["transfers"]) == [
        ("Ben", "Anna", "5.00"), ("Cem", "Anna", "5.00")]
    # and closing by hand is not for elimination mode
    refused = as_alice.post(f"{table.url}close/")
    assert (refused.status_code, errors(refused)[0][1]) == (400, "not_closable")
    out = io.StringIO()
    call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert out.getvalue().strip() == "1 games checked, 0 with differences."


BAD_ROUNDS = [
    pytest.param(
        lambda t: {**body(t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)}),
                   "finish": None},
        ("finish", "null", "This field may not be null."), id="finish-null"),
    pytest.param(
        lambda t: {key: value for key, value in body(
            t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)}).items()
            if key != "finish"},
        ("finish", "required", "Say how the finisher went out: none, rummy or own_cards"),
        id="finish-missing"),
    pytest.param(
        lambda t: body(t, "Anna", "gin", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)}),
        ("finish", "invalid_choice", '"gin" is not a valid choice.'), id="finish-unknown"),
    pytest.param(
        lambda t: {**body(t, "Anna", "none", {"Anna": (65,), "Cem": (0, 40)}),
                   "hands": [hand(t, "Anna", 65), hand(t, "Cem", 0, 40),
                             {**hand(t, "Ben", BEN_MELDS, 30), "laid": 45}]},
        ("hands[2].laid", "invalid_round", "Enter Ben's laid points or laid melds, not both"),
        id="laid-and-laid-melds"),
    pytest.param(
        lambda t: body(t, "Anna", "none", {"Anna": (65,), "Ben": (None, 30), "Cem": (0, 40)}),
        ("hands[1].laid", "invalid_round",
         "Enter the points Ben laid this round, or the melds as cards (0 if nothing was laid)"),
        id="laid-missing"),
    pytest.param(
        lambda t: body(t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)},
                       [("Cem", 250)]),
        ("penalties[0].points", "invalid_round",
         "A penalty is 300 points: Cem's 250 is not a multiple of it"),
        id="penalty-not-a-multiple"),
    pytest.param(
        lambda t: {**body(t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)}),
                   "penalties": [{"player": 999_999, "points": 300}]},
        ("penalties[0].player", "unknown_player", "That player does not sit at this game"),
        id="penalty-unknown-player"),
    pytest.param(
        lambda t: {**body(t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30)}),
                   "hands": [hand(t, "Anna", 65), hand(t, "Ben", 0, 30),
                             {"player": 999_999, "laid": 0, "deadwood": 40}]},
        ("hands[2].player", "unknown_player", "That player does not sit at this game"),
        id="unknown-player"),
    pytest.param(
        lambda t: body(t, "Anna", "none",
                       {"Anna": (65,), "Ben": ([["7H", "8H", "XX"]], 30), "Cem": (0, 40)}),
        ("hands[1].laid_melds[0]", "invalid_card",
         "'XX' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a "
         "joker"),
        id="laid-meld-card"),
    pytest.param(
        lambda t: body(t, "Anna", "none",
                       {"Anna": (65,), "Ben": ([["7H", "8H", "KH"], ["KS", "KH", "KD"]], 30),
                        "Cem": (0, 40)}),
        ("hands[1].laid_melds[0]", "invalid_round", "7H 8H KH is not a meld"),
        id="laid-meld-no-meld"),
    pytest.param(
        lambda t: body(t, "Anna", "none",
                       {"Anna": (65,), "Ben": ([["7H", "8H", "9H"]], 30), "Cem": (0, 40)}),
        ("hands[1].laid_melds", "invalid_round",
         "Ben's melds are worth 15 points; the first melds must be worth at least 40"),
        id="first-meld-too-low"),
    pytest.param(
        lambda t: body(t, "Anna", "none", {"Anna": (65, 10), "Ben": (0, 30), "Cem": (0, 40)}),
        ("hands[0].deadwood", "invalid_round",
         "Anna went out and holds no cards: leave their hand empty"),
        id="finisher-holds"),
    pytest.param(
        lambda t: {**body(t, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)}),
                   "penalties": [{"player": t.ids["Cem"], "points": 0}]},
        ("penalties[0].points", "min_value", "A penalty is a positive number of points"),
        id="penalty-zero"),
]


@pytest.mark.parametrize(("make", "expected"), BAD_ROUNDS)
def test_a_bad_round_is_refused_with_its_field_and_writes_nothing(as_alice, make, expected):
    table = normal_game(as_alice)
    before = table.snapshot()

    response = as_alice.post(f"{table.url}rounds/", make(table), format="json")

    assert (response.status_code, errors(response)) == (400, [expected])
    assert table.snapshot() == before


def test_a_bad_correction_is_refused_and_the_round_stays(as_alice):
    # given one round
    table = normal_game(as_alice)
    finished(table, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)})
    before = table.snapshot()
    version = {"If-Match": f'"{table.game["version"]}"'}
    corrected = body(table, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)},
                     [("Ben", 400)], number=1)

    # when a correction brings a wrong penalty, or no finish
    wrong_penalty = as_alice.put(f"{table.url}rounds/1/", corrected, format="json",
                                 headers=version)
    no_finish = as_alice.put(f"{table.url}rounds/1/", {
        key: value for key, value in corrected.items() if key not in ("finish", "penalties")},
        format="json", headers=version)

    # then both are refused and nothing changed
    assert (wrong_penalty.status_code, errors(wrong_penalty)) == (400, [(
        "penalties[0].points", "invalid_round",
        "A penalty is 300 points: Ben's 400 is not a multiple of it")])
    assert (no_finish.status_code, errors(no_finish)[0][:2]) == (400, ("finish", "required"))
    assert table.snapshot() == before


def test_a_rami_game_needs_two_to_eight_players_and_seven_get_four_decks(as_alice):
    too_many = as_alice.post(f"{API}/games/", {"preset": "rami", "players": list("ABCDEFGHI")},
                             format="json")
    seven = Table.start(as_alice, list("ABCDEFG"), preset="rami")

    assert (too_many.status_code, errors(too_many)) == (400, [(
        "players", "invalid_rule", "Rami is played by 2 to 8 players; 9 are seated")])
    assert (seven.game["rules"]["decks"], seven.game["rules"]["jokers"]) == (4, 8)


def test_a_rami_game_round_trips_through_export_with_its_melds_and_penalties(
    as_alice, other_club, alice,
):
    from tests.export_support import organised_by_alice, seen

    # given the finished normal game, round 1 corrected
    table = normal_game(as_alice)
    play_normal(table)
    corrected = body(table, "Anna", "none",
                     {"Anna": (65,), "Ben": (BEN_MELDS, ["AS", "JK"]), "Cem": (0, 35)},
                     [("Cem", 600)], number=1)
    response = as_alice.put(f"{table.url}rounds/1/", {**corrected, "reason": "twice"},
                            format="json", headers={"If-Match": f'"{table.game["version"]}"'})
    assert response.status_code == 200, response.json()
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the document holds the finish, the melds laid and the penalties, and the copy is
    # the same game
    first = document["game"]["rounds"][0]
    assert (first["finish"], first["penalties"]) == ("none", [{"player": "Cem", "points": 300}])
    assert [(h["player"], h["laid"], h["laid_melds"], h["deadwood"], h["cards"])
            for h in first["hands"]] == [
        ("Anna", 65, None, None, None), ("Ben", None, BEN_MELDS, None, "AS JK"),
        ("Cem", 0, None, 35, None)]
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    assert [p["total"] for p in before["game"]["players"]] == [1005, 715, -560]


def test_an_import_whose_penalty_names_no_seated_player_is_refused(as_alice, other_club, alice):
    from tests.export_support import counts, organised_by_alice

    table = normal_game(as_alice)
    finished(table, "Anna", "none", {"Anna": (65,), "Ben": (0, 30), "Cem": (0, 40)},
             [("Cem", 300)])
    document = as_alice.get(f"{table.url}export/").json()
    document["game"]["rounds"][0]["penalties"][0]["player"] = "Dora"
    target = organised_by_alice(other_club, alice)
    before = counts()

    response = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    assert (response.status_code, errors(response)) == (400, [(
        "game.rounds[0].penalties[0].player", "unknown_player",
        "'Dora' does not sit at this game")])
    assert counts() == before


def test_a_player_on_exactly_the_limit_is_still_in_and_can_be_entered(as_alice):
    # docs/rules.md 10.5: "die Spieler, die eine vorher festgelegte Punktzahl überschreiten,
    # eliminiert": out only past the limit. Given elimination mode with the limit at 100
    table = Table.start(as_alice, THREE, preset="rami",
                        rules={"mode": "elimination", "eliminate_at": 100})

    # when Ben ends a round on exactly 100
    first = finished(table, "Anna", "none", {"Anna": (), "Ben": (None, 100), "Cem": (None, 95)})

    # then nobody is out, and Ben is entered in the next round like everyone else
    assert first["out"] == []
    assert table.by_name("state") == {"Anna": "in", "Ben": "in", "Cem": "in"}
    second = finished(table, "Cem", "none", {"Anna": (None, 10), "Ben": (None, 5), "Cem": ()})
    # and 105 is past it: Ben is out
    assert [table.names[p] for p in second["out"]] == ["Ben"]
    assert table.by_name("total") == {"Anna": 10, "Ben": 105, "Cem": 95}
    assert table.by_name("state") == {"Anna": "in", "Ben": "out", "Cem": "in"}


# The Rami text's example (docs/rules.md 10.6): Ben laid the run 4-7♦; Anna takes its 4♦ and
# lays it with 4♥ 4♣ from her hand: 10 points for her, not 15.
BEN_RUN = [["4D", "5D", "6D", "7D"], ["KS", "KH", "KD"]]  # 20 + 30
ANNA_TAKES = [["QH", "KH", "AH"], ["[4♦]", "4H", "4C"]]  # 35 + 10


def test_a_card_taken_from_the_table_is_marked_and_scores_nothing(as_alice):
    table = normal_game(as_alice)

    answer = finished(table, "Anna", "none",
                      {"Anna": (ANNA_TAKES,), "Ben": (BEN_RUN, ["9S"]), "Cem": (0, 10)})

    # Anna: 35 + 10 laid, Ben's 5 and Cem's 10 in hand
    assert parts(table, answer)[:2] == [("Anna", 45, 15, 0, 0, 1, 60, 60),
                                        ("Ben", 50, 0, 0, 0, 1, 50, 50)]
    # the melds come back as entered, the card from the table in brackets
    assert answer["results"][0]["melds"] == [["QH", "KH", "AH"], ["[4D]", "4H", "4C"]]
    assert table.get("rounds/1/")["results"][0]["melds"] == [["QH", "KH", "AH"],
                                                             ["[4D]", "4H", "4C"]]


@pytest.mark.parametrize(("anna", "finish", "expected"), [
    ([["QH", "KH", "AH"], ["[4D]", "[5D]", "[6D]"]], "none",
     ("hands[0].laid_melds[1]", "invalid_round",
      "Anna's meld [4D] [5D] [6D] holds only cards taken from the table: a meld laid needs a "
      "card from the hand")),
    (ANNA_TAKES, "own_cards",
     ("hands[0].laid_melds[1]", "invalid_round",
      "Anna took [4D] from the table, so this is no Rummy with own cards only: enter the "
      "finish as rummy")),
    ([["QH", "KH", "AH"], ["[4D", "4H", "4C"]], "none",
     ("hands[0].laid_melds[1]", "invalid_card",
      "'[4D' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a "
      "joker")),
], ids=["only-from-the-table", "own-cards", "mark-not-closed"])
def test_a_meld_with_cards_from_the_table_is_refused_when_it_cannot_be(as_alice, anna, finish,
                                                                      expected):
    table = normal_game(as_alice)
    before = table.snapshot()

    response = as_alice.post(f"{table.url}rounds/", body(
        table, "Anna", finish, {"Anna": (anna,), "Ben": (BEN_RUN, ["9S"]), "Cem": (0, 10)}),
        format="json")

    assert (response.status_code, errors(response)) == (400, [expected])
    assert table.snapshot() == before


def with_from_table(table, name, taken, round_body):
    """The body with `taken` as the `from_table` of `name`'s hand."""
    for each in round_body["hands"]:
        if each["player"] == table.ids[name]:
            each["from_table"] = taken
    return round_body


def test_from_table_names_the_cards_taken_from_the_table_and_they_score_nothing(as_alice):
    # the rule text's example (docs/rules.md 10.6): 4D taken from the 4-7D run on the table,
    # laid with 4H 4C from the hand: the meld scores 10, not 15
    table = normal_game(as_alice)
    anna = [["QH", "KH", "AH"], ["4D", "4H", "4C"]]
    response = as_alice.post(f"{table.url}rounds/", with_from_table(table, "Anna", ["4D"], body(
        table, "Anna", "none", {"Anna": (anna,), "Ben": (BEN_RUN, ["9S"]), "Cem": (0, 10)})),
        format="json")

    assert response.status_code == 201, response.json()
    answer = response.json()
    assert parts(table, answer)[0] == ("Anna", 45, 15, 0, 0, 1, 60, 60)
    # stored as the pages mark it: the same round as with "[4D]" in the meld
    assert answer["results"][0]["melds"] == [["QH", "KH", "AH"], ["[4D]", "4H", "4C"]]


@pytest.mark.parametrize(("taken", "expected"), [
    (["5D"], ("hands[0].from_table[0]", "invalid_card",
              "5D is not a card of the melds laid, or is named twice: from_table lists cards "
              "of laid_melds")),
    (["4D", "4D"], ("hands[0].from_table[1]", "invalid_card",
                    "4D is not a card of the melds laid, or is named twice: from_table lists "
                    "cards of laid_melds")),
    (["Z9"], ("hands[0].from_table[0]", "invalid_card",
              "'Z9' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for "
              "a joker")),
], ids=["not-laid", "named-twice", "no-card"])
def test_from_table_refuses_a_card_the_melds_do_not_hold(as_alice, taken, expected):
    table = normal_game(as_alice)
    before = table.snapshot()
    anna = [["QH", "KH", "AH"], ["4D", "4H", "4C"]]

    response = as_alice.post(f"{table.url}rounds/", with_from_table(table, "Anna", taken, body(
        table, "Anna", "none", {"Anna": (anna,), "Ben": (BEN_RUN, ["9S"]), "Cem": (0, 10)})),
        format="json")

    assert (response.status_code, errors(response)) == (400, [expected])
    assert table.snapshot() == before
