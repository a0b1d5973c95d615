"""The pages' side of the access policy (scorekeeper.services.policy, docs/security.md).

Every page asks the policy through these. A refusal is Django's own 404 or 403, so the
page answers with templates/404.html or 403.html. Pages are for signed-in users unless
a view says otherwise (`login_not_required`): the middleware below sends everyone else
to sign in, so a page that forgets its decorator is closed, not open.
"""

from urllib.parse import urlsplit

from django.contrib.auth.middleware import LoginRequiredMiddleware
from django.contrib.auth.views import redirect_to_login
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import resolve_url

from .. import services
from ..models import Game, Membership
from ..services import policy
from ..services.errors import Hidden


def member_game(request, game_id: int, *, write: bool = False,
                action: str | None = None) -> tuple[Game, bool]:
    """(the game, whether the user may enter rounds in it) if the policy lets the user read
    it, or do `action` (with `write`: enter rounds); 404 for a stranger, 403 for a member
    with too little. One query: the user's role comes with the game."""
    game = (services.game_queryset().filter(pk=game_id, club__memberships__user=request.user)
            .annotate(caller_role=F("club__memberships__role")).first())
    if game is None:
        raise Hidden("No such game")
    policy.check(request, action or ("game.write" if write else "club.read"), game.club_id,
                 role=game.caller_role)
    # Kept for this request: the sheet a write answers with (views.show_sheet) shows what
    # the role allows without reading it again.
    request.game_roles = {**getattr(request, "game_roles", {}), game.pk: game.caller_role}
    return game, policy.may_write(request, game.club_id, role=game.caller_role)


def caller_role(request, game_id: int) -> str:
    """The user's role in the club of a game member_game let them into in this request
    (read again, with the same checks, if it did not)."""
    known = getattr(request, "game_roles", {})
    if game_id in known:
        return known[game_id]
    return member_game(request, game_id)[0].caller_role


def club_member(request, club_id: int, action: str = "club.read", *,
                refusal: str = "") -> Membership:
    """The user's membership of the club (with the club) if the policy allows `action`:
    one query, the policy judging the role read with it."""
    membership = services.membership(request.user, club_id)
    policy.check(request, action, club_id, role=membership.role if membership else None,
                 refusal=refusal)
    return membership


class PagesNeedSignIn(LoginRequiredMiddleware):
    """Django's sign-in requirement for every view, but the API's: the API answers 401 in
    its JSON error format itself (DRF's IsAuthenticated, docs/api.md "Errors")."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path_info.startswith("/api/"):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)

    def handle_no_permission(self, request, view_func):
        """An htmx request (a sheet's or round form's poll, a Save) after the session ended:
        htmx would follow the redirect and swap the whole sign-in page into the page. It is
        told to load the sign-in page instead (HX-Redirect), which brings the user back to
        the page they were on; 401 says why to anything else reading the answer."""
        if request.headers.get("HX-Request") != "true":
            return super().handle_no_permission(request, view_func)
        login = redirect_to_login(_page_shown(request), resolve_url(self.get_login_url(view_func)),
                                  self.get_redirect_field_name(view_func))
        response = HttpResponse(status=401)
        response["HX-Redirect"] = login["Location"]
        return response


def _page_shown(request) -> str:
    """The page htmx asked from (HX-Current-URL), as a path of this site; the home page when
    it names another site or none: the request's own address is a fragment's."""
    shown = urlsplit(request.headers.get("HX-Current-URL", ""))
    if shown.netloc != request.get_host() or not shown.path.startswith("/"):
        return "/"
    return shown.path + (f"?{shown.query}" if shown.query else "")
