"""The user's API tokens (docs/api.md, "Signing in and tokens"): the tokens a scoreboard,
a script or a phone app signs in with. Make one (shown once, never again: only its digest
is kept), see when each was last used, revoke one. Everyone sees only their own."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ..services import tokens as token_services

TOKENS_PAGE = "scorekeeper/tokens.html"


class TokenForm(forms.Form):
    name = forms.CharField(max_length=token_services.MAX_NAME, required=False,
                           label=gettext_lazy("What it is for (optional)"))
    days = forms.IntegerField(
        min_value=token_services.DAYS[0], max_value=token_services.DAYS[1], required=False,
        label=gettext_lazy("Days it works"),
        help_text=gettext_lazy("Empty: until you revoke it."),
        error_messages={"invalid": gettext_lazy("Enter a whole number of days, or nothing."),
                        "min_value": gettext_lazy("A token works for 1 to 3650 days."),
                        "max_value": gettext_lazy("A token works for 1 to 3650 days.")})


@login_required
@never_cache  # the answer may hold a new token: no copy of it in any cache
def tokens(request):
    """The user's tokens; POST (name, days) makes one and shows it this once."""
    form, status, secret = TokenForm(), 200, ""
    if request.method == "POST":
        form = TokenForm(request.POST)
        if form.is_valid():
            _token, secret = token_services.make_token(
                user=request.user, name=form.cleaned_data["name"],
                days=form.cleaned_data["days"])
            form = TokenForm()  # a fresh form under the new token
        else:
            status = 422
    return render(request, TOKENS_PAGE, {
        "form": form, "secret": secret, "tokens": token_services.tokens_of(request.user),
    }, status=status)


@login_required
@require_POST
def token_revoke(request, token_id: str):
    try:
        token_services.revoke_token(user=request.user, token_id=token_id)
    except token_services.NotFound:
        raise Http404("No such token") from None
    messages.success(request, _("The token was revoked: whatever used it is signed out."))
    return redirect("account-tokens")
