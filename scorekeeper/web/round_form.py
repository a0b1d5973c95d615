"""The round form: who ended the round and each player's hand, typed as points or picked
as cards and evaluated as they come. Only the shape of what was typed is checked here;
whether the round is possible is the engine's question, asked through the services."""

from collections import Counter
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from .. import rules as engine
from ..messages import message_for
from ..rules import JOKER, RANKS, SUITS, hand_value, meld_value
from ..services import HandInput
from . import families

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": gettext_lazy("spades"), "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs"),
}  # fmt: skip
RANK_LABELS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
               "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}


@dataclass(frozen=True)
class CardView:
    code: str  # canonical text, "10H" or "JK"; "[4D]" a card taken from the table
    rank: str
    suit: str  # symbol, "" for a joker
    red: bool
    label: str  # for screen readers: "10 of hearts", "Joker"
    table: bool = False  # Rami: taken from the table, scores nothing (docs/rules.md 10.6)


def card_view(code: str) -> CardView:
    if engine.from_table(code):
        card = card_view(engine.unmarked(code))
        return replace(card, code=code, table=True, label=table_card_label(card.label))
    if code == JOKER:
        return CardView(code, _("Jo"), "", False, _("Joker"))
    rank, suit = code[:-1], code[-1]
    shown = str(RANK_LABELS.get(rank, rank))
    return CardView(code, shown, SUIT_SYMBOLS[suit], suit in "HD",
                    _("%(rank)s of %(suit)s") % {"rank": shown, "suit": SUIT_NAMES[suit]})


def table_card_label(label: str) -> str:
    """A laid card taken from the table, for screen readers: "4 of diamonds, from the
    table"."""
    return _("%(card)s, from the table") % {"card": label}


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
    # Gin: the defender's cards laid off onto the knocker's melds (deadwood is what is left).
    laid_off: list[CardView] = field(default_factory=list)
    hand_size: int = 10
    # Basic Rummy and Rami count the cards left in hand whole: no melds are looked for.
    whole: bool = False
    # Rami: what the player laid, and a penalty in points ("" for none).
    laid: "LaidEntry | None" = None
    penalty: str = ""
    penalty_error: str = ""
    penalty_choices: list[tuple[str, str]] = field(default_factory=list)
    # The picker's rank buttons for the chosen suit: (code, label, used up by the decks).
    ranks: list[tuple[str, str, bool]] = field(default_factory=list)
    # The row around the entry (not re-rendered by the picker).
    total: int | None = None
    dealer: bool = False
    ender: bool = False
    # A stale form shown as a correction: the round as recorded, next to what was typed.
    recorded: str = ""
    # The new round form as served: the send of the player's phone this row holds
    # (web.phone_hands), "" for none.
    from_phone: str = ""

    @property
    def hand_full(self) -> bool:
        return len(self.cards) >= self.hand_size

    @property
    def count_text(self) -> str:
        return hand_count(len(self.cards), self.hand_size)


@dataclass
class MeldView:
    index: int
    cards: list[CardView]
    points: int | None  # None: not (yet) a meld
    open: bool  # the meld being picked


@dataclass
class LaidEntry:
    """What a Rami player laid in the round: typed points, or the melds picked as cards and
    scored as they come (docs/rules.md 10.2)."""

    player: int
    mode: str = "number"  # "number" or "cards"
    value: str = ""
    melds: list[list[str]] = field(default_factory=list)  # the last one may be open
    suit: str = "S"
    # The cards tapped go in as taken from the table ("[4D]", docs/rules.md 10.6).
    table: bool = False
    error: str = ""
    bad_meld: int | None = None  # the meld an engine error names
    points: int | None = None
    views: list[MeldView] = field(default_factory=list)
    ranks: list[tuple[str, str, bool]] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The melds as the form carries them: "QS KS AS|7H 7D 7C"."""
        return "|".join(" ".join(meld) for meld in self.melds)

    @property
    def laid_melds(self) -> list[list[str]]:
        return [meld for meld in self.melds if meld]

    @property
    def card_count(self) -> int:
        return sum(len(meld) for meld in self.melds)


MAX_TYPED = 12
PICKER_RANKS = RANKS  # A 2 .. K, in the order players sort their hands


def picker_ranks():
    return [(rank, str(RANK_LABELS.get(rank, rank))) for rank in PICKER_RANKS]


def picker_suits():
    return [(suit, SUIT_SYMBOLS[suit], SUIT_NAMES[suit], suit in "HD") for suit in SUITS]


def hand_count(count, size: int) -> str:
    """"3 of 10 cards": the plural follows the hand's size ("1 of 1 card")."""
    return ngettext("%(count)s of %(size)s card", "%(count)s of %(size)s cards", size) % {
        "count": count, "size": size}


def picker_texts(rules: engine.Rules) -> dict[str, str]:
    """What the browser's picker writes as cards are tapped (static/js/app.js), in the
    page's language: "{n}", "{card}", "{rank}" and "{suit}" are filled in there."""
    laid = "%(count)s card laid", "%(count)s cards laid"
    return {
        "count": hand_count("{n}", rules.hand_size),
        "laid-one": ngettext(*laid, 1) % {"count": "{n}"},
        "laid-other": ngettext(*laid, 2) % {"count": "{n}"},
        "hint": _("tap a card to take it back"),
        "take-back": _("Take back %(card)s") % {"card": "{card}"},
        "card": _("%(rank)s of %(suit)s") % {"rank": "{rank}", "suit": "{suit}"},
        "joker": _("Joker"), "joker-short": _("Jo"), "new-meld": _("new meld"),
        "table-card": table_card_label("{card}"),
        "full": full_hand(rules),
        "from-phone": _("sent from the phone"),
    }


def full_hand(rules: engine.Rules) -> str:
    return ngettext("A hand holds %(count)s card at the end of a round",
                    "A hand holds %(count)s cards at the end of a round",
                    rules.hand_size) % {"count": rules.hand_size}


def rank_buttons(rules: engine.Rules, cards: list[str], suit: str) -> list[tuple[str, str, bool]]:
    """The picker's ranks in `suit`, each marked when the round already holds as many of
    that card as the decks (or, for the joker, the game) allow."""
    counts = Counter(cards)
    buttons = [(rank, label, counts[f"{rank}{suit}"] >= rules.decks)
               for rank, label in picker_ranks()]
    if rules.jokers:
        buttons.append((JOKER, _("Joker"), counts[JOKER] >= rules.jokers))
    return buttons


def round_cards(data, *, without: str | tuple[str, ...] = "") -> list[str]:
    """Every card picked anywhere in the round form (hands and laid melds), but the fields
    `without`: the cards the decks must also hold for one more to be picked."""
    modes = {"cards": "mode", "melds": "lmode"}  # the field saying cards are picked
    skipped = {without} if isinstance(without, str) else set(without)
    cards = []
    for key in data:
        kind, _sep, player = key.partition("-")
        if key in skipped or kind not in modes or data.get(f"{modes[kind]}-{player}") != "cards":
            continue
        text = (data.get(key) or "").replace("|", " ")
        if text.strip():
            try:
                # A card taken from the table was counted where it was first laid.
                cards += [card for card in engine.parse_laid_meld(text)
                          if not engine.from_table(card)]
            except engine.CardError:
                pass
    return cards


def _deck_refusal(rules: engine.Rules, cards: list[str], card: str) -> str:
    """Why `card` cannot be picked with `cards` already in the round, or ""."""
    try:
        engine.check_deck([[*cards, card]], decks=rules.decks, jokers=rules.jokers)
    except engine.CardError:
        if card == JOKER:
            return ngettext("The game has only %(count)s joker",
                            "The game has only %(count)s jokers",
                            rules.jokers) % {"count": rules.jokers}
        return _("The decks hold %(count)s × %(card)s") % {"count": rules.decks,
                                                           "card": card_view(card).label}
    return ""


def hand_entry(player: int, name: str, data, rules: engine.Rules, *, action: str = "",
               argument: str = "") -> HandEntry:
    """A player's entry from the form data, with a picker action applied and evaluated.

    `action` is "cards" (open the picker), "number" (back to typing), "add" (a rank or
    "JK" in the chosen suit), "remove" (a card, "7H") or "clear". A card is refused when
    the decks in play hold no more copies of it, counting every card of the form.
    """
    entry = HandEntry(player, name, hand_size=rules.hand_size,
                      whole=engine.family_for(rules).whole_hands)
    entry.mode = "cards" if data.get(f"mode-{player}") == "cards" else "number"
    # Kept as typed (bounded): a value cut short would be a wrong number, not a refused one.
    entry.value = (data.get(f"dw-{player}") or "").strip()[:MAX_TYPED]
    entry.suit = data.get(f"suit-{player}") if data.get(f"suit-{player}") in SUITS else "S"
    try:
        entry.cards = engine.parse_cards(data.get(f"cards-{player}") or "") if (
            data.get(f"cards-{player}") or "").strip() else []
    except engine.CardError:
        entry.cards = []
    if action == "cards":
        entry.mode = "cards"
    elif action == "number":
        # Back to typing keeps what the cards counted (issue 25, item 1): the points stay,
        # the cards go. Points already typed (a phone's hand filled in) are kept as typed.
        if entry.cards and not entry.value:
            entry.value = str(_picked_points(entry.cards, rules, whole=entry.whole))
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
            entry.error = full_hand(rules)
        else:
            others = round_cards(data, without=f"cards-{player}")
            entry.error = _deck_refusal(rules, [*others, *entry.cards], card)
            if not entry.error:
                entry.cards.append(card)
    if entry.mode == "cards" and entry.cards:
        if entry.whole:
            entry.deadwood = hand_value(entry.cards, rules)
            entry.unmatched = [card_view(code) for code in entry.cards]
        else:
            # Gin lays a defender's cards off as the round will (web/families/gin_round.py).
            result = families.for_rules(rules).hand_as_scored(player, data, rules, entry.cards)
            entry.deadwood = result.deadwood
            entry.melds = [[card_view(code) for code in meld] for meld in result.melds]
            entry.unmatched = [card_view(code) for code in result.unmatched]
            entry.laid_off = [card_view(code) for code in getattr(result, "laid_off", ())]
    return entry


def _picked_points(cards: list[str], rules: engine.Rules, *, whole: bool) -> int:
    """What picked cards count, as the picker shows it: whole (Basic Rummy, Rami) or the
    deadwood the best melds leave."""
    return hand_value(cards, rules) if whole else engine.evaluate_hand(cards, rules).deadwood


def _melds_from(text: str) -> list[list[str]]:
    """The form's melds text ("QS KS AS|7H 7D 7C|") as lists; an empty last meld is the one
    just started."""
    melds = []
    for part in (text or "").split("|")[:20]:
        try:
            melds.append(engine.parse_laid_meld(part) if part.strip() else [])
        except engine.CardError:
            melds.append([])
    closed = [meld for meld in melds[:-1] if meld]
    return [*closed, melds[-1]] if melds else []


def laid_entry(player: int, data, rules: engine.Rules, *, action: str = "",
               argument: str = "") -> LaidEntry:
    """What a Rami player laid, from the form data, with a picker action applied.

    `action` is "cards" (pick the melds), "number" (back to typing), "add" (a rank or "JK"
    in the chosen suit, to the open meld), "next" (start another meld), "remove" ("1:7H",
    a card of the second meld) or "clear".
    """
    laid = LaidEntry(player)
    laid.mode = "cards" if data.get(f"lmode-{player}") == "cards" else "number"
    laid.value = (data.get(f"laid-{player}") or "").strip()[:MAX_TYPED]
    laid.suit = data.get(f"lsuit-{player}") if data.get(f"lsuit-{player}") in SUITS else "S"
    laid.table = bool(data.get(f"ltable-{player}"))
    laid.melds = _melds_from(data.get(f"melds-{player}") or "")
    if action == "cards":
        laid.mode = "cards"
    elif action == "number":
        laid.mode, laid.melds = "number", []
    elif action == "clear":
        laid.melds = []
    elif action == "next":
        if laid.melds and laid.melds[-1]:
            laid.melds.append([])
    elif action == "remove":
        index, _sep, card = argument.partition(":")
        if index.isdigit() and int(index) < len(laid.melds) and card in laid.melds[int(index)]:
            laid.melds[int(index)].remove(card)
            laid.melds = [meld for number, meld in enumerate(laid.melds)
                          if meld or number == len(laid.melds) - 1]
    elif action == "add":
        card = JOKER if argument == JOKER else f"{argument}{laid.suit}"
        if argument != JOKER and argument not in RANKS:
            laid.error = _("Tap a rank: A, 2 to 10, J, Q or K")
        elif not laid.table:
            others = round_cards(data, without=f"melds-{player}")
            laid.error = _deck_refusal(rules, [*others, *(c for m in laid.melds for c in m)],
                                       card)
        if not laid.error:
            if not laid.melds:
                laid.melds.append([])
            # A card taken from the table goes in marked (docs/rules.md 10.6); it was laid
            # already, so it takes no copy from the decks.
            laid.melds[-1].append(f"[{card}]" if laid.table else card)
    if laid.mode == "cards":
        last = len(laid.melds) - 1
        laid.views = [
            MeldView(index, [card_view(code) for code in meld],
                     meld_value(meld, rules) if len(meld) >= 3 else None,
                     index == last)
            for index, meld in enumerate(laid.melds)
        ]
        # The melds complete so far; the one being picked counts once it is a meld.
        scored = [view.points for view in laid.views if view.points is not None]
        laid.points = sum(scored) if scored else None
    return laid


def penalty_choices(rules: engine.Rules, chosen: str) -> list[tuple[str, str]]:
    """A Rami penalty as a choice (value in points): none, or 1 to 5 times the rules'
    penalty, and whatever was stored beyond that."""
    step = rules.penalty
    choices = [("", "0")] + [(str(count * step), f"{count} × {step}") for count in range(1, 6)]
    if whole(chosen) and int(chosen) and chosen not in dict(choices):
        choices.append((chosen, chosen))
    return choices


def round_entry(player: int, name: str, data, rules: engine.Rules, *, action: str = "",
                argument: str = "") -> HandEntry:
    """A row of the round form: the hand and, where a round records it (Rami), what was
    laid and the penalty.
    Actions named "lay_..." act on the laid melds' picker, the others on the hand's."""
    laying = action.startswith("lay_")
    entry = hand_entry(player, name, data, rules, action="" if laying else action,
                       argument=argument)
    laid_cards = []
    family = engine.family_for(rules)
    if family.records_laid:
        # Where players are eliminated what they laid counts nothing: not asked (10.5).
        if not family.eliminates(rules):
            entry.laid = laid_entry(player, data, rules, action=action[4:] if laying else "",
                                    argument=argument)
        entry.penalty = (data.get(f"pen-{player}") or "").strip()[:6]
        if entry.penalty == "0":
            entry.penalty = ""
        entry.penalty_choices = penalty_choices(rules, entry.penalty)
        if entry.laid is not None and entry.laid.mode == "cards":
            laid_cards = [card for meld in entry.laid.melds for card in meld]
    # The round's cards as this tap left them, to grey out those the decks have no more of.
    held = entry.cards if entry.mode == "cards" else []
    cards = [*round_cards(data, without=(f"cards-{player}", f"melds-{player}")), *held,
             *laid_cards]
    entry.ranks = rank_buttons(rules, cards, entry.suit)
    if entry.laid is not None:
        # A card taken from the table is one laid already: no rank is used up for it.
        entry.laid.ranks = rank_buttons(rules, [] if entry.laid.table else cards,
                                        entry.laid.suit)
    return entry


class RoundInput:
    """A round as typed in the form under the game's rules: who ended it and each
    participant's entry; where the family asks (Rami) also what was laid, how the round
    was finished and the penalties; or (in a family with void rounds, Gin) the void round
    button.

    Only the shape is checked here (a number, a choice); whether the round is
    possible is the engine's question, asked through the service.
    """

    def __init__(self, data, entries, *, rules: engine.Rules, correcting: bool = False):
        family = engine.family_for(rules)
        self.data = data
        self.entries = entries  # HandEntry per participant, in the form's order
        self.pages = families.for_rules(rules)  # the family's words (web/families)
        self.records_laid = family.records_laid
        # A hand counts whole (Basic Rummy, Rami): who ended the round holds nothing.
        self.whole_hands = family.whole_hands
        # Where players are eliminated what they laid does not count: it may be left empty.
        self.eliminates = family.eliminates(rules)
        self.correcting = correcting
        self.errors: dict[str, str] = {}
        self.ender: int | None = None
        self.hands = []
        self.finish: str | None = None
        self.penalties: list[tuple[int, int]] = []
        # The row each hand and each penalty sent came from, for the engine's errors.
        self.hand_rows: list[HandEntry] = []
        self.penalty_rows: list[HandEntry] = []
        self.reason = (data.get("reason") or "").strip()[:255]
        # The family's own choices besides the rows: Gin's upcard and Big Gin, a gin's
        # knocker holding nothing, Rami elimination's "nobody else had laid".
        self.choices = self.pages.read_round(data, rules)
        # A void round has no knocker and no hands: whatever was typed is not sent.
        self.void = family.void_rounds and bool(data.get("void"))

    def is_valid(self) -> bool:
        if self.correcting and not self.reason:
            self.errors["reason"] = _("Say in a few words why the round is corrected")
        self.errors.update(self.choices.errors)
        if self.void:
            return not self.errors
        self._read_ender()
        self._refuse_repeats()
        if self.pages.finishes:
            finish = self.data.get("finish", "")
            if finish in dict(self.pages.finishes):
                self.finish = finish
            else:
                self.errors["finish"] = _("Tap how the round was finished")
        for entry in self.entries:
            entry.ender = entry.player == self.ender
            if entry.ender and self.choices.ender_holds_nothing:
                self._send(entry, HandInput(entry.player, deadwood=0))  # a gin: not asked
                continue
            hand = self._laid(entry) if self.records_laid else HandInput(entry.player)
            # A hand counting whole: who went out holds nothing, and gives no hand.
            if entry.ender and self.whole_hands:
                if self.records_laid and hand is not None:
                    self._send(entry, hand)
                continue
            held = self._hand(entry, hand or HandInput(entry.player))
            if held is not None and hand is not None and not entry.error:
                self._send(entry, held)
        for entry in self.entries:
            self._penalty(entry)
        return not self.errors and all(
            not (entry.error or entry.penalty_error or (entry.laid and entry.laid.error))
            for entry in self.entries)

    def _read_ender(self) -> None:
        ids = [entry.player for entry in self.entries]
        ender = self.data.get("ender", "")
        if len(_sent(self.data, "ender")) > 1:
            # Radio buttons send one; two are a forged or broken form, not a choice to make.
            self.errors["ender"] = str(self.pages.ender_twice)
        elif not ender:
            self.errors["ender"] = str(self.pages.ender_missing)
        elif not whole(ender) or int(ender) not in ids:
            self.errors["ender"] = str(self.pages.ender_unknown)
        else:
            self.ender = int(ender)

    def _refuse_repeats(self) -> None:
        """A field of a row sent twice: which of the two was meant is not for us to guess."""
        for entry in self.entries:
            fields = ("dw", "cards", "mode", "laid", "melds", "lmode", "pen")
            if any(len(_sent(self.data, f"{name}-{entry.player}")) > 1 for name in fields):
                entry.error = _("The form sent %(name)s's entry twice: enter it once") % {
                    "name": entry.name}

    def _send(self, entry: HandEntry, hand: HandInput) -> None:
        self.hands.append(hand)
        self.hand_rows.append(entry)

    def _hand(self, entry: HandEntry, hand: HandInput) -> HandInput | None:
        """The cards or points left in a hand, onto what was laid; None when wrong."""
        if entry.mode == "cards":
            if not entry.cards:
                entry.error = _("Tap %(name)s's cards, or type the points") % {
                    "name": entry.name}
                return None
            return replace(hand, cards=list(entry.cards))
        if entry.value == "":
            entry.error = _("Enter %(name)s's points") % {"name": entry.name}
        elif not whole(entry.value):
            entry.error = _("Points are a whole number, like 7 or 23")
        else:
            return replace(hand, deadwood=int(entry.value))
        return None

    def _laid(self, entry: HandEntry) -> HandInput | None:
        """What a player laid (Rami): points or melds; left empty only where players are
        eliminated (docs/rules.md 10.5: not known). None when wrong."""
        laid = entry.laid
        if laid is None:  # elimination: only "nobody else had laid" is asked (10.5)
            if self.choices.others_laid_nothing and entry.player != self.ender:
                return HandInput(entry.player, laid=0)
            return HandInput(entry.player)
        if laid.mode == "cards":
            if not laid.laid_melds:
                laid.error = _("Tap the cards %(name)s laid, or type the points") % {
                    "name": entry.name}
                return None
            return HandInput(entry.player, laid_melds=laid.laid_melds)
        if laid.value == "":
            if self.eliminates:
                return HandInput(entry.player)
            laid.error = _("Enter the points %(name)s laid (0 if nothing)") % {
                "name": entry.name}
        elif not whole(laid.value):
            laid.error = _("Points are a whole number, like 7 or 23")
        else:
            return HandInput(entry.player, laid=int(laid.value))
        return None

    def _penalty(self, entry: HandEntry) -> None:
        if not entry.penalty:
            return
        if not whole(entry.penalty):
            entry.penalty_error = _("Choose the penalty from the list")
            return
        self.penalties.append((entry.player, int(entry.penalty)))
        self.penalty_rows.append(entry)

    def place_errors(self, error) -> None:
        """Every error the engine found in the round, each next to its field. The engine
        gathers them into one error's `errors`; a single error stands for itself."""
        for each in getattr(error, "errors", None) or [error]:
            self.place_error(each)

    def place_error(self, error) -> None:
        """An engine error next to its field: hands[i].* on the row of the i-th hand sent
        (its laid part for .laid...), penalties[i].* at that row's penalty, else the
        form. A second error on the same field is added to the first."""
        where, message = error.where, message_for(error)
        rows = {"hands": self.hand_rows, "penalties": self.penalty_rows}.get(
            where[0] if where else None, [])
        index = where[1] if len(where) > 1 and isinstance(where[1], int) else None
        if index is not None and index < len(rows):
            entry, rest = rows[index], where[2:]
            if where[0] == "penalties":
                entry.penalty_error = _joined(entry.penalty_error, message)
            elif rest and rest[0] in ("laid", "laid_melds") and entry.laid is not None:
                entry.laid.error = _joined(entry.laid.error, message)
                if rest[0] == "laid_melds" and len(rest) > 1 and isinstance(rest[1], int):
                    entry.laid.bad_meld = rest[1]
            else:
                entry.error = _joined(entry.error, message)
            return
        key = where[0] if where in (("ender",), ("finish",), ("upcard",), ("big_gin",)) else "form"
        self.errors[key] = _joined(self.errors.get(key, ""), message)


def _joined(before: str, message: str) -> str:
    if not before or message == before:
        return message
    return f"{before} · {message}"


def _sent(data, name: str) -> list[str]:
    """Every value the form sent under `name` (a plain dict holds one at most)."""
    if hasattr(data, "getlist"):
        return data.getlist(name)
    return [data[name]] if name in data else []


def whole(text: str) -> bool:
    """Digits 0-9 only: str.isdigit() also takes "²", which int() refuses."""
    return text.isascii() and text.isdigit()

