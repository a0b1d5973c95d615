"""A club's Gin tournament through the REST API (docs/api.md, "Tournaments"): the draw for 5, 8
and 13 players, byes to the top seeds, every match played as an ordinary game through the
rounds API, the winner advancing at once, corrections before and after the next match,
and the tournament's ledger verifying."""

from datetime import datetime

import pytest

from scorekeeper.models import WebhookEvent
from scorekeeper.services import webhooks
from tests.api_table import API, minor

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ines", "Jan", "Kurt",
         "Lena", "Mia", "Nora", "Olga", "Paul", "Quirin", "Rosa", "Susi", "Toni", "Uwe",
         "Vera", "Willi", "Xaver", "Yvonne", "Zoran", "Ada", "Bert", "Clara", "Dieter",
         "Elfi", "Franz", "Greta"]
# A match is over after one gin: 20 for gin plus the loser's 30 pass the target of 10.
QUICK = {"game_target": 10}


def create(client, club_id, count, *, status=201, **extra):
    body = {"name": "Clubmeisterschaft", "preset": "gin", "rules": QUICK,
            "players": NAMES[:count], "seeding": "ordered", "entry_fee": "10.00",
            "payouts": [75, 25], **extra}
    response = client.post(f"{API}/clubs/{club_id}/tournaments/", body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def read(client, tournament_id):
    response = client.get(f"{API}/tournaments/{tournament_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def ids_of(tournament):
    return {p["name"]: p["id"] for p in tournament["players"]}


def match(tournament, round_number, number):
    return tournament["bracket"][round_number - 1]["matches"][number - 1]


def play(client, game_id, winner, loser, *, loser_deadwood=30):
    """The match's one round: `winner` goes gin, and with it the match."""
    game = client.get(f"{API}/games/{game_id}/").json()
    response = client.post(f"{API}/games/{game_id}/rounds/", {
        "number": game["next_round"], "ender": winner,
        "hands": [{"player": winner, "deadwood": 0},
                  {"player": loser, "deadwood": loser_deadwood}]}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["game"]


def correct(client, game_id, winner, loser, *, status=200):
    game = client.get(f"{API}/games/{game_id}/").json()
    response = client.put(f"{API}/games/{game_id}/rounds/1/", {
        "ender": winner, "reason": "the other way round",
        "hands": [{"player": winner, "deadwood": 0}, {"player": loser, "deadwood": 30}]},
        format="json", headers={"If-Match": f'"{game["version"]}"'})
    assert response.status_code == status, response.content
    return response.json()


def play_out(client, tournament):
    """Play every ready match, the better seed winning, until the tournament is over."""
    seed_of = {p["id"]: p["seed"] for p in tournament["players"]}
    while tournament["status"] == "running":
        ready = [m for r in tournament["bracket"] for m in r["matches"]
                 if m["game"] is not None and m["winner"] is None]
        assert ready, tournament["bracket"]
        for m in ready:
            better, worse = sorted(m["players"], key=seed_of.get)
            play(client, m["game"], better, worse)
        tournament = read(client, tournament["id"])
    return tournament


def ledger(client, tournament_id):
    response = client.get(f"{API}/tournaments/{tournament_id}/ledger/")
    assert response.status_code == 200, response.content
    return response.json()


def test_five_players_three_byes_and_the_bracket_advances(as_alice, club):
    t = create(as_alice, club.pk, 5)
    ids = ids_of(t)
    assert [p["seed"] for p in t["players"]] == [1, 2, 3, 4, 5]
    assert t["status"] == "running" and t["pot"] == "50.00"
    assert len(t["bracket"]) == 3
    # Byes to seeds 1, 2 and 3; seed 4 plays seed 5.
    first = t["bracket"][0]["matches"]
    assert [m["players"] for m in first] == [
        [ids["Anna"]], [ids["Dora"], ids["Emil"]], [ids["Ben"]], [ids["Cem"]]]
    assert first[0]["winner"] == ids["Anna"] and first[0]["game"] is None
    # 2 v 3 is ready at once; 1 waits for the winner of 4 v 5.
    semi_one, semi_two = t["bracket"][1]["matches"]
    assert semi_one["players"] == [ids["Anna"], None] and semi_one["game"] is None
    assert semi_two["players"] == [ids["Ben"], ids["Cem"]] and semi_two["game"] is not None
    game = as_alice.get(f"{API}/games/{first[1]['game']}/").json()
    assert game["tournament"] == t["id"] and game["preset"] == "gin"
    assert [p["name"] for p in game["players"]] == ["Dora", "Emil"]

    play(as_alice, first[1]["game"], ids["Emil"], ids["Dora"])  # the underdog wins
    t = read(as_alice, t["id"])
    assert match(t, 1, 2)["winner"] == ids["Emil"]
    assert match(t, 2, 1)["players"] == [ids["Anna"], ids["Emil"]]
    assert match(t, 2, 1)["game"] is not None
    assert {"player": ids["Dora"], "place": 5, "prize": None} in t["placings"]

    play(as_alice, match(t, 2, 1)["game"], ids["Emil"], ids["Anna"])
    play(as_alice, match(t, 2, 2)["game"], ids["Ben"], ids["Cem"])
    t = read(as_alice, t["id"])
    assert match(t, 3, 1)["players"] == [ids["Emil"], ids["Ben"]]
    play(as_alice, match(t, 3, 1)["game"], ids["Ben"], ids["Emil"])
    t = read(as_alice, t["id"])
    assert t["status"] == "finished" and t["winner"] == ids["Ben"]
    prizes = {p["player"]: (p["place"], p["prize"]) for p in t["placings"]}
    assert prizes == {ids["Ben"]: (1, "37.50"), ids["Emil"]: (2, "12.50"),
                      ids["Anna"]: (3, "0.00"), ids["Cem"]: (3, "0.00"),
                      ids["Dora"]: (5, "0.00")}
    books = ledger(as_alice, t["id"])
    assert books["verified"] and books["differences"] == []
    assert books["balances"]["pot"] == "0.00"
    assert books["balances"][f"player:{ids['Ben']}"] == "27.50"  # 37.50 won, 10.00 paid
    kinds = [(e["kind"], e["amount"]) for e in books["entries"]]
    assert kinds.count(("buy_in", "10.00")) == 5
    assert sorted(k for k in kinds if k[0] == "payout") == [("payout", "12.50"),
                                                             ("payout", "37.50")]


@pytest.mark.parametrize(("count", "byes", "rounds"), [(8, 0, 3), (13, 3, 4)])
def test_eight_and_thirteen_played_to_the_end(as_alice, club, count, byes, rounds):
    t = create(as_alice, club.pk, count, payouts=[75, 15, 10])
    first = t["bracket"][0]["matches"]
    assert len(t["bracket"]) == rounds
    assert sorted(m["players"][0] for m in first if len(m["players"]) == 1) == \
        [p["id"] for p in t["players"]][:byes]
    t = play_out(as_alice, t)
    ids = ids_of(t)
    # The better seed won every match: seed 1 beat seed 2 in the final.
    assert t["winner"] == ids["Anna"]
    assert match(t, rounds, 1)["players"] == [ids["Anna"], ids["Ben"]]
    pot = minor(t["pot"])
    assert pot == count * 1000
    prizes = [minor(p["prize"]) for p in t["placings"]]
    assert sum(prizes) == pot
    third = [p for p in t["placings"] if p["place"] == 3]
    # 3rd and 4th (10 and 0 percent) shared by the two semi-final losers.
    assert len(third) == 2 and {p["prize"] for p in third} == {f"{pot * 10 // 200 / 100:.2f}"}
    assert ledger(as_alice, t["id"])["verified"]


def test_random_seeding_seeds_everyone_once(as_alice, club):
    t = create(as_alice, club.pk, 6, seeding="random")
    assert sorted(p["seed"] for p in t["players"]) == [1, 2, 3, 4, 5, 6]
    assert sorted(p["name"] for p in t["players"]) == sorted(NAMES[:6])


def test_correction_before_the_next_match_moves_the_winner(as_alice, club):
    t = create(as_alice, club.pk, 5)
    ids = ids_of(t)
    game = match(t, 1, 2)["game"]
    play(as_alice, game, ids["Emil"], ids["Dora"])
    t = read(as_alice, t["id"])
    old_semi = match(t, 2, 1)["game"]
    assert match(t, 2, 1)["players"] == [ids["Anna"], ids["Emil"]]
    # Dora went gin, not Emil: the semi-final not yet played gets her instead.
    correct(as_alice, game, ids["Dora"], ids["Emil"])
    t = read(as_alice, t["id"])
    assert match(t, 1, 2)["winner"] == ids["Dora"]
    semi = match(t, 2, 1)
    assert semi["players"] == [ids["Anna"], ids["Dora"]] and semi["game"] != old_semi
    replaced = as_alice.get(f"{API}/games/{old_semi}/").json()
    assert replaced["status"] == "void" and replaced["tournament"] == t["id"]
    seated = as_alice.get(f"{API}/games/{semi['game']}/").json()
    assert [p["name"] for p in seated["players"]] == ["Anna", "Dora"]


def test_correction_after_the_next_match_began_is_refused(as_alice, club):
    t = create(as_alice, club.pk, 5, rules={"game_target": 100})
    ids = ids_of(t)
    game = match(t, 1, 2)["game"]
    play(as_alice, game, ids["Emil"], ids["Dora"], loser_deadwood=90)  # 110: over
    t = read(as_alice, t["id"])
    semi = match(t, 2, 1)["game"]
    play(as_alice, semi, ids["Anna"], ids["Emil"], loser_deadwood=5)  # 25: not over
    before = read(as_alice, t["id"])
    refused = correct(as_alice, game, ids["Dora"], ids["Emil"], status=409)
    (error,) = refused["errors"]
    assert error["code"] == "next_match_started"
    assert "has begun" in error["message"]
    # Nothing written: the round, the bracket and the semi-final stand as they were.
    assert read(as_alice, t["id"]) == before
    rounds = as_alice.get(f"{API}/games/{game}/rounds/").json()
    assert len(rounds) == 1


def test_a_correction_of_the_final_moves_the_prizes(as_alice, club):
    t = play_out(as_alice, create(as_alice, club.pk, 5))
    ids = ids_of(t)
    final = match(t, 3, 1)["game"]
    correct(as_alice, final, ids["Ben"], ids["Anna"])
    t = read(as_alice, t["id"])
    assert t["winner"] == ids["Ben"]
    books = ledger(as_alice, t["id"])
    assert books["verified"]
    assert books["balances"][f"player:{ids['Ben']}"] == "27.50"
    assert any(e["reverses"] for e in books["entries"])  # the first payouts reversed


def test_webhook_events(as_alice, club, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # nothing is sent: the test never commits
    webhooks.create_webhook(club_id=club.pk, url="http://127.0.0.1:9/hooks")
    t = play_out(as_alice, create(as_alice, club.pk, 5))
    finished = WebhookEvent.objects.filter(kind="tournament.match_finished")
    assert finished.count() == 4  # 4 v 5, two semi-finals, the final
    (done,) = WebhookEvent.objects.filter(kind="tournament.finished")
    assert done.payload["tournament"] == t["id"] and done.payload["winner"] == t["winner"]
    assert {p["prize"] for p in done.payload["placings"]} >= {"37.50", "12.50"}


def test_members_read_strangers_see_nothing(as_alice, as_bob, as_carol, as_mallory, club):
    t = create(as_alice, club.pk, 5)
    assert read(as_carol, t["id"])["id"] == t["id"]
    listed = as_carol.get(f"{API}/clubs/{club.pk}/tournaments/").json()
    assert [x["id"] for x in listed] == [t["id"]]
    for url in (f"{API}/tournaments/{t['id']}/", f"{API}/tournaments/{t['id']}/ledger/",
                f"{API}/clubs/{club.pk}/tournaments/"):
        assert as_mallory.get(url).status_code == 404
    # Only organisers start one: a scorekeeper and a viewer are told why.
    for client in (as_bob, as_carol):
        refused = create(client, club.pk, 5, status=403)
        assert "organisers" in refused["errors"][0]["message"]


@pytest.mark.parametrize(("extra", "field", "words"), [
    ({"payouts": [75, 20]}, "payouts", "add up to 100"),
    ({"payouts": [70, 30]}, "payouts", "at least 75"),
    ({"players": NAMES[:4]}, "players", "at least 5"),
    ({"players": NAMES[:33]}, "players", "at most 32"),
    ({"entry_fee": "ten"}, "entry_fee", "not an amount"),
    ({"preset": "wiener"}, "preset", "Gin"),
    ({"players": ["Anna", "Ben", "Cem", "Dora", "anna"]}, "players[4]", "twice"),
])
def test_bad_input_is_a_400_saying_what_is_wrong(as_alice, club, extra, field, words):
    refused = create(as_alice, club.pk, 5, status=400, **extra)
    assert any(e["field"] == field and words in e["message"] for e in refused["errors"]), \
        refused
    assert as_alice.get(f"{API}/clubs/{club.pk}/tournaments/").json() == []


def test_idempotency_key_starts_it_once(as_alice, club):
    body = {"preset": "gin", "players": NAMES[:5], "seeding": "ordered", "entry_fee": "1.00",
            "payouts": [100]}
    url = f"{API}/clubs/{club.pk}/tournaments/"
    first = as_alice.post(url, body, format="json", headers={"Idempotency-Key": "t-1"})
    again = as_alice.post(url, body, format="json", headers={"Idempotency-Key": "t-1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(as_alice.get(url).json()) == 1


def test_a_match_game_is_not_voided_or_deleted(as_alice, club):
    t = create(as_alice, club.pk, 5)
    ids = ids_of(t)
    game = match(t, 1, 2)["game"]
    deleted = as_alice.delete(f"{API}/games/{game}/")
    assert deleted.status_code == 409, deleted.content
    play(as_alice, game, ids["Emil"], ids["Dora"])
    voided = as_alice.post(f"{API}/games/{game}/void/", {"reason": "oops"}, format="json")
    assert voided.status_code == 409
    assert "match of a tournament" in voided.json()["errors"][0]["message"]
    assert read(as_alice, t["id"])["bracket"][0]["matches"][1]["winner"] == ids["Emil"]


def test_the_csv_export_has_every_player_with_place_and_money(as_alice, as_mallory, club):
    t = play_out(as_alice, create(as_alice, club.pk, 5))
    response = as_alice.get(f"{API}/tournaments/{t['id']}/csv/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert lines[0] == ("tournament_id,tournament,status,currency,seed,player_id,player,place,"
                        "entry_fee,prize,net")
    ids = ids_of(t)
    assert lines[1] == (f"{t['id']},Clubmeisterschaft,finished,EUR,1,{ids['Anna']},Anna,1,"
                        "10.00,37.50,27.50")
    assert lines[5].endswith(",Emil,5,10.00,0.00,-10.00")
    assert len(lines) == 6
    assert as_mallory.get(f"{API}/tournaments/{t['id']}/csv/").status_code == 404


def test_every_match_plays_the_chosen_preset_and_variants(as_alice, club):
    t = create(as_alice, club.pk, 5, preset="gin_online",
               rules={"game_target": 50, "big_gin": True, "shutout": True})
    assert t["rules"]["big_gin"] and t["rules"]["gin_bonus"] == 25  # the online preset's
    game = as_alice.get(f"{API}/games/{match(t, 1, 2)['game']}/").json()
    assert game["preset"] == "gin_online"
    assert {key: game["rules"][key] for key in ("game_target", "big_gin", "shutout")} == {
        "game_target": 50, "big_gin": True, "shutout": True}
    refused = create(as_alice, club.pk, 5, status=400, rules={"tournament": True})
    assert refused["errors"][0]["field"] == "rules.tournament"


# --- The club report (docs/api.md, "Export, import and the club report") -----------------------


def report(client, club_id):
    response = client.get(f"{API}/clubs/{club_id}/report/")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_club_report_has_the_finished_tournaments_and_each_players_wins_and_prizes(
        as_alice, as_carol, club):
    before = report(as_alice, club.pk)
    assert before["tournaments"] == []
    first = play_out(as_alice, create(as_alice, club.pk, 5))  # Anna 37.50, Ben 12.50
    second = play_out(as_alice, create(as_alice, club.pk, 6, name="Herbstpokal",
                                       entry_fee="5.00", payouts=[100]))  # Anna 30.00
    running = create(as_alice, club.pk, 5, name="Winterpokal")
    answer = report(as_carol, club.pk)  # every member reads it
    ids = ids_of(first)
    # Newest first, as the games; the running one is not listed.
    assert [t["id"] for t in answer["tournaments"]] == [second["id"], first["id"]]
    assert running["id"] not in {t["id"] for t in answer["tournaments"]}
    latest = answer["tournaments"][0]
    assert {key: latest[key] for key in ("name", "currency", "pot", "winner")} == {
        "name": "Herbstpokal", "currency": "EUR", "pot": "30.00", "winner": ids["Anna"]}
    assert latest["placings"][0] == {"player": ids["Anna"], "place": 1, "prize": "30.00"}
    assert datetime.fromisoformat(latest["date"]) == datetime.fromisoformat(
        second["created_at"])
    lines = {line["name"]: line for line in answer["players"]}
    assert (lines["Anna"]["tournament_wins"], lines["Anna"]["prizes"]) == (2, {"EUR": "67.50"})
    assert (lines["Ben"]["tournament_wins"], lines["Ben"]["prizes"]) == (0, {"EUR": "12.50"})
    assert (lines["Emil"]["tournament_wins"], lines["Emil"]["prizes"]) == (0, {"EUR": "0.00"})
    # Additive: the report's fields from before are all there, the new ones beside them.
    assert set(answer) == {"club", "count", "next", "previous", "results", "players", "totals",
                           "tournaments"}
    assert set(lines["Anna"]) == {
        "player", "name", "currency", "games", "paid_out", "net", "tournament_wins", "prizes"}


def test_the_club_reports_tournaments_are_typed_in_the_schema(as_alice, club):
    from tests.test_api_typed_answers import components, problems

    play_out(as_alice, create(as_alice, club.pk, 5))
    answer = report(as_alice, club.pk)
    assert problems(answer, "Report") == []
    shapes = components()
    player = shapes["ReportPlayer"]["properties"]
    assert player["tournament_wins"]["type"] == "integer"
    assert player["prizes"] == {"type": "object", "additionalProperties": {"type": "string"},
                                "description": player["prizes"]["description"]}
    assert "tournament_wins" in shapes["ReportPlayer"]["required"]
    assert shapes["Report"]["properties"]["tournaments"]["items"] == {
        "$ref": "#/components/schemas/ReportTournament"}
