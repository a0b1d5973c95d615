"""The organiser's audit pages (docs/organisers.md, "The audit"): every game of the club
with ✓ or ✗ and each difference in words, and per game who entered and corrected each
round, when and why. Organisers only: the books are theirs to check. Both only read."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils.formats import date_format, time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ledger.services import Difference, Stray

from .. import rules as engine
from .. import services
from ..cardnames import cards_shown
from ..messages import message_for
from ..models import Club, Player
from ..rules import GameStatus
from ..services.audit import (
    PAGE_SIZE,
    GameAudit,
    audit_games,
    club_games,
    game_record,
    strays,
)
from .access import club_member
from .presenters import ENTRY_KINDS, account_names, money_text
from .status import list_word, void_note


def organised_club(request, club_id: int, what: str = "see the audit",
                   action: str = "club.admin.read") -> Club:
    """The club if the policy lets the user do the organiser's `action` there; 404 to a
    stranger, 403 to a member who may not."""
    return club_member(request, club_id, action,
                       refusal=f"Only the club's organisers {what}").club


@dataclass
class AuditLine:
    """A game as the audit shows it: ✓ or ✗ and what differs, in words."""

    audit: GameAudit
    players: str
    status: str
    differences: list[str]


@login_required
@require_GET
def club_audit(request, club_id: int):
    club = organised_club(request, club_id)
    page = Paginator(club_games(club.pk), PAGE_SIZE).get_page(request.GET.get("page"))
    games = list(page.object_list)
    lines = [_line(checked) for checked in audit_games(games)]
    # Entries no game accounts for: those of the club's evenings, and of this page's games.
    stray_lines = stray_texts(club, strays(club_id=club.pk, game_ids=[g.pk for g in games]))
    return render(request, "scorekeeper/audit.html", {
        "club": club, "page": page, "lines": lines, "strays": stray_lines,
        "wrong": sum(1 for line in lines if not line.audit.verified),
    })


@login_required
@require_GET
def game_audit(request, club_id: int, game_id: int):
    club = organised_club(request, club_id)
    try:
        record = game_record(club.pk, game_id)
    except services.NotFound:
        raise Http404("No such game in this club") from None
    names = {seat.player_id: seat.player.name for seat in record.audit.seats}
    return render(request, "scorekeeper/audit_game.html", {
        "club": club, "game": record.game, "line": _line(record.audit),
        "rounds": [[_revision(revision, names, counts=revision is entry.revisions[-1]
                              and revision.undone_at is None)
                    for revision in entry.revisions] for entry in record.rounds],
        "rebuys": [_rebuy(rebuy) for rebuy in record.rebuys],
        "started_at": when(record.game.created_at), "voided_at": when(record.game.voided_at),
    })


def _line(checked: GameAudit) -> AuditLine:
    players = ", ".join(seat.player.name for seat in checked.seats)
    return AuditLine(checked, players, _status(checked), difference_texts(checked))


def difference_texts(checked: GameAudit) -> list[str]:
    """A checked game's differences in words ([]: its books agree); the report says them
    the same way."""
    # As the ledger page names the accounts; one of no seat keeps its key ("player:11"),
    # which is itself a finding.
    names = account_names(checked.view)
    texts = [difference_text(difference, names, checked.game.currency)
             for difference in checked.differences]
    if checked.unreadable is not None:
        texts.insert(0, _("Its rounds cannot be played through: %(reason)s")
                     % {"reason": message_for(checked.unreadable)})
    return texts


def stray_texts(club: Club, found: list[Stray]) -> list[str]:
    """Entries no game accounts for, in words: "Entry 41 of game 7, which no longer exists:
    Carried pot Anna → Carried €20.00"."""
    # A gone game's seats went with it, but its players are still the club's.
    ids = {int(key.removeprefix("player:")) for stray in found
           for key in (stray.source, stray.target) if key.startswith("player:")}
    names = {f"player:{pk}": name for pk, name in
             Player.objects.filter(club=club, pk__in=ids).values_list("pk", "name")}
    names |= {engine.POT: _("Pot"), engine.KITTY: _("Kitty"), engine.CARRY: _("Carried")}
    whys = {
        "game_gone": _("Entry %(entry)s of game %(game)s, which no longer exists"),
        "other_game": _("Entry %(entry)s of game %(game)s moves another game's money"),
        "other_session": _("Entry %(entry)s of game %(game)s moves the carried pot of an "
                           "evening the game is not part of"),
    }
    return [
        f"{whys[stray.why] % {'entry': stray.id, 'game': stray.game_id}}: "
        f"{ENTRY_KINDS.get(stray.kind, stray.kind)} {names.get(stray.source, stray.source)} → "
        f"{names.get(stray.target, stray.target)} {money_text(stray.amount, stray.currency)}"
        for stray in found
    ]


def _status(checked: GameAudit) -> str:
    """A void game says why it is void; any other its status, a decider "running"."""
    if checked.game.status == GameStatus.VOID:
        return void_note(checked.view)
    return list_word(checked.game.status)


def difference_text(difference: Difference, names: dict[str, str], currency: str) -> str:
    """A difference in words: "Round 4: Knock premium Ben → Anna €1.00 expected, not
    found"."""
    parts = {
        "when": _when(difference),
        "kind": ENTRY_KINDS.get(difference.kind, difference.kind),
        "source": names.get(difference.source, difference.source),
        "target": names.get(difference.target, difference.target),
        "expected": money_text(difference.expected, currency),
        "found": money_text(difference.found, currency),
    }
    if not difference.found:
        text = _("%(when)s: %(kind)s %(source)s → %(target)s %(expected)s expected, not found")
    elif not difference.expected:
        text = _("%(when)s: %(kind)s %(source)s → %(target)s %(found)s found, not expected")
    else:
        text = _("%(when)s: %(kind)s %(source)s → %(target)s %(expected)s expected, "
                 "%(found)s found")
    return text % parts


def _when(difference: Difference) -> str:
    if difference.round is not None:
        return _("Round %(number)s") % {"number": difference.round}
    # Money of no round moves as the game starts (buy-ins, the carried pot taken in) or as
    # it ends (payouts, the kitty, the pot carried on).
    starts = difference.kind == "buy_in" or (
        difference.kind == "carry_over" and difference.source == engine.CARRY)
    return _("Start") if starts else _("End")


@dataclass
class RevisionLine:
    """One revision of a round: entered (revision 0) or a correction, by whom and why."""

    number: int
    revision: int
    counts: bool  # the last revision of its number: the one the game is played with
    entered_by: str
    entered_at: str
    reason: str
    ender: str
    hands: list[str]
    void: bool
    # Undone at the table (services.undo_last_round): when and by whom, "" otherwise.
    undone_at: str = ""
    undone_by: str = ""


def _revision(revision, names: dict[int, str], *, counts: bool) -> RevisionLine:
    return RevisionLine(
        number=revision.number, revision=revision.revision, counts=counts,
        entered_by=_username(revision.entered_by),
        entered_at=when(revision.entered_at), reason=revision.reason,
        ender=names.get(revision.ender_id, "") if revision.ender_id else "",
        hands=[f"{names.get(hand.player_id, hand.player.name)} {_hand_text(hand)}"
               for hand in revision.hands.all()],
        void=revision.void,
        undone_at=when(revision.undone_at),
        undone_by=_username(revision.undone_by),
    )


@dataclass
class RebuyLine:
    """A re-buy as taken, and if it was undone, by whom or by which correction."""

    name: str
    after_round: int
    entered_by: str
    entered_at: str
    undone_at: str
    undone_by: str
    undone_by_correction: int | None
    undo_reason: str


def _rebuy(rebuy) -> RebuyLine:
    return RebuyLine(
        name=rebuy.player.name, after_round=rebuy.after_round,
        entered_by=_username(rebuy.entered_by), entered_at=when(rebuy.entered_at),
        undone_at=when(rebuy.undone_at), undone_by=_username(rebuy.undone_by),
        undone_by_correction=rebuy.undone_by_correction, undo_reason=rebuy.undo_reason,
    )


def _username(user) -> str:
    # A user deleted since (or a game imported) leaves no one: the page says so.
    return user.get_username() if user else ""


def when(moment) -> str:
    """A moment as the audit shows it, in the reader's language, to the minute (24 h)."""
    if moment is None:
        return ""
    moment = localtime(moment)
    return f"{date_format(moment, 'SHORT_DATE_FORMAT')} {time_format(moment, 'H:i')}"


def _hand_text(hand) -> str:
    """A hand as it was entered: its cards, else its points; and in Rami what was laid."""
    text = cards_shown(hand.cards) if hand.cards else (
        str(hand.deadwood) if hand.deadwood is not None else "")
    if hand.laid is not None:
        text = " · ".join(filter(None, [text, _("laid %(what)s") % {"what": hand.laid}]))
    elif hand.laid_melds:
        melds = ", ".join(cards_shown(" ".join(meld)) for meld in hand.laid_melds)
        text = " · ".join(filter(None, [text, _("laid %(what)s") % {"what": melds}]))
    return text
