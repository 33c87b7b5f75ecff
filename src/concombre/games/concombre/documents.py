"""Rebuilding a `State` from its parts, refusing any that no game could reach.

A loaded state must be one the engine could have produced. The score sheet is
checked against the scoring rulings (C9-C13), and the round in progress is
replayed through the engine itself: the dealt hands are rebuilt from the
hands and the cards played, dealt with `deal`, and every play is applied
again with `play` and `resolve_trick`, so the follow rule (C7), the turn
order (C6) and the trick winners (C8) are checked by the same code that
plays the game.
"""

from __future__ import annotations

from typing import Union

import attrs

from concombre.core.cards import Card, cards_in_mask, index_of, mask_of
from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.limits import MAX_ROUNDS, SEED_LIMIT
from concombre.core.seats import check_loaded_players
from concombre.games.concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, card_value, follow_mask
from concombre.games.concombre.state import Match, Phase, RoundResult, State, Trick, make_state, require_state
from concombre.games.concombre.transitions import deal, play, resolve_trick
from concombre.games.concombre.views import View, require_view

__all__ = ["StateParts", "check_view", "rebuild_state", "state_parts"]

_ROUND_PHASES = (Phase.PLAY, Phase.TRICK_COMPLETE, Phase.ROUND_COMPLETE)


@attrs.frozen
class StateParts:
    """A game state as its document lists it: the score sheet and the round on the table.

    Unlike `State`, whose inner form is built for speed, the parts spell
    everything out with cards and seats, and may describe a state no game
    could reach; `rebuild_state` checks them.

    Attributes:
        rules: The rules of the game.
        players: The players' names, by seat.
        seed: The seed of the deals.
        dealer: The dealer of the round.
        round_number: The current round, from 1.
        phase: What the game waits for.
        to_play: The seat to play, or None.
        scores: Each seat's score.
        penalty_cards: The penalty cards in front of each seat, in the order received.
        half_cucumber: Whether each seat is half cucumber.
        eliminated: Whether each seat is eliminated.
        last_result: What scoring the previous round did, or None.
        hands: Each seat's hand.
        tricks: The resolved tricks of the round, as (seat, card) pairs.
        trick: The trick on the table, as (seat, card) pairs.

    Examples:
        >>> from concombre import deal, new_game
        >>> from concombre.games.concombre.documents import state_parts
        >>> parts = state_parts(deal(new_game(3, seed=1)))
        >>> parts.phase.value, [len(hand) for hand in parts.hands]
        ('play', [7, 7, 7])
    """

    rules: Rules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    phase: Phase
    to_play: int | None
    scores: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    half_cucumber: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    last_result: RoundResult | None
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    trick: Trick


def state_parts(state: State) -> StateParts:
    """The parts of a state, as its document lists them.

    Examples:
        >>> from concombre import new_game
        >>> state_parts(new_game(2, seed=1)).hands
        ((), ())
    """
    require_state(state)
    return StateParts(**{field.name: getattr(state, field.name) for field in attrs.fields(StateParts)})


def rebuild_state(parts: StateParts) -> State:
    """The state these parts describe, or `FormatError` naming the first part no game could reach.

    Raises:
        FormatError: A part no game could reach; ``path`` names it and
            ``ruling`` the rule it breaks.

    Examples:
        >>> import attrs
        >>> from concombre import FormatError, deal, new_game
        >>> state = deal(new_game(3, seed=1))
        >>> rebuild_state(state_parts(state)) == state
        True
        >>> try:
        ...     rebuild_state(attrs.evolve(state_parts(state), scores=(0, 9, 0)))
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.scores[1] C9
    """
    if type(parts) is not StateParts:
        raise InvalidArgumentError(f"parts must be StateParts (see state_parts), not {parts!r:.80}.", field="parts")
    match = _match(parts)
    start = make_state(match, (Phase.DEAL, None, 0, (), 0))
    if parts.phase in _ROUND_PHASES:
        state = _replay_round(start, parts)
    else:
        state = make_state(match, (parts.phase, None, 0, (), 0))
        for field in ("hands", "tricks", "trick"):
            if any(getattr(parts, field)):
                raise FormatError(f"no cards are on the table in phase {parts.phase.value!r}", f"$.{field}")
    if state.to_play != parts.to_play:
        raise FormatError(f"the seat to play is {state.to_play}, not {parts.to_play}", "$.to_play", "C6")
    return state


def _match(parts: StateParts) -> Match:
    if not 0 <= parts.seed < SEED_LIMIT:
        raise FormatError("the seed must be a whole number from 0 to 2**64 - 1", "$.seed")
    _check_sheet(parts)
    if len(parts.hands) != len(parts.players):
        raise FormatError(f"expected one entry per player ({len(parts.players)})", "$.hands")
    return Match(**{field.name: getattr(parts, field.name) for field in attrs.fields(Match) if field.init})


Sheet = Union[StateParts, View]
"""What a state's parts and a view both show: the players, the score sheet, the round and the phase."""


def _check_sheet(sheet: Sheet) -> None:
    """The players, the dealer and the score sheet, as the rounds scored can leave them (C1, C3, C9-C13)."""
    count = len(sheet.players)
    check_loaded_players(sheet.players, MIN_PLAYERS, MAX_PLAYERS, "C1")
    for field in ("scores", "penalty_cards", "half_cucumber", "eliminated"):
        if len(getattr(sheet, field)) != count:
            raise FormatError(f"expected one entry per player ({count})", f"$.{field}")
    if not 0 <= sheet.dealer < count:
        raise FormatError(f"the dealer must be a seat from 0 to {count - 1}", "$.dealer", "C3")
    if not 1 <= sheet.round_number <= MAX_ROUNDS:
        raise FormatError(f"the round number must be from 1 to {MAX_ROUNDS}", "$.round_number")
    _check_score_sheet(sheet)
    _check_game_flow(sheet)
    _check_rounds(sheet)


def _check_score_sheet(parts: Sheet) -> None:
    """Scores, penalty cards and flags as C9-C11 leave them."""
    limit = parts.rules.limit
    seen: set[Card] = set()
    for seat, held in enumerate(parts.penalty_cards):
        for position, card in enumerate(held):
            if card in seen:
                raise FormatError(f"{card} is held twice", f"$.penalty_cards[{seat}][{position}]", "C9")
            seen.add(card)
        score = parts.scores[seat]
        if parts.eliminated[seat]:
            if held:
                raise FormatError("an eliminated player holds no penalty cards", f"$.penalty_cards[{seat}]", "C11")
            if not parts.half_cucumber[seat]:
                raise FormatError("only a half cucumber can be eliminated", f"$.half_cucumber[{seat}]", "C11")
            if not limit <= score < limit + 14:
                raise FormatError(
                    f"an eliminated player's score is from {limit} to {limit + 13}", f"$.scores[{seat}]", "C11"
                )
        elif score != sum(card_value(card) for card in held) or score >= limit:
            raise FormatError(
                f"a player in the game scores the value of their penalty cards, below {limit}",
                f"$.scores[{seat}]",
                "C9",
            )
        elif parts.half_cucumber[seat] and not held:
            raise FormatError("a half cucumber keeps a penalty card", f"$.penalty_cards[{seat}]", "C10")


def _check_rounds(parts: Sheet) -> None:
    """The round number is one the score sheet can follow from: one loser per round scored (C9-C11).

    A player still without the half cucumber lost one round per penalty card
    held. Becoming half cucumber takes one loss, after at most ``most`` losses
    (every penalty card is worth 2 or more and the score stayed below the
    limit), and hands back the others; so does being eliminated after it.
    """
    most = (parts.rules.limit - 1) // 2 + 1
    fewest = sum(
        2 if out else len(held) + (1 if half and not held else 0)
        for held, half, out in zip(parts.penalty_cards, parts.half_cucumber, parts.eliminated, strict=True)
    )
    widest = sum(
        2 * most if out else len(held) + (most - 1 if half else 0)
        for held, half, out in zip(parts.penalty_cards, parts.half_cucumber, parts.eliminated, strict=True)
    )
    scored = parts.round_number if parts.phase is Phase.GAME_OVER else parts.round_number - 1
    if not fewest <= scored <= widest:
        raise FormatError(
            f"the score sheet follows from {fewest} to {widest} rounds scored, not {scored}", "$.round_number", "C9"
        )


def _check_game_flow(parts: Sheet) -> None:
    """Phase, dealer and the last round's result agree with the score sheet (C10-C13)."""
    active_count = parts.eliminated.count(False)
    over = active_count == 1
    if active_count == 0:
        raise FormatError("at least one player is still in the game", "$.eliminated", "C13")
    if over != (parts.phase is Phase.GAME_OVER):
        raise FormatError(
            "the game is over exactly when one player remains", "$.phase", "C13"
        )
    if parts.eliminated[parts.dealer] and not over:
        raise FormatError("an eliminated player does not deal", "$.dealer", "C12")
    result = parts.last_result
    if result is None:
        if parts.round_number != 1 or over or any(parts.scores) or any(parts.half_cucumber):
            raise FormatError("every round after the first follows a scored round", "$.last_result")
        return
    expected_round = parts.round_number if over else parts.round_number - 1
    if result.round_number != expected_round:
        raise FormatError(f"the last scored round is round {expected_round}", "$.last_result.round_number")
    _check_last_result(parts, result)


def _check_last_result(parts: Sheet, result: RoundResult) -> None:
    path = "$.last_result"
    if not 0 <= result.loser < len(parts.players):
        raise FormatError("the loser must be a seat of the game", f"{path}.loser")
    loser = result.loser
    held = parts.penalty_cards[loser]
    if result.score != parts.scores[loser]:
        raise FormatError("the loser's score is the score the round left", f"{path}.score", "C9")
    if result.eliminated != parts.eliminated[loser] or (result.eliminated and result.half_cucumber):
        raise FormatError("the result's flags must match the loser's", f"{path}.eliminated", "C11")
    if result.half_cucumber and (not parts.half_cucumber[loser] or len(held) != 1):
        raise FormatError("a new half cucumber keeps one penalty card", f"{path}.half_cucumber", "C10")
    if not (result.eliminated or result.half_cucumber) and (not held or held[-1] != result.card):
        raise FormatError("the penalty card is the loser's last one", f"{path}.card", "C9")
    if result.returned and not (result.eliminated or result.half_cucumber):
        raise FormatError("cards are handed back only by C10 or C11", f"{path}.returned", "C10")
    if result.eliminated and result.card not in result.returned:
        raise FormatError("an eliminated player hands back every card", f"{path}.returned", "C11")
    held_now = {card for cards in parts.penalty_cards for card in cards}
    for position, card in enumerate(result.returned):
        if card in held_now or card in result.returned[:position]:
            raise FormatError(f"{card} cannot be both handed back and held", f"{path}.returned[{position}]")


def _replay_round(start: State, parts: StateParts) -> State:
    """Deal the dealt hands again and replay every play through the engine."""
    size = start.deal_size
    played: list[list[Card]] = [[] for _ in parts.players]
    plays = [(f"$.tricks[{t}][{p}]", seat, card) for t, trick in enumerate(parts.tricks)
             for p, (seat, card) in enumerate(trick)]
    plays += [(f"$.trick[{p}]", seat, card) for p, (seat, card) in enumerate(parts.trick)]
    per_trick = start.match.active_count
    one_each = f"a trick holds one card from each of the {per_trick} players"
    for number, trick in enumerate(parts.tricks):
        if len(trick) != per_trick:
            raise FormatError(one_each, f"$.tricks[{number}]", "C6")
    if len(parts.trick) > per_trick:
        raise FormatError(one_each, "$.trick", "C6")
    for path, seat, card in plays:
        if not 0 <= seat < len(parts.players):
            raise FormatError(f"{seat} is not a seat of the game", path)
        played[seat].append(card)
    dealt = [[*hand, *played[seat]] for seat, hand in enumerate(parts.hands)]
    _check_dealt(start, parts, dealt, size)
    try:
        state = deal(start, _deck_for(start, dealt, size))
    except IllegalActionError as err:
        raise FormatError(err.reason, "$.hands", err.ruling) from None
    for number, (path, seat, card) in enumerate(plays):
        if state.to_play != seat:
            raise FormatError(f"seat {state.to_play} plays here, not seat {seat}", path, "C6")
        try:
            state = play(state, card)
        except IllegalActionError as err:
            raise FormatError(err.reason, path, err.ruling) from None
        if (number + 1) % per_trick == 0 and number < len(plays) - len(parts.trick):
            state = resolve_trick(state)
    if state.phase is not parts.phase:
        raise FormatError(f"these tricks leave the round in phase {state.phase.value!r}", "$.phase", "C6")
    if (state.tricks, state.trick) != (parts.tricks, parts.trick):
        raise FormatError("the tricks do not follow from the plays", "$.tricks", "C6")
    return state


def _check_dealt(start: State, parts: StateParts, dealt: list[list[Card]], size: int) -> None:
    seen = {card for cards in parts.penalty_cards for card in cards}
    for seat, cards in enumerate(dealt):
        wanted = 0 if parts.eliminated[seat] else size
        if len(cards) != wanted:
            raise FormatError(
                f"seat {seat} holds and played {len(cards)} cards, but was dealt {wanted} this round",
                f"$.hands[{seat}]",
                "C5",
            )
        for card in cards:
            if card in seen:
                raise FormatError(f"{card} is in two places at once", f"$.hands[{seat}]", "C4")
            seen.add(card)


def _deck_for(start: State, dealt: list[list[Card]], size: int) -> list[Card]:
    """A deck whose deal gives each seat exactly its dealt cards (C5); the stock is the rest."""
    seats = [start.match.first_left_of(start.dealer)]
    while len(seats) < start.match.active_count:
        seats.append(start.match.next_seat[seats[-1]])
    deck = [dealt[seat][position] for position in range(size) for seat in seats]
    dealt_cards = set(deck)
    return deck + [card for card in start.stock if card not in dealt_cards]


def check_view(seen: View) -> None:
    """Refuse a loaded view no seat of any game could be shown: seats, sizes, the score sheet, each card in one place.

    Raises:
        FormatError: A part no game could show; ``path`` names it.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> check_view(view(deal(new_game(3, seed=1)), 0)) is None
        True
    """
    require_view(seen)
    count = len(seen.players)
    _check_sheet(seen)
    if len(seen.hand_sizes) != count:
        raise FormatError(f"expected one entry per player ({count})", "$.hand_sizes")
    seats = (("seat", seen.seat), ("to_play", seen.to_play), ("winner", seen.winner))
    for field, seat in seats:
        if seat is not None and not 0 <= seat < count:
            raise FormatError(f"expected a seat from 0 to {count - 1}", f"$.{field}")
    tricks = (("$.trick", seen.trick), *((f"$.tricks[{index}]", trick) for index, trick in enumerate(seen.tricks)))
    for where, trick in tricks:
        if any(not 0 <= seat < count for seat, _ in trick):
            raise FormatError(f"a trick's plays are by seats from 0 to {count - 1}", where, "C6")
    if seen.hand_sizes[seen.seat] != len(seen.hand):
        raise FormatError("the seat's hand size is the size of its hand", f"$.hand_sizes[{seen.seat}]")
    placed = [*seen.hand, *(card for cards in seen.penalty_cards for card in cards)]
    placed += [card for trick in (*seen.tricks, seen.trick) for _, card in trick]
    if len(set(placed)) != len(placed):
        raise FormatError("a card is in two places at once", "$.hand", "C4")
    _check_legal_plays(seen)
    _check_view_sizes(seen)


def _check_legal_plays(seen: View) -> None:
    """The legal plays are exactly what C7 lets the seat play, and none when it is not its turn to play."""
    allowed: tuple[Card, ...] = ()
    if seen.phase is Phase.PLAY and seen.to_play == seen.seat:
        trick = [(seat, index_of(card)) for seat, card in seen.trick]
        rules = seen.rules
        mask = follow_mask(mask_of(seen.hand), trick, rules.follow == "lead", rules.may_duck)
        allowed = tuple(cards_in_mask(mask))
    if sorted(map(index_of, seen.legal_plays)) != sorted(map(index_of, allowed)):
        shown = " ".join(map(str, allowed)) or "none"
        raise FormatError(f"the seat's legal plays are what C7 allows it now: {shown}", "$.legal_plays", "C7")


def _check_view_sizes(seen: View) -> None:
    """The deal size, the stock, the hands and the tricks add up as the deal left them (C5, C6, C13)."""
    match = Match(seen.rules, seen.players, 0, seen.dealer, seen.round_number, seen.scores, seen.penalty_cards,
                  seen.half_cucumber, seen.eliminated, seen.last_result)
    if seen.deal_size != match.deal_size:
        raise FormatError(f"the score sheet deals {match.deal_size} cards each this round", "$.deal_size", "C5")
    if seen.winner != match.winner:
        raise FormatError("the winner is the last player left, once the game is over", "$.winner", "C13")
    in_round = seen.phase in _ROUND_PHASES
    stock = match.pack_size - match.deal_size * match.active_count if in_round else 0
    if seen.stock_size != stock:
        raise FormatError(f"the stock holds {stock} cards here", "$.stock_size", "C5")
    played = [0] * len(seen.players)
    for trick in (*seen.tricks, seen.trick):
        for seat, _ in trick:
            played[seat] += 1
    for seat, size in enumerate(seen.hand_sizes):
        dealt = match.deal_size if in_round and not seen.eliminated[seat] else 0
        if size + played[seat] != dealt:
            raise FormatError(f"seat {seat} holds and played {size + played[seat]} cards, but was dealt {dealt}",
                              f"$.hand_sizes[{seat}]", "C5")
    on_table = {Phase.PLAY: range(match.active_count), Phase.TRICK_COMPLETE: (match.active_count,)}
    if any(len(trick) != match.active_count for trick in seen.tricks) or len(seen.trick) not in on_table.get(
        seen.phase, (0,)
    ):
        raise FormatError(f"a trick holds one card from each of the {match.active_count} players", "$.trick", "C6")
    if seen.phase is Phase.ROUND_COMPLETE and any(seen.hand_sizes):
        raise FormatError("every card dealt is played when the round is complete", "$.hand_sizes", "C6")
    turn = seen.phase is Phase.PLAY
    if turn != (seen.to_play is not None) or (turn and seen.eliminated[seen.to_play or 0]):
        raise FormatError("an active player is to play exactly while a card is awaited", "$.to_play", "C6")
