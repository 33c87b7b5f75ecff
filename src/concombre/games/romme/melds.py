"""Melds of German Rommé: sets and runs with jokers, what each joker stands for, and values.

A meld on the table is a tuple of places (R13): each holds a card, the card
it stands for (a joker's rank and suit are fixed by its place, R6), its value
(R3) and the seat that first filled it. Runs list their places from low to
high; the order of the cards a player gives for a run is the order of its
places, so ``5H1 6H1 JK1`` puts the joker on the 7 and ``JK1 5H1 6H1`` on the 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from concombre.core.cards import Rank, Suit
from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.i18n import N_, _
from concombre.core.words import card_text, cards_text
from concombre.games.romme.cards import RommeCard, hand_of, rank_value
from concombre.games.romme.refusals import no_joker_there, no_place_there
from concombre.games.romme.rules import MAX_PLAYERS, face, face_rank, face_suit, run_fits, run_number, set_fits

__all__ = [
    "MOST_PLACES", "Meld", "Place", "build_meld", "exchange_joker", "laid_off", "lay_off", "make_meld", "seat_number",
    "table_of", "why_not_meld",
]

MOST_PLACES = 13
"""The most places a meld holds: a run from ace to king, or from two to ace (R6).

Examples:
    >>> MOST_PLACES
    13
"""

Kind = Literal["set", "run"]
End = Literal["low", "high"]


@attrs.frozen
class Place:
    """One place of a meld: the card in it, what it stands for, its value and who filled it.

    Attributes:
        card: The physical card.
        rank: The rank it stands for (a natural card's own rank).
        suit: The suit it stands for; None for a joker in a set, which stands
            for any suit the set does not hold (R6).
        value: Its value on the table (R3): a low ace is 1.
        owner: The seat that first filled the place; its value counts for
            them (R13).

    Examples:
        >>> from concombre.games.romme import make_meld
        >>> place = make_meld(["5H1", "6H1", "JK1"], owner=2).places[2]
        >>> str(place.card), place.rank.symbol, place.suit.value, place.value, place.owner
        ('JK1', '7', 'H', 7, 2)
    """

    card: RommeCard
    rank: Rank
    suit: Suit | None
    value: int
    owner: int

    def stands_for(self) -> str:
        """What the place stands for, as text: ``7H``, or ``Q*`` for a joker in a set of queens."""
        return f"{self.rank.symbol}{self.suit.value if self.suit else '*'}"


@attrs.frozen
class Meld:
    """A set or a run on the table (R5, R6).

    Attributes:
        kind: ``"set"`` or ``"run"``.
        places: The places, for a run from low to high.

    Examples:
        >>> from concombre.games.romme import make_meld
        >>> meld = make_meld(["QH1", "KH2", "JK1"], owner=0)
        >>> meld.kind, meld.value, [place.stands_for() for place in meld.places]
        ('run', 31, ['QH', 'KH', 'AH'])
    """

    kind: Kind
    places: tuple[Place, ...]

    @property
    def cards(self) -> tuple[RommeCard, ...]:
        """The cards of the meld, in place order."""
        return tuple(place.card for place in self.places)

    @property
    def value(self) -> int:
        """The value of all its places (R3)."""
        return sum(place.value for place in self.places)

    def value_for(self, seat: int) -> int:
        """The value of the places ``seat`` filled (R13)."""
        return sum(place.value for place in self.places if place.owner == seat)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


class _UnfitError(Exception):
    """Why cards make no meld, kept unworded: the searches try many lay-offs that fail and never read why, and a
    sentence costs more than the check. It becomes an `IllegalActionError` only when it leaves this module.
    A field may be another ``_UnfitError`` (worded inside this one) or a tuple of cards (shown spaced)."""

    def __init__(self, message: str, ruling: str = "R5", **fields: object) -> None:
        super().__init__(message)
        self.message, self.ruling, self.fields = message, ruling, fields

    def reason(self) -> str:
        def shown(value: object) -> object:
            if isinstance(value, _UnfitError):
                return value.reason()
            if isinstance(value, tuple):
                return cards_text(value)
            return card_text(value) if isinstance(value, RommeCard) else value

        return _(self.message, **{name: shown(value) for name, value in self.fields.items()})

    def refusal(self) -> IllegalActionError:
        return IllegalActionError(self.reason(), self.ruling)


def make_meld(cards: Sequence[RommeCard | str], owner: int) -> Meld:
    """The meld these cards make, in this order, all places filled by ``owner``.

    Raises:
        IllegalActionError: The cards are no meld; the reason says exactly
            why, and the ruling is R5 or R6.

    Examples:
        >>> from concombre import IllegalActionError
        >>> make_meld(["3S1", "3H1", "JK1", "JK2"], owner=1).kind
        'set'
        >>> try:
        ...     make_meld(["3S1", "JK1", "JK2"], owner=1)
        ... except IllegalActionError as err:
        ...     print(err)
        A meld with two or more jokers must hold at least two natural cards. [R6]
    """
    parsed = hand_of(cards)
    return build_meld(parsed, (owner,) * len(parsed))


def why_not_meld(cards: Sequence[RommeCard | str]) -> str | None:
    """Why these cards, in this order, make no meld; None if they do.

    Examples:
        >>> print(why_not_meld(["KH1", "AH1", "2H1"]))
        K-A-2 is no run: the ace plays low (A-2-3) or high (Q-K-A), never round the corner. [R5]
        >>> why_not_meld(["AH1", "2H1", "3H1"]) is None
        True
    """
    try:
        make_meld(cards, owner=0)
    except IllegalActionError as err:
        return str(err)
    return None


def build_meld(cards: tuple[RommeCard, ...], owners: tuple[int, ...]) -> Meld:
    """The meld of these cards in place order, each place filled by its owner seat (R5, R6).

    Raises:
        IllegalActionError: The cards make no meld; the ruling is named.

    Examples:
        >>> from concombre.romme import cards_of
        >>> build_meld(tuple(cards_of("QH1 QS1 QD2")), (0, 0, 1)).kind
        'set'
    """
    checked = hand_of(cards, "cards")
    if isinstance(owners, (str, bytes)) or not isinstance(owners, Sequence) or len(owners) != len(checked):
        raise InvalidArgumentError(f"owners must be one seat for each card, not {owners!r:.80}.", "R9", "owners")
    try:
        return _build(checked, tuple(seat_number(owner, "owners") for owner in owners))
    except _UnfitError as unfit:
        raise unfit.refusal() from None


def _build(cards: tuple[RommeCard, ...], owners: tuple[int, ...]) -> Meld:
    if len(cards) < 3:
        raise _UnfitError(N_("A meld has at least three cards, not {count}."), count=len(cards))
    if len(set(cards)) < len(cards):
        raise _UnfitError(N_("The same card is given twice."), "R2")
    naturals = [card for card in cards if not card.is_joker]
    jokers = len(cards) - len(naturals)
    faces = [(card.rank, card.suit) for card in naturals]
    if len(set(faces)) < len(faces):
        twin = next(card for card in naturals if faces.count((card.rank, card.suit)) > 1)
        raise _UnfitError(N_("Two copies of {card} never share a meld."), "R6", card=twin)
    if jokers >= 2 and len(naturals) < 2:
        raise _UnfitError(N_("A meld with two or more jokers must hold at least two natural cards."), "R6")
    if len({card.rank for card in naturals}) == 1:
        return _build_set(cards, owners, naturals)
    if len({card.suit for card in naturals}) == 1:
        return _build_run(cards, owners)
    raise _UnfitError(N_("These cards are neither a set (their ranks differ) nor a run (their suits differ)."))


def _build_set(cards: tuple[RommeCard, ...], owners: tuple[int, ...], naturals: list[RommeCard]) -> Meld:
    rank = naturals[0].rank
    assert rank is not None
    suits = 0
    for card in naturals:
        suits |= 1 << face_suit(face(card.index))
    if not set_fits(suits, len(naturals), len(cards) - len(naturals)):  # too few cards, or R6: refused already
        if len(cards) > 4:
            raise _UnfitError(N_("A set holds 3 or 4 cards, one of each suit; these are {count}."), count=len(cards))
        raise _UnfitError(N_("A set never holds two cards of one suit."))
    value = rank_value(rank, ace_low=False)
    places = tuple(
        Place(card, rank, card.suit, value, owner) for card, owner in zip(cards, owners, strict=True)
    )
    return Meld("set", places)


def _number(card: RommeCard, ace_low: bool) -> int:
    return run_number(face_rank(face(card.index)), ace_low)


def _build_run(cards: tuple[RommeCard, ...], owners: tuple[int, ...]) -> Meld:
    suit = next(card.suit for card in cards if not card.is_joker)
    assert suit is not None
    if len(cards) > MOST_PLACES:
        raise _UnfitError(N_("A run holds at most {most} cards, not {count}."), "R6", most=MOST_PLACES,
                          count=len(cards))
    first = next(position for position, card in enumerate(cards) if not card.is_joker)
    jokers = sum(card.is_joker for card in cards)
    for ace_low in (False, True):
        start = _number(cards[first], ace_low) - first
        fits = all(
            card.is_joker or _number(card, ace_low) == start + position for position, card in enumerate(cards)
        )
        if fits and run_fits(start, len(cards) - jokers, jokers):
            return Meld("run", tuple(
                _run_place(card, start + position, suit, owner)
                for position, (card, owner) in enumerate(zip(cards, owners, strict=True))
            ))
    ranks = {card.rank for card in cards if not card.is_joker}
    if Rank.ACE in ranks and (Rank.KING in ranks or Rank.QUEEN in ranks) and (Rank.TWO in ranks or Rank.THREE in ranks):
        raise _UnfitError(N_("K-A-2 is no run: the ace plays low (A-2-3) or high (Q-K-A), never round the corner."))
    raise _UnfitError(N_("{cards} is no run: in this order the cards of one suit must follow each other without a gap, "
                    "jokers standing in their places, from the ace (low) to the ace (high)."), cards=cards)


def _run_place(card: RommeCard, number: int, suit: Suit, owner: int) -> Place:
    rank = Rank.ACE if number in (1, 14) else Rank(number)
    return Place(card, rank, suit, rank_value(rank, ace_low=number == 1), owner)


def _require_meld(meld: object) -> None:
    if type(meld) is not Meld:
        raise InvalidArgumentError(f"meld must be a Meld on the table (see make_meld), not {meld!r}.", field="meld")


def _require_card(card: object) -> RommeCard:
    if type(card) is RommeCard:
        return card
    if isinstance(card, str):
        return RommeCard.parse(card)
    raise InvalidArgumentError(f"card must be a Rommé card such as RommeCard.parse('QH1'), not {card!r}.",
                               field="card")


def lay_off(meld: Meld, card: RommeCard, owner: int, end: End | None = None) -> Meld:
    """The meld with ``card`` added (R9): at the ``end`` of a run, anywhere in a set.

    The places already there keep their meaning, value and owner.

    Raises:
        IllegalActionError: The meld would not stay valid, or a run's end is
            missing.

    Examples:
        >>> from concombre.games.romme import RommeCard, make_meld
        >>> run = make_meld(["5H1", "6H1", "7H1"], owner=0)
        >>> str(lay_off(run, RommeCard.parse("JK2"), owner=1, end="low"))
        'JK2 5H1 6H1 7H1'
    """
    try:
        return _grow(meld, _checked_lay_off(meld, card, owner, end), owner, end)
    except _UnfitError as unfit:
        raise unfit.refusal() from None


def laid_off(meld: Meld, card: RommeCard, owner: int, end: End | None = None) -> Meld | None:
    """The meld with ``card`` added, as `lay_off` makes it, or None where it does not fit. For searches that try
    many lay-offs: no refusal is worded.

    Raises:
        InvalidArgumentError: An argument is not a meld, a card, a seat or an end.

    Examples:
        >>> from concombre.games.romme import RommeCard, make_meld
        >>> run = make_meld(["5H1", "6H1", "7H1"], owner=0)
        >>> str(laid_off(run, RommeCard.parse("8H1"), owner=1, end="high"))
        '5H1 6H1 7H1 8H1'
        >>> laid_off(run, RommeCard.parse("9S1"), owner=1, end="high") is None
        True
    """
    try:
        return _grow(meld, _checked_lay_off(meld, card, owner, end), owner, end)
    except _UnfitError:
        return None


def meld_or_refusal(cards: tuple[RommeCard, ...], owner: int) -> Meld | IllegalActionError:
    """The meld these cards make, all places filled by ``owner``, or the refusal `make_meld` would raise."""
    try:
        return _build(cards, (owner,) * len(cards))
    except _UnfitError as unfit:
        return unfit.refusal()


def unfit_lay_off(meld: Meld, card: RommeCard, owner: int, end: End | None = None) -> IllegalActionError | None:
    """Why `lay_off` would refuse, as the refusal it raises; None if the card fits."""
    try:
        _grow(meld, _checked_lay_off(meld, card, owner, end), owner, end)
    except _UnfitError as unfit:
        return unfit.refusal()
    return None


def table_of(melds: object, field: str = "melds") -> tuple[Meld, ...]:
    """``melds`` as the melds on a table, or `InvalidArgumentError` naming ``field`` (R9).

    Examples:
        >>> table_of([make_meld(["5H1", "6H1", "7H1"], 0)])[0].kind
        'run'
    """
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence) or any(type(m) is not Meld for m in melds):
        raise InvalidArgumentError(f"{field} must be the melds on the table, not {melds!r}.", "R9", field)
    return tuple(melds)


def seat_number(seat: object, field: str = "owner") -> int:
    """``seat`` as the seat that lays off or owns a place, or `InvalidArgumentError` naming ``field`` (R9).

    Examples:
        >>> seat_number(2)
        2
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_PLAYERS:
        raise InvalidArgumentError(f"{field} must be a seat from 0 to {MAX_PLAYERS - 1}, not {seat!r}.", "R9", field)
    return seat


def _checked_lay_off(meld: object, card: object, owner: object, end: object) -> RommeCard:
    """The card of a lay-off whose arguments are what they must be (else `InvalidArgumentError`)."""
    _require_meld(meld)
    checked = _require_card(card)
    seat_number(owner)
    if end not in (None, "low", "high"):
        raise InvalidArgumentError(f"end must be 'low', 'high' or None, not {end!r}.", "R9", "end")
    return checked


def _grow(meld: Meld, card: RommeCard, owner: int, end: End | None) -> Meld:
    if meld.kind == "run":
        if end not in ("low", "high"):
            raise _UnfitError(N_("Say at which end of the run {card} goes: low or high."), "R9", card=card)
        cards = (card, *meld.cards) if end == "low" else (*meld.cards, card)
        owners = tuple(place.owner for place in meld.places)
        owners = (owner, *owners) if end == "low" else (*owners, owner)
    else:
        cards, owners = (*meld.cards, card), (*(place.owner for place in meld.places), owner)
    try:
        grown = _build(cards, owners)
    except _UnfitError as unfit:
        raise _UnfitError(N_("{card} does not fit this meld: {reason}"), "R9", card=card, reason=unfit) from None
    old = meld.places
    kept = grown.places[1:] if meld.kind == "run" and end == "low" else grown.places[: len(old)]
    if [(place.rank, place.suit) for place in kept] != [(place.rank, place.suit) for place in old]:
        raise _UnfitError(N_("{card} would change what the jokers of this meld stand for."), "R6", card=card)
    new_place = grown.places[0] if meld.kind == "run" and end == "low" else grown.places[-1]
    places = (new_place, *old) if meld.kind == "run" and end == "low" else (*old, new_place)
    return Meld(meld.kind, places)


def exchange_joker(meld: Meld, position: int, card: RommeCard) -> tuple[Meld, RommeCard]:
    """Put ``card`` in the joker's place at ``position`` (R10); the meld and the joker taken.

    The place keeps its owner and its value (R13); the card must be the one
    the joker stands for (either copy), or in a set a card of the set's rank
    in a suit the set lacks.

    Raises:
        IllegalActionError: No joker there, or ``card`` is not what it stands for.

    Examples:
        >>> from concombre.games.romme import RommeCard, make_meld
        >>> run = make_meld(["3S1", "4S1", "JK1", "6S2"], owner=1)
        >>> meld, joker = exchange_joker(run, 2, RommeCard.parse("5S2"))
        >>> str(meld), str(joker), meld.places[2].owner
        ('3S1 4S1 5S2 6S2', 'JK1', 1)
    """
    card = _require_card(card)
    refused = unfit_exchange(meld, position, card)
    if refused is not None:
        raise refused
    place = meld.places[position]
    places = list(meld.places)
    places[position] = attrs.evolve(place, card=card, suit=card.suit)
    return Meld(meld.kind, tuple(places)), place.card


def unfit_exchange(meld: Meld, position: int, card: RommeCard, number: int | None = None
                   ) -> IllegalActionError | None:
    """Why `exchange_joker` would refuse (R10), as the refusal it raises; None if ``card`` may take the joker's place.

    ``number`` is the meld's index on the table (from 0), if it lies on one: the refusal of a place then names
    the meld and the place as people count them (from 1).

    Raises:
        InvalidArgumentError: An argument is not a meld, a place number or a card.

    Examples:
        >>> meld = make_meld(["KH1", "KS1", "JK1"], owner=0)
        >>> print(unfit_exchange(meld, 0, RommeCard.parse("KD1"), number=1))
        There is no joker at place 1 of meld 2: K♥ is there. [R10]
        >>> print(unfit_exchange(meld, 5, RommeCard.parse("KD1"), number=1))
        Meld 2 has no place 6: it has 3 places. [R10]
        >>> unfit_exchange(meld, 2, RommeCard.parse("KD1")) is None
        True
    """
    _require_meld(meld)
    card = _require_card(card)
    if isinstance(position, bool) or not isinstance(position, int):
        raise InvalidArgumentError(f"position must be a place number, not {position!r}.", "R10", "position")
    places = meld.places
    if not 0 <= position < len(places) or not places[position].card.is_joker:
        if number is None:
            return IllegalActionError(_("There is no joker in that place of the meld."), "R10")
        if not 0 <= position < len(places):
            return no_place_there(number + 1, position + 1, len(places))
        return no_joker_there(number + 1, position + 1, places[position].card)
    place = places[position]
    if card.is_joker:
        return IllegalActionError(_("A joker is exchanged for the natural card it stands for, not for a joker."), "R10")
    if meld.kind == "run":
        fits = card.rank == place.rank and card.suit == place.suit
        wanted = f"{place.rank.label}{place.suit.symbol}" if place.suit is not None else place.rank.label
    else:
        held = {other.suit for other in meld.places if not other.card.is_joker}
        fits = card.rank == place.rank and card.suit not in held
        wanted = _("a {rank} of a suit the set lacks", rank=place.rank.label)
    if not fits:
        return IllegalActionError(_("This joker stands for {wanted}, not {card}.", wanted=wanted, card=card_text(card)),
                                  "R10")
    return None
