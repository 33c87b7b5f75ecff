"""What every game shares, and nothing game-specific: cards, errors, limits, the `Game` protocol, records,
seats, pictures (`render`) and the words of the stories (`words`).

Nothing here imports a game or an edge of the library.
"""
