"""Gin variants through the REST API (docs/api.md, "Gin rounds"; docs/rules.md 8): the
shutout and the Big Gin as rules, the round's `big_gin`, its refusals with the field, and
the stored fact through a correction and an export. The books are checked after every
accepted write (api_table)."""

from tests.api_table import API, Table, errors


def big_gin_round(table, knocker, *, number=None, **deadwood):
    body = {"number": table.game["next_round"] if number is None else number,
            "ender": table.ids[knocker], "hands": table.hands(**deadwood), "big_gin": True}
    return table.client.post(f"{table.url}rounds/", body, format="json")


def test_the_variants_are_off_by_default_and_shown_in_the_rules(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin")

    rules = table.game["rules"]
    assert (rules["shutout"], rules["big_gin"], rules["big_gin_bonus"]) == (False, False, 31)


def test_a_shutout_doubles_the_winners_final_account_and_the_settlement(as_alice):
    # given a shutout game at 0.10 a point
    table = Table.start(as_alice, ["A", "B"], preset="gin",
                        rules={"shutout": True, "stake_per_point": "0.10"})

    # when A goes gin against B's 80: 80 + 20 = 100, the target, in round 1
    table.knock("A", A=0, B=80)

    # then B won no round: A's 100 + 100 (game) + 20 (box) = 220, doubled to 440
    assert table.by_name("final") == {"A": 440, "B": 0}
    # and B pays 440 x 0.10 = 44.00
    assert table.flows() == [("point_settlement", 1, "B", "A", "44.00")]


def test_a_big_gin_scores_its_bonus_and_survives_a_correction(as_alice):
    # given Big Gin at a bonus of 50
    table = Table.start(as_alice, ["A", "B"], preset="gin",
                        rules={"big_gin": True, "big_gin_bonus": 50})

    # when A goes Big Gin against B's 30
    response = big_gin_round(table, "A", A=0, B=30)

    # then A scores 30 + 50 = 80, a gin
    assert response.status_code == 201, response.json()
    body = response.json()
    line = next(r for r in body["results"] if r["player"] == table.ids["A"])
    assert (body["points"], line["difference"], line["bonus"], body["gin"]) == (
        80, 30, 50, True)
    table.game = body["game"]
    table.check_books()

    # and B's next round replays round 1 from the stored fact: 80 stays 80
    table.knock("B", A=12, B=2)
    assert table.by_name("total") == {"A": 80, "B": 10}

    # when round 1 is corrected to a plain gin, 30 + 20 = 50
    corrected = table.correct(1, "A", A=0, B=30, reason="a plain gin")
    assert corrected.status_code == 200, corrected.json()
    table.refresh()
    table.check_books()
    assert table.by_name("total") == {"A": 50, "B": 10}


def test_a_big_gin_the_rules_or_the_hand_do_not_allow_is_refused_and_nothing_written(
        as_alice):
    plain = Table.start(as_alice, ["A", "B"], preset="gin")
    with_big_gin = Table.start(as_alice, ["C", "D"], preset="gin", rules={"big_gin": True})
    before = (plain.snapshot(), with_big_gin.snapshot())

    off = big_gin_round(plain, "A", A=0, B=30)
    not_gin = big_gin_round(with_big_gin, "C", C=4, D=30)

    assert (off.status_code, errors(off)) == (400, [(
        "big_gin", "invalid_round",
        "This game's rules have no Big Gin: set big_gin in the rules to score it")])
    assert (not_gin.status_code, errors(not_gin)) == (400, [(
        "big_gin", "invalid_round",
        "A Big Gin is a gin: the knocker's 11 cards all melded, no deadwood")])
    assert (plain.snapshot(), with_big_gin.snapshot()) == before


def test_a_bad_variant_parameter_is_refused_naming_it(as_alice):
    response = as_alice.post(f"{API}/games/", {
        "preset": "gin", "players": ["A", "B"], "rules": {"big_gin_bonus": -1}}, format="json")

    assert response.status_code == 400
    assert [field for field, _code, _message in errors(response)] == ["rules.big_gin_bonus"]


def test_a_big_gin_shutout_round_trips_through_export(as_alice, other_club, alice):
    from tests.export_support import organised_by_alice, seen

    # given a Big Gin (30 + 31 = 61) and a Big Gin that ends the match (8 + 31 = 39: 100)
    table = Table.start(as_alice, ["A", "B"], preset="gin",
                        rules={"big_gin": True, "shutout": True, "stake_per_point": "0.10"})
    for deadwood in (30, 8):
        response = big_gin_round(table, "A", A=0, B=deadwood)
        assert response.status_code == 201, response.json()
        table.game = response.json()["game"]
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the document carries the Big Gins, and the copy is the same game:
    # (100 + 100 + 2 x 20) x 2 = 480, 48.00 from B
    assert [r["big_gin"] for r in document["game"]["rounds"]] == [True, True]
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    assert [(p["name"], p["final"]) for p in before["game"]["players"]] == [
        ("A", 480), ("B", 0)]


# --- Oklahoma Gin -----------------------------------------------------------------------------


def dealt(table, upcard, knocker=None, *, void=False, **deadwood):
    body = {"number": table.game["next_round"], "upcard": upcard}
    if void:
        body["void"] = True
    else:
        body.update(ender=table.ids[knocker], hands=table.hands(**deadwood))
    return table.client.post(f"{table.url}rounds/", body, format="json")


def accepted(table, response) -> dict:
    assert response.status_code == 201, response.json()
    body = response.json()
    table.game = body["game"]
    table.check_books()
    return body


def test_an_oklahoma_round_answers_its_knock_limit_and_whether_it_is_doubled(as_alice):
    # given Oklahoma with spades double: the target is 150 unless given
    table = Table.start(as_alice, ["A", "B"], preset="gin",
                        rules={"oklahoma": True, "spades_double": True})
    rules = table.game["rules"]
    assert (rules["oklahoma"], rules["spades_double"], rules["ace_upcard"],
            rules["game_target"]) == (True, True, "gin", 150)

    # when A knocks with 5 under a 7 of spades, then a void deal under the king of hearts
    spade = accepted(table, dealt(table, "7s", "A", A=5, B=25))
    void = accepted(table, dealt(table, "KH", void=True))

    # then the spade deal's limit is 7 and it is doubled: (25 - 5) x 2 = 40
    assert (spade["upcard"], spade["knock_limit"], spade["doubled"], spade["points"]) == (
        "7S", 7, True, 40)
    assert (void["upcard"], void["knock_limit"], void["doubled"], void["points"]) == (
        "KH", 10, False, 0)
    # and the rounds list shows the same stored facts
    assert [(r["upcard"], r["knock_limit"], r["doubled"]) for r in table.get("rounds/")] == [
        ("7S", 7, True), ("KH", 10, False)]


def test_a_plain_gin_round_answers_no_deal(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    body = table.knock("A", A=5, B=25)
    assert (body["upcard"], body["knock_limit"], body["doubled"], body["big_gin"]) == (
        None, None, False, False)


def test_oklahoma_refusals_name_the_field_and_write_nothing(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"oklahoma": True})
    before = table.snapshot()

    missing = table.post_round("A", A=3, B=20)
    false_knock = dealt(table, "4C", "A", A=5, B=20)
    ace = dealt(table, "AD", "A", A=1, B=20)

    assert (missing.status_code, errors(missing)) == (400, [(
        "upcard", "invalid_round", "Oklahoma Gin: enter the deal's first upcard, e.g. 7S")])
    assert (false_knock.status_code, errors(false_knock)) == (400, [(
        "hands[0].deadwood", "false_knock",
        "False knock: A has 5 deadwood, but the knock limit is 4")])
    # an ace upcard is gin only: the limit is 0
    assert errors(ace) == [("hands[0].deadwood", "false_knock",
                            "False knock: A has 1 deadwood, but the knock limit is 0")]
    assert table.snapshot() == before


def test_an_upcard_outside_oklahoma_is_refused(as_alice):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    response = dealt(table, "7S", "A", A=3, B=20)
    assert (response.status_code, errors(response)) == (400, [(
        "upcard", "invalid_round", "Only Oklahoma Gin records the upcard: leave upcard out")])


def test_an_oklahoma_game_round_trips_through_export(as_alice, other_club, alice):
    from tests.export_support import organised_by_alice, seen

    # given a spade deal (40), a void deal and B's knock under a heart (30 - 9 = 21, single)
    table = Table.start(as_alice, ["A", "B"], preset="gin",
                        rules={"oklahoma": True, "spades_double": True})
    accepted(table, dealt(table, "7S", "A", A=5, B=25))
    accepted(table, dealt(table, "2D", void=True))
    accepted(table, dealt(table, "9H", "B", A=30, B=9))
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    target = organised_by_alice(other_club, alice)
    imported = as_alice.post(f"{API}/clubs/{target.pk}/import/", document, format="json")

    # then the document carries the upcards and the copy is the same game: A 40, B 21
    assert [r["upcard"] for r in document["game"]["rounds"]] == ["7S", "2D", "9H"]
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
    assert [(p["name"], p["total"]) for p in before["game"]["players"]] == [("A", 40), ("B", 21)]
