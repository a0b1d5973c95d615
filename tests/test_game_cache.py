"""The kept game states are derived data: they always equal a fresh replay of the facts."""

import pytest
from django.core.cache import cache

import ledger.services
from scorekeeper import services
from scorekeeper.models import Game, Player

from .api_table import API


def play_three_rounds(client):
    game = client.post(f"{API}/games/", {"preset": "wiener", "players": ["Anna", "Ben", "Cem"]},
                       format="json").json()
    ids = [player["id"] for player in game["players"]]
    for number, deadwood in enumerate([(2, 30, 40), (25, 0, 12), (33, 41, 5)], start=1):
        ender = ids[deadwood.index(min(deadwood))]
        response = client.post(
            f"{API}/games/{game['id']}/rounds/",
            {"number": number, "ender": ender,
             "hands": [{"player": p, "deadwood": d} for p, d in zip(ids, deadwood, strict=True)]},
            format="json",
        )
        assert response.status_code == 201, response.json()
    return game["id"]


def test_the_cached_game_equals_the_game_rebuilt_from_the_facts(as_alice):
    game_id = play_three_rounds(as_alice)
    cached = as_alice.get(f"{API}/games/{game_id}/").json()

    cache.clear()
    services.recent_games.clear()
    rebuilt = as_alice.get(f"{API}/games/{game_id}/").json()

    assert rebuilt == cached
    view = services.load_game(Game.objects.get(pk=game_id))
    assert services.cached_state(view) == view.replay()


def test_a_write_that_fails_leaves_no_state_in_the_cache(as_alice, monkeypatch):
    game_id = play_three_rounds(as_alice)
    before = as_alice.get(f"{API}/games/{game_id}/").json()
    ids = [player["id"] for player in before["players"]]

    def broken(*args, **kwargs):
        raise RuntimeError("the ledger write fails")

    monkeypatch.setattr(ledger.services, "post", broken)
    with pytest.raises(RuntimeError):
        as_alice.post(
            f"{API}/games/{game_id}/rounds/",
            {"number": 4, "ender": ids[0],
             "hands": [{"player": p, "deadwood": 3} for p in ids]},
            format="json",
        )
    monkeypatch.undo()

    assert as_alice.get(f"{API}/games/{game_id}/").json() == before
    next_version = Game.objects.get(pk=game_id)
    next_version.version += 1
    assert services.recent_games.get(services.state_cache_key(next_version)) is None


def test_a_new_round_played_onto_the_kept_state_equals_a_replay_of_all_rounds(
    as_alice, django_capture_on_commit_callbacks,
):
    # given a game whose state this process keeps (its rounds entered here, each committed)
    with django_capture_on_commit_callbacks(execute=True):
        game_id = play_three_rounds(as_alice)
    game = Game.objects.get(pk=game_id)
    kept = services.recent_games.get(services.state_cache_key(game))
    assert kept is not None and kept.round_count == 3

    # then it is the game a replay of the stored facts gives, round by round
    view = services.load_game(game)
    assert kept == view.replay()
    assert kept.transfers == view.replay().transfers


def test_recent_games_keeps_the_most_recently_used():
    games = services.RecentGames(size=2)
    games.put("a", "game a")
    games.put("b", "game b")
    assert games.get("a") == "game a"  # a is now the more recent
    games.put("c", "game c")
    assert (games.get("a"), games.get("b"), games.get("c")) == ("game a", None, "game c")


def test_a_renamed_player_shows_at_once_and_the_game_gets_a_new_version(
    as_alice, django_capture_on_commit_callbacks,
):
    # given a game whose state and API object are kept for its version
    with django_capture_on_commit_callbacks(execute=True):
        game_id = play_three_rounds(as_alice)
    before = as_alice.get(f"{API}/games/{game_id}/")
    anna = before.json()["players"][0]

    # when an organiser corrects the player's name (in the admin)
    player = Player.objects.get(pk=anna["id"])
    player.name = "Anna B."
    player.save()

    # then the game answers with the new name under a new ETag
    after = as_alice.get(f"{API}/games/{game_id}/")
    assert after.json()["players"][0]["name"] == "Anna B."
    assert after["ETag"] != before["ETag"]
    assert after.json()["round_count"] == 3
