"""The transitions of Concombre: pure functions from a state to the next one.

Every function here leaves its input untouched and returns a new
`State`; an action the rules forbid raises `IllegalActionError` naming
the ruling (C14). The ``*_refusal`` functions say why an action would be
refused without raising, for `concombre.why_illegal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from concombre.core.cards import FULL_MASK, Card, card_at, cards_in_mask, index_of
from concombre.core.errors import IllegalActionError, InvalidArgumentError, require_seat
from concombre.core.i18n import N_, _
from concombre.core.seats import game_seed, keyed_order, player_names
from concombre.core.words import card_text, cards_text
from concombre.games.concombre.rules import (
    AT_LEAST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Rules,
    card_to_match,
    card_value,
    deal_key,
    follow_cards,
    follow_mask,
    winning_play,
)
from concombre.games.concombre.state import (
    SET_MATCH,
    SET_ROUND,
    Match,
    Phase,
    RoundResult,
    State,
    make_state,
    next_seats,
    require_state,
)

__all__ = [
    "deal",
    "deck_for",
    "legal_plays",
    "new_game",
    "play",
    "resolve_trick",
    "score_round",
]


_WAITING_FOR = {
    Phase.DEAL: N_("the cards have not been dealt yet"),
    Phase.PLAY: N_("a card is still to be played to the trick"),
    Phase.TRICK_COMPLETE: N_("the trick on the table must be resolved first"),
    Phase.ROUND_COMPLETE: N_("the round is over and must be scored first"),
    Phase.GAME_OVER: N_("the game is over"),
}



def _waiting(state: State) -> str:
    """What the state waits for, in the current language."""
    return _(_WAITING_FOR[state.phase])


_PLAY = Phase.PLAY
_TRICK_COMPLETE = Phase.TRICK_COMPLETE

# `make_state`, inline where a round is played: a call costs 3% of a round's instructions.
_NEW_STATE = object.__new__

# Each play as a tuple of one (seat, card index) pair, made once: a play extends the round's plays by one
# concatenation and allocates no pair; and the bit of each card in each seat's part of `State.packed_hands`.
_ONE_PLAY = tuple(tuple(((seat, index),) for index in range(52)) for seat in range(MAX_PLAYERS))
_HAND_BITS = tuple(tuple(1 << (64 * seat + index) for index in range(52)) for seat in range(MAX_PLAYERS))


# -- starting a game ----------------------------------------------------------


def new_game(players: int | Sequence[str], *, dealer: int = 0, rules: Rules = Rules(), seed: int | None = None
             ) -> State:
    """Start a game, waiting for the first deal.

    Args:
        players: How many players (2 to 7, C1), named ``"Player 1"``... by
            seat, or their names in seat order (distinct, non-empty).
        dealer: The first dealer's seat (C3).
        rules: The rules to play by; the defaults are the rulings.
        seed: Every deal is shuffled from this seed and the round number, so
            a game is a pure function of its players, rules, seed and the
            players' choices. Omitted, a seed is drawn from `secrets`, so
            that nobody can predict the deals. A whole number from 0 to 2**64 - 1.

    Raises:
        InvalidArgumentError: A wrong player count (C1), name, dealer (C3),
            rules or seed.

    Examples:
        >>> from concombre import new_game
        >>> state = new_game(["Ann", "Bob", "Cy"], dealer=2, seed=42)
        >>> state.players, state.dealer, state.phase.value, state.deal_size
        (('Ann', 'Bob', 'Cy'), 2, 'deal', 7)
    """
    names = player_names(players, MIN_PLAYERS, MAX_PLAYERS, "Concombre", "C1")
    require_seat(dealer, len(names), "dealer", "C3")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a concombre.Rules, not {rules!r}.", field="rules")
    seed = game_seed(seed)
    count = len(names)
    match = Match(
        rules=rules,
        players=names,
        seed=seed,
        dealer=dealer,
        round_number=1,
        scores=(0,) * count,
        penalty_cards=((),) * count,
        half_cucumber=(False,) * count,
        eliminated=(False,) * count,
        last_result=None,
    )
    return make_state(match, (Phase.DEAL, None, 0, (), 0))


# -- the deal -----------------------------------------------------------------


def deal(state: State, deck: Sequence[Card | str] | None = None) -> State:
    """Deal the round: one card at a time from the top of the pack (C5).

    Dealing starts with the first active player left of the dealer and goes
    left; each active player gets `State.deal_size` cards and the rest is
    the face-down stock. That same player leads the first trick (C6).

    Args:
        state: A state in `Phase.DEAL`.
        deck: The pack in dealing order, top card first: exactly the round's
            pack (the 52 cards minus the penalty cards held, C4). Omitted, the
            pack is shuffled from the game's seed and the round number.

    Raises:
        IllegalActionError: Not waiting for a deal (C14), or ``deck`` is not
            the round's pack (C4).

    Examples:
        >>> from concombre import PACK, deal, new_game
        >>> state = deal(new_game(2, seed=3), deck=PACK)
        >>> [str(card) for card in state.hand(1)]
        ['2C', '2H', '3C', '3H', '4C', '4H', '5C']
        >>> len(state.stock), state.to_play
        (38, 1)
    """
    refusal = deal_refusal(state, deck)
    if refusal is not None:
        raise refusal
    match = state.match
    order = _shuffled_pack(match) if deck is None else [index_of(card) for card in deck]
    seats = _seats_from(match, match.first_left_of(match.dealer))
    dealt = match.deal_size * len(seats)
    hands = 0
    for offset, seat in enumerate(seats):  # every len(seats)-th card, from the top, goes to one seat
        bits = _HAND_BITS[seat]
        for card in order[offset:dealt:len(seats)]:
            hands |= bits[card]
    return make_state(match, (_PLAY, seats[0], hands, (), _hand_mask(hands, seats[0])))  # a leader plays any card


def deck_for(state: State, hands: Mapping[int, Sequence[Card]]) -> tuple[Card, ...]:
    """A deck order that deals these cards to these seats (C5), for tests, tutorials and puzzles.

    Each listed seat gets its cards first, then cards from the rest of the
    round's pack in pack order, up to `State.deal_size`. Pass the result
    to `deal`.

    Raises:
        InvalidArgumentError: A seat that is not dealt in, a card twice or not
            in the round's pack (C4), or more cards than a hand holds (C5).

    Examples:
        >>> from concombre import Card, deal, deck_for, new_game
        >>> game = new_game(["Ann", "Bob"], seed=1)
        >>> state = deal(game, deck_for(game, {1: [Card.parse("AS"), Card.parse("KH")]}))
        >>> [str(card) for card in state.hand(1)][-2:]
        ['KH', 'AS']
    """
    match = require_state(state).match
    if not isinstance(hands, Mapping) or any(
        isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) for cards in hands.values()
    ):
        raise InvalidArgumentError(f"hands must map seats to sequences of cards, not {hands!r}.", field="hands")
    seats = _seats_from(match, match.first_left_of(match.dealer))
    wanted = [index_of(card) for cards in hands.values() for card in cards]
    if not set(hands) <= set(seats):
        raise InvalidArgumentError(f"Only the seats dealt in, {list(seats)}, can be given cards.", "C5", "hands")
    if len(set(wanted)) < len(wanted) or any(not match.pack_mask >> index & 1 for index in wanted):
        raise InvalidArgumentError("Each card may be asked once, from the round's pack.", "C4", "hands")
    if any(len(cards) > match.deal_size for cards in hands.values()):
        raise InvalidArgumentError(f"A hand holds {match.deal_size} cards this round.", "C5", "hands")
    taken = set(wanted)
    spare = iter(index for index in range(52) if match.pack_mask >> index & 1 and index not in taken)
    full = {seat: [index_of(card) for card in hands.get(seat, ())] for seat in seats}
    for seat in seats:
        full[seat] += [next(spare) for _ in range(match.deal_size - len(full[seat]))]
    order = [full[seat][position] for position in range(match.deal_size) for seat in seats]
    return tuple(card_at(index) for index in (*order, *spare))


def deal_refusal(state: State, deck: Sequence[Card | str] | None = None) -> IllegalActionError | None:
    """Why `deal` would refuse, or None if it would deal."""
    require_state(state)
    if state.phase is not Phase.DEAL:
        return IllegalActionError(_("The cards cannot be dealt now: {waiting}.", waiting=_waiting(state)), "C14")
    if deck is None:
        return None
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise InvalidArgumentError(f"deck must be a sequence of Card, not {deck!r}.", "C4", "deck")
    pack = state.match.pack_mask
    seen = 0
    for card in deck:
        bit = 1 << index_of(card)
        if seen & bit:
            return IllegalActionError(_("The deck holds {card} twice.", card=card_text(card_at(index_of(card)))), "C4")
        if not pack & bit:
            return IllegalActionError(
                _("The deck holds {card}, which is a penalty card in front of a player and so out of the pack.",
                  card=card_text(card_at(index_of(card)))),
                "C4",
            )
        seen |= bit
    if seen != pack:
        missing = " ".join(str(card) for card in cards_in_mask(pack & ~seen))
        return IllegalActionError(
            _("The deck must be the round's whole pack of {count} cards; it lacks {missing}.",
              count=pack.bit_count(), missing=missing),
            "C4",
        )
    return None


def _shuffled_pack(match: Match) -> list[int]:
    """The round's pack in a random order drawn from the seed and the round number (C4)."""
    order = keyed_order(52, deal_key(match.seed, match.round_number))
    held = FULL_MASK & ~match.pack_mask  # the penalty cards, out of the pack (C4)
    while held:
        card = held & -held
        order.remove(card.bit_length() - 1)
        held ^= card
    return order


def _seats_from(match: Match, first: int) -> tuple[int, ...]:
    """The active seats in playing order, starting with ``first``."""
    seats = [first]
    while len(seats) < match.active_count:
        seats.append(match.next_seat[seats[-1]])
    return tuple(seats)


# -- playing cards ------------------------------------------------------------


def legal_plays(state: State) -> tuple[Card, ...]:
    """The cards the player to play may play (C7), in pack order.

    Pack order is ascending rank, then clubs, diamonds, hearts, spades. Empty
    outside `Phase.PLAY`.

    Examples:
        >>> from concombre import PACK, Card, deal, legal_plays, new_game, play
        >>> state = deal(new_game(2, seed=3), deck=PACK)
        >>> state = play(state, Card.parse("3H"))   # seat 1 leads the 3
        >>> [str(card) for card in legal_plays(state)]   # seat 0 must match or beat it
        ['3D', '3S', '4D', '4S', '5D']
    """
    if type(state) is not State:  # inline: no call on the hot path
        require_state(state)
    _phase, _to_play, _hands, _plays, legal = state._round  # one read: a step asks for it
    return cards_in_mask(legal)


def _hand_mask(hands: int, seat: int) -> int:
    return (hands >> (seat << 6)) & FULL_MASK


def play(state: State, card: Card | str) -> State:
    """The player to play plays ``card`` to the trick (C6, C7).

    When every active player has played, the trick is complete and waits for
    `resolve_trick`.

    Raises:
        IllegalActionError: Not waiting for a play (C14), the player does not
            hold the card (C14), or the card breaks the follow rule (C7).
        InvalidArgumentError: ``card`` is not a `Card`.

    Examples:
        >>> from concombre import PACK, Card, IllegalActionError, deal, new_game, play
        >>> state = deal(new_game(2, seed=3), deck=PACK)
        >>> state = play(state, Card.parse("3H"))
        >>> try:
        ...     play(state, Card.parse("2D"))
        ... except IllegalActionError as err:
        ...     print(err.ruling, err.reason)
        C7 You cannot play 2♦: you hold cards ranked 3 or higher (the rank of the card led, 3♥),
        so you must play one of them: 3♦ 3♠ 4♦ 4♠ 5♦.
        >>> play(state, Card.parse("4S")).phase.value
        'trick complete'
    """
    index = card.index if type(card) is Card else index_of(card)  # card text is read as Play reads it
    try:
        _, seat, hands, plays, legal = state._round
    except (AttributeError, TypeError, ValueError):  # the state is checked only when it fails: plays stay fast
        require_state(state)  # not a state: raises the error that says so
        raise
    if not legal >> index & 1 or seat is None:  # legal is 0 outside Phase.PLAY
        raise _refusal_of_play(state, index)
    match = state.match
    plays += _ONE_PLAY[seat][index]
    hands ^= _HAND_BITS[seat][index]
    in_trick = len(plays) % match.active_count
    after = _NEW_STATE(State)
    SET_MATCH(after, match)
    if not in_trick:
        SET_ROUND(after, (_TRICK_COMPLETE, None, hands, plays, 0))
        return after
    following = match.next_seat[seat]  # the next player follows (C7)
    # follow_mask over the trick, its card_to_match inline: a call and the trick's slice are 3% of a round
    to_match = plays[-in_trick][1] if match.follow_lead else max([card for _, card in plays[-in_trick:]])
    legal = follow_cards((hands >> (following << 6)) & FULL_MASK, to_match, match.may_duck)
    SET_ROUND(after, (_PLAY, following, hands, plays, legal))
    return after


def play_refusal(state: State, card: Card | str) -> IllegalActionError | None:
    """Why `play` would refuse ``card``, or None if it would play it."""
    return _play_refusal(require_state(state), index_of(card))


def _play_refusal(state: State, index: int) -> IllegalActionError | None:
    if state.legal_mask >> index & 1:
        return None
    return _refusal_of_play(state, index)


def _refusal_of_play(state: State, index: int) -> IllegalActionError:
    """Why the card at ``index`` may not be played (it is known to be refused)."""
    card = card_text(card_at(index))  # the card tried, named in every refusal
    if state.phase is not Phase.PLAY:
        return IllegalActionError(_("You cannot play {card} now: {waiting}.", card=card, waiting=_waiting(state)),
                                  "C14")
    hand = state.hand_mask(state.to_play)  # type: ignore[arg-type]
    if not hand >> index & 1:
        return IllegalActionError(_("You do not hold {card}.", card=card), "C14")
    return IllegalActionError(_follow_reason(state, hand, card), "C7")


def _follow_reason(state: State, hand: int, card: str) -> str:
    """The sentence explaining why ``card`` (as people write it) breaks the follow rule (C7), and which cards it
    allows."""
    plays = state.plays
    trick = plays[-(len(plays) % state.match.active_count) :]
    follow_lead = state.match.follow_lead
    target = card_to_match(trick, follow_lead)
    allowed = follow_mask(hand, trick, follow_lead, state.match.may_duck)
    rank = _rank_text(target)
    if follow_lead:
        where = _("the rank of the card led, {card}", card=card_text(card_at(target)))
    else:
        where = _("the rank of the highest card played so far, {card}", card=card_text(card_at(target)))
    if not hand & AT_LEAST[target]:
        return _("You cannot play {card}: you hold no card ranked {rank} or higher ({where}), so you must play a "
                 "card of your lowest rank, {lowest}: {cards}.", card=card, rank=rank, where=where,
                 lowest=_rank_text(allowed.bit_length() - 1), cards=_list(allowed))
    if state.match.may_duck:
        return _("You cannot play {card}: you must play a card ranked {rank} or higher ({where}) or a card of your "
                 "lowest rank (Danish rule): {cards}.", card=card, rank=rank, where=where, cards=_list(allowed))
    return _("You cannot play {card}: you hold cards ranked {rank} or higher ({where}), so you must play one of "
             "them: {cards}.", card=card, rank=rank, where=where, cards=_list(allowed))


def _rank_text(index: int) -> str:
    return card_at(index).rank.label


def _list(mask: int) -> str:
    return cards_text(cards_in_mask(mask))


# -- ending tricks and rounds -------------------------------------------------


def resolve_trick(state: State) -> State:
    """Gather the complete trick: its winner (C8) leads the next one (C6).

    After the round's last trick the state waits for `score_round`.

    Raises:
        IllegalActionError: No complete trick is on the table (C14).

    Examples:
        >>> from concombre import PACK, Card, deal, new_game, play, resolve_trick
        >>> state = deal(new_game(2, seed=3), deck=PACK)
        >>> state = play(play(state, Card.parse("3H")), Card.parse("3S"))
        >>> state = resolve_trick(state)   # equal ranks: the last played wins (C8)
        >>> state.to_play, state.phase.value
        (0, 'play')
    """
    if type(state) is not State:
        require_state(state)
    phase, _, hands, plays, _ = state._round
    if phase is not _TRICK_COMPLETE:
        raise _no_trick_to_resolve(state)
    match = state.match
    if hands:
        winner = winning_play(plays[-match.active_count :])[0]
        after = _NEW_STATE(State)
        SET_MATCH(after, match)
        SET_ROUND(after, (_PLAY, winner, hands, plays, (hands >> (winner << 6)) & FULL_MASK))  # the winner leads
        return after
    return make_state(match, (Phase.ROUND_COMPLETE, None, 0, plays, 0))


def resolve_refusal(state: State) -> IllegalActionError | None:
    """Why `resolve_trick` would refuse, or None."""
    return None if require_state(state).phase is Phase.TRICK_COMPLETE else _no_trick_to_resolve(state)


def _no_trick_to_resolve(state: State) -> IllegalActionError:
    return IllegalActionError(_("There is no complete trick to resolve: {waiting}.", waiting=_waiting(state)), "C14")


def score_round(state: State) -> State:
    """Score the finished round (C9-C13) and pass the deal (C12).

    The winner of the last trick takes its card as a penalty card and its
    value as penalty points (C9); a player reaching the limit becomes half
    cucumber (C10), or is eliminated if already half cucumber (C11). If one
    active player remains the game is over (C13); otherwise the deal passes
    to the first active player left of the dealer and the state waits for
    the next deal.

    Raises:
        IllegalActionError: The round is not over (C14).

    Examples:
        >>> from concombre import apply, deal, legal_actions, new_game, score_round
        >>> state = deal(new_game(3, seed=11))
        >>> while state.phase.value != "round complete":
        ...     state = apply(state, legal_actions(state)[0])
        >>> state = score_round(state)
        >>> result = state.last_result
        >>> state.scores[result.loser] == card_value(result.card), state.dealer
        (True, 1)
    """
    refusal = score_refusal(state)
    if refusal is not None:
        raise refusal
    match = state.match
    loser, card_index = winning_play(state.plays[-match.active_count :])
    card = card_at(card_index)
    penalty_cards = list(match.penalty_cards)
    scores = list(match.scores)
    half_cucumber = list(match.half_cucumber)
    eliminated = list(match.eliminated)
    held = penalty_cards[loser] + (card,)
    score = scores[loser] + card_value(card)
    returned: tuple[Card, ...] = ()
    became_half = out = False
    if score >= match.rules.limit and not half_cucumber[loser]:
        kept = max(held, key=lambda penalty: card_value(penalty))  # the first received among equals
        returned = tuple(penalty for penalty in held if penalty != kept)
        held, score = (kept,), card_value(kept)
        half_cucumber[loser] = became_half = True
    elif score >= match.rules.limit:
        returned, held = held, ()
        eliminated[loser] = out = True
    penalty_cards[loser] = held
    scores[loser] = score
    result = RoundResult(match.round_number, loser, card, score, became_half, out, returned)
    still_in = tuple(eliminated)
    over = still_in.count(False) == 1
    next_match = Match(
        rules=match.rules,
        players=match.players,
        seed=match.seed,
        dealer=match.dealer if over else next_seats(still_in)[match.dealer],
        round_number=match.round_number if over else match.round_number + 1,
        scores=tuple(scores),
        penalty_cards=tuple(penalty_cards),
        half_cucumber=tuple(half_cucumber),
        eliminated=still_in,
        last_result=result,
    )
    return make_state(next_match, (Phase.GAME_OVER if over else Phase.DEAL, None, 0, (), 0))


def score_refusal(state: State) -> IllegalActionError | None:
    """Why `score_round` would refuse, or None."""
    require_state(state)
    if state.phase is Phase.ROUND_COMPLETE:
        return None
    return IllegalActionError(_("The round cannot be scored now: {waiting}.", waiting=_waiting(state)), "C14")
