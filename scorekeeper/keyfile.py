"""The SECRET_KEY of a server started without one: made once, kept in a file of its own.

Share links, seat cookies, sessions and password reset links are signed with SECRET_KEY,
so a key anyone can read (one written in settings.py) lets anyone forge them. A server
started without SECRET_KEY in its environment (`make run`, `make serve`) therefore makes a
random key the first time and keeps it, readable by its user alone (0600), outside the
repository: $SECRET_KEY_FILE, else $XDG_STATE_HOME/scorekeeper/secret_key, else
~/.local/state/scorekeeper/secret_key. Every later start, and every other worker process,
reads the same file. docs/security.md, "Keys".

Several gunicorn workers may start at once: the key is written to a temporary file and
linked to its name, which fails if the name exists (the same exclusive create as O_EXCL),
so exactly one key wins and nobody ever reads a half-written file.
"""

import os
import secrets
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

# pytest's key (settings.TESTING), and the one settings.py once held: public, so
# `check --deploy` refuses both (scorekeeper/checks.py).
TEST_KEY = "test-only-key-public-in-the-repository-never-serve-with-it-0123456789"
PUBLIC_KEYS = frozenset({TEST_KEY, "dev-only-insecure-key-set-SECRET_KEY-in-production"})
WHAT_TO_SET = ("set SECRET_KEY (python -c \"import secrets; print(secrets.token_urlsafe(50))\") "
               "or SECRET_KEY_FILE to a file this user may create")


def key_path() -> Path:
    if explicit := os.environ.get("SECRET_KEY_FILE", "").strip():
        return Path(explicit).expanduser()
    state = os.environ.get("XDG_STATE_HOME", "").strip()
    try:
        base = Path(state) if state else Path.home() / ".local" / "state"
    except RuntimeError as error:  # no home directory (a service's own user)
        raise ImproperlyConfigured(f"No SECRET_KEY and no home directory: {WHAT_TO_SET}") \
            from error
    return base / "scorekeeper" / "secret_key"


def load_or_create(path: Path) -> str:
    """The key in `path`, made first (random, 0600) if the file does not exist yet."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise _unusable(path, error) from error
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")
        try:
            with os.fdopen(descriptor, "w") as file:  # mkstemp creates it 0600
                file.write(secrets.token_urlsafe(50) + "\n")
                file.flush()
                os.fsync(file.fileno())
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass  # another process made it first: its key is the one
        finally:
            os.unlink(temporary)
        return _read(path)
    except OSError as error:
        raise _unusable(path, error) from error


def _unusable(path: Path, error: OSError) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"No SECRET_KEY, and the key file {path} cannot be made or "
                                f"read ({error.strerror}): {WHAT_TO_SET}")


def _read(path: Path) -> str:
    key = path.read_text().strip()
    if len(key) < 50:
        raise ImproperlyConfigured(f"The key file {path} holds no usable key: delete it to "
                                   f"make a new one, or {WHAT_TO_SET}")
    return key
