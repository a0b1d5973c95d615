"""Through the REST API: every bad hand of a round answered at once, values no hand can have
refused with their reason, cards in canonical text, and a key given twice refused
(docs/api.md, "Errors"; docs/rules.md 3.1)."""

import json

from tests.api_table import API, Table, errors

FOUR = ["Anna", "Ben", "Cem", "Dora"]
THREE = ["Anna", "Ben", "Cem"]


def test_a_round_with_three_bad_hands_answers_three_errors_with_their_fields(as_alice):
    table = Table.start(as_alice, FOUR)
    hands = [
        {"player": table.ids["Anna"], "deadwood": 0},
        {"player": table.ids["Ben"], "deadwood": 1},
        {"player": table.ids["Cem"], "cards": "AS 2S"},
        {"player": table.ids["Dora"], "deadwood": 129},
    ]

    response = table.post_round("Anna", hands=hands)

    assert response.status_code == 400
    assert errors(response) == [
        ("hands[1].deadwood", "impossible_hand_value",
         "Ben cannot have 1 point in hand: the smallest card counts 2"),
        ("hands[2].cards", "invalid_round",
         "Cem has 2 cards; a hand at the end of a round has 10"),
        ("hands[3].deadwood", "invalid_round",
         "Dora's deadwood of 129 is more than a hand of 10 cards can hold (at most 128)"),
    ]
    # and nothing was written
    assert table.refresh()["next_round"] == 1


def test_a_correction_with_two_bad_hands_answers_both_inside_the_corrected_round(as_alice):
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=0, Ben=20, Cem=30)

    response = table.correct(1, "Anna", Anna=0, Ben=1, Cem=129)

    assert response.status_code == 400
    assert [(field, code) for field, code, _ in errors(response)] == [
        ("hands[1].deadwood", "impossible_hand_value"),
        ("hands[2].deadwood", "invalid_round"),
    ]


def test_a_rami_hand_no_cards_can_count_is_refused_with_the_nearest_values(as_alice):
    table = Table.start(as_alice, THREE, preset="rami")
    body = {
        "number": 1, "ender": table.ids["Anna"], "finish": "none",
        "hands": [{"player": table.ids["Anna"], "laid": 43},
                  {"player": table.ids["Ben"], "laid": 0, "deadwood": 7},
                  {"player": table.ids["Cem"], "laid": 0, "deadwood": 30}],
    }

    response = as_alice.post(f"{table.url}rounds/", body, format="json")

    assert response.status_code == 400
    assert errors(response) == [
        ("hands[0].laid", "impossible_hand_value",
         "Anna cannot have laid 43 points: every laid card scores a multiple of 5; the "
         "nearest possible are 40 and 45"),
        ("hands[1].deadwood", "impossible_hand_value",
         "Ben cannot have 7 points in hand: no hand counts that in these rules; the nearest "
         "possible are 5 and 10"),
    ]


def test_the_api_names_cards_in_their_canonical_text(as_alice):
    table = Table.start(as_alice, THREE)
    hands = [
        {"player": table.ids["Anna"], "cards": "QH QH JK JK 5S 6S 7S 8D 8C 8H"},
        {"player": table.ids["Ben"], "cards": "QH 2S 3S 4S 5D 6D 7D 9C 9H JK"},
        {"player": table.ids["Cem"], "deadwood": 30},
    ]

    response = table.post_round("Anna", hands=hands)

    assert errors(response) == [
        ("hands[1].cards", "too_many_copies", "QH appears 3 times; the decks hold 2")]


def test_a_forged_second_ender_is_refused_naming_the_key(as_alice):
    table = Table.start(as_alice, THREE)
    anna, ben, cem = (table.ids[name] for name in THREE)
    body = (f'{{"number": 1, "ender": {anna}, "ender": {ben}, "hands": ['
            f'{{"player": {anna}, "deadwood": 0}}, {{"player": {ben}, "deadwood": 20}}, '
            f'{{"player": {cem}, "deadwood": 30}}]}}')

    response = as_alice.post(f"{table.url}rounds/", body, content_type="application/json")

    assert response.status_code == 400
    [(field, code, message)] = errors(response)
    assert code == "parse_error" and '"ender" appears twice' in message
    assert table.refresh()["next_round"] == 1


def test_a_key_given_twice_deep_inside_a_hand_is_refused_too(as_alice):
    table = Table.start(as_alice, THREE)
    body = json.dumps({"number": 1, "ender": table.ids["Anna"], "hands": []})
    body = body.replace('"hands": []', f'"hands": [{{"player": {table.ids["Anna"]}, '
                        '"deadwood": 0, "deadwood": 2}]')

    response = as_alice.post(f"{table.url}rounds/", body, content_type="application/json")

    assert response.status_code == 400
    assert '"deadwood" appears twice' in errors(response)[0][2]


def test_a_body_with_each_key_once_is_taken(as_alice):
    table = Table.start(as_alice, THREE)
    body = json.dumps({"number": 1, "ender": table.ids["Anna"],
                       "hands": [{"player": table.ids[name], "deadwood": value}
                                 for name, value in (("Anna", 0), ("Ben", 20), ("Cem", 30))]})

    response = as_alice.post(f"{API}/games/{table.id}/rounds/", body,
                             content_type="application/json")

    assert response.status_code == 201, response.json()
