"""Names as Unicode text (scorekeeper/names.py): cleaned once, compared by one key; and the
pages that take names (a new game's seats and name, a new evening) use them as the API does.
"""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.models import Game, Player, TableSession
from scorekeeper.names import InvalidName, clean_name, look_alike, name_key
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


# --- Look-alike names (docs/security.md, "Look-alike names") ----------------------------------

# Each looks like "Anna" at a table: hidden format characters, a direction mark, a
# variation selector, a Cyrillic А, a fullwidth Ａ.
LOOK_ALIKES = ["An\u200bna", "Anna\u200d", "Anna\u200e", "An\u00adna", "Anna\ufe0f",
               "\u0410nna", "\uff21nna"]
# Different names, told apart as people read them: Zoë is not Zoe, nor Müller Muller.
DIFFERENT = [["Anna", "Anne", "Jan", "Jana", "Ana"], [ZOE, "Zoe"], ["M\u00fcller", "Muller"],
             ["\u041c\u0430\u0440\u0438\u044f", "Maria"], ["Iris", "Ines"]]
# Alone at a table, these are names like any other.
ALONE = ["\U0001f98a", "\U0001f469\u200d\U0001f680", "\U0001f3f3\ufe0f\u200d\U0001f308",
         "J\u00fcrgen", "\u00d6zlem", "\u674e\u96f7", "\u041c\u0430\u0440\u0438\u044f",
         "\u0391\u03b8\u03b7\u03bd\u03ac", "\u05d3\u05e0\u05d4", "\u0641\u0627\u0637\u0645\u0629",
         "Anna\ufe0f"]


@pytest.mark.parametrize(("text", "code", "says"), [
    ("An\u200bna", "format_character", "U+200B"),
    ("Anna\u200d", "format_character", "U+200D"),
    ("An\u00adna", "format_character", "U+00AD"),
    ("\u2060Anna", "format_character", "U+2060"),
    ("Ben\U000e0041", "format_character", "U+E0041"),  # a tag character
    ("\U0001f98a\u200dAnna", "format_character", "U+200D"),  # no emoji after the joiner
    ("Anna\u200e", "control_character", "text-direction marks"),
    ("\u200fAnna", "control_character", "text-direction marks"),
    ("Anna\u061c", "control_character", "text-direction marks"),
])
def test_format_characters_and_direction_marks_are_refused_saying_which(text, code, says):
    with pytest.raises(InvalidName) as refused:
        clean_name(text)
    assert refused.value.code == code
    assert says in refused.value.message


def test_the_key_drops_format_characters_and_reads_compatibility_forms():
    assert name_key("An\u200bna") == name_key("An\u00adna") == name_key("Anna")
    assert name_key("\uff21nna") == name_key("Anna")
    assert name_key("\U0001f469\u200d\U0001f680") == name_key("\U0001f469\U0001f680")


@pytest.mark.parametrize("text", ["\u0410nna", "Anna\ufe0f", "\u0391nna"])
def test_a_name_that_only_looks_like_another_is_found(text):
    assert look_alike(text, ["Ben", "Anna"]) == "Anna"


@pytest.mark.parametrize("group", DIFFERENT)
def test_different_names_do_not_look_alike(group):
    for index, name in enumerate(group):
        assert look_alike(name, group[:index] + group[index + 1:]) is None


def test_the_same_name_is_no_look_alike():
    # One person however written: the callers seat them once, or say it is seated twice.
    assert look_alike("ANNA", ["Anna"]) is None
    assert look_alike("\uff21nna", ["Anna"]) is None


def _refusal(response) -> tuple[int, str, str]:
    assert response.status_code == 400, response.json()
    (error,) = response.json()["errors"]
    return error["field"], error["code"], error["message"]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_the_api_refuses_each_look_alike_next_to_anna_and_writes_nothing(as_alice, text):
    games, players = Game.objects.count(), Player.objects.count()

    response = as_alice.post("/api/v1/games/", {"name": "Freitag", "preset": "wiener",
                                                "players": ["Anna", "Ben", text]}, format="json")

    field, code, message = _refusal(response)
    assert field == "players[2]"
    assert code in {"format_character", "control_character", "duplicate_player", "look_alike"}
    if code == "look_alike":
        assert message.startswith(f"{text} looks like Anna, who is already seated")
    assert (Game.objects.count(), Player.objects.count()) == (games, players)


def test_the_api_refuses_a_new_player_who_looks_like_one_of_the_club(as_alice):
    Table.start(as_alice, ["Anna", "Ben"])
    players = Player.objects.count()

    response = as_alice.post("/api/v1/games/", {"name": "Samstag", "preset": "wiener",
                                                "players": ["\u0410nna", "Cem"]}, format="json")

    field, code, message = _refusal(response)
    assert (field, code) == ("players[0]", "look_alike")
    assert message.startswith("\u0410nna looks like Anna, a player of this club")
    assert Player.objects.count() == players


@pytest.mark.parametrize("group", DIFFERENT)
def test_the_api_seats_different_names_together(as_alice, group):
    table = Table.start(as_alice, group)
    assert list(table.ids) == group


def test_the_api_seats_any_script_and_emoji_alone(as_alice):
    for name in ALONE:
        table = Table.start(as_alice, [name, "Ben"])
        assert list(table.ids) == [name, "Ben"]


def test_the_page_says_a_new_name_looks_like_a_seated_one(club, bob_page):
    typed = bob_page.post("/games/new/", {"club": club.pk, "preset": "wiener",
                                          "seat": ["Anna", "Ben"], "new_name": "\u0410nna",
                                          "seat_new": "1"})
    german = bob_page.post("/games/new/", {"club": club.pk, "preset": "wiener",
                                           "seat": ["Anna", "Ben"], "new_name": "\u0410nna",
                                           "seat_new": "1"}, **GERMAN)

    assert "\u0410nna looks like Anna, who is already seated" in typed.content.decode()
    assert typed.content.decode().count('name="seat"') == 2
    assert "\u0410nna sieht aus wie Anna, und Anna sitzt schon am Tisch" in (
        german.content.decode())


def test_the_page_refuses_to_start_with_a_look_alike_or_a_hidden_character(club, bob_page):
    games = Game.objects.count()

    alike = _start(bob_page, club, ["Anna", "Ben", "\u0410nna"])
    hidden = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "wiener", "buy_in": "5.00", "knock_premium": "1.00",
        "lay_off": "none", "seat": ["Anna", "Ben", "An\u200bna"], "start": "1"}, **GERMAN)

    assert alike.status_code == 422
    assert "\u0410nna looks like Anna, who is already seated" in alike.content.decode()
    assert hidden.status_code == 422
    assert "Ein Name darf keine Formatzeichen" in hidden.content.decode()
    assert Game.objects.count() == games
