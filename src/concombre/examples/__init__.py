"""Example code that ships with the library: read it, copy it, run it.

- `concombre.examples.highcard`: a tiny third game written to the `~concombre.core.game.Game` protocol's
  required core, as another package would write one (the guide "Adding a game" walks through it).
- `concombre.examples.highcard_full`: the same game with every optional capability.

Neither is registered: ``find_game("highcard")`` knows it only once you `~concombre.core.game.register` it.

Examples:
    >>> from concombre.examples.highcard import GAME
    >>> GAME.title
    'High Card'
"""
