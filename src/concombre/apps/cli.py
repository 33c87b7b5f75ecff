"""The ``concombre`` command line: demo, play, simulate, replay and bench.

``rich`` draws the progress bar and tables when it is installed
(``pip install concombre[cli]``); without it the command prints plain text.
Nothing here is imported by ``import concombre``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import os
import sys
import typing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from concombre.apps.argparse_words import Parser, in_language, language_asked
from concombre.core.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.core.game import LEVEL_NAMES, AnyGame, refused, required
from concombre.core.i18n import (
    _,
    environment_language,
    use_language,
)
from concombre.core.records import rules_from_text
from concombre.core.render import colour_wanted, paint_suits
from concombre.games import DEFAULT_GAME, GAMES, find_game

__all__ = ["main"]


def _rule_fields() -> dict[str, tuple[attrs.Attribute[Any], list[AnyGame]]]:
    """Every rules option of every installed game, by field name, with the games that have it."""
    fields: dict[str, tuple[attrs.Attribute[Any], list[AnyGame]]] = {}
    for game in GAMES.values():
        hints = typing.get_type_hints(game.Rules)
        for field in attrs.fields(game.Rules):
            field = field.evolve(type=hints.get(field.name, field.type))
            fields.setdefault(field.name, (field, []))[1].append(game)
    return fields


def _rules_options(parser: argparse.ArgumentParser) -> None:
    """One option per rules field of any installed game; each is refused for a game without it."""
    group = parser.add_argument_group(_("rules options (each game has its own; the defaults are the rulings)"))
    for name, (field, games) in _rule_fields().items():
        flag = "--" + name.replace("_", "-")
        owners = ", ".join(_(game.title) for game in games)
        described = _(field.metadata.get("help", name))  # each game's Rules field says what it is (N_ marked)
        default = (_("on") if field.default else _("off")) if field.type is bool else field.default
        text = _("{games}: {option} (default {default})", games=owners, option=described[:1].lower() + described[1:],
                 default=default).replace("%", "%%")
        if field.type is bool:
            group.add_argument(flag, dest=f"rule_{name}", action="store_const", const=True, default=None, help=text)
            continue
        choices = typing.get_args(field.type) if typing.get_origin(field.type) is typing.Literal else None
        group.add_argument(flag, dest=f"rule_{name}", default=None, choices=choices, metavar=None if choices else "N",
                           help=text)


def _rules(args: argparse.Namespace, game: AnyGame) -> Any:
    """The chosen game's rules from the options given; an option of another game is refused clearly."""
    given = {key.removeprefix("rule_"): value for key, value in vars(args).items()
             if key.startswith("rule_") and value is not None}
    own = {field.name for field in attrs.fields(game.Rules)}
    for name in given:
        if name not in own:
            flag = "--" + name.replace("_", "-")
            options = ", ".join("--" + key.replace("_", "-") for key in sorted(own)) or _("none")
            raise InvalidArgumentError(_("{flag} is not an option of {game}; its options are {options}.", flag=flag,
                                         game=_(game.title), options=options), field=name)
    words = " ".join(f"{name}={str(value).lower() if value is True else value}" for name, value in given.items())
    try:
        return rules_from_text(words, game.Rules)
    except FormatError as err:
        raise InvalidArgumentError(err.reason, err.ruling) from None


def _version() -> str:
    try:
        return importlib.metadata.version(__name__.partition(".")[0])  # the distribution is named as the package
    except importlib.metadata.PackageNotFoundError:  # run from a tree that was never installed
        return "(not installed)"


def _game_name(name: str) -> str:
    """``--game``'s value: a game installed but left out is refused with why; an unknown name is left to the
    choices, which list the games."""
    left_out = refused().get(name)
    if left_out is not None and name not in GAMES:
        raise argparse.ArgumentTypeError(_("{name} is installed but left out. {reason}", name=repr(name),
                                           reason=left_out.reason))
    return name


def _game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", type=_game_name, choices=list(GAMES), default=DEFAULT_GAME,
                        help=_("the game: {games}; default {default}",
                               games=", ".join(f"{name} ({_(game.title)})" for name, game in GAMES.items()),
                               default=DEFAULT_GAME))


def _table_command(commands: Any, name: str, help: str, description: str) -> argparse.ArgumentParser:
    """A command that sits one game at one table: ``--game`` and ``--players`` (default: the game's own count)."""
    command: argparse.ArgumentParser = commands.add_parser(name, help=help, description=description)
    _game_option(command)
    counts = ", ".join(f"{game} {GAMES[game].default_players}" for game in GAMES)
    command.add_argument("--players", type=int, default=None, metavar="N", help=_(
        "number of players, as many as the game allows (default: the game's usual count, {counts})", counts=counts))
    return command


def _where_options(command: argparse.ArgumentParser) -> None:
    """Where many games are played: ``--workers`` processes here, or a Dask cluster (``--scheduler``)."""
    command.add_argument("--workers", type=int, default=1, help=_("processes to play in (default 1)"))
    command.add_argument("--scheduler", metavar="ADDRESS", help=_("play on a Dask cluster instead: the address "
                         "of its scheduler, such as tcp://10.0.0.5:8786 (pip install 'concombre[dask]')"))


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="concombre",
        description=_("The card games Concombre and German Rommé: demo, play against bots, simulate, replay, bench."),
    )
    parser.add_argument("--version", action="version", version=f"concombre {_version()}",
                        help=_("show the version and exit"))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = _table_command(
        commands, "demo",
        help=_("play one complete seeded game among built-in players and print it"),
        description=_("Play one complete seeded game among simple built-in players and print it "
        "trick by trick, with the score table after each round."),
    )
    demo.add_argument("--seed", type=int, default=1, help=_("the game's seed (default 1)"))
    _rules_options(demo)

    play = _table_command(
        commands, "play",
        help=_("play a game against the bots in the terminal"),
        description=_("Play a game against the bots. On your turn, answer as the game asks (help repeats "
        "it); hint asks the table's bot, auto lets it play the step; end of input or Ctrl-C leaves the game."),
    )
    play.add_argument("--bots", default=None, help=_("the bots' kinds, comma-separated, repeated round the "
                      "table (default: the game's table bot); see each game's bots in the docs"))
    play.add_argument("--level", choices=LEVEL_NAMES, default=None,
                      help=_("play against the bot of this level, from beginner to expert (shown with its ladder "
                             "rating and time a move when the game starts); instead of --bots"))
    play.add_argument("--seed", type=int, help=_("the game's seed (default: unpredictable)"))
    play.add_argument("--name", default="You", help=_("your name at the table (default You)"))
    play.add_argument("--save", type=Path, metavar="FILE", help=_("save the game record to FILE (.json for JSON)"))
    _rules_options(play)

    simulate = commands.add_parser(
        "simulate",
        help=_("play many games between bots and report their strength"),
        description=_("Play seeded games between bots, rotating seats, and report wins, first "
        "eliminations (in games that eliminate players) and points per round with 95% confidence intervals, "
        "in this process, in --workers processes or on a Dask cluster (--scheduler)."),
    )
    simulate.add_argument("--games", type=int, default=1000, help=_("games to play (default 1000)"))
    _game_option(simulate)
    simulate.add_argument("--bots", default=None, help=_("one bot kind per seat, comma-separated (default: the "
                          "game's rivals, such as thumb,random for Concombre)"))
    _where_options(simulate)
    simulate.add_argument("--seed", type=int, default=0, help=_("the simulation's seed (default 0)"))
    simulate.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    _rules_options(simulate)

    rank = commands.add_parser(
        "ladder",
        help=_("rate a game's bots: a seeded round robin with ratings and head-to-head win rates"),
        description=_("Play a seeded round robin among a game's bots (2 players: every pair, seats alternating; "
        "4 players: each bot against three of each other) and print ratings fitted to every game on the Elo scale and "
        "head-to-head win rates, with 95% intervals, as Markdown tables."),
    )
    _game_option(rank)
    rank.add_argument("--bots", default=None, help=_("the bots to rate, comma-separated (default: all the game's)"))
    rank.add_argument("--players", default=None, help=_("player counts, comma-separated (default: those of 2,4, with "
                                                        "--duplicate of 2,3,4,5,7, that the game allows)"))
    rank.add_argument("--games", type=int, default=200, help=_("games per pairing (default 200)"))
    rank.add_argument("--seed", type=int, default=0, help=_("the ladder's seed (default 0)"))
    rank.add_argument("--duplicate", metavar="BOT", default=None,
                      help=_("duplicate games instead: the same deals played with this bot in a seat and with the "
                             "baseline in that seat, and their paired difference"))
    rank.add_argument("--baseline", metavar="BOT", default="mc",
                      help=_("with --duplicate: the bot it is judged against (default mc)"))
    rank.add_argument("--opponent", metavar="BOT", default=None,
                      help=_("with --duplicate: the bot in the other seats (default: the baseline)"))
    _where_options(rank)

    replay = commands.add_parser(
        "replay",
        help=_("print a saved game round by round, or step through it"),
        description=_("Replay a game record (text or JSON) through the engine and print it round by round; "
        "--step shows the table after each action and waits for Enter, --hands shows every hand."),
    )
    replay.add_argument("file", type=Path, metavar="FILE", help=_("the record, as `concombre play --save` writes it"))
    replay.add_argument("--step", action="store_true", help=_("show the table after each action and wait for Enter "
                        "(q stops)"))
    replay.add_argument("--hands", action="store_true", help=_("show the table after each action with every hand"))

    serve = commands.add_parser(
        "serve",
        help=_("serve a web table to play against the bots in a browser"),
        description=_("Serve the web table (pip install 'concombre[web]'): open the address it prints."),
    )
    serve.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=int, default=8000, help=_("the port (default 8000)"))
    serve.add_argument("--db", metavar="PATH", help=_("the SQLite file the tables are kept in, so that they survive "
                       "a restart (default: tables-1.sqlite3 in your user data directory; :memory: keeps none)"))
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help=_("a host name the server answers to, beyond localhost (repeat for more)"))
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help=_("an origin whose pages may use the server, such as https://cards.example (repeat)"))
    serve.add_argument("--trust-proxy", action="store_true",
                       help=_("read each client's address from X-Forwarded-For, and the page's scheme from "
                              "X-Forwarded-Proto, in requests from the reverse proxy (--proxy) only"))
    serve.add_argument("--proxy", action="append", default=[], metavar="ADDRESS",
                       help=_("the reverse proxy's address, whose headers --trust-proxy reads (repeat for more; "
                              "default 127.0.0.1 and ::1)"))
    serve.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS",
                       help=_("seconds a connection has to send a request's headers (default 10)"))
    serve.add_argument("--create-rate", type=float, default=10, metavar="N",
                       help=_("tables one address may start a minute, in the long run (default 10; 0: no limit)"))
    serve.add_argument("--create-burst", type=int, default=20, metavar="N",
                       help=_("tables one address may start at once (default 20)"))
    serve.add_argument("--ws-compression", action="store_true",
                       help=_("compress the WebSocket messages (a tenth of the bytes, for slow connections, at a cost "
                              "in the server's time that halves what it can serve)"))
    serve.add_argument("--trick-pause", type=float, default=1.5, metavar="SECONDS",
                       help=_("how long a completed trick stays on the felt before it is collected (default 1.5)"))
    serve.add_argument("--round-pause", type=float, default=None, metavar="SECONDS",
                       help=_("how long a round's end and its score sheet stay on the felt before the next deal "
                              "(default three times --trick-pause)"))
    serve.add_argument("--workers", type=int, default=None, metavar="N",
                       help=_("worker processes for the games, the tables shared out among them (default: one a "
                              "core; 0 plays them on a thread of the server's own process)"))

    bench = commands.add_parser(
        "bench",
        help=_("measure the engine, and the other engines when installed"),
        description=_("Measure the engine's costs, side by side with OpenSpiel and RLCard when they are "
        "installed (pip install 'concombre[bench]'), and print a table of medians and ratios."),
    )
    bench.add_argument("--quick", action="store_true", help=_("a short smoke run (for CI); figures are rough"))
    bench.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    bench.add_argument("--no-peers", action="store_true", help=_("measure the engine only"))
    bench.add_argument("--repeat", type=int, metavar="N", help=_("runs of each measurement (default 5, quick 2)"))
    bench.add_argument("--curve", metavar="FILE", help=_("also draw the batched engine's plays a second against the "
                       "number of games as an SVG picture into FILE"))
    bench.add_argument("--web", metavar="N,N", help=_("instead, the web table under load: that many tables at once "
                       "over real WebSockets against a new concombre serve, such as 40,200,1000 (the web extra)"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Examples:
        >>> main(["demo", "--players", "2", "--seed", "3"])  # doctest: +ELLIPSIS
        Concombre for 2 players (Ada, Bea), seed 3; ...
        0
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    with use_language(language_asked(argv) or environment_language()):
        with in_language():
            args = _parser().parse_args(argv)
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "demo": _demo,
        "play": _play,
        "simulate": _simulate,
        "ladder": _ladder,
        "replay": _replay,
        "bench": _bench,
        "serve": _serve,
    }
    try:
        return commands[args.command](args)
    except ConcombreError as err:
        print(f"concombre: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 0


def _demo(args: argparse.Namespace) -> int:
    from concombre.apps.demo import demo_game

    game = find_game(args.game)
    for line in demo_game(game, players=_players(args, game), seed=args.seed, rules=_rules(args, game)):
        print(line)
    return 0


def _players(args: argparse.Namespace, game: AnyGame) -> int:
    """How many sit at the table: ``--players``, else the game's usual count; refused if the game does not allow it."""
    players: int = game.default_players if args.players is None else args.players
    game.check_players(players)
    return players


def _bot_list(game: AnyGame, text: str) -> list[Any]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        makers = required(game, game.bots, "bots").makers
        raise InvalidArgumentError(_("--bots needs at least one bot: {bots}.", bots=", ".join(sorted(makers))),
                                   field="bots")
    return [game.bot(name) for name in names]


def _play(args: argparse.Namespace) -> int:
    from concombre.apps.terminal import TerminalGame, levels_text

    game = find_game(args.game)
    players = _players(args, game)
    rules = _rules(args, game)
    offered = required(game, game.bots, "bots")
    if args.level is not None and args.bots is not None:
        raise InvalidArgumentError(_("Give --level or --bots, not both."), field="level")
    level = next((level for level in offered.levels if level.name == args.level), None)
    if args.level is not None and level is None:
        raise InvalidArgumentError(_("{game} offers no {level} level.", game=_(game.title), level=_(args.level)),
                                   field="level")
    if offered.levels:
        print(levels_text(offered.levels, None if level is None else level.name))
    bots = _bot_list(game, level.bot if level is not None else args.bots or offered.stand_in)
    table = TerminalGame.start(game, args.name, [bots[seat % len(bots)] for seat in range(players - 1)],
                               rules, args.seed, helper=None if level is None else level.bot)
    colour = colour_wanted(sys.stdout)
    status = table.run(input, (lambda line: print(paint_suits(line))) if colour else print)
    if args.save is not None:
        table.save(args.save)
        print(_("The game record is saved in {path}.", path=args.save))
    return status


def _replay(args: argparse.Namespace) -> int:
    from concombre.apps.demo import headline
    from concombre.core.records import replay_states
    from concombre.core.render import colour_wanted, picture_text, without_hands
    from concombre.io.records import load_record

    record = load_record(args.file)
    game = record.game
    try:
        states = replay_states(record)
        state = next(states)
        print(headline(game, state))
        stepping = args.step
        for action, after in zip(record.actions, states, strict=False):
            for line in required(game, game.story, "story").tell(state, action, after):
                print(line)
            state = after
            if (stepping or args.hands) and game.render is not None:
                picture = game.render(after)
                shown = picture if args.hands else without_hands(picture, after.players)
                print(picture_text(shown, colour=colour_wanted(sys.stdout)))
            if stepping:
                try:
                    stepping = input(_("Enter for the next action, q to stop stepping: ")).strip().lower() != "q"
                except EOFError:
                    stepping = False
    except FormatError as err:
        raise FormatError(err.reason, f"{args.file}: {err.path}", err.ruling) from None
    return 0


def _rivals(game: AnyGame) -> tuple[str, ...]:
    """The game's default line-up, one bot a seat: its rivals, repeated round the table to its usual count where
    the game cannot seat them as they are."""
    rivals = required(game, game.bots, "bots").rivals
    low, high = game.players
    if low <= len(rivals) <= high:
        return rivals
    return tuple(rivals[seat % len(rivals)] for seat in range(game.default_players))


def _counts(game: AnyGame, usual: tuple[int, ...]) -> str:
    """The player counts a command plays by default: those of ``usual`` the game allows, else its usual count."""
    low, high = game.players
    return ",".join(str(count) for count in usual if low <= count <= high) or str(game.default_players)


def _simulate(args: argparse.Namespace) -> int:
    from concombre.apps.simulate import GameResult, simulate_games, summarize

    game = find_game(args.game)
    rules = _rules(args, game)
    bots = _bot_list(game, args.bots or ",".join(_rivals(game)))
    game.check_players(len(bots))
    if args.games < 1 or args.workers < 1:
        raise InvalidArgumentError(_("--games and --workers must be at least 1."))
    results: list[GameResult] = []
    status = 0
    try:
        with _executor(args) as executor, _Progress(args.games) as advance:
            for result in simulate_games(bots, args.games, seed=args.seed, rules=rules, game=game, executor=executor):
                results.append(result)
                advance()
    except KeyboardInterrupt:
        status = 130
        print(_("Interrupted: {done} of {games} games finished.", done=len(results), games=args.games),
              file=sys.stderr)
    summary = summarize(results)
    if args.json:
        document = attrs.asdict(summary, filter=lambda attribute, _: attribute.name != "results")
        print(json.dumps(document, indent=2))
    else:
        _print_summary(summary, game.eliminated is not None)
    return status


def _ladder(args: argparse.Namespace) -> int:
    from concombre.apps.ladder import ladder, lineups

    game = find_game(args.game)
    makers = required(game, game.bots, "bots").makers
    bots = list(makers) if args.bots is None else [name.strip() for name in args.bots.split(",") if name.strip()]
    given = args.players or _counts(game, (2, 3, 4, 5, 7) if args.duplicate else (2, 4))
    try:
        players = [int(count) for count in given.split(",")]
    except ValueError:
        raise InvalidArgumentError(_("--players takes counts such as 2,4, not {given}.", given=repr(given)),
                                   field="players") from None
    if args.workers < 1:
        raise InvalidArgumentError(_("--workers must be at least 1."), field="workers")
    if args.duplicate:
        return _duplicate(args, game.name, players)
    total = args.games * sum(len(lineups(bots, count)) for count in players) if args.games > 0 else 1
    with _executor(args) as executor, _Progress(total) as advance:
        result = ladder(game.name, bots, players=players, games=args.games, seed=args.seed, executor=executor,
                        progress=advance)
    print(f"{_(game.title)}: `concombre ladder --game {game.name} --bots {','.join(bots)} --players "
          f"{','.join(map(str, players))} --games {args.games} --seed {args.seed}`\n")
    print(result.table())
    return 0


def _duplicate(args: argparse.Namespace, game: str, players: list[int]) -> int:
    from concombre.apps.duplicate import duplicate, duplicate_table

    with _executor(args) as executor, _Progress(2 * max(args.games, 1) * len(players)) as advance:
        rows = duplicate(game, args.duplicate, args.baseline, opponent=args.opponent, players=players,
                         games=args.games, seed=args.seed, executor=executor, progress=advance)
    opponent = f" --opponent {args.opponent}" if args.opponent else ""
    print(f"`concombre ladder --game {game} --duplicate {args.duplicate} --baseline {args.baseline}{opponent} "
          f"--players {','.join(map(str, players))} --games {args.games} --seed {args.seed}`\n")
    print(duplicate_table(rows))
    return 0


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """Where the games run, from ``--workers`` and ``--scheduler``: None (this process), a process pool, or a
    Dask cluster's executor; shut down (unfinished games cancelled) or disconnected when the block ends."""
    from concurrent.futures import ProcessPoolExecutor

    if args.scheduler and args.workers > 1:
        raise InvalidArgumentError(_("Give --workers or --scheduler, not both: a Dask cluster has its own workers."))
    if args.scheduler:
        client = _dask_client(args.scheduler)
        try:
            yield client.get_executor()
        finally:
            client.close()
    elif args.workers > 1:
        pool = ProcessPoolExecutor(args.workers)
        try:
            yield pool
        except BaseException:  # Ctrl-C or an error: the games not started are cancelled, nobody waits
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        # Every game is done: wait for the workers to leave, or the pool's exit hook writes to a closed pipe
        # ("Bad file descriptor") as the interpreter ends.
        pool.shutdown(wait=True)
    else:
        yield None


def _dask_client(address: str) -> Any:
    """A client of the Dask scheduler at ``address``, or an error that says what is missing."""
    try:
        from distributed import Client
    except ImportError:
        raise InvalidArgumentError(_("--scheduler needs Dask: pip install 'concombre[dask]'."),
                                   field="scheduler") from None
    try:
        return Client(address, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as err:
        reason = _("No Dask scheduler answers at {address}: {error}", address=repr(address), error=err)
        raise InvalidArgumentError(reason, field="scheduler") from None


class _Progress:
    """A progress bar on standard error: rich's when installed, else a line every tenth."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.bar: Any = None

    def __enter__(self) -> Callable[[], None]:
        try:
            from rich.progress import Progress
        except ImportError:
            return self._plain
        self.bar = Progress(transient=True, console=_console(stderr=True))
        self.bar.__enter__()
        task = self.bar.add_task(_("playing games"), total=self.total)
        return lambda: self.bar.advance(task)

    def _plain(self) -> None:
        self.done += 1
        if self.done * 10 // self.total != (self.done - 1) * 10 // self.total:
            print(_("{done}/{total} games", done=self.done, total=self.total), file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    return Console(stderr=stderr, width=None if stream.isatty() else 120)  # no wrapping in files and pipes


def _print_summary(summary: Any, eliminates: bool) -> None:
    """The summary as a table; the "first out" column only for games that eliminate players."""
    header = (_("bot"), _("seats"), _("wins"), *((_("first out"),) if eliminates else ()), _("points/round"))
    rows = [
        (bot.name, str(bot.seats), str(bot.wins), *((str(bot.first_out),) if eliminates else ()),
         str(bot.points_per_round))
        for bot in summary.bots
    ]
    footer = _("{games} games; rounds per game {rounds}; [95% confidence intervals]", games=summary.games,
               rounds=summary.rounds_per_game)
    try:
        from rich.table import Table
    except ImportError:
        widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
        for row in (header, *rows):
            print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
        print(footer)
        return
    table = Table(*header, caption=footer)
    for row in rows:
        table.add_row(*row)
    _console().print(table)


def _serve(args: argparse.Namespace) -> int:
    try:
        import platformdirs
        import uvicorn

        from concombre.apps.web.app import create_app
        from concombre.apps.web.server import config
    except ImportError:
        raise InvalidArgumentError(_("concombre serve needs the web extra: pip install 'concombre[web]'.")) from None
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("concombre: " + _("warning: listening on {host} lets other machines reach the tables; their players "
                                "need --allow-host (and pages elsewhere --allow-origin), and nothing here encrypts "
                                "the traffic.", host=args.host), file=sys.stderr)
    address = f"http://{args.host}:{args.port}/"
    print("concombre: " + _("the table is at {address} (Ctrl-C stops it)", address=address))
    package = __name__.split(".")[0]  # the distribution's own name for its data directory
    # named after the first layout: a file of an older layout is brought up to date in place (Store)
    db = args.db or str(Path(platformdirs.user_data_dir(package)) / "tables-1.sqlite3")
    print("concombre: " + _("tables are kept in {path}", path=db))
    workers = (os.cpu_count() or 1) if args.workers is None else args.workers
    pauses = (args.trick_pause, args.round_pause or 0.0)
    if args.create_rate < 0 or args.create_burst < 1 or min(pauses) < 0 or workers < 0 or args.header_timeout <= 0:
        raise InvalidArgumentError(_("--create-rate, --trick-pause, --round-pause and --workers cannot be negative, "
                                     "--create-burst is at least 1 and --header-timeout more than 0."))
    app = create_app(allow_hosts=args.allow_host, allow_origins=args.allow_origin, db=None if db == ":memory:" else db,
                     trust_proxy=args.trust_proxy, proxies=args.proxy or ("127.0.0.1", "::1"),
                     tables_per_minute=args.create_rate, table_burst=args.create_burst,
                     trick_pause=args.trick_pause, round_pause=args.round_pause, workers=workers)
    # The games' work runs in worker processes, or on a thread of its own: the event loop, which answers the page
    # and the sockets, gets the interpreter back from the threads that wait on them within a millisecond of
    # asking rather than five, the default.
    sys.setswitchinterval(0.001)
    uvicorn.Server(config(app, args.host, args.port, ws_compression=args.ws_compression,
                          header_timeout=args.header_timeout)).run()
    return 0


def _bench_web(counts: str, as_json: bool) -> int:
    try:
        import websockets  # noqa: F401 - the load test's client

        from concombre.bench.web import load_test
    except ImportError:
        raise InvalidArgumentError(_("concombre bench --web needs the web extra: pip install 'concombre[web]'.")
                                   ) from None
    try:
        tables = [int(count) for count in counts.split(",")]
    except ValueError:
        tables = []
    if not tables or min(tables) < 1:
        raise InvalidArgumentError(_("--web takes numbers of tables separated by commas, such as 40,200, not "
                                     "{value}.", value=repr(counts)), field="web")
    for count in tables:
        report = load_test(count)
        print(json.dumps(attrs.asdict(report)) if as_json else report.to_text(), flush=True)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from concombre.bench import run

    if args.repeat is not None and args.repeat < 1:
        raise InvalidArgumentError(_("--repeat must be at least 1, not {repeat}.", repeat=args.repeat))
    if args.web is not None:
        return _bench_web(args.web, args.json)
    if args.curve is not None and not Path(args.curve).parent.is_dir():  # said before minutes of measuring
        raise InvalidArgumentError(_("--curve cannot be written to {path}: its folder does not exist.",
                                     path=args.curve), field="curve")
    from concombre.apps.simulate import speed_jobs

    report = run(quick=args.quick, peers=not args.no_peers, repeat=args.repeat, more=speed_jobs)
    print(report.to_json() if args.json else report.to_text())
    if args.curve is not None:
        from concombre.bench.curve import curve_svg

        try:
            Path(args.curve).write_text(curve_svg({item.key: item.value for item in report.measurements}),
                                        encoding="utf-8")
        except OSError as err:
            raise InvalidArgumentError(_("--curve cannot be written to {path}: {error}", path=args.curve,
                                         error=err), field="curve") from None
    return 0
