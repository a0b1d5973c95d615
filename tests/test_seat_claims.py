"""Every player's own phone (issue 15, docs/table.md "Players' phones"), through the pages:
a phone claims a seat from the share link, sends its own hand for the round being played,
and the scorekeeper's round form shows it; nothing is recorded before the scorekeeper's
Save. The Django test client plays each phone (its own cookies).

In a real browser, with three phones: tests/test_browser_players.py.
"""

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from ledger.models import Entry
from scorekeeper import services
from scorekeeper.models import PendingHand, Round, SeatClaim
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(club):
    return services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben", "Cem"], user=OPERATOR).game


def ids_of(game) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def link(game) -> str:
    game.refresh_from_db()
    return f"/s/{policy.share_token(game.pk, game.share_version)}/"


def text(response) -> str:
    """The page's text: tags dropped, entities and spaces as a reader meets them."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def claimed_phone(game, name) -> Client:
    """A phone that opened the share link and tapped "I am <name>"."""
    phone = Client()
    phone.seat = ids_of(game)[name]  # for send()
    response = phone.post(f"{link(game)}claim/", {"player": phone.seat})
    assert (response.status_code, response["Location"]) == (302, link(game))
    return phone


def send(phone, game, number=1, **fields):
    """The phone's hand page sent: fields named as the round form names them, for the
    phone's own seat (dw="14", or mode="cards" and cards="...")."""
    player = phone.seat
    data = {"number": number, **{f"{name}-{player}": value for name, value in fields.items()}}
    return phone.post(f"{link(game)}hand/", data)


def pending_list(client, game, **headers) -> str:
    response = client.get(f"/games/{game.pk}/rounds/new/pending/", **headers)
    assert response.status_code == 200
    return text(response)


def record(client, game, ender, points) -> None:
    """The scorekeeper's Save on the round form (as the test client sends it)."""
    ids = ids_of(game)
    form = client.get(f"/games/{game.pk}/rounds/new/").content.decode()
    data = {"number": re.search(r'name="number" value="(\d+)"', form)[1],
            "key": re.search(r'name="key" value="([^"]+)"', form)[1],
            "players": list(ids.values()), "ender": ids[ender]}
    for name, value in points.items():
        if isinstance(value, str) and " " in value:
            data[f"mode-{ids[name]}"], data[f"cards-{ids[name]}"] = "cards", value
        else:
            data[f"dw-{ids[name]}"] = value
    response = client.post(f"/games/{game.pk}/rounds/new/", data)
    assert response.status_code == 302, text(response)[:2000]


def footprint(game) -> dict:
    game.refresh_from_db()
    return {"claims": SeatClaim.objects.count(), "sent": PendingHand.objects.count(),
            "released": SeatClaim.objects.filter(released_at__isnull=False).count(),
            "rounds": Round.objects.count(), "entries": Entry.objects.count(),
            "version": game.version}


# --- Claiming a seat ------------------------------------------------------------------------


def test_a_phone_claims_a_seat_and_the_scorekeeper_sees_its_code(game, bob_page):
    phone = claimed_phone(game, "Ben")
    claim = SeatClaim.objects.get()

    # The shared sheet asks for its "Whose phone is this?" once it has loaded.
    assert f'hx-get="{link(game)}claim/"' in phone.get(link(game)).content.decode()
    sheet = text(phone.get(f"{link(game)}claim/"))
    assert f"You are Ben · code {claim.code}" in sheet
    assert "Enter my hand" in sheet and "I am " not in sheet
    assert re.fullmatch(r"[ACDEFHJKMNPRTWXY3479]{4}", claim.code)
    # Another phone is offered the seats no phone holds.
    other = text(Client().get(f"{link(game)}claim/"))
    assert "Whose phone is this?" in other
    assert "I am Anna" in other and "I am Cem" in other and "I am Ben" not in other
    # The scorekeeper sees which phone holds the seat, on the round form and the share page.
    assert f"Ben's phone, code {claim.code}" in pending_list(bob_page, game)
    assert f"Ben's phone, code {claim.code}" in text(bob_page.get(f"/games/{game.pk}/share/"))
    # The cookie is signed, kept from scripts and sent back to the share link only.
    cookie = phone.cookies[f"seat-{game.pk}"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/s/"


def test_a_seat_taken_by_another_phone_is_refused(game):
    claimed_phone(game, "Ben")
    before = footprint(game)

    response = Client().post(f"{link(game)}claim/", {"player": ids_of(game)["Ben"]})

    assert response.status_code == 409
    assert ("Ben's seat is already taken by another phone; the scorekeeper can release it."
            in text(response))
    assert footprint(game) == before


def test_a_phone_holds_one_seat_per_game(game):
    phone = claimed_phone(game, "Ben")
    before = footprint(game)

    response = phone.post(f"{link(game)}claim/", {"player": ids_of(game)["Anna"]})

    assert response.status_code == 409
    assert "This phone already holds Ben's seat: a phone holds one seat per game." in text(
        response)
    assert footprint(game) == before


def test_a_player_of_another_game_is_no_seat_here(game, club):
    other = services.start_game(club=club, name="Samstag", preset="wiener",
                                players=["Dora", "Emil"], user=OPERATOR).game

    response = Client().post(f"{link(game)}claim/", {"player": ids_of(other)["Dora"]})

    assert response.status_code == 404
    assert SeatClaim.objects.count() == 0


def test_a_player_out_of_the_game_is_not_offered_and_cannot_claim(game, bob_page):
    record(bob_page, game, "Anna", {"Anna": 3, "Ben": 20, "Cem": 60})
    record(bob_page, game, "Anna", {"Anna": 2, "Ben": 10, "Cem": 50})  # Cem: 110, out

    section = text(Client().get(f"{link(game)}claim/"))
    refused = Client().post(f"{link(game)}claim/", {"player": ids_of(game)["Cem"]})

    assert "I am Ben" in section and "I am Cem" not in section
    assert refused.status_code == 409 and "Cem does not play round 3." in text(refused)
    assert SeatClaim.objects.count() == 0


# --- Releasing a phone ----------------------------------------------------------------------


def test_the_scorekeeper_releases_a_phone_which_then_sends_nothing(game, bob_page, carol_page):
    phone = claimed_phone(game, "Ben")
    claim = SeatClaim.objects.get()
    release = f"/games/{game.pk}/claims/{claim.pk}/release/"
    assert carol_page.post(release).status_code == 403  # a viewer only follows

    response = bob_page.post(release)

    assert (response.status_code, response["Location"]) == (302, f"/games/{game.pk}/share/")
    claim.refresh_from_db()
    assert claim.released_at is not None and claim.released_by.username == "bob"
    before = footprint(game)
    refused = send(phone, game, dw="14")
    assert refused.status_code == 403
    assert "This phone holds no seat in this game" in text(refused)
    assert footprint(game) == before
    assert "This phone holds no seat in this game" in text(phone.get(f"{link(game)}hand/"))
    # The seat is free again: the same phone (or another) may claim it.
    assert "I am Ben" in text(phone.get(f"{link(game)}claim/"))
    claimed_phone(game, "Ben")
    assert SeatClaim.objects.filter(released_at__isnull=True).count() == 1


def test_releasing_from_the_round_form_answers_the_list_again(game, bob_page):
    claimed_phone(game, "Ben")
    claim = SeatClaim.objects.get()

    response = bob_page.post(f"/games/{game.pk}/claims/{claim.pk}/release/",
                             HTTP_HX_TARGET="pending-hands", **HTMX)

    assert response.status_code == 200
    assert 'id="pending-hands"' in response.content.decode()
    assert "Ben's phone" not in text(response)


def test_a_claim_of_another_game_cannot_be_released_here(game, club, bob_page):
    other = services.start_game(club=club, name="Samstag", preset="wiener",
                                players=["Dora", "Emil"], user=OPERATOR).game
    claimed_phone(other, "Dora")
    claim = SeatClaim.objects.get()

    response = bob_page.post(f"/games/{game.pk}/claims/{claim.pk}/release/")

    assert response.status_code == 404
    assert SeatClaim.objects.get().released_at is None


def test_a_phone_leaves_its_seat_and_its_hand_goes_from_the_form(game, bob_page):
    """Issue 23: a phone that tapped the wrong name (or goes home) lets go of the seat
    itself; its cookie goes, the seat is free, and what it sent no longer shows."""
    phone = claimed_phone(game, "Ben")
    send(phone, game, dw="14")
    assert "Ben: 14, from Ben's phone" in pending_list(bob_page, game)
    page = phone.get(f"{link(game)}hand/").content.decode()
    assert f'action="{link(game)}leave/"' in page and "Leave this seat" in text(
        phone.get(f"{link(game)}hand/"))
    assert "Not Ben? Leave this seat" in text(phone.get(f"{link(game)}claim/"))

    response = phone.post(f"{link(game)}leave/")

    assert (response.status_code, response["Location"]) == (302, link(game))
    cookie = phone.cookies[f"seat-{game.pk}"]
    assert cookie.value == "" and cookie["path"] == "/s/"  # deleted on the phone
    claim = SeatClaim.objects.get()
    assert claim.released_at is not None and claim.released_by is None
    listed = pending_list(bob_page, game)
    assert "Ben: 14" not in listed and "Ben's phone" not in listed
    assert PendingHand.objects.count() == 1  # kept as the record of what was sent
    before = footprint(game)
    assert send(phone, game, dw="16").status_code == 403
    assert footprint(game) == before
    # The seat is offered again, and this phone may take another one.
    assert "I am Ben" in text(Client().get(f"{link(game)}claim/"))
    assert phone.post(f"{link(game)}claim/", {"player": ids_of(game)["Anna"]}
                      ).status_code == 302


def test_leaving_from_the_sheet_goes_through_htmx(game):
    phone = claimed_phone(game, "Ben")

    response = phone.post(f"{link(game)}leave/", **HTMX)

    assert (response.status_code, response["HX-Location"]) == (204, link(game))
    assert SeatClaim.objects.get().released_at is not None


def test_leaving_without_a_seat_changes_nothing(game):
    claimed_phone(game, "Ben")
    before = footprint(game)

    response = Client().post(f"{link(game)}leave/")

    assert (response.status_code, response["Location"]) == (302, link(game))
    assert footprint(game) == before
    assert Client().get(f"{link(game)}leave/").status_code == 405


# --- A share link cannot grab every seat over and over ------------------------------------


def grab(game, name) -> int:
    """A script without cookies claiming a seat: the status it gets."""
    return Client().post(f"{link(game)}claim/", {"player": ids_of(game)[name]}).status_code


def test_a_link_takes_no_more_claims_in_ten_minutes_than_seats_and_three(
        game, bob_page, monkeypatch):
    """Issue 23: a script that clears its cookies could take every seat again as soon as
    the scorekeeper released it. A link takes at most seats + 3 claims in 10 minutes
    (docs/table.md); revoking it gives the new link a fresh allowance."""
    from scorekeeper.services import claims

    for _ in range(2):  # the script takes all three seats; the scorekeeper frees them
        assert [grab(game, name) for name in ("Anna", "Ben", "Cem")] == [302] * 3
        for claim in SeatClaim.objects.filter(released_at__isnull=True):
            bob_page.post(f"/games/{game.pk}/claims/{claim.pk}/release/")
    before = footprint(game)

    refused = Client().post(f"{link(game)}claim/", {"player": ids_of(game)["Anna"]})

    assert refused.status_code == 409  # as every claim refusal: htmx swaps it in
    assert ("Too many seats were claimed through this link in the last 10 minutes. "
            "The scorekeeper can revoke the link on the share page and share the new one."
            in text(refused))
    assert int(refused["Retry-After"]) <= 600
    assert footprint(game) == before
    # Ten minutes later the link takes claims again.
    now = claims.time.time()
    monkeypatch.setattr(claims.time, "time", lambda: now + 601)
    assert grab(game, "Anna") == 302
    monkeypatch.undo()
    # A revoked link releases every phone; the new one (the script lacks it) starts afresh.
    bob_page.post(f"/games/{game.pk}/share/revoke/")
    assert [grab(game, name) for name in ("Anna", "Ben", "Cem")] == [302] * 3


def test_refused_claims_use_up_no_allowance(game):
    claimed_phone(game, "Ben")

    answers = [grab(game, "Ben") for _ in range(10)]  # taken: refused, nothing claimed

    assert answers == [409] * 10
    assert grab(game, "Anna") == 302


def test_the_allowance_is_per_link_not_per_address(game, club):
    """All the table's phones share the Wi-Fi's one address: each game's link counts its
    own claims, so a busy table next door takes nothing from this one."""
    other = services.start_game(club=club, name="Samstag", preset="wiener",
                                players=["Dora", "Emil"], user=OPERATOR).game
    for _ in range(5):
        assert grab(other, "Dora") == 302
        SeatClaim.objects.filter(game=other).update(released_at=timezone.now())

    assert [grab(game, name) for name in ("Anna", "Ben", "Cem")] == [302] * 3


# --- Sending a hand -------------------------------------------------------------------------


def test_a_player_sends_typed_points_and_may_send_again(game, bob_page):
    phone = claimed_phone(game, "Ben")
    page = phone.get(f"{link(game)}hand/")
    assert page.status_code == 200
    assert "My hand, round 1" in text(page)
    assert f'name="dw-{ids_of(game)["Ben"]}"' in page.content.decode()
    assert f'name="dw-{ids_of(game)["Anna"]}"' not in page.content.decode()

    response = send(phone, game, dw="14")

    assert (response.status_code, response["Location"]) == (302, f"{link(game)}hand/")
    assert "Sent: 14 points. The scorekeeper confirms the round." in text(
        phone.get(f"{link(game)}hand/"))
    assert "Ben: 14, from Ben's phone" in pending_list(bob_page, game)
    # Sent again: the newest replaces it (one pending hand per seat and round).
    send(phone, game, dw="16")
    assert "Sent: 16 points." in text(phone.get(f"{link(game)}hand/"))
    listed = pending_list(bob_page, game)
    assert "Ben: 16, from Ben's phone" in listed and "Ben: 14" not in listed
    assert PendingHand.objects.count() == 1


def test_many_sends_leave_one_hand_the_last_sent(game, bob_page):
    """Issue 23: 30 sends were 30 rows. A send replaces the seat's hand for the round, and
    the scorekeeper's list (204 while nothing changed) still sees each send as new."""
    phone = claimed_phone(game, "Ben")
    first = bob_page.get(f"/games/{game.pk}/rounds/new/pending/", **HTMX).content.decode()
    stamps = {unescape(re.search(r'hx-get="[^"]*\?v=([^"]+)"', first)[1])}
    filled = set()

    for points in range(2, 32):
        assert send(phone, game, dw=str(points)).status_code == 302
        listed = bob_page.get(f"/games/{game.pk}/rounds/new/pending/", **HTMX).content.decode()
        stamps.add(unescape(re.search(r'hx-get="[^"]*\?v=([^"]+)"', listed)[1]))
        # hands.js fills in each send once, known by its data-pending
        filled.add(re.search(r'data-pending="([^"]+)"', listed)[1])

    sent = PendingHand.objects.get()
    assert (sent.round_number, sent.entry, sent.points) == (1, {"dw": "31"}, 31)
    assert "Sent: 31 points." in text(phone.get(f"{link(game)}hand/"))
    listed = pending_list(bob_page, game)
    assert "Ben: 31, from Ben's phone" in listed and "Ben: 30" not in listed
    assert len(stamps) == 31 and len(filled) == 30


def test_a_player_sends_cards_and_the_picker_shows_melds_and_deadwood(game, bob_page):
    phone = claimed_phone(game, "Ben")
    ben = ids_of(game)["Ben"]

    # A tap on Q of spades with Q of hearts and diamonds held: a meld, nothing left over.
    tap = phone.post(f"{link(game)}hand/pick/", {
        "pick_add": f"{ben}:Q", f"mode-{ben}": "cards", f"suit-{ben}": "S",
        f"cards-{ben}": "QH QD"}, HTTP_HX_TARGET=f"entry-{ben}", **HTMX)
    assert tap.status_code == 200
    fragment = tap.content.decode()
    assert f'name="cards-{ben}" value="QH QD QS"' in fragment
    assert re.search(r'<output class="dw"[^>]*>0<', fragment)
    assert '<span class="meld">' in fragment and "loose" not in fragment
    # Its buttons ask the phone's own address, not the scorekeeper's picker.
    assert f'hx-post="{link(game)}hand/pick/"' in fragment

    # A whole hand: Wiener's ten cards, as the Save wants them (tests/test_phone_pages.py).
    response = send(phone, game, mode="cards", cards="QH QD QS 7C 2D 3D 4D 5D 9S KH")

    assert response.status_code == 302
    sent = PendingHand.objects.get()
    assert (sent.entry, sent.points) == ({"cards": "QH QD QS 7C 2D 3D 4D 5D 9S KH"}, 26)
    listed = bob_page.get(f"/games/{game.pk}/rounds/new/pending/").content.decode()
    assert "Ben: 26, from Ben&#x27;s phone" in listed
    assert re.search(r"<details><summary>Ben: 26, from Ben&#x27;s phone</summary>", listed)
    assert 'aria-label="7 of clubs">7♣</span>' in listed
    assert f'data-player="{ben}"' in listed
    assert 'data-cards="QH QD QS 7C 2D 3D 4D 5D 9S KH"' in listed


def test_a_picker_tap_without_javascript_draws_the_page_again(game):
    phone = claimed_phone(game, "Ben")
    ben = ids_of(game)["Ben"]

    response = phone.post(f"{link(game)}hand/", {"number": 1, "pick_cards": f"{ben}:"})

    assert response.status_code == 200
    assert f'id="pick-{ben}"' in response.content.decode()
    assert PendingHand.objects.count() == 0


def test_a_hand_no_deck_holds_or_no_hand_counts_is_refused_and_writes_nothing(game):
    phone = claimed_phone(game, "Ben")
    before = footprint(game)

    impossible = send(phone, game, dw="1")  # Wiener's smallest card counts 2
    three_queens = send(phone, game, mode="cards", cards="QS QS QS 2C 3C 4C 5C 6C 7C 8C")
    nothing = send(phone, game, dw="")

    assert [r.status_code for r in (impossible, three_queens, nothing)] == [422] * 3
    assert "Ben cannot have 1 point in hand" in text(impossible)
    assert "Q♠ appears 3 times; the decks hold 2" in text(three_queens)
    assert "Enter Ben's points" in text(nothing)
    assert footprint(game) == before


# --- No other authority ---------------------------------------------------------------------


def test_a_phone_sends_its_own_seats_hand_only(game):
    phone = claimed_phone(game, "Ben")
    ids = ids_of(game)

    # A forged form naming Anna's row: the claim decides the seat, Anna's field is ignored.
    forged = phone.post(f"{link(game)}hand/", {
        "number": 1, "players": ids["Anna"], "player": ids["Anna"],
        f"dw-{ids['Anna']}": "3", f"dw-{ids['Ben']}": "14"})
    tap = phone.post(f"{link(game)}hand/pick/", {"pick_add": f"{ids['Anna']}:Q",
                                                  f"mode-{ids['Anna']}": "cards"})
    tap_on_page = phone.post(f"{link(game)}hand/", {"number": 1,
                                                    "pick_cards": f"{ids['Anna']}:"})

    assert forged.status_code == 302
    sent = PendingHand.objects.get()
    assert (sent.claim.player_id, sent.entry) == (ids["Ben"], {"dw": "14"})
    assert (tap.status_code, tap_on_page.status_code) == (403, 403)
    # A phone without a seat taps in no picker.
    assert Client().post(f"{link(game)}hand/pick/", {"pick_add": f"{ids['Ben']}:Q"}
                         ).status_code == 403


def test_a_hand_for_a_recorded_round_is_refused(game, bob_page):
    phone = claimed_phone(game, "Ben")
    send(phone, game, dw="14")
    record(bob_page, game, "Anna", {"Anna": "3", "Ben": "14", "Cem": "20"})
    before = footprint(game)

    late = send(phone, game, number=1, dw="12")
    early = send(phone, game, number=5, dw="12")

    assert late.status_code == 409 and "Round 1 is already recorded." in text(late)
    assert early.status_code == 409 and "Round 5 has not started yet." in text(early)
    assert footprint(game) == before
    # The page moved on to round 2, with nothing sent for it yet.
    page = text(phone.get(f"{link(game)}hand/"))
    assert "My hand, round 2" in page and "Sent:" not in page
    assert "Ben:" not in pending_list(bob_page, game)


def test_the_hand_page_watches_its_round_and_reloads_once_it_is_saved(game, bob_page):
    phone = claimed_phone(game, "Ben")
    watch = {"HTTP_HX_TARGET": "round-watch", **HTMX}

    still = phone.get(f"{link(game)}hand/?r=1", **watch)
    record(bob_page, game, "Anna", {"Anna": "3", "Ben": "14", "Cem": "20"})
    moved = phone.get(f"{link(game)}hand/?r=1", **watch)

    assert still.status_code == 204
    assert (moved.status_code, moved["HX-Refresh"]) == (200, "true")


# --- Confirming the round -------------------------------------------------------------------


def test_nothing_is_recorded_before_the_scorekeepers_save(game, bob_page, as_bob):
    ben, anna = claimed_phone(game, "Ben"), claimed_phone(game, "Anna")
    before = footprint(game)

    send(ben, game, dw="14")
    send(anna, game, dw="3")

    after = footprint(game)
    assert (after["sent"], after["rounds"], after["entries"], after["version"]) == (
        2, 0, before["entries"], before["version"])
    assert as_bob.get(f"/api/v1/games/{game.pk}/rounds/").json() == []
    listed = pending_list(bob_page, game)
    assert "Anna: 3, from Anna's phone" in listed and "Ben: 14, from Ben's phone" in listed
    # The scorekeeper's Save records the round, with the hands the phones sent.
    record(bob_page, game, "Anna", {"Anna": "3", "Ben": "14", "Cem": "20"})
    hands = {hand.player_id: hand.deadwood for hand in Round.objects.get().hands.all()}
    assert hands == {ids_of(game)["Anna"]: 3, ids_of(game)["Ben"]: 14, ids_of(game)["Cem"]: 20}
    # The sent hands stay as the record; the round form of round 2 lists none of them.
    assert PendingHand.objects.count() == 2
    assert "from Ben's phone" not in pending_list(bob_page, game)


def test_the_round_form_asks_for_the_list_and_only_a_new_round_does(game, bob_page):
    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()
    # The list comes with the form as served (issue 25, item 9), and is asked for again.
    assert f'hx-get="/games/{game.pk}/rounds/new/pending/?v=' in form
    assert "js/hands.js" in form

    record(bob_page, game, "Anna", {"Anna": "3", "Ben": "14", "Cem": "20"})
    correction = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    assert "pending" not in correction and "hands.js" not in correction


def test_the_list_answers_204_while_nothing_changed(game, bob_page):
    phone = claimed_phone(game, "Ben")
    first = bob_page.get(f"/games/{game.pk}/rounds/new/pending/", **HTMX).content.decode()
    stamp = unescape(re.search(r'hx-get="[^"]*\?v=([^"]+)"', first)[1])
    url = f"/games/{game.pk}/rounds/new/pending/?v={stamp}"

    assert bob_page.get(url, **HTMX).status_code == 204
    send(phone, game, dw="14")
    assert bob_page.get(url, **HTMX).status_code == 200


def test_pending_hands_that_break_the_deck_are_flagged(game, bob_page):
    anna, ben = claimed_phone(game, "Anna"), claimed_phone(game, "Ben")
    anna_cards, ben_cards = "QS QS 7C 2C 3C 4C 5C 6C 8C 9C", "QS 4D 2H 3H 4H 5H 6H 7H 8H 9H"
    send(anna, game, mode="cards", cards=anna_cards)
    send(ben, game, mode="cards", cards=ben_cards)

    listed = pending_list(bob_page, game)

    flag = "Q♠ appears 3 times; the decks hold 2 (sent from the phones of Anna, Ben)"
    assert listed.count(flag) == 2  # next to each of the two hands
    # Saving the round as sent is refused by the round's own check.
    ids = ids_of(game)
    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()
    response = bob_page.post(f"/games/{game.pk}/rounds/new/", {
        "number": 1, "key": re.search(r'name="key" value="([^"]+)"', form)[1],
        "players": list(ids.values()), "ender": ids["Cem"], f"dw-{ids['Cem']}": "0",
        f"mode-{ids['Anna']}": "cards", f"cards-{ids['Anna']}": anna_cards,
        f"mode-{ids['Ben']}": "cards", f"cards-{ids['Ben']}": ben_cards})
    assert response.status_code == 422
    assert Round.objects.count() == 0


# --- Links, games and cookies that hold no claim ------------------------------------------


def test_a_revoked_share_link_claims_and_sends_nothing(game, bob_page):
    phone = claimed_phone(game, "Ben")
    old = link(game)
    bob_page.post(f"/games/{game.pk}/share/revoke/")
    before = footprint(game)

    answers = [phone.get(f"{old}hand/"), phone.post(f"{old}hand/", {"number": 1, "dw": "3"}),
               Client().post(f"{old}claim/", {"player": ids_of(game)["Anna"]}),
               phone.post(f"{old}hand/pick/", {"pick_cards": "1:"}),
               phone.post(f"{old}leave/")]

    assert [response.status_code for response in answers] == [404] * 5
    assert footprint(game) == before


def test_revoking_the_share_link_releases_the_phones_that_claimed_through_it(game, bob_page):
    phone = claimed_phone(game, "Ben")

    answer = bob_page.post(f"/games/{game.pk}/share/revoke/", follow=True)

    assert "The phone that held a seat was released" in text(answer)
    claim = SeatClaim.objects.get()
    assert claim.released_at is not None and claim.released_by.username == "bob"
    refused = phone.post(f"{link(game)}hand/", {"number": 1, f"dw-{phone.seat}": "3"})
    assert refused.status_code == 403 and not PendingHand.objects.exists()
    # Through the new link the seat is free again, for whoever should hold it.
    assert claimed_phone(game, "Ben").seat == ids_of(game)["Ben"]


def test_a_finished_game_takes_no_hand(club):
    game = services.start_game(club=club, name="Kurz", preset="romme",
                               players=["Anna", "Ben"], rules={"mode": "points"},
                               user=OPERATOR).game
    phone = claimed_phone(game, "Ben")
    services.close_game(game_id=game.pk, user=OPERATOR)
    before = footprint(game)

    page = phone.get(f"{link(game)}hand/")
    refused = send(phone, game, dw="14")

    assert page.status_code == 200
    assert "The game is over: no more rounds can be entered." in text(page)
    assert 'name="dw-' not in page.content.decode()
    assert refused.status_code == 409
    assert footprint(game) == before
    # Nor is a seat claimed any more; the sheet offers none.
    assert Client().post(f"{link(game)}claim/", {"player": ids_of(game)["Anna"]}
                         ).status_code == 409
    assert "Whose phone is this?" not in text(Client().get(f"{link(game)}claim/"))
    assert 'id="phone-seat"' not in Client().get(link(game)).content.decode()
    # The end releases no seat (a claim of a finished game holds nothing), and the phone
    # may still let go of it.
    assert SeatClaim.objects.get().released_at is None
    assert "Leave this seat" in text(page)
    assert phone.post(f"{link(game)}leave/").status_code == 302
    assert SeatClaim.objects.get().released_at is not None


def test_a_void_game_takes_no_hand(game, alice):
    phone = claimed_phone(game, "Ben")
    services.delete_game(game_id=game.pk, user=alice)  # started by mistake: void
    before = footprint(game)

    refused = send(phone, game, dw="14")

    assert refused.status_code == 409
    assert "The game was voided: nothing more is entered." in text(refused)
    assert footprint(game) == before


def test_a_forged_cookie_or_one_of_another_game_is_no_claim(game, club):
    other = services.start_game(club=club, name="Samstag", preset="wiener",
                                players=["Dora", "Emil"], user=OPERATOR).game
    elsewhere = claimed_phone(other, "Dora")
    claim = SeatClaim.objects.get()
    forged = Client()
    forged.cookies[f"seat-{game.pk}"] = str(claim.pk)  # unsigned
    moved = Client()  # a genuine cookie of the other game, under this game's name
    moved.cookies[f"seat-{game.pk}"] = elsewhere.cookies[f"seat-{other.pk}"].value
    before = footprint(game)

    answers = [client.post(f"{link(game)}hand/", {"number": 1, f"dw-{claim.player_id}": "4"})
               for client in (forged, moved)]

    assert [response.status_code for response in answers] == [403, 403]
    assert footprint(game) == before
    assert "This phone holds no seat in this game" in text(forged.get(f"{link(game)}hand/"))


def test_the_player_pages_keep_the_link_to_this_site(game):
    phone = claimed_phone(game, "Ben")

    response = phone.get(f"{link(game)}hand/")

    assert response["X-Robots-Tag"] == "noindex"
    assert response["Referrer-Policy"] == "same-origin"



def test_a_rami_player_sends_what_was_laid_with_the_hand(club, bob_page):
    game = services.start_game(club=club, name="Rami", preset="rami",
                               players=["Anna", "Ben"], user=OPERATOR).game
    phone = claimed_phone(game, "Ben")
    page = phone.get(f"{link(game)}hand/").content.decode()
    assert f'name="laid-{phone.seat}"' in page and f'name="dw-{phone.seat}"' in page

    response = send(phone, game, lmode="cards", melds="QH KH AH|7S 7D 7C", mode="cards",
                    cards="5C 9D")

    assert response.status_code == 302
    sent = PendingHand.objects.get()
    assert sent.entry == {"cards": "5C 9D", "melds": "QH KH AH|7S 7D 7C"}
    listed = pending_list(bob_page, game)
    assert f"Ben: {sent.points}, from Ben's phone · laid Q♥ K♥ A♥ 7♠ 7♦ 7♣" in listed
    # Sent again: the form comes back as sent, laid melds and hand.
    again = phone.get(f"{link(game)}hand/").content.decode()
    assert f'name="melds-{phone.seat}" value="QH KH AH|7S 7D 7C"' in again
    assert f'name="cards-{phone.seat}" value="5C 9D"' in again
