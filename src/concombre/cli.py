"""The ``concombre`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from concombre.demo import demo_game
from concombre.errors import ConcombreError
from concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="concombre",
        description="The card game Concombre: rules engine, demo and tools.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo",
        help="play one complete seeded game among built-in players and print it",
        description="Play one complete seeded game among simple built-in players and print it "
        "trick by trick, with the score table after each round.",
    )
    demo.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        metavar="N",
        help=f"number of players, {MIN_PLAYERS}-{MAX_PLAYERS} (default 4)",
    )
    demo.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    demo.add_argument(
        "--follow",
        choices=("lead", "highest"),
        default="lead",
        help="what followers must match or beat: the card led (default) or the highest so far (C7)",
    )
    demo.add_argument(
        "--may-duck",
        action="store_true",
        help="the Danish rule: a follower may always play a card of their lowest rank (C7)",
    )
    bench = commands.add_parser(
        "bench",
        help="measure the engine, and the other engines when installed",
        description="Measure the engine's costs, side by side with OpenSpiel and RLCard when they are "
        "installed (pip install 'concombre[bench]'), and print a table of medians and ratios.",
    )
    bench.add_argument("--quick", action="store_true", help="a short smoke run (for CI); figures are rough")
    bench.add_argument("--json", action="store_true", help="print the report as JSON")
    bench.add_argument("--no-peers", action="store_true", help="measure the engine only")
    bench.add_argument("--repeat", type=int, metavar="N", help="runs of each measurement (default 5, quick 2)")
    return parser


def _bench(args: argparse.Namespace) -> None:
    from concombre.bench import run  # imported on demand: the suite loads the JSON layer

    if args.repeat is not None and args.repeat < 1:
        raise ConcombreError(f"--repeat must be at least 1, not {args.repeat}.")
    report = run(quick=args.quick, peers=not args.no_peers, repeat=args.repeat)
    print(report.to_json() if args.json else report.to_text())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Examples:
        >>> main(["demo", "--players", "2", "--seed", "3"])  # doctest: +ELLIPSIS
        Concombre for 2 players (Ada, Bea), seed 3; ...
        0
    """
    args = _parser().parse_args(argv)
    try:
        if args.command == "bench":
            _bench(args)
            return 0
        rules = Rules(follow=args.follow, may_duck=args.may_duck)
        for line in demo_game(players=args.players, seed=args.seed, rules=rules):
            print(line)
    except ConcombreError as err:
        print(f"concombre: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
    return 0
