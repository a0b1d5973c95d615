"""The REST API end to end: a short Wiener game through the documented endpoints alone."""


def test_a_wiener_game_through_the_api(as_alice, club):
    created = as_alice.post(
        "/api/v1/games/",
        {"name": "Freitag", "preset": "wiener", "players": ["Anna", "Ben", "Cem", "Dora"]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    game = created.json()
    ids = [player["id"] for player in game["players"]]
    assert (game["pot"], game["status"], game["next_round"], game["next_dealer"]) == (
        "20.00", "running", 1, ids[0],
    )
    assert created["ETag"] == f'"{game["version"]}"'

    round_one = as_alice.post(
        f"/api/v1/games/{game['id']}/rounds/",
        {"number": 1, "ender": ids[0], "hands": [
            {"player": ids[0], "deadwood": 3},
            {"player": ids[1], "cards": "KS KH KD 2C 3C 4C 9D 9S JK 7H"},
            {"player": ids[2], "deadwood": 40},
            {"player": ids[3], "deadwood": 85},
        ]},
        format="json",
    )

    assert round_one.status_code == 201, round_one.json()
    body = round_one.json()
    assert body["winner"] == ids[0]
    assert [line["total"] for line in body["results"]] == [3, 7, 40, 85]
    assert body["rebuy_offers"] == [{"player": ids[3], "target": 40, "cost": "5.00"}]
    assert body["game"]["players"][0]["balance"] == "-2.00"
    ledger = as_alice.get(f"/api/v1/games/{game['id']}/ledger/").json()
    assert [entry["kind"] for entry in ledger] == ["buy_in"] * 4 + ["knock_premium"] * 3
    assert as_alice.get(f"/api/v1/games/{game['id']}/verify/").json()["verified"] is True
