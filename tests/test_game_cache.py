"""The cached game state is derived data: it always equals a fresh replay of the facts."""

import pytest
from django.core.cache import cache

from scorekeeper import services
from scorekeeper.models import Game

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

    monkeypatch.setattr(services, "sync_ledger", broken)
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
    assert cache.get(services.state_cache_key(next_version)) is None
