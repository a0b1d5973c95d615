"""The evening's pages (docs/organisers.md, "Evenings"): an evening started from the home
page, its games entered through the forms a phone sends, the pot one game leaves standing
carried into the next (docs/rules.md 5.7) and the whole evening settled once, with the
fewest payments (5.6).
"""

import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import Game, TableSession
from scorekeeper.services.policy import OPERATOR

from .api_routes import counts
from .test_game_pages import HTMX, ids_of, play, sheet

START = "Start an evening"


def start_evening(client, club, name="Freitagabend") -> int:
    response = client.post("/sessions/new/", {"club": club.pk, "name": name})
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/sessions/(\d+)/", response["Location"])
    assert match, response["Location"]
    return int(match[1])


def new_game_in(client, club, session_id, players, **house_rules) -> Game:
    """A Wiener Rummy game started from the evening's "New game in this evening" form."""
    form = client.get(f"/games/new/?session={session_id}")
    assert form.status_code == 200
    assert f'name="session" value="{session_id}"' in form.content.decode()
    data = {"club": club.pk, "session": session_id, "preset": "wiener", "buy_in": "5.00",
            "knock_premium": "1.00", "rebuy": "on", "lay_off": "none", "seat": players,
            "start": "1", **{rule: "on" for rule in house_rules}}
    response = client.post("/games/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def evening_page(client, session_id) -> str:
    response = client.get(f"/sessions/{session_id}/")
    assert response.status_code == 200
    return response.content.decode()


def nets(page: str) -> list[tuple[str, str]]:
    """Each player's money as the page lists it."""
    return re.findall(r'<li><span>(\w+)</span> <strong class="\w*">([^<]+)</strong>', page)


def payments(page: str) -> list[tuple[str, str, str]]:
    return re.findall(r"<b>(\w+)</b> pays <b>(\w+)</b> <strong>([^<]+)</strong>", page)


def games_listed(page: str) -> list[str]:
    """The evening's games as listed, each as its text in one line."""
    items = re.findall(r'<ol class="games evening-games">(.*?)</ol>', page, re.S)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split())
            for item in re.findall(r"<li>(.*?)</li>", items, re.S)]


def cents(text: str) -> int:
    sign = -1 if text.startswith("−") else 1
    return sign * int(re.sub(r"\D", "", text))


# --- An evening of two games with a carried pot -------------------------------------------


def test_an_evening_of_two_games_carries_the_pot_and_settles_once_at_the_end(
        club, alice_page, bob_page):
    # given alice starts an evening from the home page
    home = alice_page.get("/").content.decode()
    assert f'href="/sessions/new/?club={club.pk}"' in home and START in home
    session_id = start_evening(alice_page, club)
    page = evening_page(alice_page, session_id)
    assert "No game has been played this evening yet." in page
    assert f'href="/games/new/?session={session_id}"' in page

    # and bob plays its first game with "the dead play on": a dead player's knock puts the
    # last living ones out, so nobody wins and the pot of 3 x 5.00 stays (docs/rules.md 6.2)
    first = new_game_in(bob_page, club, session_id, ["Anna", "Ben", "Cem"],
                        dead_play_on=True)
    play(bob_page, first, "Anna", {"Anna": 5, "Ben": 101, "Cem": 20})
    play(bob_page, first, "Ben", {"Anna": 96, "Ben": 3, "Cem": 81})
    assert "The pot stays" in sheet(bob_page, first)

    # when the evening's next game is started, it is told about the pot and takes it in
    form = bob_page.get(f"/games/new/?session={session_id}").content.decode()
    assert "A pot of €15.00 carried over from an earlier game of the evening" in form
    second = new_game_in(bob_page, club, session_id, ["Anna", "Ben", "Cem"])
    assert second.session_id == first.session_id == session_id
    assert second.carried_in == 1500

    # then while it runs the evening shows the money so far, with no payments yet: the pot
    # of 3 x 5.00 + 15.00 is still in play
    page = evening_page(alice_page, session_id)
    assert "still going on" in page and "Each player's money so far" in page
    assert "<h3>Who pays whom</h3>" not in page and not payments(page)
    assert re.search(r"<dt>In play</dt><dd>€30.00</dd>", page)

    # when Anna wins the second game: Ben and Cem go over 100
    play(bob_page, second, "Anna", {"Anna": 2, "Ben": 101, "Cem": 101})

    # then the evening lists both games in order, the pot going out of one and into the next
    page = evening_page(alice_page, session_id)
    assert games_listed(page) == [
        f"1. {first.name} Wiener Rummy · pot carried over Pot carried out: €15.00",
        f"2. {second.name} Wiener Rummy · finished · Anna wins Pot carried in: €15.00",
    ]
    assert "The evening is over: every game has ended." in page
    # and each player's net over both games (docs/rules.md 5.1, 5.7): knock premiums of
    # 1.00 from each other player, buy-ins of 5.00 a game, and the second pot of 30.00
    # (with the 15.00 carried in) to Anna:
    #   Anna: game 1  -5 + 2 - 1 = -4,  game 2  -5 + 2 + 30 = +27  ->  +23
    #   Ben:  game 1  -5 - 1 + 2 = -4,  game 2  -5 - 1      = -6   ->  -10
    #   Cem:  game 1  -5 - 1 - 1 = -7,  game 2  -5 - 1      = -6   ->  -13
    assert nets(page) == [("Anna", "+€23.00"), ("Ben", "−€10.00"), ("Cem", "−€13.00")]
    assert sum(cents(amount) for _name, amount in nets(page)) == 0
    # and the fewest payments settle the whole evening: one from each debtor
    assert payments(page) == [("Ben", "Anna", "€10.00"), ("Cem", "Anna", "€13.00")]
    # as the API's evening says too
    shown = alice_page.get(f"/api/v1/sessions/{session_id}/").json()
    assert [(t["from"], t["to"], t["amount"]) for t in shown["transfers"]] == [
        (ids_of(first)["Ben"], ids_of(first)["Anna"], "10.00"),
        (ids_of(first)["Cem"], ids_of(first)["Anna"], "13.00"),
    ]


def test_each_game_of_an_evening_links_back_to_it_but_a_game_alone_does_not(
        club, bob_page, carol_page):
    # given an evening of two games, and a game started on its own
    session_id = start_evening(bob_page, club)
    first = new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    second = new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    alone = services.start_game(club=club, name="Allein", preset="wiener",
                                players=["Anna", "Ben"], user=OPERATOR).game
    link = f'<p class="evening-of"><a href="/sessions/{session_id}/">'

    # then both sheets of the evening link to it, for every member, and the lone one not
    assert link in sheet(bob_page, first) and link in sheet(carol_page, second)
    assert 'class="evening-of"' not in sheet(bob_page, alone)
    # nor does the read-only sheet behind a share link: the evening is for members
    share = bob_page.get(f"/games/{first.pk}/share/").content.decode()
    shared_url = re.search(r'(/s/[^"<\s]+/)', share)[1]
    assert 'class="evening-of"' not in Client().get(shared_url).content.decode()


def test_the_sheet_answering_a_round_links_to_the_evening_when_its_pot_came_from_it(
        club, bob_page):
    # given a game that took in the pot the evening's first game left standing
    session_id = start_evening(bob_page, club)
    first = new_game_in(bob_page, club, session_id, ["Anna", "Ben", "Cem"],
                        dead_play_on=True)
    play(bob_page, first, "Anna", {"Anna": 5, "Ben": 101, "Cem": 20})
    play(bob_page, first, "Ben", {"Anna": 96, "Ben": 3, "Cem": 81})
    second = new_game_in(bob_page, club, session_id, ["Anna", "Ben", "Cem"])

    # when its last round is saved from the page with htmx, the sheet coming back at once
    answer = play(bob_page, second, "Anna", {"Anna": 2, "Ben": 101, "Cem": 101}, **HTMX)

    # then that sheet leads to the evening, where the money is settled
    assert answer.status_code == 200
    assert f'<p class="evening-of"><a href="/sessions/{session_id}/">' in answer.content.decode()


def test_a_void_game_is_listed_as_void_and_counts_nothing(club, bob_page, alice_page):
    # given an evening whose first game was started by mistake and deleted, and whose
    # second game Anna won: Ben went over 100 (a 2-player game, buy-ins 5.00)
    session_id = start_evening(bob_page, club)
    mistake = new_game_in(bob_page, club, session_id, ["Dora", "Emil"])
    assert bob_page.post(f"/games/{mistake.pk}/delete/").status_code == 302
    game = new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 2, "Ben": 101})

    page = evening_page(alice_page, session_id)

    # then the deleted game is listed as void, and the evening is over with the one game
    listed = games_listed(page)
    assert listed[0] == f"1. {mistake.name} Wiener Rummy · void Void: it counts nothing."
    assert listed[1].startswith(f"2. {game.name} Wiener Rummy · finished · Anna wins")
    assert "The evening is over" in page
    # Dora and Emil, who only sat in the void game, have no money in it: Anna +5 + 1
    assert nets(page) == [("Anna", "+€6.00"), ("Ben", "−€6.00")]
    assert payments(page) == [("Ben", "Anna", "€6.00")]


# --- The home page ------------------------------------------------------------------------


def test_the_home_page_lists_the_evenings_going_on_with_their_games(club, bob_page, carol_page):
    # given an evening with one game, one started and empty, and a game started alone
    session_id = start_evening(bob_page, club, "Freitagabend")
    game = new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    empty_id = start_evening(bob_page, club, "Samstag")
    services.start_game(club=club, name="Allein", preset="wiener", players=["Anna", "Ben"],
                        user=OPERATOR)

    home = carol_page.get("/").content.decode()

    # then the evenings are listed, newest first, each with its games; the game alone is
    # with the running games only; carol, a viewer, may not start an evening
    evenings = re.findall(r'<li><a href="/sessions/(\d+)/">(.*?)</a></li>', home, re.S)
    assert [(int(pk), " ".join(re.sub(r"<[^>]+>", " ", text).split()))
            for pk, text in evenings] == [
        (empty_id, "Samstag No game yet. 0 games"),
        (session_id, f"Freitagabend {game.name} (running) 1 game"),
    ]
    assert "Allein" in home and START not in home


def test_an_evening_whose_games_all_ended_leaves_the_home_page(club, bob_page):
    session_id = start_evening(bob_page, club)
    game = new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 2, "Ben": 101})

    assert f'href="/sessions/{session_id}/"' not in bob_page.get("/").content.decode()
    assert "The evening is over" in evening_page(bob_page, session_id)


# --- Starting an evening ------------------------------------------------------------------


def test_an_evening_without_a_name_is_named_by_its_date(club, bob_page):
    session_id = start_evening(bob_page, club, name="  ")

    name = TableSession.objects.get(pk=session_id).name
    assert re.fullmatch(r"\d{2}/\d{2}/\d{4}", name), name
    assert f"<h1 class=\"title\">{name}</h1>" in evening_page(bob_page, session_id)


def test_a_name_too_long_is_refused_and_nothing_is_written(club, bob_page):
    before = TableSession.objects.count()

    response = bob_page.post("/sessions/new/", {"club": club.pk, "name": "x" * 101})

    assert response.status_code == 422
    assert "Ensure this value has at most 100 characters" in response.content.decode()
    assert TableSession.objects.count() == before


# --- Access -------------------------------------------------------------------------------


def test_members_of_another_club_find_no_evening_and_cannot_put_a_game_in_it(
        club, bob_page, mallory_page, other_club):
    session_id = start_evening(bob_page, club)
    new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
    data = {"club": other_club.pk, "session": session_id, "preset": "wiener",
            "buy_in": "5.00", "knock_premium": "1.00", "lay_off": "none",
            "seat": ["Max", "Moritz"], "start": "1"}
    before = counts()

    answers = [
        mallory_page.get(f"/sessions/{session_id}/").status_code,
        mallory_page.get(f"/games/new/?session={session_id}").status_code,
        mallory_page.post("/games/new/", data).status_code,
        # her own club named beside it changes nothing: the evening decides
        mallory_page.post(f"/games/new/?session={session_id}", data).status_code,
    ]

    assert answers == [404] * 4
    assert counts() == before


@pytest.mark.parametrize("session", ["abc", "0", "99999999999999999999999"])
def test_an_evening_that_does_not_exist_is_404_on_the_new_game_form(club, bob_page, session):
    assert bob_page.get(f"/games/new/?session={session}").status_code == 404


def test_a_viewer_reads_the_evening_but_is_offered_no_new_game(club, bob_page, carol_page):
    session_id = start_evening(bob_page, club)

    page = evening_page(carol_page, session_id)

    assert "New game in this evening" not in page
    assert "New game in this evening" in evening_page(bob_page, session_id)
    assert carol_page.get("/sessions/new/").status_code == 403
