"""A new password signs the user out of everything else (docs/security.md, "Tokens"): it is
what a person does after a leak, so every API token of theirs is revoked.

Django tells each password validator in AUTH_PASSWORD_VALIDATORS when a password was
changed: AbstractBaseUser.save() calls password_changed() after set_password(). That one
place covers the password change page, the reset through the mailed link, the admin and
`manage.py changepassword`, and no other: a stored hash upgraded when signing in is saved
without it. The other browser sessions need nothing here: Django's session hash is made
from the password hash, so they are signed out by the change itself, while the change
page keeps its own session with update_session_auth_hash().
"""

from django.utils.translation import gettext as _

from .services import tokens


class RevokeTokensOnPasswordChange:
    """A validator that refuses no password: it only acts once one was changed."""

    def validate(self, password, user=None):
        return None

    def password_changed(self, password, user=None):
        if user is not None and user.pk is not None:
            tokens.revoke_all(user)

    def get_help_text(self):
        return _("A new password revokes your API tokens and signs out your other sessions.")
