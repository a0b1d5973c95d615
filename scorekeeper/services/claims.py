"""Every player's own phone (docs/table.md, "Players' phones"): a seat claimed from the
share link, the hand a player sends for the round being played, and what the scorekeeper's
round form shows of them.

A pending hand is no fact of the game: no round, no ledger entry, no new version, nothing
the API shows. The scorekeeper's Save records the round as always (services.record_round);
the pending hands of that round then stay behind as the record of what was sent, one per
seat's claim and round (a send replaces the one before).

Anyone with the share link may claim a free seat: a phone holds one seat per game, and a
link takes at most its seats plus CLAIM_SPARE claims in CLAIM_WINDOW, so a script that
clears its cookies cannot take the seats again and again as the scorekeeper frees them.
Revoking the link releases every phone and gives the new link a fresh allowance.
"""

import math
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from .. import rules as engine
from ..models import Game, PendingHand, SeatClaim
from .commands import HandInput
from .errors import GameFinished, GameVoid, NotFound, ServiceError
from .reading import GameView, load_game

# Short and unambiguous when read aloud or off a phone: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B.
CODE_ALPHABET = "ACDEFHJKMNPRTWXY3479"
CODE_LENGTH = 4
# Rami's laid melds and a hand's cards as the round form carries them.
MAX_TEXT = 300
# Claims one share link takes in a window: every seat once, and a few over for a mis-tap
# left and claimed again. Not per address: the table's phones share the Wi-Fi's one.
CLAIM_WINDOW = 10 * 60
CLAIM_SPARE = 3


class SeatRefused(ServiceError):
    """A seat this phone may not claim; `name` is the seat's player, for the page's words."""

    status = 409
    text = ""

    def __init__(self, name: str):
        super().__init__(self.text.format(name=name), field="player")
        self.name = name


class SeatTaken(SeatRefused):
    """Another phone holds the seat; the scorekeeper can release it."""

    code = "seat_taken"
    text = "{name}'s seat is already taken by another phone; the scorekeeper can release it"


class PhoneHoldsSeat(SeatRefused):
    """A phone holds one seat per game."""

    code = "phone_holds_seat"
    text = "This phone already holds {name}'s seat; a phone holds one seat per game"


class TooManyClaims(ServiceError):
    """The share link took its seats plus CLAIM_SPARE claims in this CLAIM_WINDOW."""

    code = "too_many_claims"
    status = 429

    def __init__(self, *, retry_after: int):
        super().__init__(f"Too many seats were claimed through this link in the last "
                         f"{CLAIM_WINDOW // 60} minutes", field="player")
        self.retry_after = retry_after


class NoClaim(ServiceError):
    """The phone holds no seat of the game (never claimed, or released since)."""

    code = "no_claim"
    status = 403


class RoundRecorded(ServiceError):
    """A hand sent for a round that is not the one being played."""

    code = "round_recorded"
    status = 409

    def __init__(self, number: int, *, next_round: int):
        recorded = number < next_round
        super().__init__(f"Round {number} is already recorded" if recorded
                         else f"Round {number} has not started yet", field="number")
        self.number, self.next_round, self.recorded = number, next_round, recorded


class NotPlaying(ServiceError):
    """The claimed player does not play the round being played (out, or another match)."""

    code = "not_playing"
    status = 409

    def __init__(self, name: str, number: int):
        super().__init__(f"{name} does not play round {number}", field="player")
        self.name, self.number = name, number


class PhonesOff(ServiceError):
    """The scorekeeper switched off players entering their own hands in this game."""

    code = "phones_off"
    status = 409

    def __init__(self):
        super().__init__("The scorekeeper has switched off entering hands from the players' "
                         "phones in this game")


# --- Claiming and releasing -----------------------------------------------------------------


def set_phones_enter_hands(*, game_id: int, allowed: bool) -> None:
    """Let the players enter their own hands from their phones, or not (docs/table.md,
    "Players' phones"). Not a fact of the game: its version stays. Switched off, the seats
    stay held and what was sent stays kept, so switching on again finds them as they were;
    meanwhile no phone claims a seat or sends a hand, and the round form shows none."""
    with transaction.atomic():
        if not Game.objects.filter(pk=game_id).update(phones_enter_hands=allowed):
            raise NotFound("No such game")


def claim_seat(*, game_id: int, player_id: int, holding: int | None = None) -> SeatClaim:
    """Claim a player's seat for a phone; `holding` is the claim the phone's cookie names,
    if any. The code tells the scorekeeper which phone holds the seat. Only a claim made
    counts against the link's allowance: refusals cost nothing."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        _refuse_over(view)
        _refuse_phones_off(view)
        if player_id not in {seat.player_id for seat in view.seats}:
            raise NotFound("No such player in this game", field="player")
        if not plays(view, player_id):  # out of the game: no hand of theirs is coming
            raise NotPlaying(view.name(player_id), view.state.next_round)
        held = active_claim(game_id, holding) if holding is not None else None
        if held is not None:
            raise PhoneHoldsSeat(view.name(held.player_id))
        if SeatClaim.objects.filter(game_id=game_id, player_id=player_id,
                                    released_at__isnull=True).exists():
            raise SeatTaken(view.name(player_id))
        allowance = _Allowance(view)
        try:
            # The game's row is locked, so no other claim of it comes between; the
            # constraint stays the last line of defence.
            with transaction.atomic():
                claim = SeatClaim.objects.create(game_id=game_id, player_id=player_id,
                                                 code=_new_code(game_id))
        except IntegrityError:
            raise SeatTaken(view.name(player_id)) from None
        allowance.spend()
        return claim


class _Allowance:
    """The claims the game's current share link may still take in this window, counted in
    the cache (like the API's throttles: per process unless CACHES is shared). Keyed by the
    link's version, so a revoked link's count does not hold back the new link."""

    def __init__(self, view: GameView):
        self.key = f"seat-claims:{view.game.pk}:{view.game.share_version}"
        self.now = time.time()
        self.until, self.count = cache.get(self.key) or (0.0, 0)
        if self.until <= self.now:  # a new window
            self.until, self.count = self.now + CLAIM_WINDOW, 0
        if self.count >= len(view.seats) + CLAIM_SPARE:
            raise TooManyClaims(retry_after=math.ceil(self.until - self.now))

    def spend(self) -> None:
        cache.set(self.key, (self.until, self.count + 1), math.ceil(self.until - self.now))


def release_claim(*, game_id: int, claim_id: int, user=None) -> SeatClaim:
    """Free a seat: the phone that held it can no longer send hands, and what it sent no
    longer shows on the round form. `user` is the scorekeeper, or None when the phone left
    by itself. Releasing a claim already released changes nothing."""
    with transaction.atomic():
        claim = (SeatClaim.objects.select_for_update()
                 .filter(pk=claim_id, game_id=game_id).first())
        if claim is None:
            raise NotFound("No such phone in this game", field="claim")
        if claim.released_at is None:
            claim.released_at, claim.released_by = timezone.now(), user
            claim.save(update_fields=["released_at", "released_by"])
        return claim


def active_claim(game_id: int, claim_id: int | None) -> SeatClaim | None:
    """The claim, if it is of this game and not released; else None (no claim at all)."""
    if claim_id is None:
        return None
    return (SeatClaim.objects.select_related("player")
            .filter(pk=claim_id, game_id=game_id, released_at__isnull=True).first())


def active_claims(game_id: int) -> list[SeatClaim]:
    """The seats held by phones now, in the order they were claimed."""
    return list(SeatClaim.objects.select_related("player")
                .filter(game_id=game_id, released_at__isnull=True))


def _new_code(game_id: int) -> str:
    """A code no other phone of the game shows now, so the scorekeeper tells them apart."""
    taken = set(SeatClaim.objects.filter(game_id=game_id, released_at__isnull=True)
                .values_list("code", flat=True))
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def _refuse_over(view: GameView) -> None:
    if view.void:
        raise GameVoid("The game was voided: nothing more can be entered")
    if not view.accepts_rounds:
        raise GameFinished("The game is over: no more rounds can be entered")


def _refuse_phones_off(view: GameView) -> None:
    if not view.game.phones_enter_hands:
        raise PhonesOff()


def plays(view: GameView, player: int) -> bool:
    """Whether the player plays the round being played (a Gin tournament plays several
    matches at once: any open one counts)."""
    state = view.state
    return player in state.next_participants or any(
        player in match.players for match in state.matches if not match.over)


# --- Sending a hand -------------------------------------------------------------------------


def send_hand(*, game_id: int, claim_id: int | None, number: int,
              hand: HandInput) -> PendingHand:
    """Store the hand a phone sent for round `number`, which must be the round being played;
    the claim decides whose hand it is (`hand.player` is not looked at). The hand's own
    shape and cards are checked here; the round as a whole is checked when it is saved.
    A send replaces the claim's hand for the round, so a phone keeps one row per round."""
    with transaction.atomic():
        # The game's row is locked: a round saved meanwhile moves the round on first.
        view = load_game(game_id, for_update=True)
        claim = active_claim(game_id, claim_id)
        if claim is None:
            raise NoClaim("This phone holds no seat of this game")
        _refuse_over(view)
        _refuse_phones_off(view)
        next_round = view.state.next_round
        if number != next_round:
            raise RoundRecorded(number, next_round=next_round)
        player, name = claim.player_id, view.name(claim.player_id)
        if not plays(view, player):
            raise NotPlaying(name, number)
        entry, points = _checked(hand, view.rules, name)
        # update_or_create stands a send that comes between (the constraint
        # pending_hand_once): the later one updates, nobody gets an IntegrityError.
        sent, _created = PendingHand.objects.update_or_create(
            claim=claim, round_number=number,
            defaults={"entry": entry, "points": points, "created_at": timezone.now()})
        return sent


def last_sent(claim_id: int, number: int) -> PendingHand | None:
    """The hand the phone sent for round `number` (its newest send)."""
    return PendingHand.objects.filter(claim_id=claim_id, round_number=number).first()


def _checked(hand: HandInput, rules: engine.Rules, name: str) -> tuple[dict, int]:
    """The hand as the round form's fields ({"dw": "14"}, {"cards": "QS QH 7C"}, Rami's
    "laid" or "melds") and the points it counts; refused as the engine would refuse it."""
    entry: dict[str, str] = {}
    held = tuple(_cards(hand.cards, "cards")) if hand.cards is not None else None
    if held is not None:
        entry["cards"] = " ".join(held)
    elif hand.deadwood is not None:
        entry["dw"] = str(hand.deadwood)
    melds = None
    if hand.laid_melds is not None:
        melds = tuple(tuple(_cards(meld, "laid_melds", laid=True)) for meld in hand.laid_melds)
        entry["melds"] = "|".join(" ".join(meld) for meld in melds)
    elif hand.laid is not None:
        entry["laid"] = str(hand.laid)
    # The checks the round's save puts this hand through (its card count for the family,
    # points no hand can count, in Rami what was laid), so that a phone is refused what
    # the Save would refuse.
    points = engine.check_own_hand(rules, engine.LaidHand(
        0, deadwood=hand.deadwood if held is None else None, cards=held,
        laid=hand.laid if melds is None else None, laid_melds=melds), name=name)
    laid = [card for meld in melds or () for card in meld]
    try:
        engine.check_deck([[*(held or ()), *laid]], decks=rules.decks, jokers=rules.jokers)
    except engine.TooManyCopies as error:
        error.field = "cards"
        raise
    if len(entry.get("cards", "")) > MAX_TEXT or len(entry.get("melds", "")) > MAX_TEXT:
        raise ServiceError("Too many cards", field="cards")
    return entry, points


def _cards(text, where: str, *, laid: bool = False) -> list[str]:
    """Card texts parsed; `laid`: a Rami meld, whose cards taken from the table keep their
    mark ("[4D]", docs/rules.md 10.6)."""
    try:
        return engine.parse_laid_meld(text) if laid else engine.parse_cards(text)
    except engine.CardError as error:
        raise error.at(where) from None


# --- What the scorekeeper's round form shows ------------------------------------------------


@dataclass
class DeckProblem:
    """More copies of a card across the round's pending hands than the decks hold."""

    error: engine.TooManyCopies  # the engine's words: "Q♠ appears 3 times; ..."
    names: list[str]  # whose pending hands hold the card


@dataclass
class Pending:
    """The newest hand a phone sent for the round being played."""

    id: str  # one per send: the row is updated in place, so its pk alone repeats
    claim: int
    player: int
    name: str
    points: int
    entry: dict
    cards: list[str]
    laid_melds: list[list[str]]
    sent_at: object
    problems: list[DeckProblem] = field(default_factory=list)


def pending_hands(view: GameView) -> list[Pending]:
    """The round being played: the hand of each seat a phone holds now, in seat order,
    each with the deck problems it takes part in (checked across them all). What a
    released phone sent stays as the record but is not shown."""
    sent_hands = {sent.claim.player_id: sent for sent in PendingHand.objects
                  .select_related("claim")
                  .filter(claim__game_id=view.game.pk, claim__released_at__isnull=True,
                          round_number=view.state.next_round)}
    order = {seat.player_id: seat.number for seat in view.seats}
    hands = []
    for player in sorted(sent_hands, key=lambda player: order.get(player, 0)):
        sent = sent_hands[player]
        cards = _stored_cards(sent.entry.get("cards", ""))
        melds = [_stored_cards(meld, laid=True)
                 for meld in (sent.entry.get("melds") or "").split("|")]
        hands.append(Pending(f"{sent.pk}.{sent.created_at.timestamp():.6f}", sent.claim_id,
                             player, view.name(player), sent.points, sent.entry, cards,
                             [meld for meld in melds if meld], sent.created_at))
    _check_deck_across(hands, view.rules)
    return hands


def _stored_cards(text: str, *, laid: bool = False) -> list[str]:
    try:
        if not text.strip():
            return []
        return engine.parse_laid_meld(text) if laid else engine.parse_cards(text)
    except engine.CardError:
        return []


def _check_deck_across(hands: list[Pending], rules: engine.Rules) -> None:
    """Each card the hands hold more copies of than the decks (jokers: than the game)."""
    # A card taken from the table (docs/rules.md 10.6) was counted where it was first laid.
    held = {hand.player: [*hand.cards, *(card for meld in hand.laid_melds for card in meld
                                         if not engine.from_table(card))]
            for hand in hands}
    counts = Counter(card for cards in held.values() for card in cards)
    for card, count in sorted(counts.items()):
        limit = rules.jokers if card == engine.JOKER else rules.decks
        if count <= limit:
            continue
        if card == engine.JOKER:
            error = engine.TooManyCopies("too_many_jokers", {
                "card": card, "count": count, "jokers": limit})
        else:
            error = engine.TooManyCopies("too_many_copies", {
                "card": card, "count": count, "decks": limit})
        holders = [hand for hand in hands if card in held[hand.player]]
        problem = DeckProblem(error, [hand.name for hand in holders])
        for hand in holders:
            hand.problems.append(problem)
