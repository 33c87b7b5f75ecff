"""Concombre's compiled tier (the ``fast`` extra: numpy and Numba), over the shared `concombre.accel` layer.

- `concombre.games.concombre.fast.kernel`: the rules over rows of arrays, a game a row, calling the rules
  homes of `concombre.games.concombre.rules` compiled as they are;
- `concombre.games.concombre.fast.batch`: the batched engine those arrays make (its front door is
  `concombre.batch`);
- `concombre.games.concombre.fast.search_kernel`: the search bots' solver and sampler, compiled;
- `concombre.games.concombre.fast.deals`: a round's pack in dealing order, exact (the reference engine's) or
  fast.

The differential tests hold every function here to the reference engine, step by step.

Examples:
    >>> from concombre.batch import legal_mask, reset
    >>> int(legal_mask(reset([1], players=4)).sum())
    7
"""
