"""Melds and the exact deadwood search (docs/rules.md 2).

Deadwood is the least sum of the cards left out of melds, over every way to
arrange the hand. The search:

1. lists the candidate melds of the natural cards (runs and sets, with the
   number of jokers each needs and the most it can hold); a card that fits in
   no candidate is deadwood whatever happens and leaves the search at once;
2. takes the lowest card still in the hand and tries every place for it:
   deadwood, the discard (`best_discard` only), a run with two jokers, or a
   candidate meld containing it with each feasible number of jokers;
3. remembers the answer for each (cards left, jokers left, discard left).

Two copies of a card (two decks) are one entry with a count, so they are
never tried twice. The cards left are packed into one integer, a small bit
field per distinct card holding its count under a guard bit, so "does the hand
still hold this meld?" is one subtraction: a missing card borrows its guard.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .cards import JOKER, RANKS, SUITS, parse_card, parse_cards
from .errors import CardError
from .presets import Rules

_JOKER_CODE = 0
# Card code = suit * 16 + rank (rank 1 = ace .. 13 = king); the joker is 0.
_CODE = {rank + suit: suit_number * 16 + rank_number
         for rank_number, rank in enumerate(RANKS, start=1)
         for suit_number, suit in enumerate(SUITS)} | {JOKER: _JOKER_CODE}  # fmt: skip
_TEXT = {code: text for text, code in _CODE.items()}
_INFINITE = 1 << 30


@dataclass(slots=True)
class HandResult:
    """The least deadwood of a hand and one arrangement that reaches it."""

    deadwood: int
    melds: list[list[str]]
    unmatched: list[str]
    discard: str | None = None  # best_discard only: the card to throw


class _Meld:
    """A candidate meld of natural cards; its jokers are counted, not listed."""

    __slots__ = ("uses", "need", "most", "suit", "positions", "worth", "first", "cards")

    def __init__(self, uses, need, most, config, suit=None, positions=()):
        self.uses = uses  # card codes taken from the hand (a code twice = both copies)
        self.need = need  # jokers it cannot do without
        self.most = most  # jokers it can hold
        self.suit = suit  # runs: the suit; sets: None
        self.positions = positions  # runs: 1 (ace low) .. 14 (ace high) of its naturals
        self.worth = sum(config.value[code] for code in uses)  # what it takes off the deadwood
        self.first = min(uses, key=config.order.__getitem__)  # the card the search meets first
        self.cards = sum({1 << code for code in uses})  # a bit per distinct card


class _Config:
    """What the search needs from a rule set, worked out once per Rules object."""

    def __init__(self, rules: Rules):
        values = rules.card_values
        self.value = {code: values[RANKS[code % 16 - 1]] for code in _TEXT if code}
        self.value[_JOKER_CODE] = values["JK"]
        # The search's card order: dearest first (see _solve), then by code.
        self.order = {code: (100_000 - points) * 64 + code for code, points in self.value.items()}
        self.ace_high = rules.ace_in_runs == "high_or_low"
        self.top = 14 if self.ace_high else 13  # the highest run position
        self.distinct_suits = rules.set_distinct_suits
        self.jokers_per_meld = (
            16 if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
        )
        # Candidate runs of one suit and sets of one rank, by what they depend on.
        self.runs: dict[tuple, list[_Meld]] = {}
        self.sets: dict[tuple, list[_Meld]] = {}


def _config(rules: Rules) -> _Config:
    config = rules.__dict__.get("_meld_config")
    if config is None:
        config = _Config(rules)
        # Rules is frozen and compared by its fields; this derived cache is neither.
        object.__setattr__(rules, "_meld_config", config)
    return config


def _codes(cards: str | Iterable[str]) -> list[int]:
    if isinstance(cards, str):
        return [_CODE[card] for card in parse_cards(cards)]
    try:
        return [_CODE[card] for card in cards]
    except (KeyError, TypeError):
        return [_CODE[parse_card(card)] for card in cards]


def evaluate_hand(cards: str | Iterable[str], rules: Rules) -> HandResult:
    """The least deadwood over all arrangements of every card given, with one arrangement."""
    codes = _codes(cards)
    if not codes:
        raise CardError("hand_without_cards")
    return _solve(codes, _config(rules), False)


def best_discard(cards: str | Iterable[str], rules: Rules) -> HandResult:
    """For a hand with one card too many: the discard that leaves the least deadwood.

    `discard` names the card; `deadwood`, `melds` and `unmatched` describe the
    hand without it.
    """
    codes = _codes(cards)
    if len(codes) < 2:
        raise CardError("discard_too_few_cards")
    return _solve(codes, _config(rules), True)


def _candidate_melds(counts: dict[int, int], jokers: int, config: _Config) -> list[_Meld]:
    """The melds the natural cards can form with at most `jokers` jokers.

    A lone card with two jokers is left to the search, which offers it for
    every card, so every candidate here has two natural cards or more.
    """
    spare = min(jokers, config.jokers_per_meld)
    suits = [0, 0, 0, 0]  # per suit, a bit per rank held
    for code in counts:
        suits[code >> 4] |= 1 << (code & 15)
    spades, hearts, diamonds, clubs = suits
    # Ranks held in two suits or more: the cards that have a partner for a set
    # (needed only where a joker can complete a pair).
    paired = doubled_suits = 0
    if spare:
        paired = (spades & (hearts | diamonds | clubs)) | (hearts & (diamonds | clubs)) | (
            diamonds & clubs
        )
        for code, count in counts.items():
            if count > 1:
                doubled_suits |= 1 << (code >> 4)
    melds: list[_Meld] = []
    runs = config.runs
    ace_high = config.ace_high
    for suit, held in enumerate(suits):
        if ace_high and held & 2:
            held |= 1 << 14
        if spare == 0 and not held & (held >> 1) & (held >> 2):
            continue  # no three in a row
        if held & (held - 1):
            doubled = spare >= 3 or doubled_suits >> suit & 1
            # The runs of a suit depend only on these, so they are worked out once.
            key = (suit, held, spare, doubled, paired & held if spare else 0)
            found = runs.get(key)
            if found is None:
                found = runs[key] = _runs(suit, held, spare, doubled, paired, config)
            if held & 0x4002 == 0x4002 and counts[suit * 16 + 1] < 2:
                # A run from ace low to ace high needs both copies of the ace.
                found = [meld for meld in found if meld.positions[-1] - meld.positions[0] < 13]
            melds.extend(found)
    if config.distinct_suits:
        three = (spades & hearts & (diamonds | clubs)) | ((spades | hearts) & diamonds & clubs)
        ranks = paired if spare else three
        sets = config.sets
        while ranks:
            rank = (ranks & -ranks).bit_length() - 1
            ranks &= ranks - 1
            key = (rank, spades >> rank & 1, hearts >> rank & 1, diamonds >> rank & 1,
                   clubs >> rank & 1, spare)  # fmt: skip
            found = sets.get(key)
            if found is None:
                held = [suit * 16 + rank for suit in range(4) if suits[suit] >> rank & 1]
                found = sets[key] = _sets(held, spare, config)
            melds.extend(found)
    else:
        for rank in range(1, 14):
            held = [s * 16 + rank for s in range(4) for _ in range(counts.get(s * 16 + rank, 0))]
            if len(held) >= 2 and len(held) + spare >= 3:
                melds.extend(_sets(held, spare, config))
    return melds


def _runs(suit: int, held: int, spare: int, doubled: bool, paired: int, config) -> list[_Meld]:
    """Runs of one suit: a window of held positions, gaps and short ends filled by jokers.

    Inside a window a held card may also be left out for a joker when it could
    serve elsewhere: in a set (`paired`), or in a second run of its suit. With
    no two copies of a card of the suit (`doubled`) and fewer than three
    jokers, no second run can take it, so keeping it is never worse.
    """
    positions = [p for p in range(1, 15) if held >> p & 1]
    top = config.top
    found = []
    count = len(positions)
    for first in range(count):
        low = positions[first]
        for last in range(first + 1, count):
            high = positions[last]
            span = high - low + 1
            gaps = span - (last - first + 1)
            if gaps > spare:
                break
            need = gaps + max(0, 3 - span)
            if need > spare:
                continue
            chosen = tuple(positions[first:last + 1])
            most = min(config.jokers_per_meld, gaps + top - span)
            found.append(_Meld(_run_codes(suit, chosen), need, most, config, suit, chosen))
            if need < spare and last - first > 1:
                inner = [p for p in chosen[1:-1] if doubled or paired >> (p % 14 or 1) & 1]
                for size in range(1, min(spare - need, len(inner)) + 1):
                    for left_out in combinations(inner, size):
                        kept = tuple(p for p in chosen if p not in left_out)
                        most = min(config.jokers_per_meld, span - len(kept) + top - span)
                        found.append(_Meld(_run_codes(suit, kept), span - len(kept), most,
                                           config, suit, kept))
    return found


def _run_codes(suit: int, positions: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(suit * 16 + (1 if p == 14 else p) for p in positions)


def _sets(held: list[int], spare: int, config) -> list[_Meld]:
    """Sets of one rank, 3 or 4 cards, jokers standing in for the missing ones."""
    found = []
    for size in range(max(2, 3 - spare), min(4, len(held)) + 1):
        for uses in dict.fromkeys(combinations(held, size)):
            most = min(config.jokers_per_meld, 4 - size)
            found.append(_Meld(uses, max(0, 3 - size), most, config))
    return found


def _solve(codes: list[int], config: _Config, discard: bool) -> HandResult:
    """The exact search; see the module docstring."""
    value = config.value
    joker_value = value[_JOKER_CODE]
    counts = dict.fromkeys(codes, 1)
    if len(counts) != len(codes):  # twin cards from two decks, or several jokers
        counts = {}
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
    jokers = counts.pop(_JOKER_CODE, 0)
    melds = _candidate_melds(counts, jokers, config) if counts else []
    if not melds and jokers < 2 and not discard:
        return HandResult(sum(map(value.__getitem__, codes)), [], [_TEXT[c] for c in codes])
    # Any card makes a run with two jokers (X-JK-JK, JK-X-JK or JK-JK-X).
    lone_most = min(config.jokers_per_meld, config.top - 1)
    lone = jokers >= 2 and lone_most >= 2
    if lone:
        meldable = list(counts)
        fixed = 0
    else:
        in_melds = 0
        for meld in melds:
            in_melds |= meld.cards
        meldable = []
        fixed = 0
        for code, count in counts.items():
            if in_melds >> code & 1:
                meldable.append(code)
            else:
                fixed += value[code] * count
    if not meldable:
        fixed += jokers * joker_value
    if not meldable and not discard:
        return HandResult(fixed, [], [_TEXT[code] for code in codes])
    if not discard:
        if jokers == 0 and len(codes) == len(counts) and len(melds) <= 16:
            return _natural_melds(codes, melds, config)
        if jokers <= 2 and all(meld.need for meld in melds):
            return _few_jokers(codes, counts, melds, jokers, lone, config)
    searched_jokers = jokers if meldable else 0

    # Dearest cards first: then the card to meld with two jokers, and the card to
    # discard, can only be one that comes before every unmelded card (swapping
    # it with a dearer unmelded card never makes the deadwood larger).
    natural = sorted(meldable, key=config.order.__getitem__)
    most_copies = max(counts.values(), default=1)
    width = 3 if most_copies < 4 else most_copies.bit_length() + 1
    field = {}
    bit = {}
    guards = start = 0
    for index, code in enumerate(natural):
        field[code] = shift = index * width
        bit[code] = 1 << shift
        guards |= 1 << (shift + width - 1)
        start += counts[code] << shift
    count_mask = (1 << (width - 1)) - 1
    melds_from: dict[int, list[tuple[int, int, int, int, _Meld]]] = {}
    natural_melds_from: dict[int, list[tuple[int, int, _Meld]]] = {}  # those without jokers
    for meld in melds:
        vector = sum(map(bit.__getitem__, meld.uses))
        first = field[meld.first]
        if jokers:
            melds_from.setdefault(first, []).append(
                (vector, meld.worth, meld.need, meld.most, meld)
            )
        if not meld.need:
            natural_melds_from.setdefault(first, []).append((vector, meld.worth, meld))
    last_meld = max(melds_from, default=-1)
    last_natural_meld = max(natural_melds_from, default=-1)
    memo: dict[int, tuple[int, tuple]] = {}

    def least(state: int, jokers: int, flags: int, left: int) -> int:
        """Least deadwood of the cards in `state` (worth `left`) plus `jokers` loose jokers.

        `flags`: bit 0 = a discard is still due, bit 1 = a card was left unmelded.
        """
        low_bit = (state & -state).bit_length() - 1
        shift = low_bit - low_bit % width
        if not state or (
            shift > last_natural_meld if not jokers
            else shift > last_meld and (flags & 2 or jokers < 2 or not lone)
        ):
            # No meld can start here any more: the rest is deadwood.
            best = left + jokers * joker_value
            if not flags & 1:
                choice: tuple = _TAIL
            elif jokers and (
                flags & 2 or not state or joker_value >= value[natural[shift // width]]
            ):
                best, choice = best - joker_value, _TAIL_JOKER
            elif state and not flags & 2:
                best, choice = best - value[natural[shift // width]], _TAIL_DISCARD
            else:
                best, choice = _INFINITE, _TAIL
            memo[(state << 7) | (jokers << 2) | flags] = (best, choice)
            return best
        code = natural[shift // width]
        count = (state >> shift) & count_mask
        # Copies are interchangeable: if an optimum leaves one copy of the lowest
        # card unmelded while another sits in a meld, swapping them changes
        # nothing, so "all copies unmelded" plus "one copy in a meld" cover it.
        worth = count * value[code]
        rest = state - (count << shift)
        hit = memo.get((rest << 7) | (jokers << 2) | flags | 2)
        best = worth + (hit[0] if hit else least(rest, jokers, flags | 2, left - worth))
        choice = ("deadwood", code, count)
        if flags == 1:
            rest = state - (1 << shift)
            hit = memo.get((rest << 7) | (jokers << 2))
            result = hit[0] if hit else least(rest, jokers, 0, left - value[code])
            if result < best:
                best, choice = result, ("discard", code)
        if lone and jokers >= 2 and not flags & 2:
            rest = state - (1 << shift)
            for used in range(2, min(lone_most, jokers) + 1):
                hit = memo.get((rest << 7) | ((jokers - used) << 2) | flags)
                result = hit[0] if hit else least(rest, jokers - used, flags, left - value[code])
                if result < best:
                    best, choice = result, ("lone", code, used)
        if not jokers:
            for vector, worth, meld in natural_melds_from.get(shift, ()):
                rest = (state | guards) - vector
                if rest & guards == guards:  # else a card of the meld is gone
                    rest -= guards
                    hit = memo.get((rest << 7) | flags)
                    result = hit[0] if hit else least(rest, 0, flags, left - worth)
                    if result < best:
                        best, choice = result, ("meld", meld, 0)
        else:
            for vector, worth, need, most, meld in melds_from.get(shift, ()):
                rest = (state | guards) - vector
                if rest & guards != guards:
                    continue  # a card of the meld is no longer in the hand
                rest -= guards
                for used in range(need, min(most, jokers) + 1):
                    hit = memo.get((rest << 7) | ((jokers - used) << 2) | flags)
                    result = hit[0] if hit else least(rest, jokers - used, flags, left - worth)
                    if result < best:
                        best, choice = result, ("meld", meld, used)
        memo[(state << 7) | (jokers << 2) | flags] = (best, choice)
        return best

    worth = sum([value[code] * counts[code] for code in natural])
    best = fixed + least(start, searched_jokers, int(discard), worth)
    discard_outside = None
    if discard:
        # The discard may also be a card that fits nowhere: then the dearest such card.
        outside = [code for code in counts if code not in field]
        if jokers and not meldable:
            outside.append(_JOKER_CODE)
        if outside:
            dearest = max(outside, key=value.__getitem__)
            kept = fixed - value[dearest] + least(start, searched_jokers, 0, worth)
            if kept <= best:
                best, discard_outside = kept, dearest
    walk = _Walk(memo, field, count_mask, config)
    walk.follow(start, searched_jokers, int(discard and discard_outside is None))
    return walk.result(best, codes, jokers - searched_jokers, discard_outside)


def _natural_melds(codes, melds, config: _Config) -> HandResult:
    """The search for a hand without jokers or twin cards: the best disjoint melds.

    Ten cards hold at most three melds, so trying every set of melds that share
    no card is quick when there are a handful of candidates.
    """
    best_saving, best_chosen = 0, ()
    count = len(melds)

    def grow(start: int, used: int, saving: int, chosen: tuple) -> None:
        nonlocal best_saving, best_chosen
        for index in range(start, count):
            meld = melds[index]
            if not used & meld.cards:
                total = saving + meld.worth
                if total > best_saving:
                    best_saving, best_chosen = total, (*chosen, meld)
                grow(index + 1, used | meld.cards, total, (*chosen, meld))

    grow(0, 0, 0, ())
    walk = _Walk({}, {}, 0, config)
    in_melds = 0
    for meld in best_chosen:
        in_melds |= meld.cards
    value = config.value
    unmatched = [code for code in codes if not in_melds >> code & 1]
    return HandResult(
        sum(map(value.__getitem__, unmatched)),
        [walk.show(meld, 0) for meld in best_chosen],
        [_TEXT[code] for code in unmatched],
    )


def _few_jokers(codes, counts, melds, jokers, lone, config: _Config) -> HandResult:
    """The search for the common hand whose melds all need a joker, with one or two.

    Then every meld holds a joker, so there are at most two melds: the best is
    one meld, a card with both jokers, or two melds of one joker each.
    """
    value = config.value
    joker_value = value[_JOKER_CODE]
    best_saving, best_melds = 0, []
    for meld in melds:
        used = min(meld.most, jokers)
        if used >= meld.need:
            saving = meld.worth + used * joker_value
            if saving > best_saving:
                best_saving, best_melds = saving, [(meld, used)]
    if lone:
        dearest = max(counts, key=lambda code: (value[code], -code))
        saving = value[dearest] + 2 * joker_value
        if saving > best_saving:
            suit, rank = dearest >> 4, dearest & 15
            lone_meld = _Meld((dearest,), 2, 2, config, suit, (rank,))
            best_saving, best_melds = saving, [(lone_meld, 2)]
    if jokers == 2:
        singles = [meld for meld in melds if meld.need == 1]
        for index, first in enumerate(singles):
            for second in singles[index:]:  # the same meld twice, from two decks
                saving = first.worth + second.worth + 2 * joker_value
                # Only a pair that would save more is worth asking whether the hand holds it.
                if saving > best_saving and _disjoint(first.uses, second.uses, counts):
                    best_saving, best_melds = saving, [(first, 1), (second, 1)]
    shown, left = [], dict(counts)
    walk = _Walk({}, {}, 0, config)
    for meld, used in best_melds:
        shown.append(walk.show(meld, used))
        for code in meld.uses:
            left[code] -= 1
    unmatched = []
    for code in codes:
        if code and left[code]:
            left[code] -= 1
            unmatched.append(_TEXT[code])
    unmatched.extend([JOKER] * (jokers - sum(used for _, used in best_melds)))
    total = sum(value[code] for code in codes)
    return HandResult(total - best_saving, shown, unmatched)


def _disjoint(first: tuple[int, ...], second: tuple[int, ...], counts: dict[int, int]) -> bool:
    """Whether the hand holds the cards of both melds at once."""
    return all(first.count(code) + second.count(code) <= counts[code] for code in second)


_TAIL = ("tail",)
_TAIL_JOKER = ("tail", "discard_joker")
_TAIL_DISCARD = ("tail", "discard_first")


class _Walk:
    """Follows the search's recorded choices to one optimal arrangement."""

    def __init__(self, memo, field, count_mask, config: _Config):
        self.memo, self.field, self.count_mask, self.config = memo, field, count_mask, config
        self.melds: list[list[str]] = []
        self.loose: dict[int, int] = {}
        self.jokers_left = 0
        self.discarded: int | None = None

    def follow(self, state: int, jokers: int, flags: int) -> None:
        field = self.field
        while True:
            choice = self.memo[(state << 7) | (jokers << 2) | flags][1]
            action = choice[0]
            if action == "tail":
                self._tail(state, choice[1:])
                if choice[1:] == ("discard_joker",):
                    self.discarded = _JOKER_CODE
                    jokers -= 1
                break
            if action == "deadwood":
                _, code, count = choice
                self.loose[code] = count
                state -= count << field[code]
                flags |= 2
            elif action == "discard":
                self.discarded = choice[1]
                state -= 1 << field[choice[1]]
                flags = 0
            elif action == "lone":
                _, code, used = choice
                self.melds.append(self._run(code >> 4, [code & 15], used))
                state -= 1 << field[code]
                jokers -= used
            else:
                _, meld, used = choice
                self.melds.append(self.show(meld, used))
                for code in meld.uses:
                    state -= 1 << field[code]
                jokers -= used
        self.jokers_left = jokers

    def _tail(self, state: int, how: tuple) -> None:
        """Every card still in `state` is unmelded, but the first one when it is the discard."""
        for code, shift in self.field.items():
            count = (state >> shift) & self.count_mask
            if count:
                self.loose[code] = self.loose.get(code, 0) + count
        if how == ("discard_first",):
            first = min(
                (shift, code) for code, shift in self.field.items() if (state >> shift) & 1
                or (state >> shift) & self.count_mask
            )[1]
            self.loose[first] -= 1
            self.discarded = first

    def show(self, meld: _Meld, jokers: int) -> list[str]:
        """A meld as card texts."""
        if meld.suit is None:
            return [_TEXT[code] for code in meld.uses] + [JOKER] * jokers
        return self._run(meld.suit, meld.positions, jokers)

    def _run(self, suit: int, positions, jokers: int) -> list[str]:
        """A run as card texts in order, each joker written where it stands."""
        low, high = positions[0], positions[-1]
        extra = jokers - (high - low + 1 - len(positions))
        # Extra jokers lengthen the run upwards first, then downwards.
        high_end = min(self.config.top, high + extra)
        low_end = low - (extra - (high_end - high))
        return [
            _TEXT[suit * 16 + (1 if p == 14 else p)] if p in positions else JOKER
            for p in range(low_end, high_end + 1)
        ]

    def result(self, deadwood, codes, outside_jokers, discard_outside) -> HandResult:
        loose = self.loose
        for code in codes:
            if code and code not in self.field:
                loose[code] = loose.get(code, 0) + 1
        jokers = self.jokers_left + outside_jokers
        discarded = self.discarded if discard_outside is None else discard_outside
        if discarded == _JOKER_CODE:
            if discard_outside is not None:
                jokers -= 1
        elif discarded is not None and discard_outside is not None:
            loose[discarded] -= 1
        unmatched = []
        for code in codes:
            if code and loose.get(code):
                loose[code] -= 1
                unmatched.append(_TEXT[code])
        unmatched.extend([JOKER] * jokers)
        return HandResult(
            deadwood, self.melds, unmatched, None if discarded is None else _TEXT[discarded]
        )
