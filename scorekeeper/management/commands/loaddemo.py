"""A demo club to try the app with: a finished Wiener game, a running Rommé game, the
finished Gin game of docs/rules.md's worked sheet, a finished Basic Rummy game and a
running Rami game."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper import services
from scorekeeper.models import Club, Membership

DEMO_USER, DEMO_PASSWORD = "demo", "demo-rummy-2026"

# The finished game: Dora re-buys after round 3 (86 -> 68), Cem goes out in round 4,
# Dora in round 5, Ben re-buys after round 5 (83 -> 80), and in round 6 Anna and Emil
# go out together, so Ben wins; five players share the pot 70/30.
FINISHED = [
    ("Anna", {"Anna": 2, "Ben": 25, "Cem": 18, "Dora": 40, "Emil": 12}),
    ("Ben", {"Anna": 22, "Ben": 0, "Cem": 35, "Dora": 30, "Emil": 15}),
    ("Cem", {"Anna": 14, "Ben": 20, "Cem": 2, "Dora": 6, "Emil": 31}),
    "rebuy Dora",
    ("Emil", {"Anna": 30, "Ben": 16, "Cem": 40, "Dora": 8, "Emil": 4}),
    ("Anna", {"Anna": 2, "Ben": 22, "Dora": 30, "Emil": 12}),
    "rebuy Ben",
    ("Ben", {"Anna": 25, "Ben": 5, "Emil": 20}),
]

# The running game, three rounds in; the second round was entered by cards.
RUNNING = [
    ("Lena", {"Lena": 4, "Mario": 17, "Nora": 23, "Otto": 9}),
    ("Mario", {"Lena": 31, "Mario": "AS 2S 3S 7H 7D 7C QD KD JK 2C", "Nora": 12, "Otto": 26}),
    ("Otto", {"Lena": 8, "Mario": 15, "Nora": 40, "Otto": 0}),
]


# Gin, the worked sheet of docs/rules.md 8.6: A 17; B 33 gin; A 12 undercut; B 42; B 28.
# Finals A 69, B 263; at 0.10 a point A pays B 19.40.
GIN = [
    ("Anna", {"Anna": 6, "Ben": 23}),
    ("Ben", {"Anna": 13, "Ben": 0}),
    ("Ben", {"Anna": 6, "Ben": 8}),
    ("Ben", {"Anna": 22, "Ben": 0}),
    ("Ben", {"Anna": 30, "Ben": 2}),
]


# Basic Rummy to 100 at 0.10 a point (docs/rules.md 9): Anna 52, Cem 45, Anna 52 more.
BASIC = [
    ("Anna", {"Ben": 23, "Cem": "KS QH 7D 2C"}),
    ("Cem", {"Anna": 14, "Ben": 31}),
    ("Anna", {"Ben": 40, "Cem": 12}),
]

# Rami, normal mode, three rounds in (docs/rules.md 10): melds laid as cards, a Rummy with
# own cards while nobody else had laid (+400), a penalty.
RAMI = [
    ("Anna", {"Anna": {"laid_melds": ["QH KH AH", "7C 8C 9C", "JK 10D JD"]},
              "Ben": {"laid": 45, "cards": "KS 5D 5H"},
              "Cem": {"laid": 0, "deadwood": 30}}, {"finish": "none"}),
    ("Ben", {"Anna": {"laid": 0, "deadwood": 40}, "Ben": {"laid": 85},
             "Cem": {"laid": 0, "cards": "AS JK 9C"}}, {"finish": "own_cards"}),
    ("Cem", {"Anna": {"laid": 50, "deadwood": 15}, "Ben": {"laid": 20, "deadwood": 25},
             "Cem": {"laid": 70}}, {"finish": "none", "penalties": [("Cem", 300)]}),
]


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
            session = services.create_session(club=club, name="Demo evening")
            self.play(club, session, user, "Wiener, last Friday", "wiener", FINISHED)
            self.play(club, session, user, "Rommé tonight", "romme", RUNNING)
            gin_evening = services.create_session(club=club, name="Gin on Sunday")
            self.play(club, gin_evening, user, "Gin, Anna v Ben", "gin", GIN,
                      rules={"stake_per_point": "0.10"})
            family_evening = services.create_session(club=club, name="Family evening")
            self.play(club, family_evening, user, "Basic Rummy to 100", "basic", BASIC,
                      rules={"game_target": 100})
            self.play(club, family_evening, user, "Rami", "rami", RAMI,
                      rules={"point_value": "0.01"})
        self.stdout.write(self.style.SUCCESS(
            f"Demo loaded: sign in as {DEMO_USER} / {DEMO_PASSWORD}"
        ))
        if not Membership.objects.filter(user=user, club=club).exists():
            raise RuntimeError("the demo user must organise the demo club")

    def play(self, club, session, user, name, preset, script, rules=None):
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
