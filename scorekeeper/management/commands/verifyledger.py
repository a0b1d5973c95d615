"""`manage.py verifyledger [--club N] [--game N]`: the organiser's audit of the books.

Every game's ledger is compared with what its facts call for (the same check as
GET /api/v1/games/{id}/verify/), and every ledger entry is checked to belong to a game
that exists and to move only that game's money or its evening's carried pot: entries
no game accounts for (a game row deleted behind the services' back) are named too
(docs/security.md, "The ledger cannot be orphaned"). Exits 1 when anything is wrong,
so a cron job or a deploy step can alert on it.
"""

from django.core.management.base import BaseCommand, CommandError

from ledger import services as ledger
from scorekeeper import services
from scorekeeper.models import Game
from scorekeeper.rules import format_money
from scorekeeper.services.audit import strays

WHY = {
    "game_gone": "game {game_id} does not exist",
    "other_game": "account {account} belongs to another game",
    "other_session": "account {account} belongs to a table session game {game_id} does not "
                     "sit in",
}


class Command(BaseCommand):
    help = ("Check that every game's ledger holds exactly the money its rounds and re-buys "
            "call for, and that every ledger entry belongs to a game; print each difference "
            "and each entry no game accounts for, and exit 1 if there is any.")

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, help="Only the games of this club (its id), "
                            "and the entries that can be attributed to it.")
        parser.add_argument("--game", type=int, help="Only this game (its id), or the "
                            "entries of a game that is gone.")

    def handle(self, *args, club, game, **options):
        if not verify_books(self.stdout.write, club=club, game=game):
            raise SystemExit(1)


def verify_books(write, *, club: int | None = None, game: int | None = None) -> bool:
    """The audit itself, line by line through `write`; True when the books agree.

    A function so that `manage.py restore` can judge a restored database by the very same
    audit. Raises CommandError for a --game that neither exists nor left entries behind.
    """
    games = Game.objects.order_by("pk")
    if club is not None:
        games = games.filter(club_id=club)
    if game is not None:
        games = games.filter(pk=game)
    checked, wrong = 0, 0
    for each in games.iterator(chunk_size=500):
        checked += 1
        differences = services.verify_game(each)
        if differences:
            wrong += 1
            write(f"Game {each.pk} ({each.name}):")
            for difference in differences:
                write(f"  {difference}")
    found = strays(club_id=club, game_ids=None if game is None else [game])
    if game is not None and not checked and not found:
        raise CommandError(f"There is no game {game}")
    if found:
        write("Ledger entries that no game accounts for:")
        for stray in found:
            write(f"  {_stray_text(stray)}")
    summary = f"{checked} games checked, {wrong} with differences"
    if found:
        summary += f"; {len(found)} ledger entries that no game accounts for"
    write(summary + ".")
    return not (wrong or found)


def _stray_text(stray: ledger.Stray) -> str:
    where = "outside the rounds" if stray.round is None else f"round {stray.round}"
    return (f"Entry {stray.id} (game {stray.game_id}, {where}, {stray.kind}: {stray.source} -> "
            f"{stray.target} {format_money(stray.amount)} {stray.currency}): "
            + WHY[stray.why].format(game_id=stray.game_id, account=stray.account))
