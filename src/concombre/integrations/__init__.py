"""Adapters to the ecosystems of reinforcement learning and game research.

Each adapter is an optional extra that ``import concombre`` never imports,
and each drives the library's own engine: there is no second copy of the rules.

- `concombre.integrations.pettingzoo`: PettingZoo AEC environments
  (``pip install "concombre[pettingzoo]"``).
- `concombre.integrations.openspiel`: the games registered as OpenSpiel Python
  games (``pip install "concombre[openspiel]"``).
"""
