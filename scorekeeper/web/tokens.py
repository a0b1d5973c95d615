"""The user's API tokens (docs/api.md, "Signing in and tokens"): the tokens a scoreboard,
a script or a phone app signs in with. Make one (shown once, never again: only its digest
is kept) for every club of yours or one, to write or only to read; see when each was last
used, revoke one. Everyone sees only their own."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ..models import ApiToken, Club
from ..services import policy
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
    club = forms.ModelChoiceField(
        queryset=Club.objects.none(), required=False, label=gettext_lazy("Works in"),
        empty_label=gettext_lazy("Every club of yours"),
        error_messages={"invalid_choice": gettext_lazy("Choose one of your clubs, or every "
                                                       "club of yours.")})
    scope = forms.ChoiceField(
        choices=[(ApiToken.Scope.WRITE, gettext_lazy("Read and write")),
                 (ApiToken.Scope.READ, gettext_lazy("Read only"))],
        required=False, label=gettext_lazy("It may"),
        error_messages={"invalid_choice": gettext_lazy("Choose read and write, or read only.")})

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the user's own clubs: another club's id is refused like one that is not there.
        self.fields["club"].queryset = policy.visible_clubs(user).order_by("name")

    def clean_scope(self):
        return self.cleaned_data["scope"] or ApiToken.Scope.WRITE


@login_required
@never_cache  # the answer may hold a new token: no copy of it in any cache
def tokens(request):
    """The user's tokens; POST (name, days, club, scope) makes one and shows it this once."""
    policy.check(request, "account.write" if request.method == "POST" else "account.read")
    form, status, secret = TokenForm(user=request.user), 200, ""
    if request.method == "POST":
        form = TokenForm(request.POST, user=request.user)
        if form.is_valid():
            club = form.cleaned_data["club"]
            try:
                _token, secret = token_services.make_token(
                    user=request.user, name=form.cleaned_data["name"],
                    days=form.cleaned_data["days"], club_id=club.pk if club else None,
                    scope=form.cleaned_data["scope"])
            except token_services.ServiceError:  # left the club since the page was shown
                form.add_error("club", form.fields["club"].error_messages["invalid_choice"])
            else:
                form = TokenForm(user=request.user)  # a fresh form under the new token
        if form.errors:
            status = 422
    return render(request, TOKENS_PAGE, {
        "form": form, "secret": secret, "tokens": token_services.tokens_of(request.user),
    }, status=status)


@login_required
@require_POST
def token_revoke(request, token_id: str):
    policy.check(request, "account.write")
    try:
        token_services.revoke_token(user=request.user, token_id=token_id)
    except token_services.NotFound:
        raise Http404("No such token") from None
    messages.success(request, _("The token was revoked: whatever used it is signed out."))
    return redirect("account-tokens")
