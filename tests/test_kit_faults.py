"""The conformance kit catches a game that breaks a capability's promise, and says what it could not check.

Each faulty game is High Card (`concombre.examples.highcard_full`) with one member changed by `attrs.evolve`:
the kit must fail naming the promise and the member, with the seed, the players, the step and the call that
replays it, whatever the member raises; what it cannot check, its report says, and ``strict=True`` fails on.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from concombre import InvalidArgumentError
from concombre.core.errors import IllegalActionError
from concombre.core.game import refuse, refused, register, registered, unregister
from concombre.examples import highcard, highcard_full
from concombre.testing import Checked, CheckReport, Unchecked, check_game

FULL: Any = highcard_full.GAME_FULL  # a game whose members the tests change (attrs.evolve), checked at run time
SCORES: dict[str, Any] = {"total": lambda state: state.scores}


def failure(game: Any, **options: Any) -> str:
    """The kit's failure on ``game``: its message, checked to name where it happened and how to replay it."""
    before = registered().get(game.name)
    with pytest.raises(AssertionError) as caught:
        check_game(game, games=6, seed=4, **options)
    message = str(caught.value)
    assert re.search(r"\(seed \d+, 2 players, step \d+; replay with check_game\(game, games=1, seed=\d+", message)
    assert registered().get(game.name) is before  # the kit's stand-in is gone again
    return message


def replays(game: Any, message: str, **options: Any) -> None:
    """The call a failure names fails again, the same way."""
    seed = int(re.search(r"replay with check_game\(game, games=1, seed=(\d+)", message).group(1))  # type: ignore[union-attr]
    with pytest.raises(AssertionError) as again:
        check_game(game, games=1, seed=seed, players=(2,), **options)
    assert str(again.value) == message


def test_a_picture_that_raises_before_the_deal_fails_pictures():
    def picture(table):
        if table.phase is highcard.Phase.DEAL:
            raise ValueError("nothing to draw yet")
        return highcard_full.picture(table)

    message = failure(attrs.evolve(FULL, render=picture))
    assert "the promise 'pictures' is broken by render: it raises ValueError: nothing to draw yet" in message
    assert "step 0;" in message


def test_a_picture_that_is_no_picture_fails_pictures():
    message = failure(attrs.evolve(FULL, render=lambda table: str(highcard_full.picture(table))))  # text
    assert "the promise 'pictures' is broken by render: the picture of the state is a str, not a Picture" in message


def short_hand_encoding():
    built = highcard_full.encoding()

    def encode(seen):
        assert len(seen.hand) >= 2 or seen.hand[1]  # an IndexError on a hand of fewer than two cards
        return built.encode(seen)

    return attrs.evolve(built, encode=encode)


def test_an_encoding_that_raises_on_a_short_hand_fails_encoding():
    pytest.importorskip("numpy")
    faulty = attrs.evolve(FULL, learning=attrs.evolve(FULL.learning, encoding=short_hand_encoding))
    message = failure(faulty)
    assert "the promise 'encoding' is broken by encoding.encode: it raises IndexError" in message
    replays(faulty, message)


def test_a_refusal_that_raises_type_error_fails_refused_and_does_not_escape_bare():
    def refusal(state, action):
        if isinstance(action, highcard.Play) and state.to_play is not None and \
                action.card not in state.hands[state.to_play]:
            raise TypeError("'NoneType' object is not subscriptable")  # a crash in the judge of a card not held
        return highcard.refusal(state, action)

    faulty = attrs.evolve(FULL, refusal=refusal)
    message = failure(faulty)
    assert "the promise 'refused' is broken by refusal: it raises TypeError: 'NoneType' object" in message
    replays(faulty, message)


@attrs.frozen
class PeekingView(highcard.View):
    """High Card's view with a field of its own: here, the other seat's hand (a leak)."""

    peek: tuple[Any, ...] = ()


def peeking(state: highcard.State, seat: int) -> PeekingView:
    seen = highcard.view(state, seat)
    return PeekingView(**attrs.asdict(seen, recurse=False), peek=state.hands[1 - seat])


def test_a_core_game_whose_view_leaks_in_a_field_of_its_own_is_reported_unchecked_and_fails_strict():
    leaky = attrs.evolve(highcard.GAME, View=PeekingView, view=peeking)  # no learning.sample: no twin to compare
    report = check_game(leaky, games=5, documents=False, bots=False)
    assert Unchecked("views", "leaks not checked: the game offers no learning.sample (a twin state that differs "
                              "only in what a seat cannot see)") in report.unchecked
    assert not report.complete
    with pytest.raises(AssertionError, match=r"highcard: strict: not everything was checked: views: leaks not "
                                             r"checked: the game offers no learning.sample"):
        check_game(leaky, games=1, documents=False, bots=False, strict=True)


def test_given_sample_the_kit_names_the_field_that_leaks():
    leaky = attrs.evolve(highcard.GAME, View=PeekingView, view=peeking,
                         learning=attrs.evolve(FULL.learning, encoding=None))  # sample without an encoding
    message = failure(leaky, documents=False, bots=False)
    assert "the promise 'views' is broken by view: seat" in message
    assert message.split(" (seed")[0].endswith("it shows hidden information in 'peek'")


def test_a_reader_that_counts_from_zero_fails_reader():
    assert FULL.story is not None

    def read(state, answer):  # the cards numbered from 0 while show numbers them from 1, and no record lines
        hand = state.hands[state.to_play]
        text = answer.strip()
        return highcard.Play(hand[int(text)]) if text.isdigit() and int(text) < len(hand) else "no such card"

    faulty = attrs.evolve(FULL, story=attrs.evolve(FULL.story, read=read))
    message = failure(faulty)
    assert "the promise 'reader' is broken by story.read: it reads 'play " in message
    assert "(records.action_text of the offered Play(" in message


def test_a_people_form_the_reader_reads_as_another_move_fails_reader():
    assert FULL.story is not None
    typed = FULL.story.typed
    assert typed is not None

    def read(state, answer):  # reads the record's lines, but takes a typed card for the lowest one held
        action = FULL.story.read(state, answer)
        if isinstance(action, highcard.Play) and " " not in answer:
            return highcard.Play(min(state.hands[state.to_play]))
        return action

    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, read=read)))
    assert "the promise 'reader' is broken by story.read: it does not read " in message
    assert "(story.typed of the offered Play(" in message


@pytest.mark.parametrize(("change", "member", "detail"), [
    ({"show": lambda seen: "Your plays: ..."}, "story.show", "not a list of lines"),
    ({"tell": lambda before, action, after: iter([7])}, "story.tell", "in lines that are no text"),
    ({"describe": lambda rules: None}, "story.describe", "no text"),
    ({"typed": lambda action: ""}, "story.typed", "no text"),
    ({"shown_trick": lambda state: ("Ann", ())}, "story.shown_trick", "not None or (a seat"),
    ({"shown_round": lambda state: "Round 1 is over."}, "story.shown_round", "not None or a RoundShown"),
    ({"reasons": lambda state, seat: {0: None}}, "story.reasons", "not texts with a sentence or None"),
    ({"offers": lambda state: [highcard.Play(card) for card in highcard.CARDS]}, "story.offers",
     "which the seat to move"),
])
def test_a_story_member_that_answers_what_it_does_not_promise_fails_story(change, member, detail):
    assert FULL.story is not None
    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, **change)))
    assert f"the promise 'story' is broken by {member}: " in message and detail in message


def test_a_tell_that_raises_fails_story_naming_the_member():
    assert FULL.story is not None

    def tell(before, action, after):
        raise KeyError(after.round_number)

    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, tell=tell)))
    assert "the promise 'story' is broken by story.tell: it raises KeyError: 1" in message


def test_points_that_do_not_add_up_to_the_games_total_fail_points():
    def points(before, after):  # seat 1's points forgotten
        return tuple(value if seat == 0 else 0.0 for seat, value in enumerate(highcard_full.points(before, after)))

    faulty = attrs.evolve(FULL, points=points)
    check_game(faulty, games=2)  # without the game's total the sum is not compared
    message = failure(faulty, **SCORES)
    assert "the promise 'points' is broken by points: the points of the steps add up to [" in message
    assert "but the game's total (total=) has changed by [" in message
    replays(faulty, message, **SCORES)


@pytest.mark.parametrize(("points", "detail"), [
    (lambda before, after: tuple(3 * value for value in highcard_full.points(before, after)), "a step gives (3.0"),
    (lambda before, after: (0.0,), "a step gives (0.0,): not one finite number a seat"),
    (lambda before, after: (float("nan"), 0.0), "a step gives (nan, 0.0)"),
])
def test_points_beyond_the_scale_or_not_one_finite_number_a_seat_fail_points(points, detail):
    message = failure(attrs.evolve(FULL, points=points))
    assert "the promise 'points' is broken by points: " in message
    assert detail in message.replace("(0.0, 3.0", "(3.0")


@pytest.mark.parametrize(("change", "member", "detail"), [
    ({"slot_action": lambda slot: highcard.Play(highcard.CARDS[(slot + 1) % 6])}, "encoding.slot_action",
     "stands for"),
    ({"slots": lambda state: {}}, "encoding.slots", "are not the legal actions"),
    ({"slots": lambda state: {9 + number: action for number, action in enumerate(highcard.legal_actions(state))}},
     "encoding.slots",
     "not all numbers below 6"),
    ({"low": 0.5}, "encoding.encode", "not (15,) from 0.5 to 1"),
    ({"size": 14}, "encoding.encode", "has the shape (15,)"),
    ({"hand": lambda seen: (6,)}, "encoding.hand", "not card numbers below 6"),
    ({"observe": lambda state, seat: highcard_full.encoding().encode(highcard.view(state, 1 - seat))},
     "encoding.observe", "is not encode(view)"),
])
def test_an_encoding_that_breaks_a_promise_fails_encoding(change, member, detail):
    pytest.importorskip("numpy")
    assert FULL.learning is not None
    learning = attrs.evolve(FULL.learning, encoding=lambda: attrs.evolve(highcard_full.encoding(), **change))
    message = failure(attrs.evolve(FULL, learning=learning))
    assert f"the promise 'encoding' is broken by {member}: " in message and detail in message


def test_any_exception_of_any_member_is_the_kits_failure():
    def legal_actions(state):
        if state.round_number > 1:
            raise RuntimeError("round two is not written yet")
        return highcard.legal_actions(state)

    message = failure(attrs.evolve(FULL, legal_actions=legal_actions))
    assert "the promise 'agrees' is broken by legal_actions: it raises RuntimeError: round two" in message
    bots = attrs.evolve(FULL.bots, makers={**FULL.bots.makers, "high": lambda: None})
    message = failure(attrs.evolve(FULL, bots=bots))
    assert "the promise 'bots' is broken by bots.makers['high']: it raises AttributeError" in message


def test_the_report_says_what_was_checked_and_what_was_not_as_data():
    pytest.importorskip("numpy")  # the encoding is checked where numpy is installed
    report = check_game(FULL, games=3, **SCORES, strict=True)
    assert isinstance(report, CheckReport) and report.complete and report.unchecked == ()
    assert {item.promise for item in report.checked} == {
        "agrees", "ends", "offered", "refused", "deterministic", "views", "points", "pictures", "story", "reader",
        "encoding", "documents", "bots"}
    assert all(isinstance(item, Checked) and item.checks > 0 for item in report.checked)
    assert report.checks == sum(item.checks for item in report.checked)
    game, games, steps, checks = report.game, report.games, report.steps, report.checks  # 0.x's fields, in place
    assert (game, games) == ("highcard", 3) and checks > steps > 0
    core = check_game(highcard.GAME, games=2, documents=False, bots=False)
    assert [str(item) for item in core.unchecked] == [
        "views: leaks not checked: the game offers no learning.sample (a twin state that differs only in what a "
        "seat cannot see)",
        "documents: not checked: documents=False",
        "points: not checked: the game offers no points (rewards are checked)",
        "pictures: not checked: the game offers no render",
        "story: not checked: the game offers no story",
        "reader: not checked: the game offers no story",
        "encoding: not checked: the game offers no learning.encoding",
        "bots: not checked: bots=False",
    ]


def test_every_is_checked_and_every_step_can_be_sampled():
    with pytest.raises(InvalidArgumentError) as caught:
        check_game(FULL, every=0)
    assert caught.value.field == "every"
    sparse = {item.promise: item.checks for item in check_game(FULL, games=2, every=50).checked}
    dense = {item.promise: item.checks for item in check_game(FULL, games=2, every=1).checked}
    assert dense["pictures"] > sparse["pictures"] > 0 and dense["agrees"] == sparse["agrees"]


def test_a_refusal_that_names_another_error_than_apply_still_fails_refused():
    def refusal(state, action):  # the judge says one thing, apply another
        refused = highcard.refusal(state, action)
        return None if refused is None else IllegalActionError("Not now.", "H9")

    message = failure(attrs.evolve(FULL, refusal=refusal))
    assert "the promise 'refused' is broken by refusal: apply refuses" in message


# An answer the kit iterates or measures is collected inside the guard: a generator that raises while iterated,
# or an answer of the wrong shape, is the kit's failure naming the promise and the member, never a bare error.


def test_a_legal_actions_generator_that_raises_midway_fails_agrees():
    def legal_actions(state):  # a generator (the house allows one): it yields, then raises in round two
        offered = highcard.legal_actions(state)
        yield from offered[:1]
        if state.round_number > 1 and len(offered) > 1:
            raise ValueError("the second card is not written yet")
        yield from offered[1:]

    faulty = attrs.evolve(FULL, legal_actions=legal_actions)
    message = failure(faulty)
    assert "the promise 'agrees' is broken by legal_actions: it raises ValueError: the second card" in message
    replays(faulty, message)


@pytest.mark.parametrize(("change", "member", "detail"), [
    ({"points": lambda before, after: 5}, "points", "it answers 5, not a sequence (TypeError: 'int' object is "
                                                    "not iterable)"),
    ({"points": lambda before, after: (1 / value for value in (1.0, 0.0))}, "points", "it raises ZeroDivisionError"),
    ({"total": lambda state: None}, "total=", "it answers None, not a sequence"),
])
def test_points_of_the_wrong_shape_fail_points(change, member, detail):
    game, options = (FULL, change) if "total" in change else (attrs.evolve(FULL, **change), {})
    message = failure(game, **options)
    assert f"the promise 'points' is broken by {member}: {detail}" in message


class _OddReturns(type(FULL)):  # type: ignore[misc]  # a game whose returns is its own
    __slots__ = ()
    answer: Any = None

    def returns(self, state):
        return self.answer


def _with_returns(answer: Any) -> Any:
    game = _OddReturns(**{field.alias: getattr(FULL, field.name) for field in attrs.fields(type(FULL))})
    type(game).answer = answer
    return game


@pytest.mark.parametrize(("answer", "detail"), [
    ((0.0,), "returns gives 1 numbers"),
    ((0.0, 0.0, 0.0), "returns gives 3 numbers"),
    (0.0, "it answers 0.0, not a sequence"),
])
def test_returns_of_the_wrong_shape_fail_agrees(answer, detail):
    message = failure(_with_returns(answer))
    assert f"the promise 'agrees' is broken by returns: {detail}" in message


def test_offers_that_raise_while_iterated_fail_story():
    assert FULL.story is not None

    def offers(state):
        yield from highcard.legal_actions(state)[:1]
        raise LookupError("no more buttons")

    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, offers=offers)))
    assert "the promise 'story' is broken by story.offers: it raises LookupError: no more buttons" in message
    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, offers=lambda state: 3)))
    assert "the promise 'story' is broken by story.offers: it answers 3, not a sequence" in message
    message = failure(attrs.evolve(FULL, story=attrs.evolve(FULL.story, shown_trick=lambda state: (0, 5))))
    assert "the promise 'story' is broken by story.shown_trick: it answers (0, 5), not None or (a seat" in message


@pytest.mark.parametrize(("change", "member", "detail"), [
    ({"hand": lambda seen: 3}, "encoding.hand", "it answers 3, not a sequence"),
    ({"action_cards": lambda action: (1 // card for card in (1, 0))}, "encoding.action_cards",
     "it raises ZeroDivisionError"),
    ({"slots": lambda state: [1, 2]}, "encoding.slots", "it answers [1, 2], not a mapping"),
    ({"slots": lambda state: {"a": None, 0: None}}, "encoding.slots", "its slots ['a', 0] are not all numbers"),
    ({"encode": lambda seen: "a vector"}, "encoding.encode", "it answers 'a vector', not an array of numbers"),
    ({"encode": lambda seen: []}, "encoding.encode", "seat 0's vector has the shape (0,) and no values, not (15,)"),
])
def test_an_encoding_answer_of_the_wrong_shape_fails_encoding(change, member, detail):
    pytest.importorskip("numpy")
    assert FULL.learning is not None
    learning = attrs.evolve(FULL.learning, encoding=lambda: attrs.evolve(highcard_full.encoding(), **change))
    message = failure(attrs.evolve(FULL, learning=learning))
    assert f"the promise 'encoding' is broken by {member}: {detail}" in message


def test_a_view_or_a_start_without_the_fields_promised_fails_naming_the_member():
    def no_view(state, seat):
        return (seat,)  # a view with no seat, no to_play

    def no_table(players, *, dealer=0, rules=None, seed=None):
        return "a table"  # a start with no players

    message = failure(attrs.evolve(highcard.GAME, view=no_view), documents=False, bots=False)
    assert "the promise 'views' is broken by view: seat 0's view says seat nothing (no such field)" in message
    message = failure(attrs.evolve(highcard.GAME, new_game=no_table))
    assert "the promise 'agrees' is broken by new_game: it raises AttributeError" in message


# The kit stands its game in the registry while it checks it, and leaves the registry as it found it.


def _copycat(game: Any, name: str = "copycat") -> Any:
    return attrs.evolve(game, info=attrs.evolve(game.info, name=name))


def test_check_game_leaves_the_registry_as_it_was():
    games, refusals = list(registered().items()), dict(refused())
    copycat = register(_copycat(highcard.GAME))  # High Card's classes, under another name: High Card owns them
    try:
        mine = list(registered().items())
        assert mine[-1] == ("copycat", copycat)
        check_game(highcard.GAME, games=1)  # while checked, High Card displaces the copycat...
        assert list(registered().items()) == mine and dict(refused()) == refusals  # ...and no longer after
        with pytest.raises(AssertionError, match="broken by render"):  # a failure too leaves it as it was
            check_game(attrs.evolve(FULL, render=lambda shown: None), games=1)
        assert list(registered().items()) == mine and dict(refused()) == refusals
    finally:
        unregister(copycat)
    assert list(registered().items()) == games and dict(refused()) == refusals


def _of_its_own() -> Any:
    """High Card's core under a name and classes of its own (subclasses), that claims nothing High Card has."""
    kinds = {name: type(f"Own{name}", (getattr(highcard, name),), {"__slots__": ()})
             for name in ("Rules", "State", "View", "Deal", "Play")}
    return attrs.evolve(_copycat(highcard.GAME, "ownkind"), Rules=kinds["Rules"], State=kinds["State"],
                        View=kinds["View"], action_types=(kinds["Deal"], kinds["Play"]), bots=None)


def test_check_game_puts_back_the_game_of_its_name_in_its_place_and_what_was_refused():
    games, refusals = list(registered().items()), dict(refused())
    assert "highcard" not in refusals
    why = InvalidArgumentError("The game 'highcard' cannot be registered: a test.", field="game")
    refuse("highcard", why)  # as an installed High Card that failed its checks would be
    register(FULL)  # registered again (it clears the refusal), then refused again below
    own = register(_of_its_own())  # registered after High Card
    refuse("highcard", why)
    try:
        mine = list(registered().items())
        assert [name for name, _ in mine[-2:]] == ["highcard", "ownkind"]
        check_game(highcard.GAME, games=1, documents=False)  # another High Card, standing in for FULL
        assert list(registered().items()) == mine  # FULL back, before the other game, as it was
        assert refused()["highcard"] is why
    finally:
        unregister(own)
        unregister(register(FULL))  # the one way to forget a refusal: register a game of its name
    assert list(registered().items()) == games and dict(refused()) == refusals
