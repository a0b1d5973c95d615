"""The round form: who ended the round and each player's hand, typed as points or picked
as cards and evaluated as they come. Only the shape of what was typed is checked here;
whether the round is possible is the engine's question, asked through the services."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from .. import rules as engine
from ..messages import message_for
from ..rules import JOKER, RANKS, SUITS
from ..services import HandInput

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": gettext_lazy("spades"), "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs"),
}  # fmt: skip
RANK_LABELS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
               "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}


@dataclass(frozen=True)
class CardView:
    code: str  # canonical text, "10H" or "JK"
    rank: str
    suit: str  # symbol, "" for a joker
    red: bool
    label: str  # for screen readers: "10 of hearts", "Joker"


def card_view(code: str) -> CardView:
    if code == JOKER:
        return CardView(code, _("Jo"), "", False, _("Joker"))
    rank, suit = code[:-1], code[-1]
    shown = str(RANK_LABELS.get(rank, rank))
    return CardView(code, shown, SUIT_SYMBOLS[suit], suit in "HD",
                    _("%(rank)s of %(suit)s") % {"rank": shown, "suit": SUIT_NAMES[suit]})


@dataclass
class HandEntry:
    """One player's entry in the round form: a typed number, or cards with their evaluation."""

    player: int
    name: str
    mode: str = "number"  # "number" or "cards"
    value: str = ""
    cards: list[str] = field(default_factory=list)
    suit: str = "S"
    error: str = ""
    deadwood: int | None = None
    melds: list[list[CardView]] = field(default_factory=list)
    unmatched: list[CardView] = field(default_factory=list)
    hand_size: int = 10
    # The row around the entry (not re-rendered by the picker).
    total: int | None = None
    dealer: bool = False
    ender: bool = False

    @property
    def hand_full(self) -> bool:
        return len(self.cards) >= self.hand_size


PICKER_RANKS = RANKS  # A 2 .. K, in the order players sort their hands


def picker_ranks():
    return [(rank, str(RANK_LABELS.get(rank, rank))) for rank in PICKER_RANKS]


def picker_suits():
    return [(suit, SUIT_SYMBOLS[suit], SUIT_NAMES[suit], suit in "HD") for suit in SUITS]


def hand_entry(player: int, name: str, data, rules: engine.Rules, *, action: str = "",
               argument: str = "") -> HandEntry:
    """A player's entry from the form data, with a picker action applied and evaluated.

    `action` is "cards" (open the picker), "number" (back to typing), "add" (a rank or
    "JK" in the chosen suit), "remove" (a card, "7H") or "clear".
    """
    entry = HandEntry(player, name, hand_size=rules.hand_size)
    entry.mode = "cards" if data.get(f"mode-{player}") == "cards" else "number"
    entry.value = (data.get(f"dw-{player}") or "").strip()[:4]
    entry.suit = data.get(f"suit-{player}") if data.get(f"suit-{player}") in SUITS else "S"
    try:
        entry.cards = engine.parse_cards(data.get(f"cards-{player}") or "") if (
            data.get(f"cards-{player}") or "").strip() else []
    except engine.CardError:
        entry.cards = []
    if action == "cards":
        entry.mode = "cards"
    elif action == "number":
        entry.mode, entry.cards = "number", []
    elif action == "clear":
        entry.cards = []
    elif action == "remove" and argument in entry.cards:
        entry.cards.remove(argument)
    elif action == "add":
        card = JOKER if argument == JOKER else f"{argument}{entry.suit}"
        if argument != JOKER and argument not in RANKS:
            entry.error = _("Tap a rank: A, 2 to 10, J, Q or K")
        elif entry.hand_full and not rules.free_hand_size:
            entry.error = _("A hand holds %(count)s cards at the end of a round") % {
                "count": rules.hand_size}
        else:
            try:
                engine.check_deck([[*entry.cards, card]], decks=rules.decks, jokers=rules.jokers)
                entry.cards.append(card)
            except engine.CardError:
                if card == JOKER:
                    entry.error = _("The game has only %(count)s jokers") % {
                        "count": rules.jokers}
                else:
                    entry.error = _("The decks hold %(count)s × %(card)s") % {
                        "count": rules.decks, "card": card_view(card).label}
    if entry.mode == "cards" and entry.cards:
        result = engine.evaluate_hand(entry.cards, rules)
        entry.deadwood = result.deadwood
        entry.melds = [[card_view(code) for code in meld] for meld in result.melds]
        entry.unmatched = [card_view(code) for code in result.unmatched]
    return entry


class RoundInput:
    """A round as typed in the form: who knocked and each participant's entry, or (in a
    family with void rounds, Gin) the void round button.

    Only the shape is checked here (a number, a choice); whether the round is
    possible is the engine's question, asked through the service.
    """

    def __init__(self, data, entries, *, correcting: bool = False, void_rounds: bool = False):
        self.data = data
        self.entries = entries  # pages.HandEntry per participant, in the form's order
        self.correcting = correcting
        self.errors: dict[str, str] = {}
        self.ender: int | None = None
        self.hands = []
        self.reason = (data.get("reason") or "").strip()[:255]
        # A void round has no knocker and no hands: whatever was typed is not sent.
        self.void = void_rounds and bool(data.get("void"))

    def is_valid(self) -> bool:
        if self.correcting and not self.reason:
            self.errors["reason"] = _("Say in a few words why the round is corrected")
        if self.void:
            return not self.errors
        ids = [entry.player for entry in self.entries]
        ender = self.data.get("ender", "")
        if not ender:
            self.errors["ender"] = _("Tap the name of the player who knocked")
        elif not ender.isdigit() or int(ender) not in ids:
            self.errors["ender"] = _("Choose the knocker among this round's players")
        else:
            self.ender = int(ender)
        for entry in self.entries:
            entry.ender = entry.player == self.ender
            if entry.mode == "cards":
                if not entry.cards:
                    entry.error = _("Tap %(name)s's cards, or type the points") % {
                        "name": entry.name}
                else:
                    self.hands.append(HandInput(entry.player, cards=list(entry.cards)))
                continue
            if entry.value == "":
                entry.error = _("Enter %(name)s's points") % {"name": entry.name}
            elif not entry.value.isdigit():
                entry.error = _("Points are a whole number, like 7 or 23")
            else:
                self.hands.append(HandInput(entry.player, deadwood=int(entry.value)))
        return not self.errors and all(not entry.error for entry in self.entries)

    def place_error(self, error) -> None:
        """An engine error next to its field: hands[i].* on the i-th row, else the form."""
        where, message = error.field or "", message_for(error)
        if where.startswith("hands["):
            index = where[len("hands["):].split("]")[0]
            if index.isdigit() and int(index) < len(self.entries):
                self.entries[int(index)].error = message
                return
        if where == "ender":
            self.errors["ender"] = message
            return
        self.errors["form"] = message
