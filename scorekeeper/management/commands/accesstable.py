"""Write the access policy's table into docs/security.md ("Who may do what"), between its
markers; --check only says whether the copy there is the policy's."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from ...services import policy

DOC = Path(settings.BASE_DIR) / "docs" / "security.md"
BEGIN = "<!-- access-table: begin (written by scorekeeper.services.policy.table_markdown) -->"
END = "<!-- access-table: end -->"


def with_table(text: str) -> str:
    """The document with the policy's table between the markers."""
    head, _begin, rest = text.partition(BEGIN)
    _old, _end, tail = rest.partition(END)
    if not _begin or not _end:
        raise CommandError(f"{DOC} has lost its markers {BEGIN!r} ... {END!r}")
    return f"{head}{BEGIN}\n{policy.table_markdown()}{END}{tail}"


class Command(BaseCommand):
    help = "Write the access policy's table into docs/security.md (--check: compare only)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true")

    def handle(self, *args, check=False, **options):
        text = DOC.read_text(encoding="utf-8")
        wanted = with_table(text)
        if check:
            if wanted != text:
                raise CommandError("docs/security.md's table is not the policy's: run "
                                   "`manage.py accesstable`")
            return
        DOC.write_text(wanted, encoding="utf-8")
        self.stdout.write(f"Wrote the access table into {DOC}")
