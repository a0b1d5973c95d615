"""API tokens on requests (docs/api.md, "Signing in and tokens"): django-rest-knox's check,
reading `Authorization: Bearer <token>` as well as `Authorization: Token <token>`.

The token is looked up in one query (by its first characters, then its digest compared),
a query whose SQL is made once per process (ledger.statements.Objects): every API request
makes it. Its last use is written at most once a minute, by a conditional UPDATE, so a
busy client costs no write per request.
"""

import binascii
from datetime import timedelta
from hmac import compare_digest

from django.db.models import Q
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.settings import CONSTANTS, knox_settings
from rest_framework import exceptions
from rest_framework.authentication import get_authorization_header

from ledger.statements import Objects

from ..models import ApiToken

SCHEMES = (b"bearer", b"token")  # compared without regard to case, as HTTP asks
LAST_USED_EVERY = timedelta(minutes=1)

# The tokens that begin with a key, newest first, each with its user: what knox reads.
_TOKENS_BY_KEY = Objects(ApiToken, lambda key: ApiToken.objects.filter(token_key=key), str,
                         related=["user"])


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in SCHEMES:
            return None  # no token: the session, or anonymous
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                "Send the token as `Authorization: Bearer <token>`, one word after the scheme")
        return self.authenticate_credentials(parts[1])

    def authenticate_credentials(self, token: bytes):
        # Only printable ASCII can be a token; anything else (a NUL, a stray byte) would
        # trouble the database's query instead of simply matching nothing.
        if not (token.isascii() and token.decode().isprintable()):
            raise exceptions.AuthenticationFailed("Invalid token.")
        user, auth_token = self._matching(token.decode())
        _note_use(auth_token)
        return user, auth_token

    def _matching(self, token: str):
        """knox's own check, on the tokens read by the query made once: a token that has
        expired is deleted and passed over; the one whose digest matches is renewed if
        knox renews tokens, and its user must be active."""
        for auth_token in _TOKENS_BY_KEY.read(token[:CONSTANTS.TOKEN_KEY_LENGTH]):
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(token)
            except (TypeError, binascii.Error):
                raise exceptions.AuthenticationFailed("Invalid token.") from None
            if compare_digest(digest, auth_token.digest):
                if knox_settings.AUTO_REFRESH and auth_token.expiry:
                    self.renew_token(auth_token)
                return self.validate_user(auth_token)
        raise exceptions.AuthenticationFailed("Invalid token.")

    def _cleanup_token(self, auth_token) -> bool:
        """Whether the token has expired (and so is deleted). Unlike knox's own, it leaves
        the user's other tokens alone: looking at them cost a query on every request."""
        if auth_token.expiry is not None and auth_token.expiry <= timezone.now():
            auth_token.delete()
            return True
        return False

    def authenticate_header(self, request):
        return "Bearer"


def _note_use(auth_token: ApiToken) -> None:
    """Stamp last_used_at unless it was stamped within the minute; the condition in the
    UPDATE keeps two requests at once from both writing."""
    now = timezone.now()
    if auth_token.last_used_at is not None and now - auth_token.last_used_at < LAST_USED_EVERY:
        return
    ApiToken.objects.filter(
        Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_EVERY),
        digest=auth_token.digest,
    ).update(last_used_at=now)
    auth_token.last_used_at = now


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The schema's security scheme for ApiTokenAuthentication: HTTP bearer."""

    target_class = ApiTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http", "scheme": "bearer",
            "description": "A token from POST /api/v1/auth/token/, sent as "
                           "`Authorization: Bearer <token>` (`Token <token>` works too).",
        }
