"""An evening (a table session) as its page and the home page read it.

People at a real table settle once at the end of the night, not per game: the evening
shows its games in order with the pot carried from one to the next (docs/rules.md 5.7),
each player's net over all of them and the fewest payments that settle it (5.6). The
money is `summaries.session_summary`'s; this module only adds what each game came to.
Reads only: an evening is started with `clubs.create_session`, its games with
`lifecycle.start_game(session=...)`.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, F, OuterRef, Q, Subquery
from django.utils import timezone

from ledger import services as ledger

from ..models import Game, Seat, TableSession
from ..rules import PLAYING, GameStatus
from .reading import load_game
from .summaries import SessionSummary, session_summary

# An evening started but given no game yet is shown on the home page this long; after
# that it was most likely started by mistake and would only crowd the list.
EMPTY_EVENING_SHOWN = timedelta(hours=24)


@dataclass(frozen=True)
class EveningGame:
    """One game of the evening: how it stands and what it took from and left to the next."""

    game: Game
    status: GameStatus
    winner: int | None  # player id
    carried_in: int  # minor units taken from the evening's carried pot
    carried_out: int  # minor units left standing for the evening's next game

    @property
    def void(self) -> bool:
        return self.status == GameStatus.VOID


@dataclass(frozen=True)
class Evening:
    summary: SessionSummary
    games: list[EveningGame]
    names: dict[int, str]  # the players of its counting games, in the order they sat down

    @property
    def session(self) -> TableSession:
        return self.summary.session

    @property
    def final(self) -> bool:
        return self.summary.final

    @property
    def carried(self) -> int:
        return self.summary.carried

    @property
    def nets(self) -> list[tuple[int, int]]:
        """(player, net) in the order they sat down."""
        return [(player, self.summary.nets.get(player, 0)) for player in self.names]

    @property
    def in_play(self) -> int:
        """What the players paid that no player holds yet: the running games' pots and
        kitties and the carried pot. 0 once the evening is final."""
        return -sum(self.summary.nets.values())

    @property
    def currency(self) -> str:
        return self.summary.games[0].currency if self.summary.games else "EUR"


def evening(session: TableSession) -> Evening:
    """The evening's games with what each came to, and its money (session_summary)."""
    summary = session_summary(session)
    seats: dict[int, list[Seat]] = {}
    for seat in (Seat.objects.filter(game__session=session).select_related("player")
                 .order_by("game_id", "number")):  # fmt: skip
        seats.setdefault(seat.game_id, []).append(seat)
    games, names = [], {}
    for game in summary.games:
        view = load_game(game, seats=seats.get(game.pk, []))
        if view.void:
            # Every movement of a void game was reversed, a pot it took in given back to
            # the evening: it counts nothing.
            games.append(EveningGame(game, GameStatus.VOID, None, 0, 0))
            continue
        names.update((pid, name) for pid, name in view.names.items() if pid not in names)
        state = view.state
        games.append(EveningGame(game, state.status, state.winner, game.carried_in,
                                 state.carried_out))
    return Evening(summary, games, names)


def carried_pot(session: TableSession) -> int:
    """What the evening's carried pot holds now: the next game of the evening takes it in."""
    return ledger.carried(session.pk)


@dataclass(frozen=True)
class RunningEvening:
    id: int
    name: str
    club: str
    games: list[tuple[int, str, str]]  # (id, name, status) in the order they were started


def running_evenings(user, *, limit: int = 10) -> list[RunningEvening]:
    """The evenings of the user's clubs still going on, newest first, with their games: one
    query.

    Going on: a game is being played, or the last game left its pot standing for a next
    one, or the evening was started lately and has no game yet. A game started on its own
    gets a session of its own, named like it (lifecycle.start_game): while that game runs
    it is listed with the running games, not as an evening.
    """
    games = Game.objects.filter(session=OuterRef("pk")).order_by("id")
    # Only evenings that may be going on are counted up: one with a game being played or a
    # pot carried over, or one started lately. Counting every evening of a club's history
    # would make the home page grow with it.
    maybe = TableSession.objects.filter(club__memberships__user=user).filter(
        Q(games__status__in=[*PLAYING, GameStatus.CARRIED_OVER])
        | Q(created_at__gte=timezone.now() - EMPTY_EVENING_SHOWN)).values("pk")
    going_on = (
        TableSession.objects.filter(pk__in=maybe)
        .annotate(
            played=Count("games"),
            playing=Count("games", filter=Q(games__status__in=PLAYING)),
            # A void game gives a pot it took in back to the evening: the last game that
            # counts says whether a pot stands.
            last_status=Subquery(games.exclude(status=GameStatus.VOID).reverse()
                                 .values("status")[:1]),
            first_name=Subquery(games.values("name")[:1]),
        )
        .filter(Q(playing__gt=0) | Q(last_status=GameStatus.CARRIED_OVER)
                | Q(played=0, created_at__gte=timezone.now() - EMPTY_EVENING_SHOWN))
        .exclude(played=1, playing=1, name=F("first_name"))
        .order_by("-created_at", "-id")
        .values("pk")[:limit]
    )
    rows = (TableSession.objects.filter(pk__in=going_on)
            .order_by("-created_at", "-id", "games__id")
            .values_list("pk", "name", "club__name", "games__id", "games__name",
                         "games__status"))
    evenings: dict[int, RunningEvening] = {}
    for pk, name, club, game_id, game_name, status in rows:
        evening = evenings.setdefault(pk, RunningEvening(pk, name, club, []))
        if game_id is not None and status != GameStatus.VOID:
            evening.games.append((game_id, game_name, status))
    return list(evenings.values())


def games_in_evening(game: Game) -> int:
    """How many games the evening of `game` has (void ones too)."""
    if game.session_id is None:
        return 1
    return Game.objects.filter(session_id=game.session_id).count()
