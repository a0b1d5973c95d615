"""`manage.py verifyledger [--club N] [--game N]`: the organiser's audit of the books.

Every game's ledger is compared with what its facts call for (the same check as
GET /api/v1/games/{id}/verify/). Exits 1 when any game differs, so a cron job or a
deploy step can alert on it.
"""

from django.core.management.base import BaseCommand, CommandError

from scorekeeper import services
from scorekeeper.models import Game


class Command(BaseCommand):
    help = ("Check that every game's ledger holds exactly the money its rounds and re-buys "
            "call for; print each difference and exit 1 if there is any.")

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, help="Only the games of this club (its id).")
        parser.add_argument("--game", type=int, help="Only this game (its id).")

    def handle(self, *args, club, game, **options):
        games = Game.objects.order_by("pk")
        if club is not None:
            games = games.filter(club_id=club)
        if game is not None:
            games = games.filter(pk=game)
            if not games.exists():
                raise CommandError(f"There is no game {game}")
        checked, wrong = 0, 0
        for each in games.iterator(chunk_size=500):
            checked += 1
            differences = services.verify_game(each)
            if differences:
                wrong += 1
                self.stdout.write(f"Game {each.pk} ({each.name}):")
                for difference in differences:
                    self.stdout.write(f"  {difference}")
        self.stdout.write(f"{checked} games checked, {wrong} with differences.")
        if wrong:
            raise SystemExit(1)
