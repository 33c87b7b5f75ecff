"""German Rommé's JSON documents, described for `concombre.io`: its kinds, action names and strict hooks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game import Codec, Structure, card_hook
from concombre.games.romme.actions import (
    ACTION_NAMES,
    Action,
)
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.documents import StateParts, check_view, rebuild_state, state_parts
from concombre.games.romme.melds import Meld, build_meld
from concombre.games.romme.rules import MAX_PLAYERS, Rules
from concombre.games.romme.state import RoundResult, State
from concombre.games.romme.views import View

__all__ = ["CODEC"]


def _hooks(structure: Structure) -> Iterable[tuple[type, Callable[[object, object], object]]]:
    def meld(value: Any, _: Any) -> Meld:
        if type(value) is not dict or set(value) != {"kind", "cards", "owners"}:
            raise InvalidArgumentError('expected a meld as {"kind": ..., "cards": [...], "owners": [...]}')
        cards = structure(value["cards"], tuple[RommeCard, ...])
        owners = structure(value["owners"], tuple[int, ...])
        if value["kind"] not in ("set", "run") or len(owners) != len(cards):
            raise InvalidArgumentError("expected a set or a run, with one owner seat per card")
        if not all(0 <= owner < MAX_PLAYERS for owner in owners):
            raise InvalidArgumentError(f"expected owner seats from 0 to {MAX_PLAYERS - 1}")
        try:
            built = build_meld(cards, owners)
        except IllegalActionError as err:
            raise InvalidArgumentError(err.reason, err.ruling) from None
        if built.kind != value["kind"]:
            raise InvalidArgumentError(f"these cards make a {built.kind}, not a {value['kind']}")
        return built

    return [(RommeCard, card_hook(RommeCard.parse, "QH1")), (Meld, meld)]


def _write_meld(meld: Meld) -> dict[str, Any]:
    owners = [place.owner for place in meld.places]
    return {"kind": meld.kind, "cards": [str(card) for card in meld.cards], "owners": owners}


CODEC = Codec(
    prefix="concombre.romme",
    kinds={"card": RommeCard, "rules": Rules, "action": Action, "state": State, "view": View},
    action_names=ACTION_NAMES,
    hooks=_hooks,
    unstructure={RommeCard: str, Meld: _write_meld},
    objects=(Rules, RoundResult, View),
    state_parts=state_parts,
    parts_type=StateParts,
    from_parts=rebuild_state,
    check_view=check_view,
    optional=frozenset({"deck", "end"}),
)
"""How German Rommé's values are written as ``concombre.romme.*/1`` documents.

Examples:
    >>> sorted(CODEC.action_names)[:3]
    ['deal', 'discard', 'draw_discard']
"""
