"""The checks of the presentation capabilities (*sampled*): ``pictures`` (with ``render``), ``story`` and
``reader`` (with a story).

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from concombre.core.game import RoundShown
from concombre.core.render import Picture, picture_svg, picture_text
from concombre.testing.run import Run, below

__all__ = ["check_picture", "check_reader", "check_story"]


def check_picture(run: Run, render: Callable[[Any], Picture], shown: Any) -> None:
    """``pictures``: the picture ``render`` draws of ``shown`` (the state or a seat's view) is a
    `~concombre.core.render.Picture` that draws as text and as an SVG document that parses.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run = Run(game, 1, 2, Options())
        >>> check_picture(run, game.render, game.new_game(2, seed=1)); run.counts
        {'pictures': 2}
        >>> try:
        ...     check_picture(run, lambda shown: "a sketch", game.new_game(2, seed=1))
        ... except AssertionError as err:
        ...     print(str(err)[:72])
        concombre: the promise 'pictures' is broken by render: the picture of th
    """
    what = f"seat {shown.seat}'s view" if hasattr(shown, "seat") else "the state"
    picture = run.call("pictures", "render", render, shown)
    if not run.holds(isinstance(picture, Picture), "pictures"):
        raise run.failure("pictures", "render", f"the picture of {what} is a {type(picture).__name__}, "
                                                "not a Picture")
    text = run.call("pictures", "render (its picture as text)", picture_text, picture)
    run.expect(text.startswith(picture.title), "pictures", "render", f"the picture of {what} draws as {text!r}")
    svg = run.call("pictures", "render (its picture as SVG)", picture_svg, picture)
    try:
        ElementTree.fromstring(svg)
    except ElementTree.ParseError as err:
        run.expect(False, "pictures", "render", f"the SVG picture of {what} does not parse: {err}")


def check_story(run: Run, state: Any, legal: tuple[Any, ...], seen: list[Any], before: Any, action: Any) -> None:
    """``story``: ``describe`` aside (checked once a game), the story tells the step from ``before`` by
    ``action`` in sentences, shows every view ``seen`` in lines, writes every legal action with ``typed``,
    ``offers`` only what the seat to move may take, and ``reasons``, ``shown_trick`` and ``shown_round`` answer
    what they promise.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run = Run(game, 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> action = game.legal_actions(start)[0]
        >>> dealt = game.apply(start, action)
        >>> seen = [game.view(dealt, seat) for seat in range(2)]
        >>> check_story(run, dealt, tuple(game.legal_actions(dealt)), seen, start, action); run.counts["story"] > 0
        True
    """
    game, story = run.game, run.game.story
    assert story is not None
    if before is not None:
        told = run.call("story", "story.tell", _told, story.tell, before, action, state)
        if not run.holds(all(isinstance(line, str) for line in told), "story"):
            raise run.failure("story", "story.tell", f"it tells {action!r} in lines that are no text: {told!r}")
    for view in seen:
        lines = run.call("story", "story.show", story.show, view)
        if not run.holds(isinstance(lines, list) and all(isinstance(line, str) for line in lines), "story"):
            raise run.failure("story", "story.show", f"seat {view.seat}'s view is shown as {lines!r}, not a list "
                                                     "of lines")
    to_play = run.call("story", "to_play", game.to_play, state)
    if story.typed is not None:
        for offered in legal:
            written = run.call("story", "story.typed", story.typed, offered)
            if not run.holds(isinstance(written, str) and written != "", "story"):
                raise run.failure("story", "story.typed", f"it writes {offered!r} as {written!r}, no text")
    if story.offers is not None:
        for offered in run.collect("story", "story.offers", story.offers, state):
            refused = None if to_play is None else run.call("story", "refusal", game.refusal, state, offered)
            if not run.holds(to_play is not None and refused is None, "story"):
                raise run.failure("story", "story.offers", f"it offers {offered!r}, which the seat to move "
                                                           f"({to_play!r}) may not take: {refused}")
    if story.reasons is not None:
        for seat in range(run.players):
            reasons = run.call("story", "story.reasons", story.reasons, state, seat)
            if not run.holds(isinstance(reasons, Mapping) and all(isinstance(text, str) and (
                    why is None or isinstance(why, str)) for text, why in reasons.items()), "story"):
                raise run.failure("story", "story.reasons", f"it answers {reasons!r} for seat {seat}, not texts "
                                                            "with a sentence or None")
    if story.shown_trick is not None:
        trick = run.call("story", "story.shown_trick", story.shown_trick, state)
        if not run.holds(trick is None or _a_trick(trick, run.players), "story"):
            raise run.failure("story", "story.shown_trick", f"it answers {trick!r}, not None or (a seat, "
                                                            "(seat, card text) pairs)")
    if story.shown_round is not None:
        shown = run.call("story", "story.shown_round", story.shown_round, state)
        if not run.holds(shown is None or isinstance(shown, RoundShown), "story"):
            raise run.failure("story", "story.shown_round", f"it answers {shown!r}, not None or a RoundShown")


def _told(tell: Callable[[Any, Any, Any], Iterator[str]], before: Any, action: Any, after: Any) -> list[str]:
    return list(tell(before, action, after))


def _a_trick(trick: object, players: int) -> bool:
    if not isinstance(trick, tuple) or len(trick) != 2:
        return False
    winner, plays = trick
    return below(winner, players) and isinstance(plays, (tuple, list)) and all(
        isinstance(play, tuple) and len(play) == 2 and below(play[0], players) and isinstance(play[1], str)
        for play in plays)


def check_reader(run: Run, state: Any, legal: tuple[Any, ...]) -> None:
    """``reader``: on a seat's turn, the story reads back exactly what ``records.action_text`` writes of every
    offered action, and what ``typed`` writes as an action the rules accept that ``typed`` writes the same way.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run = Run(game, 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> dealt = game.apply(start, game.legal_actions(start)[0])
        >>> check_reader(run, dealt, tuple(game.legal_actions(dealt))); run.counts
        {'reader': 14}
    """
    game, story = run.game, run.game.story
    if story is None or run.call("reader", "to_play", game.to_play, state) is None:
        return  # a reader reads a person's answer on their turn
    records, typed = game.records, story.typed
    for action in legal:
        if records is not None:
            text = run.call("reader", "records.action_text", records.action_text, action)
            read = run.call("reader", "story.read", story.read, state, text)
            if not run.holds(read == action, "reader"):
                raise run.failure("reader", "story.read", f"it reads {text!r} (records.action_text of the offered "
                                                          f"{action!r}) as {read!r}")
        if typed is not None:
            text = run.call("reader", "story.typed", typed, action)
            read = run.call("reader", "story.read", story.read, state, text)
            if not run.holds(not isinstance(read, str) and run.call("reader", "refusal", game.refusal, state, read)
                             is None and run.call("reader", "story.typed", typed, read) == text, "reader"):
                raise run.failure("reader", "story.read", f"it does not read {text!r} (story.typed of the offered "
                                                          f"{action!r}) back as a move written the same way: "
                                                          f"{read!r}")
