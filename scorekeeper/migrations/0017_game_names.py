"""Games named by the old default, "Gin Rummy, 11/26/2026", take the name a game with no
name typed gets now, its kind and number in the club, "Gin #3" (issue 25, item 4;
docs/table.md): a date frozen into a name is in the format of whoever started the game,
and shows so next to the reader's own.

Only a name that is exactly what the old default wrote is renamed: the preset's label in
English or German, a comma, and the day in the US (11/26/2026) or German (26.11.2026)
short format. A name someone typed is never touched, even one that holds a date. The
number is the game's place among the club's games of its kind, in the order they were
started, as if it had been named so when it started.
"""

import re

from django.db import migrations

# Written out here, not imported: a migration keeps the names as they were when it was
# written, whatever the presets are called later.
OLD_LABELS = {
    "wiener": ("Wiener Rummy",),
    "romme": ("Rommé ohne Auslegen",),
    "gin": ("Gin Rummy",),
    "gin_online": ("Gin Rummy (online scoring)", "Gin Rummy (Online-Wertung)"),
    "basic": ("Basic Rummy",),
    "rami": ("Rami",),
}
KINDS = {"wiener": "Wiener", "romme": "Rommé", "gin": "Gin", "gin_online": "Gin",
         "basic": "Basic Rummy", "rami": "Rami"}
OLD_DATE = re.compile(r"(?:\d{2}/\d{2}/\d{4}|\d{2}\.\d{2}\.\d{4})")


def is_old_default(name: str, preset: str) -> bool:
    """Whether `name` is what the old default named a game of `preset`."""
    label, comma, day = name.partition(", ")
    return bool(comma) and label in OLD_LABELS.get(preset, ()) and bool(OLD_DATE.fullmatch(day))


def new_names(games) -> dict[int, str]:
    """The new name of each game named by the old default, by id, from (id, club id,
    preset, name) in the order the games were started."""
    counts: dict[tuple[int, str], int] = {}
    renamed = {}
    for game_id, club_id, preset, name in games:
        kind = KINDS.get(preset, preset)
        counts[club_id, kind] = number = counts.get((club_id, kind), 0) + 1
        if is_old_default(name, preset):
            renamed[game_id] = f"{kind} #{number}"
    return renamed


def rename_games(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    games = Game.objects.order_by("created_at", "id").values_list("id", "club_id", "preset",
                                                                   "name")
    for game_id, name in new_names(games.iterator()).items():
        Game.objects.filter(pk=game_id).update(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0016_phones_enter_hands"),
    ]

    # Backwards the new names stay: the old ones held a date in one reader's format, which
    # nothing needs back.
    operations = [
        migrations.RunPython(rename_games, migrations.RunPython.noop, elidable=True),
    ]
