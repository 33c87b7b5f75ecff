"""The transitions of German Rommé: pure functions from a state to the next one.

Every function leaves its input untouched and returns a new `State`; an
action the rules forbid raises `IllegalActionError` naming the ruling (R15).
Each transition is judged by its ``*_refusal`` function, which says why the
action would be refused without raising, for `concombre.romme.refusal`; the
transition raises what it returns.
"""

from __future__ import annotations

import bisect
import warnings
from collections.abc import Mapping, Sequence

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError, require_seat
from concombre.core.i18n import N_, _
from concombre.core.seats import game_seed, keyed_order, left_of, player_names, seats_from
from concombre.core.words import card_text
from concombre.games.romme.cards import RommeCard, hand_of
from concombre.games.romme.cards import deck as game_cards
from concombre.games.romme.hands import BY_INDEX, given, not_held, without
from concombre.games.romme.melds import (
    End,
    Meld,
    exchange_joker,
    laid_off,
    meld_or_refusal,
    unfit_exchange,
    unfit_lay_off,
)
from concombre.games.romme.refusals import no_meld_there, not_now
from concombre.games.romme.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, deal_key, opens, round_score, withheld_discard
from concombre.games.romme.state import (
    SET_MATCH,
    SET_ROUND,
    Match,
    Phase,
    RoundResult,
    State,
    make_state,
    replaced,
    require_state,
)

__all__ = ["deal", "deck_for", "discard", "draw_discard", "draw_stock", "exchange", "lay_off_card", "meld_cards",
           "new_game", "round_result", "score_round", "with_stock_top"]

HAND_SIZE = 13
"""Cards dealt to each player (R4)."""

# -- starting -----------------------------------------------------------------------


def new_game(players: int | Sequence[str], *, dealer: int = 0, rules: Rules = Rules(), seed: int | None = None
             ) -> State:
    """Start a game of Rommé, waiting for the first deal.

    Args:
        players: How many players (2 to 6, R1), or their names by seat.
        dealer: The first dealer's seat.
        rules: The rules; the defaults are the rulings.
        seed: Every shuffle is drawn from it; omitted, one is drawn from `secrets`.

    Raises:
        InvalidArgumentError: A wrong player count (R1), name, dealer, rules or seed.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> new_game(["Ann", "Bob", "Cy"], seed=4).contenders
        (0, 1, 2)
    """
    names = player_names(players, MIN_PLAYERS, MAX_PLAYERS, "German Rommé", "R1")
    count = len(names)
    require_seat(dealer, count, "dealer")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a concombre.romme.Rules, not {rules!r}.", field="rules")
    seed = game_seed(seed)
    match = Match(rules, names, seed, dealer, 1, tuple(range(count)), (0,) * count, (0,) * count, None)
    return _between_rounds(match, Phase.DEAL)


def _between_rounds(match: Match, phase: Phase) -> State:
    count = len(match.players)
    return make_state(match, (phase, None, ((),) * count, (), (), (), (False,) * count, 0, None))


# `make_state`, inline where a turn is played: a draw and a discard build one state each.
_NEW_STATE = object.__new__


def _left_of(state: State, seat: int) -> int:
    """The first contender to the left of ``seat`` (R4)."""
    following = (seat + 1) % len(state.players)
    if following in state.contenders:  # the usual case, on every discard: no call
        return following
    return left_of(seat, len(state.players), state.contenders)


def _dealing_order(state: State) -> tuple[int, ...]:
    """The contenders in dealing order, from the dealer's left (R4)."""
    return seats_from(_left_of(state, state.dealer), len(state.players), state.contenders)


def _shuffled(cards: Sequence[RommeCard], seed: int, *salt: int) -> tuple[RommeCard, ...]:
    """``cards`` in a random order drawn from the seed and ``salt`` (the round, the rebuild)."""
    return tuple(cards[position] for position in keyed_order(len(cards), deal_key(seed, *salt)))


# -- the deal -------------------------------------------------------------------------


def deck_for(state: State, hands: dict[int, Sequence[RommeCard]], discard_top: RommeCard | None = None
             ) -> tuple[RommeCard, ...]:
    """A deck order that deals these cards to these seats (R4), for tests, tutorials and puzzles.

    Each listed seat gets its cards first, then cards from the rest of the
    pack in pack order up to 13; ``discard_top`` is turned up to start the
    discard pile. Pass the result to `deal`.

    Raises:
        InvalidArgumentError: A card twice, not in the game, or a hand over 13 cards.

    Examples:
        >>> from concombre.games.romme import cards_of, deal, deck_for, new_game
        >>> game = new_game(2, seed=1)
        >>> state = deal(game, deck_for(game, {0: cards_of("AS1 AS2")}, discard_top=cards_of("JK1")[0]))
        >>> [str(card) for card in state.hands[0][-2:]], str(state.discard_pile[-1])
        (['AS1', 'AS2'], 'JK1')
    """
    cards = game_cards(require_state(state).rules.jokers)
    if not isinstance(hands, Mapping):
        raise InvalidArgumentError(f"hands must map seats to cards, not {hands!r}.", field="hands")
    if discard_top is not None and type(discard_top) is not RommeCard:
        raise InvalidArgumentError(f"discard_top must be a Rommé card or None, not {discard_top!r}.",
                                   field="discard_top")
    hands = {seat: hand_of(hand, "hands") for seat, hand in hands.items()}
    if not all(type(seat) is int and 0 <= seat < len(state.players) for seat in hands):
        raise InvalidArgumentError(f"hands are given to seats from 0 to {len(state.players) - 1}.", field="hands")
    wanted = [card for hand in hands.values() for card in hand] + ([discard_top] if discard_top else [])
    too_many = any(len(hand) > HAND_SIZE for hand in hands.values())
    if len(set(wanted)) < len(wanted) or not set(wanted) <= set(cards) or too_many:
        raise InvalidArgumentError("Each card may be asked once, from the game's cards, and at most 13 per hand.")
    spare = iter(card for card in cards if card not in set(wanted))
    seats = _dealing_order(state)
    full = {seat: [*hands.get(seat, ())] for seat in seats}
    for seat in seats:
        full[seat] += [next(spare) for _ in range(HAND_SIZE - len(full[seat]))]
    order = [full[seats[position % len(seats)]][position // len(seats)] for position in range(HAND_SIZE * len(seats))]
    return (*order, discard_top or next(spare), *spare)


def deal(state: State, deck: Sequence[RommeCard] | None = None, *, deck_order: Sequence[RommeCard] | None = None
         ) -> State:
    """Deal 13 cards to each player in the round, one at a time from the left of the dealer (R4).

    The next card is turned up to start the discard pile; the rest is the
    stock. The player left of the dealer then draws first.

    Args:
        state: A state in `Phase.DEAL`.
        deck: The cards in dealing order, top first: exactly the game's
            cards (R2). Omitted, they are shuffled from the seed and round.
        deck_order: 0.1's name of ``deck``: deprecated, it warns.

    Raises:
        IllegalActionError: Not waiting for a deal (R15), or ``deck``
            is not the game's cards (R2).

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(2, seed=3))
        >>> len(state.discard_pile), len(state.stock) + 2 * 13 + 1
        (1, 108)
    """
    if deck_order is not None:
        warnings.warn("deal(deck_order=...) is deprecated and will be removed in the next minor version: use deck=.",
                      DeprecationWarning, stacklevel=2)
        deck = deck_order
    refused = deal_refusal(state, deck)
    if refused is not None:
        raise refused
    cards = game_cards(state.rules.jokers)
    order = _shuffled(cards, state.seed, state.round_number) if deck is None else hand_of(deck, "deck")
    seats = _dealing_order(state)
    hands: list[list[RommeCard]] = [[] for _ in state.players]
    for position in range(HAND_SIZE * len(seats)):
        hands[seats[position % len(seats)]].append(order[position])
    dealt = HAND_SIZE * len(seats)
    return make_state(state.match, (
        Phase.DRAW, seats[0], tuple(tuple(sorted(hand, key=BY_INDEX)) for hand in hands),
        tuple(reversed(order[dealt + 1 :])),
        (order[dealt],), (), (False,) * len(state.players), 0, None,
    ))


def deal_refusal(state: State, deck: Sequence[RommeCard] | None = None) -> IllegalActionError | None:
    """Why `deal` would refuse, or None if it would deal."""
    if require_state(state).phase is not Phase.DEAL:
        return not_now(N_("The cards cannot be dealt"), state.phase)
    if deck is None:
        return None
    cards, order = game_cards(state.rules.jokers), hand_of(deck, "deck")
    if sorted(order) != sorted(cards) or len(set(order)) != len(order):
        return IllegalActionError(
            _("The deck must hold each of the game's {count} cards once: two packs and {jokers} jokers.",
              count=len(cards), jokers=state.rules.jokers), "R2"
        )
    return None


# -- drawing ---------------------------------------------------------------------------


def draw_stock(state: State) -> State:
    """The player to play takes the top card of the stock (R7).

    Examples:
        >>> from concombre.games.romme import deal, draw_stock, new_game
        >>> state = draw_stock(deal(new_game(2, seed=3)))
        >>> state.phase.value, len(state.hands[1])
        ('play', 14)
    """
    if type(state) is not State:  # inline: no call on the hot path
        require_state(state)
    phase, seat, hands, stock, pile, melds, opened, rebuilds, _ = state._round  # one read, no property calls
    if phase is not Phase.DRAW or seat is None:  # as draw_stock_refusal, inline: a turn's hot path
        raise not_now(N_("No card can be drawn"), phase)
    hand = hands[seat]
    card = stock[-1]
    position = bisect.bisect(hand, card.index, key=BY_INDEX)  # as added, inline: a turn's hot path
    hand = (*hand[:position], card, *hand[position:])
    after = _NEW_STATE(State)  # as make_state, inline
    SET_MATCH(after, state.match)
    SET_ROUND(after, (Phase.PLAY, seat, (*hands[:seat], hand, *hands[seat + 1 :]), stock[:-1], pile, melds, opened,
                       rebuilds, None))
    return after


def draw_stock_refusal(state: State) -> IllegalActionError | None:
    """Why `draw_stock` would refuse, or None."""
    return None if require_state(state).phase is Phase.DRAW else not_now(N_("No card can be drawn"), state.phase)


def with_stock_top(state: State, card: RommeCard | str) -> State:
    """``state`` with ``card``, one of the stock's cards, moved to the top of the stock, for chance draws.

    The stock's order is hidden from every player, so this is the same state
    to them; OpenSpiel's chance nodes pick the card drawn this way.

    Raises:
        IllegalActionError: ``card`` is not in the stock (R7).

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(2, seed=3))
        >>> bottom = state.stock[0]
        >>> with_stock_top(state, bottom).stock[-1] == bottom
        True
    """
    card = RommeCard.parse(card)
    stock = require_state(state).stock
    if card not in stock:
        raise IllegalActionError(_("{card} is not in the stock.", card=card_text(card)), "R7")
    return replaced(state, stock=(*(other for other in stock if other != card), card))


def draw_discard(state: State) -> State:
    """The player to play takes the top card of the discard pile (R7).

    Examples:
        >>> from concombre.games.romme import deal, draw_discard, new_game
        >>> before = deal(new_game(2, seed=3))
        >>> after = draw_discard(before)
        >>> after.drawn == before.discard_pile[-1], after.discard_pile
        (True, ())
    """
    if type(state) is not State:  # inline: no call on the hot path
        require_state(state)
    phase, seat, pile = state.phase, state.to_play, state.discard_pile
    if phase is not Phase.DRAW or seat is None or not pile:  # draw_discard_refusal's test, inline
        refused = draw_discard_refusal(state)
        if refused is None:  # a state no game reaches: a draw without a player to draw
            refused = not_now(N_("No card can be drawn"), phase)
        raise refused
    card, hands = pile[-1], state.hands
    hand = hands[seat]
    position = bisect.bisect(hand, card.index, key=BY_INDEX)  # as added, inline
    hand = (*hand[:position], card, *hand[position:])
    return make_state(state.match, (Phase.PLAY, seat, (*hands[:seat], hand, *hands[seat + 1 :]), state.stock,
                                    pile[:-1], state.melds, state.opened, state.rebuilds, card))


def draw_discard_refusal(state: State) -> IllegalActionError | None:
    """Why `draw_discard` would refuse, or None."""
    refused = draw_stock_refusal(state)
    if refused is None and not state.discard_pile:
        return IllegalActionError(_("The discard pile is empty: draw from the stock."), "R7")
    return refused


# -- melding, laying off, exchanging -----------------------------------------------------------


def _turn_refusal(state: State, what: str, tried: object = None) -> IllegalActionError | None:
    """Why the player to play may not put cards down or discard now (R15), or None."""
    if require_state(state).phase is not Phase.PLAY or state.to_play is None:
        return not_now(what, state.phase, tried)
    return None


def _meldsgiven(melds: Sequence[Sequence[RommeCard | str]]) -> list[tuple[RommeCard, ...]]:
    if isinstance(melds, (str, bytes)) or not isinstance(melds, (list, tuple)):
        raise InvalidArgumentError(f"melds must be a sequence of melds, each a sequence of cards, not {melds!r}.",
                                   field="melds")
    return [hand_of(meld, "melds") for meld in melds]


def meld_cards(state: State, melds: Sequence[Sequence[RommeCard | str]]) -> State:
    """Put down one or more melds from the hand (R5, R6), the opening if it is the first (R8).

    The melds of a player's first melding must be worth ``rules.opening`` (40)
    together; only these new melds count.

    Raises:
        IllegalActionError: Not the time (R15), cards not held (R15), a group
            that is no meld (R5, R6), or an opening worth too little (R8).

    Examples:
        >>> from concombre.games.romme import cards_of, deal, deck_for, draw_stock, meld_cards, new_game
        >>> game = new_game(2, seed=3)
        >>> kings, run = cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1 4C1")
        >>> state = draw_stock(deal(game, deck_for(game, {1: kings + run})))
        >>> after = meld_cards(state, [kings, run])    # 30 + 10 = 40: an opening
        >>> after.opened[1], len(after.melds), len(after.hands[1])
        (True, 2, 7)
    """
    outcome = _melding(state, melds)  # `meld_refusal`'s judgement, made once: it builds the melds too
    if isinstance(outcome, IllegalActionError):
        raise outcome
    seat, built = outcome
    hand = given(state.hands[seat], [card for meld in built for card in meld.cards])
    opened = state.opened
    if not opened[seat]:
        opened = (*opened[:seat], True, *opened[seat + 1 :])
    return _after_putting_down(state, seat, hand, (*state.melds, *built), opened)


def meld_refusal(state: State, melds: Sequence[Sequence[RommeCard | str]]) -> IllegalActionError | None:
    """Why `meld_cards` would refuse, or None."""
    outcome = _melding(state, melds)
    return outcome if isinstance(outcome, IllegalActionError) else None


def _melding(state: State, melds: Sequence[Sequence[RommeCard | str]]
             ) -> tuple[int, tuple[Meld, ...]] | IllegalActionError:
    """The seat and the melds it puts down, or why it may not: `meld_refusal`'s judgement, built once."""
    refused = _turn_refusal(state, N_("You cannot meld {cards}"), melds)
    if refused is not None:
        return refused
    seat, given = state.to_play, _meldsgiven(melds)
    assert seat is not None
    if not given:
        return IllegalActionError(_("Give at least one meld."), "R5")
    refused = not_held(state.hands[seat], [card for meld in given for card in meld])
    if refused is not None:
        return refused
    built = []
    for cards in given:
        meld = meld_or_refusal(cards, seat)
        if isinstance(meld, IllegalActionError):
            return meld
        built.append(meld)
    worth = sum(meld.value for meld in built)
    if not state.opened[seat] and not opens(worth, state.rules.opening):
        return IllegalActionError(
            _("An opening must be worth {opening} or more; these melds are worth {worth}.",
              opening=state.rules.opening, worth=worth), "R8"
        )
    return seat, tuple(built)


def _after_putting_down(state: State, seat: int, hand: tuple[RommeCard, ...], melds: tuple[Meld, ...],
                        opened: tuple[bool, ...] | None = None) -> State:
    """The state after cards left the hand for the table (and the seat ``opened``, if given); the round ends if
    the hand is empty (R11)."""
    hands = state.hands
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    opened = state.opened if opened is None else opened
    if not hand:
        return replaced(state, hands=hands, melds=melds, opened=opened, phase=Phase.ROUND_COMPLETE, to_play=None,
                        drawn=None)
    return replaced(state, hands=hands, melds=melds, opened=opened)


def _opened_refusal(state: State, what: str, not_opened: str, card: RommeCard) -> IllegalActionError | None:
    """Why the player to play may not touch the table's melds yet (R15, R8), or None."""
    refused = _turn_refusal(state, what, card)
    if refused is None and not state.opened[state.to_play]:  # type: ignore[index]
        return IllegalActionError(_(not_opened, card=card_text(card), opening=state.rules.opening), "R8")
    return refused


def _no_meld(state: State, index: int) -> IllegalActionError | None:
    """Why ``index`` (from 0) names no meld on the table (R9), said as people count (from 1); None if it does."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(state.melds):
        shown = index + 1 if isinstance(index, int) and not isinstance(index, bool) else repr(index)
        return no_meld_there(shown, len(state.melds))
    return None


def lay_off_card(state: State, card: RommeCard | str, meld: int, end: End | None = None) -> State:
    """Add a card from the hand to meld number ``meld`` on the table (R9), at the ``end`` of a run.

    Raises:
        IllegalActionError: Not opened (R8), not held, or the meld would not
            stay valid (R9, R6).

    Examples:
        >>> from concombre.games.romme import cards_of, deal, deck_for, draw_stock, lay_off_card, meld_cards, new_game
        >>> game = new_game(2, seed=3)
        >>> state = draw_stock(deal(game, deck_for(game, {1: cards_of("KH1 KS1 KD1 QH1 QS1 QD1 KC1")})))
        >>> state = meld_cards(state, [cards_of("KH1 KS1 KD1"), cards_of("QH1 QS1 QD1")])
        >>> str(lay_off_card(state, cards_of("KC1")[0], meld=0).melds[0])
        'KH1 KS1 KD1 KC1'
    """
    card = card if type(card) is RommeCard else RommeCard.parse(card)
    refused = _lay_off_turn_refusal(state, card, meld)
    if refused is not None:
        raise refused
    seat, melds = state.to_play, state.melds
    assert seat is not None
    grown = laid_off(melds[meld], card, seat, end)  # `lay_off_refusal`'s last test and the meld it grows, at once
    if grown is None:
        refused = unfit_lay_off(melds[meld], card, seat, end)  # why not, worded only when refused
        assert refused is not None
        raise refused
    hand = without(state.hands[seat], card)
    assert hand is not None
    return _after_putting_down(state, seat, hand, (*melds[:meld], grown, *melds[meld + 1 :]))


def lay_off_refusal(state: State, card: RommeCard, meld: int, end: End | None = None) -> IllegalActionError | None:
    """Why `lay_off_card` would refuse, or None."""
    refused = _lay_off_turn_refusal(state, card, meld)
    seat = state.to_play
    if refused is not None or seat is None:
        return refused
    return unfit_lay_off(state.melds[meld], card, seat, end)


def _lay_off_turn_refusal(state: State, card: RommeCard, meld: int) -> IllegalActionError | None:
    """Why the player to play may not lay ``card`` off on meld ``meld`` whatever it fits (R15, R8, R9), or None."""
    refused = _opened_refusal(state, N_("You cannot lay off {card}"),
                              N_("You may lay off {card} only once you have made your opening ({opening} or more)."),
                              card)
    seat = state.to_play
    if refused is not None or seat is None:
        return refused
    return not_held(state.hands[seat], [card]) or _no_meld(state, meld)


def exchange(state: State, card: RommeCard | str, meld: int, place: int, new_meld: Sequence[RommeCard | str]
             ) -> State:
    """Exchange a joker on the table for the card it stands for, and meld the joker anew (R10).

    The joker must go into a new meld in the same turn and may never stay in
    the hand, so the exchange and that new meld are one action:
    ``new_meld`` holds the joker and cards from the hand.

    Raises:
        IllegalActionError: Not opened (R8), no joker there or the wrong card
            (R10), or ``new_meld`` is no meld or lacks the joker (R10, R5, R6).

    Examples:
        >>> from concombre.games.romme import cards_of, deal, deck_for, draw_stock, exchange, meld_cards, new_game
        >>> game = new_game(2, seed=3)
        >>> hand = cards_of("KH1 KS1 JK1 QH1 QS1 QD1 KD2 9C1 9D1")
        >>> state = draw_stock(deal(game, deck_for(game, {1: hand})))
        >>> state = meld_cards(state, [cards_of("KH1 KS1 JK1"), cards_of("QH1 QS1 QD1")])
        >>> after = exchange(state, cards_of("KD2")[0], meld=0, place=2, new_meld=cards_of("9C1 9D1 JK1"))
        >>> str(after.melds[0]), str(after.melds[2])
        ('KH1 KS1 KD2', '9C1 9D1 JK1')
    """
    card, new_meld = RommeCard.parse(card), hand_of(new_meld, "new_meld")
    outcome = _exchanging(state, card, meld, place, new_meld)  # `exchange_refusal`'s judgement, made once
    if isinstance(outcome, IllegalActionError):
        raise outcome
    seat, joker_meld = outcome
    changed, joker = exchange_joker(state.melds[meld], place, card)
    rest = given(state.hands[seat], [card, *(other for other in new_meld if other != joker)])
    melds = (*state.melds[:meld], changed, *state.melds[meld + 1 :], joker_meld)
    return _after_putting_down(state, seat, rest, melds)


def exchange_refusal(state: State, card: RommeCard, meld: int, place: int, new_meld: Sequence[RommeCard]
                     ) -> IllegalActionError | None:
    """Why `exchange` would refuse, or None."""
    outcome = _exchanging(state, card, meld, place, new_meld)
    return outcome if isinstance(outcome, IllegalActionError) else None


def _exchanging(state: State, card: RommeCard, meld: int, place: int, new_meld: Sequence[RommeCard]
                ) -> tuple[int, Meld] | IllegalActionError:
    """The seat and the joker's new meld, or why it may not: `exchange_refusal`'s judgement, built once."""
    refused = _opened_refusal(state, N_("You cannot exchange {card} for a joker"),
                              N_("You may exchange {card} for a joker only once you have made your opening "
                                 "({opening} or more)."), card)
    seat = state.to_play
    if refused is not None or seat is None:
        assert refused is not None  # no seat to play: not the time (R15)
        return refused
    hand = state.hands[seat]
    refused = not_held(hand, [card]) or _no_meld(state, meld) or unfit_exchange(state.melds[meld], place, card, meld)
    if refused is not None:
        return refused
    joker = state.melds[meld].places[place].card
    if joker not in new_meld:
        return IllegalActionError(
            _("The joker you take for {card} must go into the new meld in the same turn.", card=card_text(card)),
            "R10")
    others = [other for other in new_meld if other != joker]
    refused = not_held(given(hand, [card]), others)
    joker_meld = meld_or_refusal(hand_of(new_meld, "new_meld"), seat)
    if refused is not None:
        return refused
    if isinstance(joker_meld, IllegalActionError):
        return joker_meld
    return seat, joker_meld


# -- ending the turn ----------------------------------------------------------------------------


def discard(state: State, card: RommeCard | str) -> State:
    """End the turn by discarding ``card`` (R7); an empty hand ends the round (R11).

    The next player's turn starts at once. If the stock is empty, the discard
    pile but its top card is shuffled into a new stock (R7); after
    ``rules.rebuilds`` rebuilds, or with nothing to rebuild from, the round
    ends with nobody out (R12).

    Raises:
        IllegalActionError: Not the time, a card not held (R15), or the card
            just taken from the discard pile while other cards are held (R7a).

    Examples:
        >>> from concombre.games.romme import deal, discard, draw_stock, new_game
        >>> state = draw_stock(deal(new_game(2, seed=3)))
        >>> after = discard(state, state.hands[1][0])
        >>> after.discard_pile[-1] == state.hands[1][0], after.to_play, after.phase.value
        (True, 0, 'draw')
    """
    if type(card) is not RommeCard:  # card text, read as the action classes read it
        card = RommeCard.parse(card)
    if type(state) is not State:  # inline: no call on the hot path
        require_state(state)
    phase, seat, hands, stock, pile, melds, opened, rebuilds, drawn = state._round  # one read, no property calls
    hand = without(hands[seat], card) if phase is Phase.PLAY and seat is not None and type(card) is RommeCard else None
    returned = (drawn is not None and hand is not None and card.index == drawn.index  # most turns stop here
                and withheld_discard(drawn, len(hand) + 1, state.rules) is not None)
    if hand is None or seat is None or returned:
        refused = discard_refusal(state, card)  # the test above is discard_refusal's, inline: a turn's hot path
        assert refused is not None
        raise refused
    pile = (*pile, card)
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    if not hand:
        return make_state(state.match, (Phase.ROUND_COMPLETE, None, hands, stock, pile, melds, opened, rebuilds, None))
    match = state.match
    following = (seat + 1) % len(match.players)
    if following not in match.contenders:  # as _left_of, inline: the usual case needs no call
        following = left_of(seat, len(match.players), match.contenders)
    if not stock:
        if rebuilds >= state.rules.rebuilds or len(pile) < 2:
            return make_state(state.match, (Phase.ROUND_COMPLETE, None, hands, stock, pile, melds, opened, rebuilds,
                                            None))
        rebuilds += 1
        stock = _shuffled(pile[:-1], state.seed, state.round_number, rebuilds)
        pile = pile[-1:]
    after = _NEW_STATE(State)  # as make_state, inline
    SET_MATCH(after, match)
    SET_ROUND(after, (Phase.DRAW, following, hands, stock, pile, melds, opened, rebuilds, None))
    return after


def discard_refusal(state: State, card: RommeCard) -> IllegalActionError | None:
    """Why `discard` would refuse, or None."""
    refused = _turn_refusal(state, N_("You cannot discard {card}"), card)
    if refused is not None:
        return refused
    hand, drawn = state.hands[state.to_play], state.drawn  # type: ignore[index]
    refused = not_held(hand, [card])
    if refused is None and card == withheld_discard(drawn, len(hand), state.rules):
        return IllegalActionError(
            _("You took {card} from the discard pile this turn, so you may not discard it now.", card=card_text(card)),
            "R7a"
        )
    return refused


# -- scoring ------------------------------------------------------------------------------------


def score_round(state: State) -> State:
    """Score the round (R13) and start the next, a tie-break, or end the game (R14, R14a).

    Each player scores the value of the places they filled; every player but
    the one who went out subtracts the value of the cards left in their hand.
    After one round per player, the highest total wins; players tied for it
    play tie-break rounds among themselves, whose points are kept apart in
    `State.tie_break_points` and never change the totals (R14a), until one
    of them has more tie-break points than the others.

    Raises:
        IllegalActionError: The round is not over (R15).

    Examples:
        >>> from concombre.games.romme import Phase, Rules, deal, discard, draw_stock, new_game, score_round
        >>> state = deal(new_game(2, seed=3, rules=Rules(rebuilds=0)))
        >>> while state.phase is not Phase.ROUND_COMPLETE:   # nobody melds: the stock runs out (R12)
        ...     state = draw_stock(state)
        ...     state = discard(state, state.hands[state.to_play][-1])
        >>> scored = score_round(state)
        >>> scored.round_number, scored.scores == scored.last_result.scores, scored.scores[0] < 0
        (2, True, True)
    """
    refused = score_refusal(state)
    if refused is not None:
        raise refused
    result = round_result(state)
    round_scores = result.scores
    scores, tie_break = state.scores, state.tie_break_points
    if state.in_tie_break:
        tie_break = tuple(points + gained for points, gained in zip(tie_break, round_scores, strict=True))
    else:
        scores = tuple(total + gained for total, gained in zip(scores, round_scores, strict=True))
    contenders = state.contenders
    if state.round_number >= state.regular_rounds:
        standing = tie_break if state.in_tie_break else scores
        top = max(standing[seat] for seat in contenders)
        contenders = tuple(seat for seat in contenders if standing[seat] == top)
    match = attrs.evolve(
        state.match, scores=scores, tie_break_points=tie_break, last_result=result, contenders=contenders
    )
    if state.round_number >= state.regular_rounds and len(contenders) == 1:
        return _between_rounds(match, Phase.GAME_OVER)
    dealer = _left_of(_between_rounds(match, Phase.DEAL), state.dealer)
    return _between_rounds(attrs.evolve(match, round_number=state.round_number + 1, dealer=dealer), Phase.DEAL)


def round_result(state: State) -> RoundResult:
    """What scoring the round of ``state`` gives each seat (R13), the round not yet scored: what `score_round`
    keeps in `State.last_result`.

    Examples:
        >>> from concombre.games.romme import Phase, Rules, deal, discard, draw_stock, new_game
        >>> state = deal(new_game(2, seed=3, rules=Rules(rebuilds=0)))
        >>> while state.phase is not Phase.ROUND_COMPLETE:
        ...     state = draw_stock(state)
        ...     state = discard(state, state.hands[state.to_play][-1])
        >>> round_result(state) == score_round(state).last_result
        True
    """
    require_state(state)
    count = len(state.players)
    meld_values = tuple(state.meld_value(seat) for seat in range(count))
    hand_values = tuple(sum(card.hand_value for card in hand) for hand in state.hands)
    round_scores = tuple(
        0 if seat not in state.contenders else round_score(meld_values[seat], hand_values[seat], seat == state.out)
        for seat in range(count)
    )
    return RoundResult(state.round_number, state.out, meld_values, hand_values, round_scores)


def score_refusal(state: State) -> IllegalActionError | None:
    """Why `score_round` would refuse, or None."""
    if require_state(state).phase is not Phase.ROUND_COMPLETE:
        return not_now(N_("The round cannot be scored"), state.phase)
    return None
