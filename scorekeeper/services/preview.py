"""What a correction would change, worked out before it is saved: the what-if.

Nothing is written and nothing is locked: the game is read, the corrected round is
checked and replayed exactly as `commands.correct_round` would do it, and both states
are handed back for the page to compare.
"""

from dataclasses import dataclass

from .. import rules as engine
from . import commands
from .errors import NotFound
from .reading import GameView, load_game
from .writing import refuse_void


@dataclass(frozen=True)
class Preview:
    """The game now (`old`, every round) and as the correction would leave it (`new`);
    `undone` the players whose re-buy the correction would undo (with its refund)."""

    view: GameView
    number: int
    old: engine.Game
    new: engine.Game
    undone: tuple[int, ...]


def preview_correction(*, game_id: int, number: int, ender: int | None, hands,
                       void: bool = False, match: int | None = None, finish: str | None = None,
                       penalties=None, big_gin: bool = False, upcard: str | None = None,
                       seats=None) -> Preview:
    """Round `number` of the game corrected to these facts, without saving anything.

    The arguments are those of `commands.correct_round`; the same RulesError (or
    ServiceError) comes out for a round the engine refuses.
    """
    view = load_game(game_id, seats=seats)
    refuse_void(view)  # what correct_round would refuse, the preview refuses too
    if not 1 <= number <= len(view.rounds):
        raise NotFound(f"Round {number} has not been entered")
    entry = commands.checked_entry(view, ender, hands, None, void, match, finish, penalties,
                                   big_gin, upcard)
    new, undone = commands.corrected_state(view, number, entry)
    return Preview(view, number, view.history, new, tuple(undone))
