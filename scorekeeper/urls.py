from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import health
from .api import clubs, exports, games, invites, money, reports, rounds, tokens, tournaments
from .api import webhooks as webhook_api
from .api.lists import V2_NAMESPACE
from .api.schema import KeptSchemaGenerator
from .web import accounts, audit, evenings, explain, members, pwa, seats, undo, views
from .web import report as season_books
from .web import rounds as round_pages
from .web import tokens as token_pages
from .web import tournaments as tournament_pages
from .web import webhooks as webhook_pages

# The API docs (Swagger UI) under the CSP: the split view serves its start script from
# this address (?script) instead of inline; only styles are relaxed, for this page alone
# (the template's <style> block and the styles Swagger UI sets).
DOCS_CSP = {**settings.SECURE_CSP, "style-src": [CSP.SELF, CSP.UNSAFE_INLINE]}

# Every operation of the API, served under /api/v1/ and /api/v2/ alike: the two differ only
# in their lists, each a page in /v2 (scorekeeper/api/lists.py, docs/api.md "Versions").
api_operations = [
    path("auth/token/", tokens.TokenView.as_view(), name="token"),
    path("auth/tokens/", tokens.TokenListView.as_view(), name="tokens"),
    path("auth/tokens/<str:token_id>/", tokens.TokenDetailView.as_view(), name="token-detail"),
    path("clubs/<int:club_id>/tokens/", tokens.ClubTokenListView.as_view(), name="club-tokens"),
    path("clubs/<int:club_id>/tokens/<str:token_id>/", tokens.ClubTokenDetailView.as_view(),
         name="club-token"),
    path("clubs/<int:club_id>/invites/", invites.InviteListView.as_view(), name="club-invites"),
    path("clubs/<int:club_id>/invites/<int:invite_id>/", invites.InviteDetailView.as_view(),
         name="club-invite"),
    path("clubs/", clubs.ClubListView.as_view(), name="clubs"),
    path("clubs/<int:club_id>/", clubs.ClubDetailView.as_view(), name="club"),
    path("clubs/<int:club_id>/members/", clubs.ClubMemberView.as_view(), name="club-members"),
    path("clubs/<int:club_id>/members/me/", clubs.MyMembershipView.as_view(),
         name="club-member-me"),
    path("invitations/", invites.InvitationListView.as_view(), name="invitations"),
    path("invitations/<int:invite_id>/accept/", invites.InvitationAcceptView.as_view(),
         name="invitation-accept"),
    path("invitations/<int:invite_id>/decline/", invites.InvitationDeclineView.as_view(),
         name="invitation-decline"),
    path("presets/", games.PresetListView.as_view(), name="presets"),
    path("hands/evaluate/", games.EvaluateView.as_view(), name="evaluate"),
    path("games/", games.GameListView.as_view(), name="games"),
    path("games/<int:game_id>/", games.GameDetailView.as_view(), name="game"),
    path("games/<int:game_id>/close/", games.GameCloseView.as_view(), name="game-close"),
    path("games/<int:game_id>/rounds/", rounds.RoundListView.as_view(), name="rounds"),
    path("games/<int:game_id>/rounds/<int:number>/", rounds.RoundDetailView.as_view(),
         name="round"),
    path("games/<int:game_id>/rebuys/", rounds.RebuyView.as_view(), name="rebuys"),
    path("games/<int:game_id>/rebuys/<int:player>/", rounds.RebuyDetailView.as_view(),
         name="rebuy"),
    path("games/<int:game_id>/void/", games.GameVoidView.as_view(), name="game-void"),
    path("games/<int:game_id>/ledger/", money.LedgerView.as_view(), name="ledger"),
    path("games/<int:game_id>/settlement/", money.SettlementView.as_view(), name="settlement"),
    path("games/<int:game_id>/verify/", money.VerifyView.as_view(), name="verify"),
    path("sessions/", clubs.SessionListView.as_view(), name="sessions"),
    path("sessions/<int:session_id>/", clubs.SessionDetailView.as_view(), name="session"),
    path("games/<int:game_id>/export/", exports.GameExportView.as_view(),
         name="game-export"),
    path("sessions/<int:session_id>/export/", exports.SessionExportView.as_view(),
         name="session-export"),
    path("clubs/<int:club_id>/import/", exports.ClubImportView.as_view(), name="club-import"),
    path("clubs/<int:club_id>/webhooks/", webhook_api.WebhookListView.as_view(),
         name="club-webhooks"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/", webhook_api.WebhookDetailView.as_view(),
         name="club-webhook"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/ping/", webhook_api.PingView.as_view(),
         name="club-webhook-ping"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/rotate/",
         webhook_api.RotateView.as_view(), name="club-webhook-rotate"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/deliveries/",
         webhook_api.DeliveryListView.as_view(), name="club-webhook-deliveries"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/replay/",
         webhook_api.ReplayView.as_view(), name="club-webhook-replay"),
    path("clubs/<int:club_id>/report/", reports.ClubReportView.as_view(), name="club-report"),
    path("clubs/<int:club_id>/report/csv/", reports.ClubReportCsvView.as_view(),
         name="club-report-csv"),
    path("clubs/<int:club_id>/tournaments/", tournaments.ClubTournamentListView.as_view(),
         name="club-tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments.TournamentDetailView.as_view(),
         name="tournament"),
    path("tournaments/<int:tournament_id>/ledger/", tournaments.TournamentLedgerView.as_view(),
         name="tournament-ledger"),
    path("tournaments/<int:tournament_id>/csv/", tournaments.TournamentCsvView.as_view(),
         name="tournament-csv"),
    path("tournaments/<int:tournament_id>/export/", exports.TournamentExportView.as_view(),
         name="tournament-export"),
]


def api_routes(version: str, namespace: str) -> tuple[list, str]:
    """The API's routes for one version, with that version's schema and docs page."""
    return [
        *api_operations,
        path("schema/", SpectacularAPIView.as_view(generator_class=KeptSchemaGenerator,
                                                   api_version=version), name="schema"),
        path("docs/", csp_override(DOCS_CSP)(
            SpectacularSwaggerSplitView.as_view(url_name=f"{namespace}:schema")), name="docs"),
    ], "api"


urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_routes("v1", "api"), namespace="api")),
    path("api/v2/", include(api_routes("v2", V2_NAMESPACE), namespace=V2_NAMESPACE)),
    path("health/", health.view, name="health"),
    # The app on a phone's home screen and offline at the table (docs/table.md, "Offline").
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    # The pages (server-rendered, htmx).
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(
        redirect_authenticated_user=True, next_page="home"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
    # API tokens (docs/api.md, "Signing in and tokens"): each user's own.
    path("accounts/tokens/", token_pages.tokens, name="account-tokens"),
    path("accounts/tokens/<str:token_id>/revoke/", token_pages.token_revoke,
         name="account-token-revoke"),
    # Choosing the language is open: the sign-in page offers it too.
    path("i18n/setlang/", login_not_required(set_language), name="set_language"),
    path("clubs/<int:club_id>/tournaments/", tournament_pages.tournament_list,
         name="club-tournaments"),
    path("clubs/<int:club_id>/tournaments/new/", tournament_pages.tournament_new,
         name="tournament-new"),
    path("tournaments/<int:tournament_id>/", tournament_pages.tournament_page, name="tournament"),
    path("games/new/", views.new_game, name="game-new"),
    path("games/<int:game_id>/", views.game_sheet, name="game"),
    path("games/<int:game_id>/rounds/new/", round_pages.round_new, name="round-new"),
    path("games/<int:game_id>/rounds/<int:number>/edit/", round_pages.round_edit,
         name="round-edit"),
    path("games/<int:game_id>/hand/", round_pages.hand, name="hand"),
    path("games/<int:game_id>/rebuy/", views.rebuy, name="game-rebuy"),
    path("games/<int:game_id>/close/", views.close, name="game-close"),
    path("games/<int:game_id>/rebuy/undo/", undo.undo_rebuy, name="game-rebuy-undo"),
    path("games/<int:game_id>/rounds/<int:number>/undo/", undo.undo_round, name="round-undo"),
    path("games/<int:game_id>/delete/", undo.delete_game, name="game-delete"),
    path("games/<int:game_id>/void/", undo.void_game, name="game-void"),
    path("games/<int:game_id>/ledger/", views.ledger, name="game-ledger"),
    path("games/<int:game_id>/share/", views.share, name="game-share"),
    path("games/<int:game_id>/players/<int:player_id>/", explain.player_account,
         name="player-account"),
    path("games/<int:game_id>/rounds/<int:number>/preview/", explain.round_preview,
         name="round-preview"),
    path("s/<str:token>/", views.shared_sheet, name="shared"),
    # Every player's own phone (docs/table.md, "Players' phones"): a seat claimed from the
    # share link, the player's hand sent to the scorekeeper's round form, releasing a phone.
    path("s/<str:token>/claim/", seats.claim, name="shared-claim"),
    path("s/<str:token>/leave/", seats.leave, name="shared-leave"),
    path("s/<str:token>/hand/", seats.hand_page, name="shared-hand"),
    path("s/<str:token>/hand/pick/", seats.hand_pick, name="shared-hand-pick"),
    path("games/<int:game_id>/rounds/new/pending/", seats.pending, name="round-pending"),
    path("games/<int:game_id>/claims/<int:claim_id>/release/", seats.release,
         name="game-claim-release"),
    path("games/<int:game_id>/share/phones/", seats.phones_switch, name="game-share-phones"),
    # Members and invites (docs/organisers.md, "Members and invites"), joining through an
    # invite, revoking a share link, and changing or resetting a password with Django's
    # own views (templates/registration/).
    path("clubs/<int:club_id>/members/", members.members, name="club-members"),
    path("clubs/<int:club_id>/members/<int:user_id>/remove/", members.member_remove,
         name="club-member-remove"),
    path("clubs/<int:club_id>/invites/", members.invites, name="club-invites"),
    path("clubs/<int:club_id>/invites/<int:invite_id>/revoke/", members.invite_revoke,
         name="club-invite-revoke"),
    path("join/<str:token>/", members.join, name="join"),
    path("clubs/<int:club_id>/leave/", members.club_leave, name="club-leave"),
    path("invitations/<int:invite_id>/accept/", members.invitation_accept,
         name="invitation-accept"),
    path("invitations/<int:invite_id>/decline/", members.invitation_decline,
         name="invitation-decline"),
    path("games/<int:game_id>/share/revoke/", members.share_revoke, name="game-share-revoke"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(),
         name="password_change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("accounts/password_reset/", accounts.PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password_reset/done/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    # The audit (docs/organisers.md, "The audit"): organisers only.
    path("clubs/<int:club_id>/audit/", audit.club_audit, name="club-audit"),
    path("clubs/<int:club_id>/audit/games/<int:game_id>/", audit.game_audit,
         name="club-audit-game"),
    # Webhooks (docs/organisers.md, "Webhooks"): organisers only.
    path("clubs/<int:club_id>/webhooks/", webhook_pages.webhook_list, name="club-webhooks"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/", webhook_pages.webhook_page,
         name="club-webhook"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/active/", webhook_pages.webhook_active,
         name="club-webhook-active"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/delete/", webhook_pages.webhook_delete,
         name="club-webhook-delete"),
    path("clubs/<int:club_id>/webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/replay/",
         webhook_pages.delivery_replay, name="club-webhook-replay"),
    # Evenings (docs/organisers.md, "Evenings"): the games of a night and who pays whom.
    path("sessions/new/", evenings.evening_new, name="session-new"),
    path("sessions/<int:session_id>/", evenings.evening_page, name="session"),
    # The season's books (docs/organisers.md, "The season's books"): every member.
    path("clubs/<int:club_id>/report/", season_books.club_report, name="club-report"),
]

# An /api/ address that matches no route answers 404 in the API's JSON error format;
# every other address gets the 404 page (templates/404.html).
handler404 = "scorekeeper.api.errors.not_found"
