"""Basic Rummy through the REST API (docs/api.md, "Basic Rummy and Rami rounds"; docs/rules.md
9): a whole game to the target with its per-round payments, the parts of each round, closing
by hand, a correction that moves a round's payment, refusals with their fields, the audit and
the export. The books are checked after every accepted write (api_table)."""

import io

import pytest
from django.core.management import call_command

from tests.api_table import API, Table, errors

THREE = ["Anna", "Ben", "Cem"]
BEN_CARDS = ["KS", "QH", "9D", "8C", "2S", "3H", "4D"]  # 10 + 10 + 9 + 8 + 2 + 3 + 4 = 46


def hands(table, **held) -> list[dict]:
    """Hands by name: a number is the deadwood, a list the cards, None an empty hand."""
    lines = []
    for name, value in held.items():
        line = {"player": table.ids[name]}
        if isinstance(value, list):
            line["cards"] = value
        elif value is not None:
            line["deadwood"] = value
        lines.append(line)
    return lines


def went_out(table, ender, **held) -> dict:
    """A round that must be accepted (the books are checked right after it)."""
    response = table.post_round(ender, hands=hands(table, **held))
    assert response.status_code == 201, response.json()
    body = response.json()
    table.game = body["game"]
    table.check_books()
    return body


def parts(table, body) -> list[tuple]:
    """Each result as (name, deadwood, hand, points, total)."""
    return [(table.names[r["player"]], r["deadwood"], r["hand"], r["points"], r["total"])
            for r in body["results"]]


def test_a_game_to_500_pays_the_one_who_went_out_each_round(as_alice):
    # given Basic Rummy for three: one deck, 7 cards, 0.10 a point, to 500
    table = Table.start(as_alice, THREE, preset="basic")
    rules = table.game["rules"]
    assert (rules["family"], rules["decks"], rules["hand_size"], rules["point_value"],
            rules["game_target"]) == ("basic", 1, 7, "0.10", 500)
    assert (table.game["pot"], table.ledger()) == ("0.00", [])

    # when Anna goes out against Ben's cards and Cem's 30
    first = went_out(table, "Anna", Ben=BEN_CARDS, Cem=30)

    # then she scores both hands, named as her hand; the others score nothing
    assert parts(table, first) == [("Anna", 0, 76, 76, 76), ("Ben", 46, 0, 0, 0),
                                   ("Cem", 30, 0, 0, 0)]
    assert (first["winner"], first["points"], first["finish"], first["rummy"]) == (
        table.ids["Anna"], 76, "", False)
    ben = first["results"][1]
    assert (ben["cards"], ben["unmatched"], ben["melds"]) == (BEN_CARDS, BEN_CARDS, [])
    assert all((r["laid"], r["bonus"], r["penalty"], r["multiplier"]) == (0, 0, 0, 1)
               for r in first["results"])
    # and each pays her at once, in round 1
    assert table.flows() == [("point_settlement", 1, "Ben", "Anna", "4.60"),
                             ("point_settlement", 1, "Cem", "Anna", "3.00")]

    # when the game goes on (the one who went out given with an empty hand, or left out)
    went_out(table, "Ben", Anna=20, Cem=50)
    went_out(table, "Anna", Anna=None, Ben=65, Cem=70)
    went_out(table, "Anna", Ben=60, Cem=70)
    went_out(table, "Anna", Ben=70, Cem=70)
    went_out(table, "Cem", Anna=10, Ben=25)
    assert (table.game["status"], table.by_name("total")) == (
        "running", {"Anna": 481, "Ben": 70, "Cem": 35})
    last = went_out(table, "Anna", Ben=10, Cem=15)

    # then Anna passes 500 and wins; the dealer went round the table
    game = table.game
    assert (game["status"], table.names[game["winner"]], game["next_dealer"]) == (
        "finished", "Anna", None)
    assert [(p["name"], p["total"], p["place"], p["balance"]) for p in game["players"]] == [
        ("Anna", 506, 1, "47.60"), ("Ben", 70, 2, "-20.60"), ("Cem", 35, 3, "-27.00")]
    assert parts(table, last)[0] == ("Anna", 0, 25, 25, 506)
    rounds = table.get("rounds/")
    assert [table.names[r["dealer"]] for r in rounds] == [
        "Anna", "Ben", "Cem", "Anna", "Ben", "Cem", "Anna"]
    # and every round's money is a point_settlement of that round, nothing at the end
    flows = table.flows()
    assert {kind for kind, *_ in flows} == {"point_settlement"}
    assert [entry[1] for entry in flows] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert flows[-2:] == [("point_settlement", 7, "Ben", "Anna", "1.00"),
                          ("point_settlement", 7, "Cem", "Anna", "1.50")]
    settlement = table.get("settlement/")
    assert settlement["final"] is True
    assert sorted((table.names[t["from"]], table.names[t["to"]], t["amount"])
                  for t in settlement["transfers"]) == [
        ("Ben", "Anna", "20.60"), ("Cem", "Anna", "27.00")]
    # and no round follows the end
    after = table.post_round("Ben", hands=hands(table, Anna=5, Cem=5))
    assert (after.status_code, errors(after)[0][1]) == (409, "game_finished")

    # and the organiser's audit finds the books closed
    out = io.StringIO()
    call_command("verifyledger", "--game", str(table.id), stdout=out)
    assert out.getvalue().strip() == "1 games checked, 0 with differences."


def test_a_game_is_closed_by_hand_and_the_highest_total_wins(as_alice):
    table = Table.start(as_alice, ["Anna", "Ben"], preset="basic")
    assert table.game["rules"]["hand_size"] == 10
    went_out(table, "Ben", Anna=40)
    went_out(table, "Anna", Ben=40)

    # when the organiser closes the game with the top shared, it is refused
    tied = as_alice.post(f"{table.url}close/")
    assert (tied.status_code, errors(tied)) == (400, [(
        "closed", "invalid_rule",
        "Anna, Ben share the highest total: play another round before closing")])

    # and after one more round it closes, with Ben ahead
    went_out(table, "Ben", Anna=3)
    closed = as_alice.post(f"{table.url}close/")
    assert closed.status_code == 200, closed.json()
    table.game = closed.json()
    table.check_books()
    assert (table.game["status"], table.names[table.game["winner"]]) == ("finished", "Ben")
    assert [(p["name"], p["total"], p["place"], p["balance"]) for p in table.game["players"]] == [
        ("Anna", 40, 2, "-0.30"), ("Ben", 43, 1, "0.30")]


def test_a_correction_moves_the_payment_of_its_round(as_alice):
    # given two rounds, Cem's hand in round 1 taken as 30
    table = Table.start(as_alice, THREE, preset="basic")
    went_out(table, "Anna", Ben=BEN_CARDS, Cem=30)
    went_out(table, "Ben", Anna=20, Cem=50)

    # when round 1 is corrected: Cem held 3, and it was Ben who went out
    response = as_alice.put(f"{table.url}rounds/1/", {
        "ender": table.ids["Ben"], "hands": hands(table, Anna=12, Cem=3),
        "reason": "Ben went out"}, format="json",
        headers={"If-Match": f'"{table.game["version"]}"'})

    # then the round is scored anew and its payments are reversed and booked again
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["revision"], body["reason"]) == (1, "Ben went out")
    assert parts(table, body) == [("Anna", 12, 0, 0, 0), ("Ben", 0, 15, 15, 15),
                                  ("Cem", 3, 0, 0, 0)]
    table.refresh()
    table.check_books()
    assert table.by_name("total") == {"Anna": 0, "Ben": 85, "Cem": 0}
    ledger = table.ledger()
    reversed_ = {e["reverses"] for e in ledger if e["reverses"]}
    assert [table.flows([e])[0] for e in ledger if e["seq"] in reversed_] == [
        ("point_settlement", 1, "Ben", "Anna", "4.60"),
        ("point_settlement", 1, "Cem", "Anna", "3.00")]
    assert table.flows()[-2:] == [("point_settlement", 1, "Anna", "Ben", "1.20"),
                                  ("point_settlement", 1, "Cem", "Ben", "0.30")]
    assert table.by_name("balance") == {"Anna": "-3.20", "Ben": "8.50", "Cem": "-5.30"}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(
            lambda t: {"ender": t.ids["Anna"], "hands": hands(t, Ben=10)},
            ("hands", "invalid_round",
             "The hand of Cem is missing: every player of the round is entered"),
            id="hand-missing"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"], "hands": hands(t, Anna=4, Ben=10, Cem=5)},
            ("hands[0].deadwood", "invalid_round",
             "Anna went out and holds no cards: leave their hand empty"), id="ender-holds"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"],
                       "hands": [*hands(t, Ben=10), {"player": t.ids["Cem"], "deadwood": 4,
                                                     "cards": ["AS"]}]},
            ("hands[1]", "invalid_round", "Enter Cem's deadwood or cards, not both"),
            id="deadwood-and-cards"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"],
                       "hands": hands(t, Ben=["KS", "QH", "9D", "8C", "2S", "3H", "4D", "5C"],
                                      Cem=5)},
            ("hands[0].cards", "invalid_round", "Ben holds 8 cards; a hand holds at most 7"),
            id="too-many-cards"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"], "hands": hands(t, Ben=["KS", "KS"], Cem=5)},
            ("hands[0].cards", "too_many_copies", "KS appears 2 times; the decks hold 1"),
            id="one-deck"),
        pytest.param(
            lambda t: {"ender": 999_999, "hands": hands(t, Ben=10, Cem=5)},
            ("ender", "unknown_player", "The ender does not sit at this game"),
            id="unknown-ender"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"], "hands": [*hands(t, Ben=10, Cem=5),
                                                         {"player": 999_999, "deadwood": 3}]},
            ("hands[2].player", "unknown_player", "That player does not sit at this game"),
            id="unknown-player"),
        pytest.param(
            lambda t: {"ender": t.ids["Anna"], "hands": hands(t, Ben=10, Cem=5),
                       "finish": "rummy"},
            ("finish", "unknown_field",
             'Unknown field "finish"; this body takes: number, ender, hands'),
            id="rami-fields-are-refused"),
    ],
)
def test_a_bad_round_is_refused_with_its_field_and_writes_nothing(as_alice, body, expected):
    table = Table.start(as_alice, THREE, preset="basic")
    before = table.snapshot()

    response = as_alice.post(f"{table.url}rounds/", {"number": 1, **body(table)}, format="json")

    assert response.status_code == 400, response.json()
    assert errors(response) == [expected]
    assert table.snapshot() == before


def test_a_basic_rummy_game_needs_two_to_seven_players(as_alice):
    response = as_alice.post(f"{API}/games/", {"preset": "basic", "players": list("ABCDEFGH")},
                             format="json")

    assert (response.status_code, errors(response)) == (400, [(
        "players", "invalid_rule", "Basic Rummy is played by 2 to 7 players; 8 are seated")])


def test_six_players_get_two_decks_and_ten_cards(as_alice):
    table = Table.start(as_alice, list("ABCDEF"), preset="basic")

    assert (table.game["rules"]["decks"], table.game["rules"]["hand_size"]) == (2, 10)


def test_a_two_deck_game_with_six_jokers_starts_and_scores_them(as_alice):
    # docs/rules.md 9.1: "zwei oder mehr Joker pro Deck": given two decks with three jokers
    # each
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="basic",
                        rules={"decks": 2, "jokers": 6, "hand_size": 10})
    assert (table.game["rules"]["decks"], table.game["rules"]["jokers"]) == (2, 6)

    # when Anna goes out against six jokers in the others' hands (15 each)
    first = went_out(table, "Anna", Ben=["JK", "JK", "JK", "KS"], Cem=["JK", "JK", "JK", "2C"])

    # then they count, and Anna is paid for them at once
    assert parts(table, first) == [("Anna", 0, 55 + 47, 102, 102), ("Ben", 55, 0, 0, 0),
                                   ("Cem", 47, 0, 0, 0)]
    assert table.flows() == [("point_settlement", 1, "Ben", "Anna", "5.50"),
                             ("point_settlement", 1, "Cem", "Anna", "4.70")]


@pytest.mark.parametrize(("rules", "message"), [
    ({"decks": 2, "hand_size": 10, "jokers": 9}, "jokers must be between 0 and 8; got 9"),
    ({"decks": 1, "jokers": 5}, "jokers must be between 0 and 4; got 5"),
])
def test_more_than_four_jokers_a_deck_is_refused_naming_the_bound(as_alice, rules, message):
    response = as_alice.post(f"{API}/games/", {"preset": "basic", "players": THREE,
                                               "rules": rules}, format="json")

    assert (response.status_code, errors(response)) == (400, [
        ("rules.jokers", "out_of_range", message)])


def test_a_basic_rummy_game_round_trips_through_export(as_alice, other_club, alice):
    from tests.export_support import organised_by_alice, seen

    # given a finished game with a hand as cards and a correction
    table = Table.start(as_alice, ["Anna", "Ben"], preset="basic",
                        rules={"game_target": 100})
    went_out(table, "Anna", Ben=["KS", "QH", "9D", "8C", "2S", "3H", "4D", "5C", "6C", "7C"])
    went_out(table, "Ben", Anna=30)
    corrected = as_alice.put(f"{table.url}rounds/2/", {
        "ender": table.ids["Ben"], "hands": hands(table, Anna=35), "reason": "35"},
        format="json", headers={"If-Match": f'"{table.game["version"]}"'})
    assert corrected.status_code == 200, corrected.json()
    table.refresh()
    went_out(table, "Anna", Ben=50)
    assert table.game["status"] == "finished"
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the copy is the same game, money and all
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    assert document["game"]["rounds"][0]["hands"][0]["cards"].startswith("KS QH")
