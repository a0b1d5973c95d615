"""A club's members and invites (docs/organisers.md, "Members and invites"), joining a club
through an invite link or by accepting an invitation, leaving it, and revoking a game's
share link.

Every member sees who belongs to the club, and may leave it; organisers change roles,
remove members and hand out invites. Nobody becomes a member without accepting: an
organiser who names a user sends them an invitation, shown on their home page. Strangers
get 404 (the club does not exist for them). Thin, like every view: each write is one call
of services.clubs.
"""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_not_required, login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from ..models import Membership
from ..rules import RulesError
from ..services import clubs as club_services
from ..services import policy
from .access import club_member, member_game

MEMBERS_PAGE = "scorekeeper/members.html"
INVITES_PAGE = "scorekeeper/invites.html"
JOIN_PAGE = "scorekeeper/join.html"

ROLE_NAMES = {
    Membership.Role.ORGANISER: gettext_lazy("organiser"),
    Membership.Role.SCOREKEEPER: gettext_lazy("scorekeeper"),
    Membership.Role.VIEWER: gettext_lazy("viewer"),
}
ROLE_HELP = {
    Membership.Role.ORGANISER: gettext_lazy(
        "enters games, manages members and invites, voids games"),
    Membership.Role.SCOREKEEPER: gettext_lazy("enters games, rounds and re-buys"),
    Membership.Role.VIEWER: gettext_lazy("follows the games without changing them"),
}


def _refusal(error: RulesError) -> str:
    """A refusal of services.clubs in the reader's language, by its code."""
    texts = {
        "last_organiser": _("A club needs an organiser: make someone else organiser first."),
        "not_found": _("That member is no longer in the club."),
        "invite_revoked": _("This invite was revoked."),
        "invite_used_up": _("This invite has been used as often as it allows."),
        "invite_expired": _("This invite has expired."),
        "invite_declined": _("This invitation was declined."),
        "username_taken": _("That user name is taken: choose another."),
    }
    if error.code == "not_between" and error.field == "days":
        return _("An invite stays open for 1 to 30 days.")
    if error.code == "not_between" and error.field == "max_uses":
        return _("An invite lets in 1 to 100 people.")
    if error.code == "invalid" and error.field == "role":
        return _("Choose a role.")
    return texts.get(error.code, error.message)


def _status(error: RulesError) -> int:
    """409 when the club changed under the page (the last organiser, a member gone);
    422 for what the form sent."""
    return 409 if error.code in ("last_organiser", "not_found") else 422


def _club_member(request, club_id: int, action: str = "club.read") -> Membership:
    """The user's membership of the club (with the club) if the policy allows `action`;
    404 to anyone outside it."""
    return club_member(request, club_id, action)


def _organisers_only(request, member: Membership):
    """The 403 page for a member who is not an organiser, saying who may do this."""
    return render(request, "scorekeeper/organisers_only.html", {"club": member.club},
                  status=403)


def _is_organiser(member: Membership) -> bool:
    """Whether the member may manage the club (the policy's "club.admin")."""
    return policy.allows(member.user, "club.admin", member.club_id, role=member.role)


def _role_choices():
    return [(role, ROLE_NAMES[role], ROLE_HELP[role]) for role in Membership.Role.values]


# --- Members ----------------------------------------------------------------------------------


@login_required
def members(request, club_id: int):
    """The club's members; organisers change a role here (POST: member, role)."""
    me = _club_member(request, club_id)
    error, status = "", 200
    if request.method == "POST":
        if not _is_organiser(me):
            return _organisers_only(request, me)
        user_id = request.POST.get("member", "")
        role = request.POST.get("role", "")
        try:
            if not user_id.isdigit():
                raise club_services.NotFound("No such member", field="member")
            changed = club_services.change_role(club_id=club_id, user_id=int(user_id),
                                                role=role)
        except RulesError as refused:
            error, status = _refusal(refused), _status(refused)
        else:
            messages.success(request, _("%(name)s is now %(role)s.") % {
                "name": changed.user.get_username(), "role": ROLE_NAMES[changed.role]})
            # An organiser who gave up the role can no longer manage the club.
            if changed.user_id == request.user.pk and not _is_organiser(changed):
                return redirect("home")
            return redirect("club-members", club_id)
    rows = [{"member": member, "role_name": ROLE_NAMES[member.role],
             "me": member.user_id == request.user.pk}
            for member in club_services.members_of(club_id)]
    return render(request, MEMBERS_PAGE, {
        "club": me.club, "rows": rows, "manage": _is_organiser(me), "roles": _role_choices(),
        "error": error, "my_role": ROLE_NAMES[me.role],
    }, status=status)


@login_required
def member_remove(request, club_id: int, user_id: int):
    """An organiser takes a member out of the club: a page of its own, so that a stray
    tap on the members list removes nobody."""
    me = _club_member(request, club_id)
    if not _is_organiser(me):
        return _organisers_only(request, me)
    member = next((m for m in club_services.members_of(club_id) if m.user_id == user_id), None)
    if member is None:
        raise Http404("No such member")
    error, status = "", 200
    if request.method == "POST":
        try:
            club_services.remove_member(club_id=club_id, user_id=user_id)
        except RulesError as refused:
            error, status = _refusal(refused), _status(refused)
        else:
            messages.success(request, _("%(name)s is no longer a member of %(club)s.") % {
                "name": member.user.get_username(), "club": me.club.name})
            if user_id == request.user.pk:
                return redirect("home")
            return redirect("club-members", club_id)
    return render(request, "scorekeeper/member_remove.html", {
        "club": me.club, "member": member, "role_name": ROLE_NAMES[member.role],
        "me": user_id == request.user.pk, "error": error,
    }, status=status)


# --- Invites ----------------------------------------------------------------------------------


def _invite_url(request, token: str) -> str:
    """The join link as the invited person's phone reaches it (PUBLIC_URL, as for sharing)."""
    path = reverse("join", args=[token])
    return settings.PUBLIC_URL + path if settings.PUBLIC_URL else request.build_absolute_uri(path)


@login_required
def invites(request, club_id: int):
    """The club's invites with their links; organisers make one here (POST: role, days,
    uses)."""
    me = _club_member(request, club_id)
    if not _is_organiser(me):
        return _organisers_only(request, me)
    form = {"role": Membership.Role.SCOREKEEPER, "days": club_services.INVITE_DAYS_DEFAULT,
            "uses": club_services.INVITE_USES_DEFAULT}
    errors, status = {}, 200
    if request.method == "POST" and "username" in request.POST:
        invited, errors = _invite_by_name(request, club_id)
        if not errors:
            return redirect(reverse("club-invites", args=[club_id]) + "#invites-title")
        status = 422
        form = {**form, **invited}
    elif request.method == "POST":
        form = {name: (request.POST.get(name) or "").strip()[:20]
                for name in ("role", "days", "uses")}
        try:
            invite = club_services.create_invite(
                club_id=club_id, role=form["role"], days=form["days"], max_uses=form["uses"],
                user=request.user)
        except RulesError as refused:
            field = {"max_uses": "uses"}.get(refused.field, refused.field or "role")
            errors, status = {field: _refusal(refused)}, 422
        else:
            messages.success(request, _(
                "Invite made: send the link to the people who should join as %(role)s.")
                % {"role": ROLE_NAMES[invite.role]})
            return redirect(reverse("club-invites", args=[club_id]) + f"#invite-{invite.pk}")
    rows = []
    for invite in club_services.invites_of(club_id):
        state = club_services.state_of(invite)
        rows.append({
            "invite": invite, "state": state, "role_name": ROLE_NAMES[invite.role],
            # An invitation is answered by its invitee alone: it has no link to pass on.
            "url": _invite_url(request, invite.token)
            if state == "open" and not invite.invitee_id else "",
            "uses_left": ngettext("%(count)s use left", "%(count)s uses left",
                                  invite.uses_left) % {"count": invite.uses_left},
        })
    return render(request, INVITES_PAGE, {
        "club": me.club, "rows": rows, "roles": _role_choices(), "form": form,
        "errors": errors, "days_range": club_services.INVITE_DAYS,
        "uses_range": club_services.INVITE_USES,
    }, status=status)


def _invite_by_name(request, club_id: int) -> tuple[dict, dict]:
    """An invitation to the user named in the form: (the form as sent, errors by field).
    Said the same way whether or not the name belongs to anyone (docs/security.md)."""
    sent = {"username": (request.POST.get("username") or "").strip(),
            "invite_role": (request.POST.get("role") or "").strip()[:20]}
    if not sent["username"]:
        return sent, {"username": _("Write the user name of the person to invite.")}
    try:
        club_services.set_member(club_id=club_id, username=sent["username"],
                                 role=sent["invite_role"], by=request.user)
    except RulesError as refused:
        return sent, {"invite_role": _refusal(refused)}
    messages.success(request, _("If %(name)s has an account, they see the invitation when "
                                "they sign in.") % {"name": sent["username"]})
    return sent, {}


@login_required
@require_POST
def invite_revoke(request, club_id: int, invite_id: int):
    me = _club_member(request, club_id)
    if not _is_organiser(me):
        return _organisers_only(request, me)
    try:
        club_services.revoke_invite(club_id=club_id, invite_id=invite_id)
    except club_services.NotFound:
        raise Http404("No such invite") from None
    messages.success(request, _("The invite was revoked: its link no longer lets anyone in."))
    return redirect("club-invites", club_id)


# --- Joining ----------------------------------------------------------------------------------


class SignUpForm(UserCreationForm):
    """A new account: a user name, the password twice (Django's validators), and an email
    address, optional, for resetting a forgotten password."""

    email = forms.EmailField(
        required=False, label=gettext_lazy("Email (optional)"),
        help_text=gettext_lazy("Only to reset your password if you forget it."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


@login_not_required  # the invite link is the key; signing in or up is part of the page
def join(request, token: str):
    """Someone opens an invite link: signed out, they make an account or sign in first;
    signed in, one button. Either way they join the club with the invite's role."""
    invite = club_services.invite_for(token)
    if invite is None:
        return render(request, JOIN_PAGE, {"missing": True}, status=404)
    member = (club_services.membership(request.user, invite.club_id)
              if request.user.is_authenticated else None)
    context = {"invite": invite, "club": invite.club, "role_name": ROLE_NAMES[invite.role],
               "role_help": ROLE_HELP[invite.role], "member": member,
               "member_role": ROLE_NAMES[member.role] if member else ""}
    state = invite.state()
    if member is None and state != "open":
        context["closed"] = _refusal(club_services.InviteClosed(state))
        return render(request, JOIN_PAGE, context, status=410)
    form, status = SignUpForm(), 200
    if request.method == "POST":
        if request.user.is_authenticated:
            return _join_signed_in(request, token, invite)
        form = SignUpForm(request.POST)
        if form.is_valid():
            try:
                user, joined_as = club_services.join_as_new_user(
                    token=token, username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    email=form.cleaned_data.get("email", ""))
            except club_services.InviteClosed as closed:
                context["closed"] = _refusal(closed)
                return render(request, JOIN_PAGE, context, status=410)
            except RulesError as refused:
                form.add_error("username", _refusal(refused))
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(request, _("Welcome, %(name)s: you joined %(club)s as "
                                            "%(role)s.") % {
                    "name": user.get_username(), "club": invite.club.name,
                    "role": ROLE_NAMES[joined_as.role]})
                return redirect("home")
        status = 422
    context["form"] = form
    context["login_url"] = f"{reverse('login')}?next={reverse('join', args=[token])}"
    return render(request, JOIN_PAGE, context, status=status)


def _join_signed_in(request, token: str, invite):
    try:
        member, joined = club_services.accept_invite(token=token, user=request.user)
    except club_services.InviteClosed as closed:
        return render(request, JOIN_PAGE, {
            "invite": invite, "club": invite.club, "role_name": ROLE_NAMES[invite.role],
            "closed": _refusal(closed)}, status=410)
    if joined:
        messages.success(request, _("You joined %(club)s as %(role)s.") % {
            "club": invite.club.name, "role": ROLE_NAMES[member.role]})
    else:
        messages.info(request, _("You already belong to %(club)s as %(role)s; the invite "
                                 "leaves that as it is.") % {
            "club": invite.club.name, "role": ROLE_NAMES[member.role]})
    return redirect("home")


# --- Leaving and invitations ------------------------------------------------------------------


@login_required
def club_leave(request, club_id: int):
    """A member leaves the club: a page of its own that asks first (POST leaves)."""
    me = _club_member(request, club_id, "club.leave")
    error, status = "", 200
    if request.method == "POST":
        try:
            club_services.leave_club(club_id=club_id, user=request.user)
        except RulesError as refused:
            error, status = _refusal(refused), _status(refused)
        else:
            messages.success(request, _("You left %(club)s.") % {"club": me.club.name})
            return redirect("home")
    return render(request, "scorekeeper/club_leave.html", {
        "club": me.club, "role_name": ROLE_NAMES[me.role], "error": error}, status=status)


@login_required
@require_POST
def invitation_accept(request, invite_id: int):
    """The invitee joins the club of their invitation (home page); 404 for anyone else."""
    policy.check(request, "account.write")
    try:
        member, joined = club_services.accept_invitation(invite_id=invite_id,
                                                         user=request.user)
    except club_services.NotFound:
        raise Http404("No such invitation") from None
    except club_services.InviteClosed as closed:
        messages.error(request, _refusal(closed))
        return redirect("home")
    names = {"club": member.club.name, "role": ROLE_NAMES[member.role]}
    if joined:
        messages.success(request, _("You joined %(club)s as %(role)s.") % names)
    else:
        messages.info(request, _("You already belong to %(club)s as %(role)s; the invite "
                                 "leaves that as it is.") % names)
    return redirect("home")


@login_required
@require_POST
def invitation_decline(request, invite_id: int):
    policy.check(request, "account.write")
    try:
        invite = club_services.decline_invitation(invite_id=invite_id, user=request.user)
    except club_services.NotFound:
        raise Http404("No such invitation") from None
    messages.success(request, _("You declined the invitation to %(club)s.") % {
        "club": invite.club.name})
    return redirect("home")


# --- Share links ------------------------------------------------------------------------------


@login_required
@require_POST
def share_revoke(request, game_id: int):
    """A writer of the game's club revokes its share link: the links and QR codes handed out
    so far lead nowhere, and the share page shows a new one."""
    game, _can_write = member_game(request, game_id, write=True)
    released = club_services.revoke_share_link(game_id=game.pk, user=request.user)
    messages.success(request, _("The old link no longer opens the sheet. Here is a new one "
                                "for the people who should still follow it."))
    if released:
        messages.success(request, ngettext(
            "The phone that held a seat was released: its player taps their name again "
            "through the new link.",
            "The %(count)s phones that held seats were released: their players tap their "
            "names again through the new link.", released) % {"count": released})
    return redirect("game-share", game_id)
