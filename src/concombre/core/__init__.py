"""What every game shares, and nothing game-specific: cards, errors, the `Game` protocol, records, seats.

Nothing here imports a game or an edge of the library.
"""
