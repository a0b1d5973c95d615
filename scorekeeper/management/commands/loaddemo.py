"""A demo club to try the app with: a finished Wiener game, a running Rommé game, the
finished Gin game of docs/rules.md's worked sheet, a finished Basic Rummy game and a
running Rami game. Each family's page module (scorekeeper/web/families) holds its demo
games; this command plays them, family by family, each in its evening."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper import services
from scorekeeper.models import Club, Membership
from scorekeeper.web import families

DEMO_USER, DEMO_PASSWORD = "demo", "demo-rummy-2026"


class Command(BaseCommand):
    help = ("Create the demo club, its user and five games (three finished, two running): "
            "Wiener, Rommé, Gin, Basic Rummy, Rami.")

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true",
                            help="Do nothing when the database already holds a club.")

    def handle(self, *args, if_empty=False, **options):
        if if_empty and Club.objects.exists():
            self.stdout.write("The database already holds data: no demo loaded.")
            return
        with transaction.atomic():
            user, created = get_user_model().objects.get_or_create(username=DEMO_USER)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            club = services.create_club(name="Rommérunde Ottakring (demo)", user=user)
            evenings = {}
            for family in families.all_families():
                for game in family.demo_games:
                    if game.evening not in evenings:
                        evenings[game.evening] = services.create_session(club=club,
                                                                         name=game.evening)
                    self.play(club, evenings[game.evening], user, game.name, game.preset,
                              game.script, rules=dict(game.rules) or None)
        self.stdout.write(self.style.SUCCESS(
            f"Demo loaded: sign in as {DEMO_USER} / {DEMO_PASSWORD}"
        ))
        if not Membership.objects.filter(user=user, club=club).exists():
            raise RuntimeError("the demo user must organise the demo club")

    def play(self, club, session, user, name, preset, script, rules=None):
        """Start a game and play its script. A step is (ender, {name: hand}) with maybe a
        dict of more (finish, penalties as (name, points)), or "rebuy <name>"; the first
        step's ender and names give the seats in order."""
        first = next(step for step in script if not isinstance(step, str))
        players = [first[0], *(name for name in first[1] if name != first[0])]
        view = services.start_game(club=club, name=name, preset=preset, players=players,
                                   session=session, user=user, rules=rules)
        ids = {seat.player.name: seat.player_id for seat in view.seats}
        number = 0
        for step in script:
            if isinstance(step, str):
                services.take_rebuy(game_id=view.game.pk, player=ids[step.split()[1]], user=user)
                continue
            ender, hands, *more = step
            extra = dict(more[0]) if more else {}
            if "penalties" in extra:
                extra["penalties"] = [(ids[name], points) for name, points in extra["penalties"]]
            number += 1
            services.record_round(
                game_id=view.game.pk, number=number, ender=ids[ender], user=user,
                hands=[self.hand(ids[player], value) for player, value in hands.items()],
                **extra,
            )

    @staticmethod
    def hand(player, value):
        """A hand of the script: points, cards as text, or the fields of a Rami entry."""
        if isinstance(value, dict):
            return services.HandInput(player, **value)
        if isinstance(value, str):
            return services.HandInput(player, cards=value)
        return services.HandInput(player, deadwood=value)
