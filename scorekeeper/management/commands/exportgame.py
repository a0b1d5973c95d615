"""`manage.py exportgame <id> [--session] > file.json`: a game (or a table session) as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.models import Game, TableSession
from scorekeeper.services import exports


class Command(BaseCommand):
    help = ("Write a game, or with --session a table session and all its games, as a "
            "versioned JSON document (facts, ledger, standings) to standard output.")

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="The game's id (the session's with --session).")
        parser.add_argument("--session", action="store_true",
                            help="Export the table session with this id.")
        parser.add_argument("--indent", type=int, default=2)

    def handle(self, *args, id, session, indent, **options):
        model = TableSession if session else Game
        try:
            target = model.objects.select_related("club").get(pk=id)
        except model.DoesNotExist:
            raise CommandError(f"There is no {'session' if session else 'game'} {id}") from None
        document = exports.export_session(target) if session else exports.export_game(target)
        self.stdout.write(json.dumps(document, indent=indent or None, ensure_ascii=False))
