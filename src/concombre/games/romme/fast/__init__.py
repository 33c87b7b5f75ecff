"""Rommé's compiled tier (the ``fast`` extra: numpy and Numba), over the shared `concombre.accel` layer.

- `concombre.games.romme.fast.melds`: the meld solver batched and compiled, choice for choice the scalar one's
  (`concombre.games.romme.bots.solver.best_melds`, `best_opening`);
- `concombre.games.romme.fast.meld_kernel`: its search, one hand at a time, for other kernels to call;
- `concombre.games.romme.fast.deals`: a round's pack in dealing order and a rebuilt stock's, exact (the
  reference engine's) or fast.
- `concombre.games.romme.fast.batch`: the batched engine (thousands of games as arrays, step by step as the
  reference engine plays them, a move built a part at a time for learners), and its `Batched` capability;
- `concombre.games.romme.fast.kernel`: the rules over a game's rows (the deal, draws, melds, lay-offs, joker
  exchanges, discards, rebuilt stocks, scoring, tie-breaks); `concombre.games.romme.fast.table`: the melds on
  the table; `concombre.games.romme.fast.options` and `concombre.games.romme.fast.builder`: a hand's melds and
  the learner's parts offered; `concombre.games.romme.fast.observe`: a seat's observation;
  `concombre.games.romme.fast.drivers`: the loops over a batch, compiled without reference counting.

Each function here calls Rommé's rule homes (`concombre.games.romme.rules`) compiled as they are; the tests
hold it to the scalar engine.

Examples:
    >>> from concombre.games.romme.fast.melds import best_melds_batch, counts_of
    >>> from concombre.romme import cards_of
    >>> int(best_melds_batch(counts_of([cards_of("5H1 6H1 7H1 KC1")])).left_value[0])
    10
"""
