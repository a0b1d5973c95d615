"""Players' phones at the same moment (issue 23, docs/table.md "Players' phones"), with real
separate connections: a phone whose Send went out twice, and a script grabbing seats from
many clients at once. Every test commits for real (`transaction=True`); the game row lock
(PostgreSQL) and the IMMEDIATE write lock (SQLite) keep them apart, never a test
transaction. Pattern: tests/test_api_concurrency.py.
"""

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import PendingHand, SeatClaim
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR
from tests.concurrency import together

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(club):
    return services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben", "Cem"], user=OPERATOR).game


def _link(game) -> str:
    game.refresh_from_db()
    return f"/s/{policy.share_token(game.pk, game.share_version)}/"


def _ids(game) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def test_one_phones_sends_at_once_leave_one_hand(game):
    """Two or more sends of one seat and round at once: each answered, one row kept
    (the constraint pending_hand_once never reaches the player as an error)."""
    link, ben = _link(game), _ids(game)["Ben"]
    phone = Client()
    assert phone.post(f"{link}claim/", {"player": ben}).status_code == 302

    def send(points):
        def call():
            tab = Client()  # the same phone: its cookie, its own connection
            tab.cookies = phone.cookies
            return tab.post(f"{link}hand/", {"number": 1, f"dw-{ben}": str(points)})
        return call

    answers = together([send(points) for points in (14, 16, 18, 20)])

    assert [answer.status_code for answer in answers] == [302] * 4
    sent = PendingHand.objects.get()
    assert sent.points in (14, 16, 18, 20) and sent.entry == {"dw": str(sent.points)}


def test_a_script_grabbing_seats_at_once_gets_each_seat_once(game):
    link, ids = _link(game), _ids(game)

    def grab(name):
        return lambda: Client().post(f"{link}claim/", {"player": ids[name]}).status_code

    answers = together([grab(name) for name in ("Anna", "Ben", "Cem") * 3])

    assert sorted(answers) == [302] * 3 + [409] * 6
    assert SeatClaim.objects.filter(released_at__isnull=True).count() == 3
