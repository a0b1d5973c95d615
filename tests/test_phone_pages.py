"""The players' phones, third pass (issue 25, items 1, 8 and 9; docs/table.md, "Players'
phones"), through the pages:

- a phone refuses what the scorekeeper's Save would refuse, in the same words, and keeps
  what was picked; back from cards to typing keeps the points;
- the share page says what the other phones can do, a scorekeeper switches "players enter
  their own hands" off and on, and every phone's page follows; on this computer's own
  address the share page says no other phone reaches it;
- the round form as served holds the hands the phones sent, marked as theirs.

The Django test client plays each phone (its own cookies). In Chromium:
tests/test_browser_phone_checks.py.
"""

import re

import pytest
from django.test import Client, override_settings

from scorekeeper import services
from scorekeeper.models import Game, PendingHand, SeatClaim
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR

from .test_seat_claims import claimed_phone, footprint, ids_of, link, send, text

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
# Six of Gin's ten cards: 3♠ 4♠ 5♠ a meld, A♦ 2♥ 6♣ left over (9).
SIX_CARDS = "3S 4S 5S AD 2H 6C"
# Ten: two melds and A♦ 2♥ 6♣ 9♣ left over (18).
TEN_CARDS = "3S 4S 5S KH KD KC AD 2H 6C 9C"


@pytest.fixture
def gin(club):
    return services.start_game(club=club, name="Gin", preset="gin", players=["Anna", "Ben"],
                               user=OPERATOR).game


@pytest.fixture
def wiener(club):
    return services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben", "Cem"], user=OPERATOR).game


def save_round(client, game, ender, fields: dict, **headers):
    """The scorekeeper's Save on the round form, with the rows' fields as named there."""
    ids = ids_of(game)
    form = client.get(f"/games/{game.pk}/rounds/new/").content.decode()
    data = {"number": re.search(r'name="number" value="(\d+)"', form)[1],
            "key": re.search(r'name="key" value="([^"]+)"', form)[1],
            "players": list(ids.values()), "ender": ids[ender]}
    for name, row in fields.items():
        data.update({f"{field}-{ids[name]}": value for field, value in row.items()})
    return client.post(f"/games/{game.pk}/rounds/new/", data, **headers)


def share_page(client, game, **headers) -> str:
    return client.get(f"/games/{game.pk}/share/", **headers).content.decode()


def switch(client, game, allowed: str):
    return client.post(f"/games/{game.pk}/share/phones/", {"allowed": allowed})


# --- 1. A phone refuses what a Save would refuse --------------------------------------------


def test_six_cards_of_a_ten_card_gin_hand_are_refused_as_the_save_refuses_them(gin, bob_page):
    phone = claimed_phone(gin, "Ben")
    before = footprint(gin)

    sent = send(phone, gin, mode="cards", cards=SIX_CARDS)
    saved = save_round(bob_page, gin, "Anna", {
        "Anna": {"dw": "0"}, "Ben": {"mode": "cards", "cards": SIX_CARDS}})

    why = "Ben has 6 cards; a hand at the end of a round has 10"
    assert sent.status_code == 422 and why in text(sent)
    assert saved.status_code == 422 and why in text(saved)
    # What was picked stays picked, in the picker, to add the missing four.
    ben = phone.seat
    page = sent.content.decode()
    assert f'name="mode-{ben}" value="cards"' in page
    assert f'name="cards-{ben}" value="{SIX_CARDS}"' in page
    assert "Sent:" not in text(sent)
    assert footprint(gin) == before and PendingHand.objects.count() == 0


def test_a_whole_gin_hand_is_sent(gin):
    phone = claimed_phone(gin, "Ben")

    assert send(phone, gin, mode="cards", cards=TEN_CARDS).status_code == 302
    assert (PendingHand.objects.get().points, PendingHand.objects.get().entry) == (
        18, {"cards": TEN_CARDS})


def test_the_refusal_reads_in_german(gin):
    phone = claimed_phone(gin, "Ben")

    sent = phone.post(f"{link(gin)}hand/", {
        "number": 1, f"mode-{phone.seat}": "cards", f"cards-{phone.seat}": SIX_CARDS}, **GERMAN)

    assert sent.status_code == 422
    assert "Ben hat 6 Karten; eine Hand am Ende einer Runde hat 10" in text(sent)


def test_typed_points_no_hand_can_hold_are_refused_as_the_save_refuses_them(wiener, bob_page):
    phone = claimed_phone(wiener, "Ben")

    too_many = send(phone, wiener, dw="500")
    saved = save_round(bob_page, wiener, "Anna", {
        "Anna": {"dw": "0"}, "Ben": {"dw": "500"}, "Cem": {"dw": "10"}})

    why = "Ben's deadwood of 500 is more than a hand of 10 cards can hold (at most 128)"
    assert saved.status_code == 422 and why in text(saved)
    assert too_many.status_code == 422 and why in text(too_many)
    assert PendingHand.objects.count() == 0


def test_where_the_cards_left_count_whole_fewer_than_dealt_are_a_hand(club):
    # Basic Rummy (docs/rules.md 9): a hand holds what is left, fewer than were dealt.
    game = services.start_game(club=club, name="Basic", preset="basic",
                               players=["Anna", "Ben"], user=OPERATOR).game
    phone = claimed_phone(game, "Ben")

    assert send(phone, game, mode="cards", cards="KH 7C").status_code == 302
    assert PendingHand.objects.get().points == 17


def test_in_rami_what_was_laid_is_refused_as_the_save_refuses_it(club):
    # docs/rules.md 10.2, 10.6: a laid meld must be a meld, typed laid points a multiple of 5.
    game = services.start_game(club=club, name="Rami", preset="rami", players=["Anna", "Ben"],
                               user=OPERATOR).game
    phone = claimed_phone(game, "Ben")

    no_meld = send(phone, game, lmode="cards", melds="QH KH 2C", dw="10")
    seven = send(phone, game, laid="7", dw="10")
    german = phone.post(f"{link(game)}hand/", {
        "number": 1, f"laid-{phone.seat}": "7", f"dw-{phone.seat}": "10"}, **GERMAN)

    assert no_meld.status_code == 422 and "Q♥ K♥ 2♣ is not a meld" in text(no_meld)
    assert f'name="melds-{phone.seat}" value="QH KH 2C"' in no_meld.content.decode()
    assert seven.status_code == 422
    assert "Ben cannot have laid 7 points: every laid card scores a multiple of 5" in text(seven)
    assert german.status_code == 422 and "Ben kann nicht 7 Punkte ausgelegt haben" in text(german)
    assert PendingHand.objects.count() == 0


def test_type_the_points_instead_keeps_the_points_the_cards_counted(gin):
    phone = claimed_phone(gin, "Ben")
    ben = phone.seat

    back = phone.post(f"{link(gin)}hand/pick/", {
        "pick_number": f"{ben}:", f"mode-{ben}": "cards", f"cards-{ben}": SIX_CARDS},
        HTTP_HX_REQUEST="true", HTTP_HX_TARGET=f"entry-{ben}")
    without_javascript = phone.post(f"{link(gin)}hand/", {
        "number": 1, "pick_number": f"{ben}:", f"mode-{ben}": "cards",
        f"cards-{ben}": SIX_CARDS})

    for answer in (back, without_javascript):
        assert answer.status_code == 200
        page = answer.content.decode()
        assert re.search(rf'name="dw-{ben}" value="9"', page)
        assert f'name="cards-{ben}"' not in page


def test_type_the_points_instead_on_the_round_form_keeps_them_too(gin, bob_page):
    ben = ids_of(gin)["Ben"]

    back = bob_page.post(f"/games/{gin.pk}/hand/", {
        "pick_number": f"{ben}:", f"mode-{ben}": "cards", f"cards-{ben}": TEN_CARDS},
        HTTP_HX_REQUEST="true", HTTP_HX_TARGET=f"entry-{ben}")

    assert back.status_code == 200
    assert re.search(rf'name="dw-{ben}" value="18"', back.content.decode())


# --- 8. Sharing -----------------------------------------------------------------------------


def test_the_share_page_says_what_the_other_phones_can_do(wiener, bob_page):
    english = text(bob_page.get(f"/games/{wiener.pk}/share/"))
    german = text(bob_page.get(f"/games/{wiener.pk}/share/", **GERMAN))

    assert "can read it but not change it" not in english
    assert "follow the sheet; it refreshes by itself." in english
    assert "Each player can also tap their name there and enter their own hand" in english
    assert "Switch off players entering their own hands" in english
    assert ("Jeder Spieler kann dort auch seinen Namen antippen und nach jeder Runde seine "
            "eigene Hand eintragen") in german
    assert "Eintragen der eigenen Hand ausschalten" in german


def test_a_scorekeeper_switches_players_own_hands_off_and_every_phone_page_follows(
        wiener, bob_page):
    phone = claimed_phone(wiener, "Ben")
    send(phone, wiener, dw="14")
    stranger = Client()  # a phone that holds no seat

    switched = switch(bob_page, wiener, "0")

    assert (switched.status_code, switched["Location"]) == (302, f"/games/{wiener.pk}/share/")
    assert Game.objects.get(pk=wiener.pk).phones_enter_hands is False
    shared = text(bob_page.get(f"/games/{wiener.pk}/share/"))
    assert "entering their own hands is switched off" in shared
    assert "Let players enter their own hands" in shared
    # The shared sheet offers no seat, and a claim is refused in words.
    sheet = stranger.get(link(wiener)).content.decode()
    assert f'hx-get="{link(wiener)}claim/"' not in sheet
    assert "Whose phone is this?" not in text(stranger.get(f"{link(wiener)}claim/"))
    claim = stranger.post(f"{link(wiener)}claim/", {"player": ids_of(wiener)["Cem"]})
    assert claim.status_code == 409
    off = "The scorekeeper has switched off entering your own hand in this game"
    assert off in text(claim)
    # The phone holding a seat sends nothing, and says why.
    before = footprint(wiener)
    refused = send(phone, wiener, dw="16")
    assert refused.status_code == 409 and off in text(refused)
    assert off in text(phone.get(f"{link(wiener)}hand/"))
    assert footprint(wiener) == before and PendingHand.objects.get().points == 14
    # The round form shows no phones' box and fills in nothing.
    form = bob_page.get(f"/games/{wiener.pk}/rounds/new/").content.decode()
    assert 'id="pending-hands"' not in form and "hands.js" not in form
    assert f'name="dw-{phone.seat}" value=""' in form
    assert bob_page.get(f"/games/{wiener.pk}/rounds/new/pending/").content.strip() == b""


def test_switched_off_reads_in_german(wiener, bob_page):
    phone = claimed_phone(wiener, "Ben")
    bob_page.post(f"/games/{wiener.pk}/share/phones/", {"allowed": "0"}, **GERMAN)

    page = text(phone.get(f"{link(wiener)}hand/", **GERMAN))
    shared = text(bob_page.get(f"/games/{wiener.pk}/share/", **GERMAN))

    assert ("Der Schreiber hat das Eintragen der eigenen Hand in diesem Spiel ausgeschaltet: "
            "Sag ihm deine Punkte.") in page
    assert "Sie lesen ihn mit, ändern aber nichts" in shared
    assert "Eintragen der eigenen Hand einschalten" in shared
    assert "Ihre Handys zeigen nur den Block." in shared  # what the switch said


def test_switched_on_again_the_seats_and_hands_are_as_they_were(wiener, bob_page):
    phone = claimed_phone(wiener, "Ben")
    send(phone, wiener, dw="14")
    switch(bob_page, wiener, "0")

    switch(bob_page, wiener, "1")

    assert Game.objects.get(pk=wiener.pk).phones_enter_hands is True
    assert SeatClaim.objects.filter(released_at__isnull=True).count() == 1
    assert send(phone, wiener, dw="16").status_code == 302
    form = bob_page.get(f"/games/{wiener.pk}/rounds/new/").content.decode()
    assert f'name="dw-{phone.seat}" value="16"' in form


def test_the_switch_is_for_whoever_may_write_the_game(wiener, carol_page, mallory_page, bob_page):
    assert switch(carol_page, wiener, "0").status_code == 403  # a viewer
    assert switch(mallory_page, wiener, "0").status_code == 404  # another club's
    assert bob_page.get(f"/games/{wiener.pk}/share/phones/").status_code == 405
    assert "Switch off players" not in text(carol_page.get(f"/games/{wiener.pk}/share/"))
    assert Game.objects.get(pk=wiener.pk).phones_enter_hands is True


def test_the_switch_refuses_a_value_it_does_not_know(wiener, bob_page):
    refused = switch(bob_page, wiener, "maybe")

    assert refused.status_code == 400
    assert "allowed=1 or allowed=0" in refused.content.decode()
    assert Game.objects.get(pk=wiener.pk).phones_enter_hands is True


@override_settings(ALLOWED_HOSTS=["127.0.0.1", "localhost", "[::1]", "testserver"])
@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_on_this_computers_own_address_the_share_page_says_how_to_serve_the_table(
        wiener, bob_page, host):
    english = text(bob_page.get(f"/games/{wiener.pk}/share/", HTTP_HOST=host))
    german = text(bob_page.get(f"/games/{wiener.pk}/share/", HTTP_HOST=host, **GERMAN))

    assert "this computer's own address: no other phone can open it" in english
    assert "make run HOST=0.0.0.0" in english
    assert "Kein anderes Handy kann ihn öffnen" in german and "make run HOST=0.0.0.0" in german


@override_settings(PUBLIC_URL="http://192.168.1.23:8000",
                   ALLOWED_HOSTS=["127.0.0.1", "192.168.1.23", "testserver"])
def test_a_link_the_other_phones_reach_needs_no_warning(wiener, bob_page):
    # The organiser's browser on 127.0.0.1, the link on the LAN address (PUBLIC_URL).
    lan = share_page(bob_page, wiener, HTTP_HOST="127.0.0.1:8000")
    named = share_page(bob_page, wiener)  # testserver: a name the phones may reach

    assert 'id="share-loopback"' not in lan and 'id="share-loopback"' not in named
    assert f"http://192.168.1.23:8000/s/{policy.share_token(wiener.pk)}/" in lan


# --- 9. The phones' hands in the round form as served ---------------------------------------


def test_the_round_form_as_served_holds_the_hands_the_phones_sent(wiener, bob_page):
    ben, anna = claimed_phone(wiener, "Ben"), claimed_phone(wiener, "Anna")
    send(ben, wiener, dw="14")
    cards = "QH QD QS 7C 2D 3D 4D 5D 9S KH"
    send(anna, wiener, mode="cards", cards=cards)
    ids = ids_of(wiener)

    form = bob_page.get(f"/games/{wiener.pk}/rounds/new/").content.decode()

    assert f'name="dw-{ids["Ben"]}" value="14"' in form
    assert f'name="mode-{ids["Anna"]}" value="cards"' in form
    assert f'name="cards-{ids["Anna"]}" value="{cards}"' in form
    assert re.search(r'<output class="dw"[^>]*>26<', form)  # the picked cards, evaluated
    # Each row says it holds its player's phone's hand, and which send (for hands.js).
    sends = {hand.claim.player_id: hand for hand in PendingHand.objects.select_related("claim")}
    for name in ("Anna", "Ben"):
        row = re.search(rf'<div class="hand[^"]*"[^>]*>\s*<input type="hidden" name="players" '
                        rf'value="{ids[name]}">', form)[0]
        assert "from-phone" in row
        send_id = re.search(r'data-from-phone="([^"]+)"', row)[1]
        assert send_id.startswith(f"{sends[ids[name]].pk}.")
    assert form.count('<span class="phone-mark">sent from the phone</span>') == 2
    assert f'name="dw-{ids["Cem"]}" value=""' in form  # no phone: nothing filled in
    # The list is in the first HTML too: nothing is inserted above the form later.
    assert re.search(r'<section id="pending-hands" class="pending-hands" hx-get="[^"]+\?v=',
                     form)
    assert 'hx-trigger="load"' not in form
    assert 'data-pending="' in form


def test_the_mark_reads_in_german(wiener, bob_page):
    send(claimed_phone(wiener, "Ben"), wiener, dw="14")

    form = text(bob_page.get(f"/games/{wiener.pk}/rounds/new/", **GERMAN))

    assert "vom Handy gesendet" in form


def test_the_form_as_served_is_saved_as_the_phones_sent(wiener, bob_page):
    send(claimed_phone(wiener, "Ben"), wiener, dw="14")

    saved = save_round(bob_page, wiener, "Anna", {"Anna": {"dw": "0"}, "Ben": {"dw": "14"},
                                                  "Cem": {"dw": "10"}})

    assert saved.status_code == 302
    form = bob_page.get(f"/games/{wiener.pk}/rounds/new/").content.decode()
    # Round 2: what was sent for round 1 fills nothing in.
    assert 'data-from-phone="' not in form and 'class="phone-mark"' not in form
