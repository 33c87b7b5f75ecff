"""The conformance kit: prove that a game keeps every promise of the `~concombre.core.game.Game` protocol.

`check_game` plays seeded whole games with random legal actions and checks what every edge of the library
relies on, for every capability the game offers. A broken promise, or any exception a game's member raises
while checked, fails with an `AssertionError` that names the promise, the member, and the seed, player count
and step that reproduce it, with the call that replays it. Run it first when you write a game:

    >>> from concombre.games import find_game
    >>> report = check_game(find_game("concombre"), games=2, every=20)
    >>> report.game, report.games, report.unchecked
    ('concombre', 2, ())

What it could not check is in the report, with the reason (`CheckReport.unchecked`); ``strict=True`` fails on
any of it:

    >>> from concombre.examples.highcard import GAME
    >>> sorted({item.promise for item in check_game(GAME, games=1).unchecked})
    ['documents', 'encoding', 'pictures', 'points', 'reader', 'story', 'views']

For your own property-based tests, `states`, `views`, `actions` and `records` are hypothesis strategies
over any game (hypothesis is imported when you call them: the ``test`` extra, ``pip install
"concombre[test]"``, brings it and jsonschema, which validates documents against their schemas).

What `check_game` checks, by promise, at every step of every game; those marked *sampled* cost the most, and
``every=k`` checks them only every k steps and at the start and the end of every round (before each deal, at
each round's end) and at the end:

- ``ends``: every game ends within ``max_steps`` steps.
- ``agrees``: `is_over`, `winner`, `to_play` and `legal_actions` agree (no action offered once over, a
  winner only once over, the player to move a seat of the table), and `returns` gives one number a seat.
- ``offered``: every offered action is accepted by `refusal` (for the referee and for the seat to move);
  a sample of them by `apply`.
- ``refused``: actions the rules refuse (actions seen elsewhere in the game, and any action from another
  seat) are refused by `apply` with the very error `refusal` gives, and leave the state untouched;
  ``seat=None`` is refused for a player's action; a value that is no action is refused with
  `~concombre.core.errors.InvalidArgumentError` naming ``action``.
- ``deterministic``: the same seed and choices give the same game.
- ``views``: every seat's view says whose it is and who is to play; with the game's ``learning.sample``,
  a state that differs only in what the seat cannot see (a twin) gives the same view, and a view that
  differs names the fields that differ. Without ``sample`` leaks are not checked (the report says so).
- ``points``: with ``points``, each step gives one finite number a seat, at most ``points_scale`` either
  way; `Game.rewards` gives one finite number a seat in every scheme of
  `~concombre.core.game.REWARDS`; summed over a game, the ``"win"`` rewards give the winner `END_BONUS` and
  every other seat as much less, and the ``"points"`` rewards are the points and that bonus; with
  ``total=`` (the game's own running total, ``lambda state: state.scores``), the points of the steps add up
  to its change at every step.
- ``pictures`` (*sampled*): with ``render``, the picture of the state and of every seat's view is a
  `~concombre.core.render.Picture` that draws as text (`~concombre.core.render.picture_text`) and as an SVG
  document that parses (`~concombre.core.render.picture_svg`).
- ``story`` (*sampled*): with a story, ``describe(rules)`` is a sentence, ``tell(before, action, after)``
  sentences, ``show(view)`` lines for every seat; ``typed`` writes text; ``offers`` offers only actions the
  seat to move may take; ``reasons(state, seat)`` maps texts to a sentence or None; ``shown_trick`` and
  ``shown_round`` answer None or what they promise.
- ``reader`` (*sampled*): with a story and text records, ``read(state, action_text(action)) == action``
  exactly for every offered action (the library reads back what it writes); with ``typed``,
  ``read(state, typed(action))`` is an action the rules accept that ``typed`` writes the same way.
- ``encoding`` (*sampled*): with ``learning.encoding`` (and numpy), every view's vector has the shape
  ``(size,)`` and finite values from ``low`` to 1, ``observe`` agrees with ``encode(view)``, ``text`` is
  text, ``hand`` and ``action_cards`` give card numbers below ``cards``; the slots are numbers below
  ``actions``, none while the table acts, each an action the rules accept; where ``slot_action`` numbers
  every action, the slots are the legal actions exactly and ``slot_action`` gives each slot's action (a
  game whose slots are numbered afresh in each state, Rommé's choices, may offer a choice among them). With
  ``parts`` (moves built a part at a time), parts are offered exactly while a seat is to move, random paths
  through the parts offered end in legal actions, legal actions' own parts reach them, and ``observe`` with
  nothing built is the encoding's observation, and with what the seats remember, the same on a twin.
- ``documents``: with a codec, states, views, actions and records round-trip through JSON and validate
  against their JSON Schema (when ``jsonschema`` is installed); the record replays to the same state;
  with text records, the text form reads back.
- ``bots``: with bots, the table's bot and the rivals choose a legal action from a view (in the first game).

Beyond the kit: ``learning.chance`` and ``learning.batched`` are checked by the adapters' and the batched
engine's own tests, not here; a view that shows another seat's cards in a game without ``sample`` is a leak
the kit cannot see.
"""

# The reference page shows the names in the order they are imported here: the report, the kit, the strategies.
# isort: off
from concombre.testing.kit import Checked, Unchecked, CheckReport, check_game
from concombre.testing.strategies import states, views, actions, records
# isort: on

__all__ = ["CheckReport", "Checked", "Unchecked", "actions", "check_game", "records", "states", "views"]
