"""`manage.py importgame file.json --club <id>`: recreate an exported game, session or
tournament."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.models import Club
from scorekeeper.rules import RulesError
from scorekeeper.services import exports


class Command(BaseCommand):
    help = ("Import a document written by exportgame (or GET .../export/) into a club: the "
            "facts, then the ledger entry by entry; checked before it is kept. Importing the "
            "same document into the same club again changes nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON document; - reads standard input.")
        parser.add_argument("--club", type=int, required=True, help="The target club's id.")
        parser.add_argument("--user", help="The username recorded as the importer.")

    def handle(self, *args, file, club, user, **options):
        try:
            target = Club.objects.get(pk=club)
        except Club.DoesNotExist:
            raise CommandError(f"There is no club {club}") from None
        importer = None
        if user:
            importer = get_user_model().objects.filter(username=user).first()
            if importer is None:
                raise CommandError(f"There is no user {user}")
        try:
            if file == "-":
                document = json.load(self.stdin_stream())
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from None
        try:
            imported = exports.import_document(document, club=target, user=importer)
        except RulesError as error:
            where = f" (at {error.field})" if error.field else ""
            raise CommandError(f"Refused [{error.code}]{where}: {error.message}; nothing was "
                               "written") from None
        if imported.tournament is not None:
            what = f"tournament {imported.tournament.pk}"
        elif imported.game is not None:
            what = f"game {imported.game.pk}"
        else:
            games = imported.session.games.order_by("id").values_list("pk", flat=True)
            what = f"session {imported.session.pk} with games " + ", ".join(map(str, games))
        if imported.created:
            self.stdout.write(f"Imported {what} into club {target.pk}")
        else:
            self.stdout.write(f"Already imported as {what}: nothing changed")

    def stdin_stream(self):
        import sys

        return sys.stdin
