"""The home page's game cards: each game's kind and who leads it (issue 25).

The home page lists many games, so a card is made from what the game row keeps: its
preset, its seats and its snapshot (services.GameView resumes the engine's state from it
without reading the facts). A game with no round, or none kept, names no leader rather
than replaying its rounds.
"""

from dataclasses import dataclass

from django.utils.functional import Promise

from ... import rules as engine
from ... import services
from ..families import preset_choices


@dataclass(frozen=True)
class GameCard:
    game: object  # the Game row, with its seats and round_count (web.views.home)
    kind: str | Promise  # the preset's name: "Gin Rummy", "Wiener Rummy"
    leaders: tuple[str, ...]  # who leads now, or who won; empty while nobody does
    won: bool  # the game has ended and `leaders` are its winners


def game_cards(games) -> list[GameCard]:
    kinds = dict(preset_choices())
    cards = []
    for game in games:
        leaders, won = _leaders(game) if game.round_count and game.snapshot else ((), False)
        cards.append(GameCard(game, kinds.get(game.preset, game.preset), leaders, won))
    return cards


def _leaders(game) -> tuple[tuple[str, ...], bool]:
    view = services.GameView(game, list(game.seats.all()))
    standings = view.state.standings
    winners = [s for s in standings if s.place == 1]
    if winners:
        return tuple(view.name(s.player) for s in winners), True
    # Who leads, by the family's count (the lowest or the highest total); only those still
    # in count.
    lowest = engine.family_for(view.rules).lowest_leads(view.rules)
    playing = [s for s in standings if s.state == engine.PlayerState.IN]
    totals = {s.total for s in playing}
    if len(totals) < 2:
        return (), False  # everyone level: nobody leads yet
    best = (min if lowest else max)(totals)
    return tuple(view.name(s.player) for s in playing if s.total == best), False
