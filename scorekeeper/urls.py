from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import api

api_v1 = [
    path("auth/token/", api.TokenView.as_view(), name="token"),
    path("clubs/", api.ClubListView.as_view(), name="clubs"),
    path("clubs/<int:club_id>/members/", api.ClubMemberView.as_view(), name="club-members"),
    path("presets/", api.PresetListView.as_view(), name="presets"),
    path("hands/evaluate/", api.EvaluateView.as_view(), name="evaluate"),
    path("games/", api.GameListView.as_view(), name="games"),
    path("games/<int:game_id>/", api.GameDetailView.as_view(), name="game"),
    path("games/<int:game_id>/close/", api.GameCloseView.as_view(), name="game-close"),
    path("games/<int:game_id>/rounds/", api.RoundListView.as_view(), name="rounds"),
    path("games/<int:game_id>/rounds/<int:number>/", api.RoundDetailView.as_view(), name="round"),
    path("games/<int:game_id>/rebuys/", api.RebuyView.as_view(), name="rebuys"),
    path("games/<int:game_id>/ledger/", api.LedgerView.as_view(), name="ledger"),
    path("games/<int:game_id>/settlement/", api.SettlementView.as_view(), name="settlement"),
    path("games/<int:game_id>/verify/", api.VerifyView.as_view(), name="verify"),
    path("sessions/", api.SessionListView.as_view(), name="sessions"),
    path("sessions/<int:session_id>/", api.SessionDetailView.as_view(), name="session"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "api"))),
]
