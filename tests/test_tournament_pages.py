"""A club's Gin tournament on the pages (docs/organisers.md, "A Gin tournament"): the
organisers' "New tournament" form, the bracket live (htmx polling) with links to the match
games, the match sheets linking back, who may do what, and German."""

import re

from scorekeeper import services
from scorekeeper.models import Tournament
from scorekeeper.services.policy import OPERATOR

from .api_routes import counts
from .test_report_pages import pdf_objects, pdf_titles

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "bracket"}
FIELD = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]


def start(client, club, headers=None, **extra):
    data = {"name": "Herbstpokal", "preset": "gin", "game_target": "10",
            "players": "\n".join(FIELD), "seeding": "ordered", "entry_fee": "5",
            "payouts": "75, 25", **extra}
    return client.post(f"/clubs/{club.pk}/tournaments/new/", data, **(headers or {}))


def started(client, club) -> Tournament:
    response = start(client, club)
    assert response.status_code == 302, response.content.decode()[:2000]
    number = re.fullmatch(r"/tournaments/(\d+)/", response["Location"])[1]
    return Tournament.objects.get(pk=number)


def win(game, winner_name, upcard=None):
    """The match game's one round, entered as the operator: the winner goes gin (under
    Oklahoma, with the deal's first upcard)."""
    view = services.load_game(game)
    ids = {name: pid for pid, name in view.names.items()}
    loser = next(pid for pid in view.player_ids if pid != ids[winner_name])
    services.record_round(game_id=game.pk, number=1, ender=ids[winner_name], hands=[
        services.HandInput(ids[winner_name], deadwood=0), services.HandInput(loser, deadwood=30)],
        upcard=upcard, user=OPERATOR)


def open_games(tournament):
    return [m.game for m in tournament.matches.select_related("game") if m.winner_id is None]


def test_an_organiser_runs_six_players_to_the_end(alice_page, club):
    tournament = started(alice_page, club)
    page = alice_page.get(f"/tournaments/{tournament.pk}/").content.decode()
    # Six players: byes to seeds 1 and 2, who wait in the semi-finals.
    assert page.count("Bye: through to the next round") == 2
    assert 'hx-trigger="every 5s"' in page
    games = open_games(tournament)
    assert len(games) == 2
    for game in games:
        assert f'href="/games/{game.pk}/"' in page
        sheet = alice_page.get(f"/games/{game.pk}/").content.decode()
        assert f'href="/tournaments/{tournament.pk}/"' in sheet
    while tournament.status == "running":
        for game in open_games(tournament):
            better = min(game.seats.all(), key=lambda seat: tournament.entries.get(
                player=seat.player).seed)
            win(game, better.player.name)
        tournament.refresh_from_db()
    page = alice_page.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Anna wins the tournament." in page
    assert 'hx-trigger="every 5s"' not in page  # over: nothing left to poll
    assert "€22.50" in page and "€7.50" in page  # 75 and 25 percent of 30.00
    # The season's books count the tournament: Anna's win and both prizes.
    books = alice_page.get(f"/clubs/{club.pk}/report/").content.decode()
    assert "Herbstpokal" in books
    assert re.search(r"Anna</span> 1 tournament won · prize money €22.50", books), books
    assert re.search(r"Ben</span> 0 tournaments won · prize money €7.50", books)


def test_the_bracket_answers_htmx_with_the_fragment(carol_page, alice_page, club):
    tournament = started(alice_page, club)
    fragment = carol_page.get(f"/tournaments/{tournament.pk}/", **HTMX).content.decode()
    assert fragment.lstrip().startswith('<section id="bracket"')
    assert "<html" not in fragment


def test_members_read_only_organisers_start(alice_page, bob_page, carol_page, mallory_page,
                                            club):
    tournament = started(alice_page, club)
    listing = carol_page.get(f"/clubs/{club.pk}/tournaments/").content.decode()
    assert "Herbstpokal" in listing and "New tournament" not in listing
    assert "New tournament" in alice_page.get(f"/clubs/{club.pk}/tournaments/").content.decode()
    for client in (bob_page, carol_page):
        assert client.get(f"/clubs/{club.pk}/tournaments/new/").status_code == 403
        assert start(client, club).status_code == 403
    for url in (f"/tournaments/{tournament.pk}/", f"/clubs/{club.pk}/tournaments/",
                f"/clubs/{club.pk}/tournaments/new/"):
        assert mallory_page.get(url).status_code == 404


def test_bad_input_is_shown_and_writes_nothing(alice_page, club):
    before = counts()
    response = start(alice_page, club, payouts="60, 40", players="Anna\nBen\nCem\nDora")
    assert response.status_code == 422
    html = response.content.decode()
    assert "A tournament has 5 to 32 players, not 4" in html
    assert "The winner gets at least 75 percent of the pool, not 60" in html
    response = start(alice_page, club, payouts="75, 20")
    assert "must add up to 100 percent of the pool, not 95" in response.content.decode()
    assert counts() == before


def test_german(alice_page, club):
    response = alice_page.get(f"/clubs/{club.pk}/tournaments/new/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Neues Turnier" in response.content.decode()
    german = start(alice_page, club, {"HTTP_ACCEPT_LANGUAGE": "de"}, payouts="75, 20")
    assert "nicht 95" in german.content.decode()
    tournament = started(alice_page, club)
    page = alice_page.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert "Freilos" in html and "Partie spielen" in html and "Halbfinale" in html


def test_a_correction_after_the_next_match_began_is_refused_on_the_round_form(alice_page,
                                                                              club):
    tournament = started(alice_page, club)
    first = tournament.matches.get(round=1, number=2).game  # seed 4 v seed 5: Dora v Emil
    win(first, "Dora")
    semi = tournament.matches.get(round=2, number=1).game  # Anna v Dora
    view = services.load_game(semi)
    ids = {name: pid for pid, name in view.names.items()}
    services.record_round(game_id=semi.pk, number=1, ender=ids["Anna"], hands=[
        services.HandInput(ids["Anna"], deadwood=5), services.HandInput(ids["Dora"], deadwood=7)],
        user=OPERATOR)  # a knock for 2: the semi-final has begun, not ended
    first.refresh_from_db()
    seats = {seat.player.name: seat.player_id for seat in first.seats.select_related("player")}
    before = counts()
    correction = {
        "number": 1, "key": "fix-1", "version": first.version, "reason": "Emil went gin",
        "players": list(seats.values()), "ender": seats["Emil"], f"dw-{seats['Emil']}": 0,
        f"dw-{seats['Dora']}": 30}
    response = alice_page.post(f"/games/{first.pk}/rounds/1/edit/", correction)
    html = response.content.decode()
    assert "the next match (round 2, match 1) has begun" in html, html[:3000]
    german = alice_page.post(f"/games/{first.pk}/rounds/1/edit/", {**correction, "key": "fix-2"},
                             HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Die nächste Partie (Runde 2, Partie 1) hat schon begonnen" in german
    assert counts() == before
    assert tournament.matches.get(round=1, number=2).winner.name == "Dora"


# --- Every match's variants (docs/rules.md 8.11, 8.7a) -----------------------------------------


def match_games(tournament):
    return [m.game for m in tournament.matches.select_related("game") if m.game is not None]


def play_out(tournament, upcard=None):
    """Every match to its end, the better seed winning each."""
    while tournament.status == "running":
        for game in open_games(tournament):
            better = min(game.seats.all(), key=lambda seat: tournament.entries.get(
                player=seat.player).seed)
            win(game, better.player.name, upcard)
        tournament.refresh_from_db()


def test_the_form_offers_the_variants_of_the_new_game_page_and_hollywood(alice_page, club):
    page = alice_page.get(f"/clubs/{club.pk}/tournaments/new/").content.decode()
    for name in ("oklahoma", "spades_double", "big_gin", "shutout", "hollywood"):
        assert f'type="checkbox" name="{name}">' in page  # offered, not ticked
    assert 'name="ace_upcard" value="gin"' in page and 'name="ace_upcard" value="one"' in page
    assert 'name="big_gin_bonus" value="31"' in page  # the Gin preset's bonus, to start with
    assert "Left empty: 100; with Oklahoma Gin 150." in page  # the engine's targets
    assert "A Hollywood match ends when all three of its games have ended" in page
    # Not for a match (web/tournaments.py, TournamentForm): Gin's formats (the single-table
    # tournament, the ring game).
    assert 'name="gin_format"' not in page and 'name="rounds_to_play"' not in page


def test_an_oklahoma_tournament_plays_every_match_under_its_variants(alice_page, club):
    tournament = started_with(alice_page, club, oklahoma="on", spades_double="on",
                              ace_upcard="one", shutout="on")
    play_out(tournament, upcard="KS")
    games = match_games(tournament)
    assert len(games) == 5  # six players: two first-round matches, two semi-finals, a final
    for game in games:
        assert game.rules["oklahoma"] is True, game.name
        assert game.rules["spades_double"] is True and game.rules["ace_upcard"] == "one"
        assert game.rules["shutout"] is True and game.rules["big_gin"] is False
        assert game.rules["game_target"] == 10  # the target typed, not Oklahoma's 150
    # Gin 20 + 30 deadwood, doubled by the spade upcard, doubled again by the shutout, and
    # the game bonus and a box: ((20 + 30) x 2 + 100 + 20) x 2 = 440.
    sheet = alice_page.get(f"/games/{games[-1].pk}/").content.decode()
    assert "<strong>440</strong>" in sheet and "<strong>0</strong>" in sheet


def test_oklahoma_without_a_target_plays_to_150_and_a_lone_spades_option_is_not_sent(
        alice_page, club):
    tournament = started_with(alice_page, club, game_target="", oklahoma="on")
    assert tournament.rules["game_target"] == 150
    assert tournament.rules["spades_double"] is False and tournament.rules["ace_upcard"] == "gin"
    # Oklahoma's options count only with Oklahoma, as on the new-game page.
    plain = started_with(alice_page, club, spades_double="on", ace_upcard="one")
    assert plain.rules["oklahoma"] is False and plain.rules["spades_double"] is False


def test_a_big_gin_bonus_is_carried_into_every_match(alice_page, club):
    tournament = started_with(alice_page, club, big_gin="on", big_gin_bonus="40")
    assert tournament.rules["big_gin"] is True and tournament.rules["big_gin_bonus"] == 40
    for game in match_games(tournament):
        assert game.rules["big_gin"] is True and game.rules["big_gin_bonus"] == 40
    # The bonus alone, without the Big Gin ticked, is not sent: the preset's stays.
    alone = started_with(alice_page, club, big_gin_bonus="40")
    assert alone.rules["big_gin"] is False and alone.rules["big_gin_bonus"] == 31


def test_a_bad_big_gin_bonus_is_shown_at_its_field_and_writes_nothing(alice_page, club):
    before = counts()
    response = start(alice_page, club, big_gin="on", big_gin_bonus="lots")
    assert response.status_code == 422
    html = response.content.decode()
    assert re.search(r'id="big-gin-bonus-error">Enter a whole number, like 500<', html), html
    assert 'value="lots"' in html and 'name="big_gin" checked' in html.replace(
        'type="checkbox" ', "")
    assert counts() == before


def test_the_variants_in_german(alice_page, club):
    html = alice_page.get(f"/clubs/{club.pk}/tournaments/new/",
                          HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for words in ("Varianten", "Ein aufgedecktes Ass", "Nur Gin", "Klopfen mit 1",
                  "Big-Gin-Bonus", "Leer gelassen: 100; mit Oklahoma Gin 150."):
        assert words in html, words
    german = start(alice_page, club, {"HTTP_ACCEPT_LANGUAGE": "de"}, big_gin="on",
                   big_gin_bonus="viel").content.decode()
    assert "Big-Gin-Bonus" in german and "Enter a whole number" not in german


def gins(game, winner_name, rounds, upcard=None):
    """Rounds of a Hollywood match: the winner goes gin against 30 each time, so that their
    first win ends game 1, their second game 2 and their third game 3 (docs/rules.md 8.12:
    each is 30 + 20 = 50, past the target of 10, in the one game still open; under Oklahoma
    with the deal's first upcard)."""
    view = services.load_game(game)
    ids = {name: pid for pid, name in view.names.items()}
    loser = next(pid for pid in view.player_ids if pid != ids[winner_name])
    for number in range(1, rounds + 1):
        services.record_round(game_id=game.pk, number=number, ender=ids[winner_name], hands=[
            services.HandInput(ids[winner_name], deadwood=0),
            services.HandInput(loser, deadwood=30)], upcard=upcard, user=OPERATOR)


def test_a_hollywood_tournament_plays_every_match_in_three_games(alice_page, club):
    # Hollywood with the variants the page offers: they go together (docs/rules.md 8.12,
    # "Oklahoma and the Big Gin go with Hollywood unchanged"). What the engine refuses with
    # Hollywood, a ring game or a single-table tournament, is not on this page at all.
    tournament = started_with(alice_page, club, hollywood="on", shutout="on", big_gin="on",
                              oklahoma="on")
    assert tournament.rules["hollywood"] is True
    first = tournament.matches.get(round=1, number=2).game  # seed 4 v seed 5: Dora v Emil
    assert first.rules["hollywood"] is True
    assert first.rules["shutout"] is True and first.rules["big_gin"] is True
    assert first.rules["oklahoma"] is True and first.rules["game_target"] == 10
    sheet = alice_page.get(f"/games/{first.pk}/").content.decode()
    assert "Hollywood: three games at once" in sheet

    gins(first, "Dora", 3, upcard="KH")
    match = tournament.matches.get(round=1, number=2)
    assert match.winner.name == "Dora"
    semi = tournament.matches.get(round=2, number=1).game  # Anna v Dora, under Hollywood too
    assert semi is not None and semi.rules["hollywood"] is True
    assert sorted(seat.player.name for seat in semi.seats.all()) == ["Anna", "Dora"]
    bracket = alice_page.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'href="/games/{semi.pk}/"' in bracket


def test_a_hollywood_match_goes_on_after_two_games_won(alice_page, club):
    tournament = started_with(alice_page, club, hollywood="on")
    first = tournament.matches.get(round=1, number=2).game
    # Dora's two gins end games 1 and 2: she has won two games of three, but game 3 is
    # still open, so the match goes on and nobody advances yet.
    gins(first, "Dora", 2)
    assert tournament.matches.get(round=1, number=2).winner is None
    assert not tournament.matches.filter(round=2).exists()
    first.refresh_from_db()
    assert first.status == "running"


def test_the_hollywood_box_in_german(alice_page, club):
    html = alice_page.get(f"/clubs/{club.pk}/tournaments/new/",
                          HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Hollywood: eine Partie zu zweit, in drei Spielen auf einmal geschrieben." in html
    assert "Eine Hollywood-Partie endet, wenn alle drei ihrer Spiele zu Ende sind" in html
    # A refused form keeps the box ticked.
    german = start(alice_page, club, {"HTTP_ACCEPT_LANGUAGE": "de"}, hollywood="on",
                   payouts="75, 20").content.decode()
    assert "nicht 95" in german and 'type="checkbox" name="hollywood" checked' in german


def started_with(client, club, **extra) -> Tournament:
    response = start(client, club, **extra)
    assert response.status_code == 302, response.content.decode()[:3000]
    number = re.fullmatch(r"/tournaments/(\d+)/", response["Location"])[1]
    return Tournament.objects.get(pk=number)


# --- The season's books (docs/organisers.md, "The season's books") ----------------------------


def test_the_season_pdf_shows_the_tournaments_and_each_players_wins_and_prizes(
        alice_page, club, monkeypatch):
    import weasyprint

    drawn = []

    class Drawn(weasyprint.HTML):
        def __init__(self, *args, string, **kwargs):
            drawn.append(string)
            super().__init__(*args, string=string, **kwargs)

    monkeypatch.setattr(weasyprint, "HTML", Drawn)
    play_out(started(alice_page, club))
    response = alice_page.get(f"/clubs/{club.pk}/report/", {"format": "pdf"})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    # The tournaments' part is a heading of the PDF, so a bookmark of it.
    assert "Tournaments" in pdf_titles(pdf_objects(response.content))
    # What the PDF was drawn from (WeasyPrint's fonts hold its text as glyph numbers).
    html = re.sub(r"\s+", " ", drawn[0])
    assert re.search(r"<li>Herbstpokal: Anna wins</li>", html), html  # no link on paper
    assert re.search(r"Anna</span> 1 tournament won · prize money €22.50", html)
    assert re.search(r"Ben</span> 0 tournaments won · prize money €7.50", html)
