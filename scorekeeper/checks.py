"""System checks of ours, run by `manage.py check --deploy` (docs/security.md, "Keys")."""

import os
import stat

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.exceptions import ImproperlyConfigured

from . import keyfile


@register(Tags.security, deploy=True)
def secret_key_is_secret(app_configs, **kwargs):
    """The key must be one nobody else knows: not empty, not a key written in the
    repository (pytest's, or the one settings.py once held), nor such a key as a fallback,
    which verifies signatures just as well."""
    try:
        key = settings.SECRET_KEY
    except ImproperlyConfigured:  # Django refuses to hand out an empty key
        key = ""
    keys = [("SECRET_KEY", key)] + [
        ("SECRET_KEY_FALLBACKS", key) for key in settings.SECRET_KEY_FALLBACKS]
    errors = []
    for name, key in keys:
        if not key or not str(key).strip():
            errors.append(Error(
                f"{name} is empty.", id="scorekeeper.E001",
                hint=f"Unset it to let the server make its key file, or {keyfile.WHAT_TO_SET}."))
        elif key in keyfile.PUBLIC_KEYS:
            errors.append(Error(
                f"{name} is a key written in the repository: anyone can sign share links, "
                "seat cookies and sessions with it.", id="scorekeeper.E001",
                hint=f"Unset it to let the server make its key file, or {keyfile.WHAT_TO_SET}."))
    return errors


@register(Tags.security, deploy=True)
def key_file_is_private(app_configs, **kwargs):
    """A key file made by scorekeeper/keyfile.py is 0600; one another user may read is not
    secret any more."""
    if os.environ.get("SECRET_KEY", "").strip():
        return []
    path = keyfile.key_path()
    try:
        mode = path.stat().st_mode
    except OSError:
        return []
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        return [Error(f"The key file {path} may be read by other users.", id="scorekeeper.E002",
                      hint=f"chmod 600 {path}, and make a new key if others have read it.")]
    return []
