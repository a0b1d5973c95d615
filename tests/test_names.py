"""Names as Unicode text (scorekeeper/names.py): cleaned once, compared by one key; and the
pages that take names (a new game's seats and name, a new evening) use them as the API does.
"""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.models import Game, Player, TableSession
from scorekeeper.names import InvalidName, clean_name, name_key
from tests.api_table import Table
from tests.test_game_pages import start_game

ZOE = "Zo\u00eb"
ZOE_DECOMPOSED = "Zoe\u0308"
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


# --- clean_name and name_key ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "name"), [
    ("Anna", "Anna"),
    ("  Anna\n", "Anna"),
    ("\u3000Anna\u00a0\u2003", "Anna"),
    (ZOE_DECOMPOSED, ZOE),
    ("A\u0301na", "\u00c1na"),
    ("Ann-Kathrin M\u00fcller", "Ann-Kathrin M\u00fcller"),
    ("\U0001f469\u200d\U0001f467", "\U0001f469\u200d\U0001f467"),
    ("\u674e\u96f7", "\u674e\u96f7"),
])
def test_a_name_is_kept_in_nfc_without_the_spaces_around_it(text, name):
    assert clean_name(text) == name


@pytest.mark.parametrize(("text", "code"), [
    ("", "blank"),
    ("   ", "blank"),
    ("\u3000\n\t", "blank"),
    ("\u200b", "invisible_name"),
    (" \u200d ", "invisible_name"),
    ("\u2060\ufeff", "invisible_name"),
    ("\u0301\u0308", "invisible_name"),  # combining marks with nothing to combine with
    ("\u3164", "invisible_name"),  # the Hangul filler draws nothing
    ("\u200b \u200c", "invisible_name"),
    ("An\nna", "control_character"),
    ("Anna\x00", "control_character"),
    ("\u202eanna", "control_character"),
    ("An\u2028na", "control_character"),
    ("tab\there", "control_character"),
])
def test_empty_invisible_and_control_names_are_refused(text, code):
    with pytest.raises(InvalidName) as refused:
        clean_name(text)
    assert refused.value.code == code
    assert refused.value.message


def test_a_blank_name_may_be_allowed_but_an_invisible_one_never():
    assert clean_name(" \u3000 ", allow_blank=True) == ""
    with pytest.raises(InvalidName):
        clean_name("\u200b", allow_blank=True)


def test_the_key_is_the_same_for_one_name_however_written():
    assert name_key(ZOE) == name_key(ZOE_DECOMPOSED) == name_key("ZO\u00cb") == name_key(
        "zoe\u0308")
    assert name_key("Stra\u00dfe") == name_key("STRASSE")
    assert name_key("Zoe") != name_key(ZOE)


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@given(names)
def test_cleaning_twice_changes_nothing(text):
    try:
        name = clean_name(text, allow_blank=True)
    except InvalidName:
        return
    assert clean_name(name, allow_blank=True) == name
    assert unicodedata.is_normalized("NFC", name)


@given(names)
def test_the_key_is_one_for_every_normal_form(text):
    key = name_key(text)
    for form in ("NFC", "NFD"):
        assert name_key(unicodedata.normalize(form, text)) == key
        assert name_key(unicodedata.normalize(form, text.upper())) == name_key(text.upper())
    assert name_key(key) == key


# --- The pages -------------------------------------------------------------------------------


def _start(client, club, seats, **extra):
    data = {"club": club.pk, "preset": "wiener", "buy_in": "5.00", "knock_premium": "1.00",
            "rebuy": "on", "lay_off": "none", "seat": seats, "start": "1", **extra}
    return client.post("/games/new/", data)


def test_a_page_started_game_seats_the_clubs_player_by_the_key_of_the_name(club, as_alice,
                                                                          bob_page):
    table = Table.start(as_alice, [ZOE, "Ben"])

    game = start_game(bob_page, club, [ZOE_DECOMPOSED, "BEN", "Cem"])

    seated = {seat.player_id for seat in game.seats.all()}
    assert {table.ids[ZOE], table.ids["Ben"]} <= seated
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Ben", "Cem", ZOE]


def test_the_page_refuses_one_name_seated_twice_in_the_readers_language(club, bob_page):
    games = Game.objects.count()

    english = _start(bob_page, club, [ZOE, "Ben", "ZO\u00cb"])
    german = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "wiener", "buy_in": "5.00", "knock_premium": "1.00",
        "lay_off": "none", "seat": [ZOE, "Ben", ZOE_DECOMPOSED], "start": "1"}, **GERMAN)

    assert english.status_code == 422
    assert "ZO\u00cb is seated twice" in english.content.decode()
    assert german.status_code == 422
    assert f"{ZOE} sitzt zweimal am Tisch" in german.content.decode()
    assert Game.objects.count() == games


def test_the_page_refuses_an_invisible_new_name_and_a_seat_of_one(club, bob_page):
    typed = bob_page.post("/games/new/", {"club": club.pk, "preset": "wiener",
                                          "seat": ["Anna"], "new_name": " \u200d ",
                                          "seat_new": "1"})
    page = typed.content.decode()
    assert "A name needs a visible character" in page
    assert page.count('name="seat"') == 1  # Anna alone

    games = Game.objects.count()
    started = _start(bob_page, club, ["Anna", "\u200b"])
    assert started.status_code == 422
    assert "A name needs a visible character" in started.content.decode()
    assert Game.objects.count() == games


def test_the_page_says_a_name_is_seated_already_whatever_its_case_or_encoding(club, bob_page):
    response = bob_page.post("/games/new/", {"club": club.pk, "preset": "wiener",
                                             "seat": [ZOE, "Ben"], "new_name": ZOE_DECOMPOSED,
                                             "seat_new": "1"})

    page = response.content.decode()
    assert f"{ZOE} is already seated" in page
    assert page.count('name="seat"') == 2


def test_an_invisible_game_or_evening_name_is_refused_on_the_page(club, bob_page):
    games, evenings = Game.objects.count(), TableSession.objects.count()

    game = _start(bob_page, club, ["Anna", "Ben"], game_name="\u200b")
    evening = bob_page.post("/sessions/new/", {"club": club.pk, "name": "\u2060"})

    assert game.status_code == 422
    assert 'id="game-name-error"' in game.content.decode()
    assert "A name needs a visible character" in game.content.decode()
    assert evening.status_code == 422
    assert "A name needs a visible character" in evening.content.decode()
    assert (Game.objects.count(), TableSession.objects.count()) == (games, evenings)


def test_page_names_are_kept_in_nfc(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"], extra={"game_name": f" {ZOE_DECOMPOSED} "})
    evening = bob_page.post("/sessions/new/", {"club": club.pk, "name": ZOE_DECOMPOSED})

    assert game.name == ZOE
    assert evening.status_code == 302
    assert TableSession.objects.order_by("-pk").first().name == ZOE
