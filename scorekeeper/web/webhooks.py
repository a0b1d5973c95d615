"""The club's webhooks page (docs/organisers.md, "Webhooks"): organisers register a URL for
the events they choose and see its secret once; per webhook, every delivery with each
attempt, a Replay button, pausing and deleting. The same services as the API
(scorekeeper/services/webhooks.py); organisers only: strangers get 404, members 403."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..models import Club, WebhookDelivery
from ..rules import RulesError
from ..services import webhook_targets as targets
from ..services import webhooks
from .audit import organised_club

LIST_PAGE = "webhooks/list.html"
DELIVERIES_PER_PAGE = 20

# What each event means, as the checkboxes name it.
EVENT_HELP = {
    webhooks.GAME_CREATED: gettext_lazy("a game is started"),
    webhooks.ROUND_RECORDED: gettext_lazy("a round is entered"),
    webhooks.ROUND_CORRECTED: gettext_lazy("a round is corrected"),
    webhooks.ROUND_UNDONE: gettext_lazy("a round is undone at the table"),
    webhooks.REBUY_TAKEN: gettext_lazy("a player re-buys"),
    webhooks.REBUY_UNDONE: gettext_lazy("a re-buy is undone"),
    webhooks.GAME_FINISHED: gettext_lazy("a game ends"),
    webhooks.GAME_VOIDED: gettext_lazy("a game is voided or deleted"),
    webhooks.SESSION_SETTLED: gettext_lazy("an evening is settled: its last game ended"),
    webhooks.TOURNAMENT_MATCH_FINISHED: gettext_lazy("a tournament's match is won"),
    webhooks.TOURNAMENT_FINISHED: gettext_lazy("a tournament's final is won"),
}
# Why an address is no webhook target (services.webhook_targets.KINDS), as the refusal
# names it.
ADDRESS_KINDS = {
    targets.LOOPBACK: gettext_lazy("a loopback address"),
    targets.UNSPECIFIED: gettext_lazy("an unspecified address"),
    targets.LINK_LOCAL: gettext_lazy("a link-local address"),
    targets.MULTICAST: gettext_lazy("a multicast address"),
    targets.SHARED: gettext_lazy("a shared (carrier-grade NAT) address"),
    targets.PRIVATE: gettext_lazy("a private address"),
    targets.RESERVED: gettext_lazy("a reserved address"),
    targets.NOT_PUBLIC: gettext_lazy("an address that is not public"),
}
STATUS_NAMES = {
    WebhookDelivery.Status.PENDING: gettext_lazy("waiting"),
    WebhookDelivery.Status.DELIVERED: gettext_lazy("delivered"),
    WebhookDelivery.Status.FAILED: gettext_lazy("given up"),
}


def _organised_club(request, club_id: int) -> Club:
    """The club, if the policy lets the user look at its webhooks (GET) or change them."""
    action = "club.admin.read" if request.method in ("GET", "HEAD") else "club.admin"
    return organised_club(request, club_id, "manage its webhooks", action)


def _webhook(club: Club, webhook_id: int):
    try:
        return webhooks.webhook_of(club.pk, webhook_id)
    except services.NotFound:
        raise Http404("No such webhook") from None


def _refusal(error: RulesError) -> str:
    """A refusal of services.webhooks in the reader's language."""
    if error.code == "too_many_webhooks":
        return _("A club has at most %(count)s webhooks: delete one first.") % {
            "count": webhooks.MAX_PER_CLUB}
    if error.field == "events":
        return _("Choose the events from the list.")
    if error.code == "private_address":
        params = {**error.params, "kind": ADDRESS_KINDS[error.params["kind"]]}
        if params["literal"]:
            return _("%(host)s is %(kind)s: a webhook must go to a public address.") % params
        return _("%(host)s resolves to %(address)s, %(kind)s: a webhook must go to a public "
                 "address.") % params
    if error.code == "unresolvable":
        return _("%(host)s does not resolve to an address: check the name.") % error.params
    if error.code == "too_long":
        return _("An address has at most %(count)s characters.") % {"count": webhooks.MAX_URL}
    return _("Enter an address that starts with http:// or https://, "
             "e.g. https://example.org/scorekeeper.")


def _event_names(events: list[str]) -> str:
    return ", ".join(events) if events else _("all events")


@login_required
def webhook_list(request, club_id: int):
    """The club's webhooks; POST (url, events) registers one and shows its secret once."""
    club = _organised_club(request, club_id)
    form = {"url": "", "events": []}
    error, status, new = "", 200, None
    if request.method == "POST":
        form = {"url": request.POST.get("url", "").strip()[:webhooks.MAX_URL + 1],
                "events": request.POST.getlist("events")}
        try:
            new = webhooks.create_webhook(club_id=club.pk, url=form["url"],
                                          events=form["events"], user=request.user)
        except RulesError as refused:
            error, status = _refusal(refused), 422
        else:
            form = {"url": "", "events": []}
    rows = [{"webhook": webhook, "events": _event_names(webhook.events)}
            for webhook in webhooks.club_webhooks(club.pk)]
    return render(request, LIST_PAGE, {
        "club": club, "rows": rows, "form": form, "error": error, "new": new,
        "events": [(name, EVENT_HELP[name]) for name in webhooks.EVENTS],
    }, status=status)


@login_required
@require_GET
def webhook_page(request, club_id: int, webhook_id: int):
    """One webhook: its deliveries, newest first, each with its attempts."""
    club = _organised_club(request, club_id)
    webhook = _webhook(club, webhook_id)
    page = Paginator(webhooks.deliveries_of(webhook), DELIVERIES_PER_PAGE).get_page(
        request.GET.get("page"))
    deliveries = [{"delivery": delivery, "status": STATUS_NAMES[delivery.status],
                   "attempts": list(delivery.attempts.all())} for delivery in page]
    return render(request, "webhooks/webhook.html", {
        "club": club, "webhook": webhook, "events": _event_names(webhook.events),
        "page": page, "deliveries": deliveries,
    })


@login_required
@require_POST
def webhook_active(request, club_id: int, webhook_id: int):
    """Pause or resume the webhook (POST active=1 or 0)."""
    club = _organised_club(request, club_id)
    _webhook(club, webhook_id)
    active = request.POST.get("active") == "1"
    webhooks.set_active(club_id=club.pk, webhook_id=webhook_id, active=active)
    messages.success(request, _("The webhook is sent events again.") if active else
                     _("The webhook is paused: it is sent nothing until you resume it."))
    return redirect("club-webhook", club.pk, webhook_id)


@login_required
def webhook_delete(request, club_id: int, webhook_id: int):
    """Delete the webhook: a page of its own, so that a stray tap deletes nothing."""
    club = _organised_club(request, club_id)
    webhook = _webhook(club, webhook_id)
    if request.method == "POST":
        webhooks.delete_webhook(club_id=club.pk, webhook_id=webhook_id)
        messages.success(request, _("The webhook was deleted: nothing more is sent to %(url)s.")
                         % {"url": webhook.url})
        return redirect("club-webhooks", club.pk)
    return render(request, "webhooks/delete.html", {"club": club, "webhook": webhook})


@login_required
@require_POST
def delivery_replay(request, club_id: int, webhook_id: int, delivery_id: int):
    """Send a delivery again; the attempt shows on the webhook's page once it is made."""
    club = _organised_club(request, club_id)
    try:
        delivery = webhooks.delivery_of(club.pk, webhook_id, delivery_id)
    except services.NotFound:
        raise Http404("No such delivery") from None
    webhooks.ask_replay(delivery, request.user)
    messages.success(request, _("Sent again: reload the page in a moment to see the attempt."))
    return redirect(reverse("club-webhook", args=[club.pk, webhook_id])
                    + f"#delivery-{delivery.pk}")
