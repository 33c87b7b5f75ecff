"""Rommé's compiled tier (the ``fast`` extra: numpy and Numba), over the shared `concombre.accel` layer.

- `concombre.games.romme.fast.melds`: the meld solver batched and compiled, choice for choice the scalar one's
  (`concombre.games.romme.bots.solver.best_melds`, `best_opening`);
- `concombre.games.romme.fast.meld_kernel`: its search, one hand at a time, for other kernels to call;
- `concombre.games.romme.fast.deals`: a round's pack in dealing order and a rebuilt stock's, exact (the
  reference engine's) or fast.

Each function here calls Rommé's rule homes (`concombre.games.romme.rules`) compiled as they are; the tests
hold it to the scalar engine.

Examples:
    >>> from concombre.games.romme.fast.melds import best_melds_batch, counts_of
    >>> from concombre.romme import cards_of
    >>> int(best_melds_batch(counts_of([cards_of("5H1 6H1 7H1 KC1")])).left_value[0])
    10
"""
