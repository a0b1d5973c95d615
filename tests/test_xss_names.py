"""Player names are text, never markup (docs/reliability.md 26): names like
`<img src=x onerror=alert(1)>` and `{"hx-get":"/x"}` come out escaped in the full pages,
in every htmx fragment and on the share link. In the browser: tests/test_browser_security.py.
"""

import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR

EVIL = "<img src=x onerror=alert(1)>"
HX = '{"hx-get":"/x"}'
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def evil_game(club):
    view = services.start_game(club=club, name=f"Spiel {EVIL}", preset="wiener",
                               players=[EVIL, HX, "Ben"], user=OPERATOR)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    services.record_round(game_id=view.game.pk, number=1, ender=ids[EVIL], hands=[
        services.HandInput(ids[EVIL], deadwood=3), services.HandInput(ids[HX], deadwood=90),
        services.HandInput(ids["Ben"], deadwood=12)], user=OPERATOR)
    return view.game, ids


def assert_escaped(html: str, where: str) -> None:
    assert "<img src=x" not in html, where
    assert '{"hx-get"' not in html, where
    assert re.search(r"""\shx-get=["']?/x""", html) is None, where


def test_markup_in_names_is_escaped_in_pages_fragments_and_the_share_link(bob, evil_game):
    game, ids = evil_game
    client = Client()
    client.force_login(bob)
    share = f"/s/{policy.share_token(game.pk)}/"
    cards = {f"mode-{ids[EVIL]}": "cards", f"cards-{ids[EVIL]}": "KS KH",
             f"suit-{ids[EVIL]}": "S", "pick_add": f"{ids[EVIL]}:K"}
    answers = {
        "sheet": client.get(f"/games/{game.pk}/"),
        "home": client.get("/"),
        "round form": client.get(f"/games/{game.pk}/rounds/new/"),
        "correction": client.get(f"/games/{game.pk}/rounds/1/edit/"),
        "ledger": client.get(f"/games/{game.pk}/ledger/"),
        "new game": client.get("/games/new/"),
        "share page": client.get(f"/games/{game.pk}/share/"),
        "share link": Client().get(share),
        # htmx fragments
        "board": client.get(f"/games/{game.pk}/", HTTP_HX_TARGET="board", **HTMX),
        "shared board": Client().get(share, HTTP_HX_TARGET="board", **HTMX),
        "picker": client.post(f"/games/{game.pk}/hand/", cards, **HTMX),
        "round form errors": client.post(f"/games/{game.pk}/rounds/new/", {
            "number": 2, "players": list(ids.values()), "ender": ids[HX]},
            HTTP_HX_TARGET="round-form", **HTMX),
        "seats": client.post("/games/new/", {"club": game.club_id, "seat": [EVIL, HX],
                                             "seat_new": "1", "new_name": "Zoë"},
                             HTTP_HX_TARGET="game-form", **HTMX),
    }

    for where, response in answers.items():
        html = response.content.decode()
        assert response.status_code in (200, 422), where
        assert_escaped(html, where)
        assert "&lt;img src=x onerror=alert(1)&gt;" in html, where  # shown, as text
    sheet = answers["sheet"].content.decode()
    assert "{&quot;hx-get&quot;:&quot;/x&quot;}" in sheet
    for where in ("board", "shared board", "picker", "round form errors", "seats"):
        assert "<html" not in answers[where].content.decode(), where
