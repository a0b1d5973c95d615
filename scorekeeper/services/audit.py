"""The organiser's audit (docs/organisers.md, "The audit"): every game of a club checked
against its facts, and who entered and corrected what, when and why. Only reads.

The check is the one `manage.py verifyledger` and GET /api/v1/games/{id}/verify/ make
(`summaries.verify_game`): the game's facts are replayed and the transfers they call for
compared with its ledger entries. It replays from the stored facts alone, never from a
kept state or snapshot, so nothing derived can hide a difference. A replay costs a few
milliseconds a game, so the page checks one page of games at a time (PAGE_SIZE).

The check starts from the games, so it cannot see an entry whose game is gone: `strays`
walks the entries for those (docs/security.md, "The ledger cannot be orphaned").
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import QuerySet

from ledger import services as ledger

from ..models import Game, Rebuy, Round, Seat, TableSession
from ..rules import RulesError
from .errors import NotFound
from .reading import GameView, load_game, round_history
from .season import replay_games

# A club of thousands of games: 50 replays are a quarter of a second, all of them a minute.
PAGE_SIZE = 50


@dataclass
class GameAudit:
    """A game and where its ledger differs from its facts."""

    view: GameView
    differences: list[ledger.Difference]
    # Why the facts could not be replayed: then the books cannot be checked.
    unreadable: RulesError | None = None

    @property
    def verified(self) -> bool:
        return not self.differences and self.unreadable is None

    @property
    def game(self) -> Game:
        return self.view.game

    @property
    def seats(self) -> list[Seat]:
        return self.view.seats


@dataclass
class RoundRecord:
    """Every revision of one round number, oldest first: the last one counts."""

    number: int
    revisions: list[Round] = field(default_factory=list)


@dataclass
class GameRecord:
    """A game's audit with its history: who entered and corrected each round and why, the
    re-buys (undone ones too) and who started or voided the game."""

    audit: GameAudit
    rounds: list[RoundRecord]
    rebuys: list[Rebuy]

    @property
    def game(self) -> Game:
        return self.audit.game


def club_games(club_id: int) -> QuerySet:
    """The club's games, void ones too, newest first: what the audit pages through."""
    # The snapshot is never read: the audit replays the facts.
    return (Game.objects.filter(club_id=club_id).defer("snapshot")
            .select_related("created_by", "voided_by").order_by("-created_at", "-id"))


def audit_games(games: list[Game]) -> list[GameAudit]:
    """Each game checked: the seats, rounds and re-buys of all of them replayed together
    (season.replay_games), then one ledger query per game."""
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game__in=games).select_related("player").order_by(
            "game_id", "number"):
        seats[seat.game_id].append(seat)
    states = replay_games(games, seats)
    checked = []
    for game in games:
        view = GameView(game, seats[game.pk])
        if states.get(game.pk) is None and not view.void:
            # Facts that do not replay: once more alone, to say why.
            checked.append(_audit(load_game(game, seats=seats[game.pk])))
            continue
        expected = [] if view.void else states[game.pk].transfers
        checked.append(GameAudit(view, ledger.differences(game.pk, expected)))
    return checked


def strays(*, club_id: int | None = None, game_ids=None) -> list[ledger.Stray]:
    """Ledger entries that no game accounts for (ledger.strays): every one; or, for a club,
    those that can be attributed to it. An entry whose game is gone names no club, so a
    club is shown those that moved its evenings' carried pot, and those of its games
    (`game_ids`, e.g. one page of them; None: all its games) that used accounts not theirs.
    Only `manage.py verifyledger` without --club sees every one."""
    games = Game.objects.all()
    if club_id is None:
        return ledger.strays(games, game_ids=game_ids)
    if game_ids is None:
        game_ids = Game.objects.filter(club_id=club_id).values("pk")
    sessions = TableSession.objects.filter(club_id=club_id).values("pk")
    return ledger.strays(games, game_ids=game_ids, session_ids=sessions)


def game_record(club_id: int, game_id: int) -> GameRecord:
    """One game of the club checked, with the history of its rounds and re-buys."""
    game = club_games(club_id).filter(pk=game_id).first()
    if game is None:
        raise NotFound("No such game in this club")
    rounds: dict[int, RoundRecord] = {}
    for revision in round_history(game):
        rounds.setdefault(revision.number, RoundRecord(revision.number)).revisions.append(
            revision)
    rebuys = list(Rebuy.objects.filter(game=game).select_related(
        "player", "entered_by", "undone_by").order_by("after_round", "id"))
    return GameRecord(_audit(load_game(game)), list(rounds.values()), rebuys)


def _audit(view: GameView) -> GameAudit:
    try:
        # As summaries.verify_game: a void game's every movement was reversed, so it
        # should hold nothing, net.
        expected = [] if view.void else view.replay().transfers
    except RulesError as error:
        return GameAudit(view, [], unreadable=error)
    return GameAudit(view, ledger.differences(view.game.pk, expected))
