"""A game's status in words, from one place (scorekeeper/web/status.py): the evening's page,
the audit and the home page name a status the same way, in English and in German, and
decide "still played" by GameStatus.playing alone."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from scorekeeper.models import Game
from scorekeeper.rules import GameStatus
from scorekeeper.web.status import evening_note, list_word, status_word

from .test_evening_pages import new_game_in, start_evening

WORDS = {
    GameStatus.RUNNING: ("running", "läuft"),
    GameStatus.DECIDER: ("in a decider", "in der Entscheidungsrunde"),
    GameStatus.FINISHED: ("finished", "beendet"),
    GameStatus.CARRIED_OVER: ("pot carried over", "Pot übertragen"),
    GameStatus.VOID: ("void", "annulliert"),
}


@pytest.mark.parametrize("status", list(GameStatus))
def test_every_status_has_its_word_in_english_and_german(status):
    english, german = WORDS[status]

    with translation.override("en"):
        assert status_word(status) == english
        assert status_word(str(status)) == english  # as the game row keeps it
    with translation.override("de"):
        assert status_word(status) == german


def test_a_list_of_games_calls_a_decider_running_and_every_other_status_by_its_word():
    with translation.override("en"):
        assert list_word(GameStatus.DECIDER) == list_word(GameStatus.RUNNING) == "running"
        assert [list_word(status) for status in GameStatus if not status.playing] == [
            "finished", "pot carried over", "void"]


def test_the_evening_list_notes_what_keeps_the_evening_going_and_nothing_else():
    with translation.override("en"):
        notes = {status: evening_note(status) for status in GameStatus}

    assert notes == {GameStatus.RUNNING: "running", GameStatus.DECIDER: "running",
                     GameStatus.FINISHED: "", GameStatus.CARRIED_OVER: "pot carried over",
                     GameStatus.VOID: ""}


def test_an_unknown_status_is_refused_rather_than_shown():
    with pytest.raises(ValueError):
        status_word("paused")


def test_a_template_asks_the_status_whether_the_game_is_played_and_writes_its_word():
    template = Template("{% load scorekeeper %}{% for status in statuses %}"
                        "{% with state=status|game_status %}{% if state.playing %}P{% endif %}"
                        "{% if state.ended %}E{% endif %}:{{ state|status_word }};{% endwith %}"
                        "{% endfor %}")

    with translation.override("en"):
        text = template.render(Context({"statuses": [str(status) for status in GameStatus]}))

    assert text == ("P:running;P:in a decider;E:finished;E:pot carried over;:void;")


# --- The home page --------------------------------------------------------------------------


def _evening_line(home: str, session_id: int) -> str:
    found = re.search(rf'<li><a href="/sessions/{session_id}/">(.*?)</a></li>', home, re.S)
    assert found, home
    return " ".join(re.sub(r"<[^>]+>", " ", found[1]).split())


def _meta(home: str, game: Game) -> str:
    found = re.search(rf'<li><a href="/games/{game.pk}/">.*?<span class="meta">(.*?)</span>',
                      home, re.S)
    assert found, home
    return found[1].split(" · ")[0]


@pytest.mark.parametrize(("language", "running", "carried"), [
    ("en", "running", "pot carried over"), ("de", "läuft", "Pot übertragen")])
def test_the_home_page_words_each_game_by_its_status(club, bob_page, language, running,
                                                     carried):
    # given an evening with a game in a decider, one won and one that left its pot standing
    session_id = start_evening(bob_page, club, "Freitagabend")
    decider, won, carried_over = (new_game_in(bob_page, club, session_id, ["Anna", "Ben"])
                                  for _ in range(3))
    # The home page words the status the game row keeps, whatever the rounds were.
    Game.objects.filter(pk=decider.pk).update(status=GameStatus.DECIDER)
    Game.objects.filter(pk=won.pk).update(status=GameStatus.FINISHED)
    Game.objects.filter(pk=carried_over.pk).update(status=GameStatus.CARRIED_OVER)

    home = bob_page.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    # then the evening notes the decider as running, the carried pot, and nothing for the win
    names = decider.name, won.name, carried_over.name
    line = _evening_line(home, session_id)
    assert f"{names[0]} ({running}) · {names[1]} · {names[2]} ({carried})" in line
    # and the game lists: the decider is still played (its rounds), the others say their end
    assert re.fullmatch(r"0 (rounds played|Runden gespielt)", _meta(home, decider))
    assert _meta(home, won) == {"en": "finished", "de": "beendet"}[language]
    assert _meta(home, carried_over) == carried
