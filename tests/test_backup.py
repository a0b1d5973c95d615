"""Backups that restore (docs/backups.md): `manage.py backup` and `manage.py restore`.

The club's books are written with `transactional_db`: inside the `db` fixture's transaction
they would be invisible to pg_dump and to the process that restores. The restore runs in a
process of its own whose DATABASE_URL names a new database (a file on SQLite, a database
made for the test on PostgreSQL), as it would on a new server.
"""

import calendar
import json
import os
import re
import sqlite3
import stat
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from ledger import services as ledger
from ledger.models import Entry
from scorekeeper import services
from scorekeeper.models import Club, Game, Rebuy, Round
from scorekeeper.services import HandInput
from scorekeeper.services.policy import OPERATOR

BASE_DIR = Path(__file__).resolve().parent.parent
ON_SQLITE = connection.vendor == "sqlite"
NAME = re.compile(r"scorekeeper-(\d{8}T\d{6}Z)\.(sqlite3|dump)")
THREE = ["Anna", "Ben", "Cem"]


def play(view, number: int, ender: str, **deadwood) -> services.GameView:
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    hands = [HandInput(ids[name], deadwood=value) for name, value in deadwood.items()]
    _result, view = services.record_round(game_id=view.game.pk, number=number,
                                          ender=ids[ender], hands=hands, user=OPERATOR)
    return view


def make_books(club_name: str = "Ottakring") -> None:
    """A club's evening: a Wiener game with a re-buy, a closed Punktespiel, a game just begun."""
    club = Club.objects.create(name=club_name)
    wiener = services.start_game(club=club, name="Freitag", preset="wiener", players=THREE,
                                 user=OPERATOR)
    wiener = play(wiener, 1, "Anna", Anna=3, Ben=40, Cem=85)
    cem = next(seat.player_id for seat in wiener.seats if seat.player.name == "Cem")
    wiener = services.take_rebuy(game_id=wiener.game.pk, player=cem, user=OPERATOR)
    play(wiener, 2, "Ben", Anna=12, Ben=0, Cem=30)
    points = services.start_game(club=club, name="Punkte", preset="romme", players=THREE,
                                 rules={"mode": "points"}, user=OPERATOR)
    points = play(points, 1, "Anna", Anna=0, Ben=23, Cem=12)
    play(points, 2, "Cem", Anna=9, Ben=14, Cem=0)
    services.close_game(game_id=points.game.pk, user=OPERATOR)
    services.start_game(club=club, name="Samstag", preset="wiener", players=THREE[:2],
                        user=OPERATOR)


def books() -> dict:
    """The ledger entry by entry, each game's balances and facts, as JSON keeps them."""
    entries = [
        [entry.pk, str(entry.debit_account), str(entry.credit_account), entry.amount_minor,
         entry.currency, entry.kind, entry.game_id, entry.round_number, str(entry.batch),
         entry.reverses_id, entry.created_at.isoformat()]
        for entry in Entry.objects.select_related("debit_account", "credit_account")
    ]
    games = {str(game.pk): {
        "name": game.name, "version": game.version, "balances": ledger.balances(game.pk),
        "rounds": Round.objects.filter(game=game).count(),
        "rebuys": Rebuy.objects.filter(game=game).count(),
    } for game in Game.objects.order_by("pk")}
    return json.loads(json.dumps({"entries": entries, "games": games}))


def backup(**options) -> Path:
    out = StringIO()
    call_command("backup", stdout=out, **options)
    return Path(out.getvalue().strip())


RESTORE_THEN_READ = """
import json, sys
import django
django.setup()
from django.core.management import execute_from_command_line
execute_from_command_line(["manage.py", "restore", sys.argv[1]])
from tests.test_backup import books
print("BOOKS " + json.dumps(books()))
"""


def restore_elsewhere(path: Path, database_url: str) -> tuple[subprocess.CompletedProcess, dict]:
    """`manage.py restore` in a process of its own on that database, then that database's
    books as the same process reads them."""
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(BASE_DIR),
           "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    result = subprocess.run([sys.executable, "-c", RESTORE_THEN_READ, str(path)], cwd=BASE_DIR,
                            env=env, capture_output=True, text=True, timeout=120)
    found = re.search(r"^BOOKS (.*)$", result.stdout, re.M)
    return result, json.loads(found.group(1)) if found else {}


@pytest.fixture
def new_database(tmp_path):
    """The URL of a database nothing has touched: a new file, or a new PostgreSQL database
    dropped after the test."""
    if ON_SQLITE:
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    given = connection.settings_dict
    name = f"restore_{os.getpid()}"
    server = psycopg.connect(dbname="postgres", host=given["HOST"] or None,
                             port=given["PORT"] or None, user=given["USER"] or None,
                             password=given["PASSWORD"] or None, autocommit=True)
    with server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}"')
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            login = quote(given["USER"] or "", safe="")
            if given["PASSWORD"]:
                login += ":" + quote(given["PASSWORD"], safe="")
            yield (f"postgres://{login}@{given['HOST'] or 'localhost'}:"
                   f"{given['PORT'] or 5432}/{name}")
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_restores_into_a_new_database_with_the_same_books(
        transactional_db, tmp_path, new_database):
    # given a club's books, written and committed
    make_books()
    expected = books()
    assert len(expected["entries"]) >= 10
    kinds = {entry[5] for entry in expected["entries"]}
    assert {"buy_in", "rebuy", "knock_premium", "point_settlement"} <= kinds
    assert any(game["balances"] for game in expected["games"].values())

    # when it is backed up into a directory that does not exist yet
    started = time.time()
    path = backup(to=str(tmp_path / "backups"))

    # then the backup is one whole file with a UTC time in its name, readable by its owner
    # alone, in a directory of the owner's alone, and nothing half-written beside it
    match = NAME.fullmatch(path.name)
    assert match and match.group(2) == ("sqlite3" if ON_SQLITE else "dump")
    taken = calendar.timegm(time.strptime(match.group(1), "%Y%m%dT%H%M%SZ"))
    assert started - 2 <= taken <= time.time() + 1
    assert list(path.parent.iterdir()) == [path]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700

    # when it is restored into a new database
    result, restored = restore_elsewhere(path, new_database)

    # then the restore passed verifyledger's audit there, and that database holds the same
    # entries (ids, accounts, amounts, batches), the same balances and the same games
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 games checked, 0 with differences." in result.stdout
    assert "The restored ledger agrees with its games." in result.stdout
    assert restored == expected


def test_restore_refuses_a_database_with_data_unless_told_to_replace_it(
        transactional_db, tmp_path, monkeypatch):
    # given a backup of the books, taken into BACKUP_DIR since no --to is given
    make_books()
    monkeypatch.setenv("BACKUP_DIR", str(tmp_path / "nightly"))
    path = backup()
    assert path.parent == tmp_path / "nightly"
    at_backup = books()
    # and another evening written since
    make_books("Favoriten")
    now = books()
    assert len(now["entries"]) > len(at_backup["entries"])

    # when the backup is restored over this database without --replace
    with pytest.raises(CommandError, match="The database is not empty") as refused:
        call_command("restore", str(path), stdout=StringIO())

    # then it is refused, says how to go on, and nothing was written
    assert "--replace" in str(refused.value)
    assert books() == now

    # when it is given --replace
    out = StringIO()
    call_command("restore", str(path), replace=True, stdout=out)

    # then the database holds the books as they were backed up, audited
    assert books() == at_backup
    assert "3 games checked, 0 with differences." in out.getvalue()

    # and a database that is migrated but holds nothing (content types and permissions
    # aside, which migrate writes) counts as empty: no --replace needed
    call_command("flush", interactive=False, verbosity=0)
    assert not Entry.objects.exists() and not Game.objects.exists()
    call_command("restore", str(path), stdout=StringIO())
    assert books() == at_backup


def test_a_file_of_the_other_database_or_of_nothing_is_refused(db, tmp_path):
    other = tmp_path / ("scorekeeper-20260101T031500Z.dump" if ON_SQLITE
                        else "scorekeeper-20260101T031500Z.sqlite3")
    if ON_SQLITE:
        other.write_bytes(b"PGDMP\x01\x0f\x00" + bytes(200))
    else:
        sqlite3.connect(other).execute("CREATE TABLE ledger_entry (id integer)").connection.close()
    with pytest.raises(CommandError, match="is a PostgreSQL backup, but the configured database "
                       "is SQLite" if ON_SQLITE else "is an SQLite backup, but the configured "
                       "database is PostgreSQL"):
        call_command("restore", str(other))

    junk = tmp_path / "notes.txt"
    junk.write_text("not a backup\n")
    with pytest.raises(CommandError, match="neither an SQLite database nor a pg_dump"):
        call_command("restore", str(junk))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("restore", str(tmp_path / "missing.sqlite3"))


@pytest.mark.skipif(not ON_SQLITE, reason="an SQLite file: the SQLite case")
def test_an_sqlite_database_that_is_not_a_scorekeeper_backup_is_refused(db, tmp_path):
    stranger = tmp_path / "other-app.sqlite3"
    with sqlite3.connect(stranger) as other:
        other.execute("CREATE TABLE notes (body text)")
    other.close()
    before = books()
    with pytest.raises(CommandError, match="not a Scorekeeper backup"):
        call_command("restore", str(stranger), replace=True)
    assert books() == before


@pytest.mark.skipif(not ON_SQLITE, reason="SQLite's backup API: the SQLite case")
def test_a_failed_sqlite_backup_leaves_no_file(db, tmp_path, monkeypatch):
    # The configured database is a broken file: the copy fails after its temporary file
    # was made, and neither it nor its journal stays.
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database " * 200)
    monkeypatch.setitem(connection.settings_dict, "NAME", str(broken))
    target = tmp_path / "backups"
    with pytest.raises(CommandError, match="The backup failed, nothing was kept"):
        backup(to=str(target))
    assert list(target.iterdir()) == []


@pytest.mark.skipif(ON_SQLITE, reason="pg_dump: the PostgreSQL case")
def test_a_failed_pg_dump_leaves_no_file(db, tmp_path, monkeypatch):
    # A pg_dump that writes half a file and fails, as one that loses its connection would.
    bindir = tmp_path / "bin"
    bindir.mkdir()
    fake = bindir / "pg_dump"
    fake.write_text('#!/bin/sh\nfor a; do case $a in --file=*) printf PGDMP > "${a#--file=}";; '
                    'esac; done\necho "pg_dump: error: connection lost" >&2\nexit 1\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PG_BINDIR", str(bindir))
    target = tmp_path / "backups"
    with pytest.raises(CommandError, match="pg_dump failed .*connection lost"):
        backup(to=str(target))
    assert list(target.iterdir()) == []
    # and without any pg_dump the error says so
    fake.unlink()
    with pytest.raises(CommandError, match="There is no pg_dump in PG_BINDIR"):
        backup(to=str(target))
    assert list(target.iterdir()) == []


def test_a_backup_directory_that_cannot_be_made_is_a_clear_error(tmp_path):
    (tmp_path / "a-file").write_text("")
    with pytest.raises(CommandError, match="Cannot create the backup directory"):
        backup(to=str(tmp_path / "a-file" / "backups"))
