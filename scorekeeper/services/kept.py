"""What this process keeps of the games it has served, so that the next request on the
same game reads and works out less. Whatever is missing is read from the database again,
and nothing kept can be stale:

- the engine's state of each game version (`recent_games`), under the version's key
  (state_key): every write bumps the version, so a version's facts never change;
- the ledger accounts each game's money has moved between (`game_accounts`), under the
  game's key (game_key): an account, once created, is never changed nor deleted. Only
  accounts of a transaction that committed are kept (known_accounts);
- each game's rules, parsed (`game_rules`), under the game's key: a game's rules are
  fixed when it is created and never change (the admin shows them read-only).

Each app server keeps its own: one that did not serve a game's last write has the game's
accounts still, and works the new version out from the snapshot (services/reading.py). A
restore stops the servers first (docs/backups.md), so what they keep is never the books
of before.
"""

import threading
from collections import OrderedDict
from collections.abc import Iterable

from django.db import transaction

from ledger import services as ledger
from ledger.models import Account

from .. import rules as engine
from ..models import Game


class RecentGames:
    """What this process keeps of the games it has seen last, one value under each key,
    least recently used dropped first.

    Django's cache would pickle a value on every get and set, which costs more than the
    rest of a request; the values kept here are never changed (an engine Game is copied by
    play_on, not changed; an account is only ever a target of the entries' rows), so one
    object serves every request of the process.
    """

    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()  # the tests' threads, and threaded servers

    def get(self, key: str):
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: str, value) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()


# A game of 40 rounds and 6 players takes some 80 KB (more with hands entered as cards);
# 128 games are a large club's evening, some 10 MB a process.
recent_games = RecentGames(size=128)
# A game has a few accounts (its players', the pot's, the kitty's): some 2 KB a game.
game_accounts = RecentGames(size=1024)
# A game's parsed rules, some 2 KB with their fingerprint.
game_rules = RecentGames(size=1024)


def state_key(game: Game) -> str:
    """The key of a game's version: a version's facts never change (every write bumps it)."""
    return f"game-state:{game.pk}:{game.version}:{game.created_at.timestamp()}"


def game_key(game: Game) -> str:
    """The key of a game, whatever its version."""
    # created_at tells apart games that reuse an id (a test database, a restored backup).
    return f"game:{game.pk}:{game.created_at.timestamp()}"


def rules_of(game: Game) -> engine.Rules:
    """The game's rules, parsed once per process: a worker that did not serve the game's
    last write resumes it from its snapshot, and parsing the rules (and their fingerprint,
    which the snapshot is checked against) cost more than the rest of that."""
    key = game_key(game)
    rules = game_rules.get(key)
    if rules is None:
        rules = engine.Rules.from_dict(game.rules)
        game_rules.put(key, rules)
    return rules


def known_accounts(game: Game, transfers: Iterable) -> list[Account]:
    """ledger.known_accounts for transfers of `game`: the accounts they move between that
    exist already, without reading them when the game's kept accounts have them all."""
    key = game_key(game)
    kept = game_accounts.get(key) or ()
    found = ledger.known_accounts(transfers, game_id=game.pk, session_id=game.session_id,
                                  among=kept)
    held = {account.pk for account in kept}
    new = [account for account in found if account.pk not in held]
    if new:
        every = (*kept, *new)
        # Read in a transaction, an account may be one it created: kept once it commits
        # (at once outside a transaction; never, if it rolls back).
        transaction.on_commit(lambda: game_accounts.put(key, every))
    return found
