"""The ``documents`` promise, at a game's end: with a codec, its states, views, actions and record round-trip
through JSON and validate against their JSON Schema, and the record replays; with text records, the record's
text form reads back.

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

from typing import Any

from concombre.core.records import replay
from concombre.testing.run import Run, recorded

__all__ = ["check_documents"]


def check_documents(run: Run, start: Any, taken: list[Any], final: Any) -> None:
    """``documents``: the game from ``start`` through the actions ``taken`` to ``final``, as JSON documents
    (validated when ``options.schemas``) and as a record (``io`` is imported here).

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run = Run(game, 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> taken = [game.legal_actions(start)[0]]
        >>> check_documents(run, start, taken, game.apply(start, taken[0])); run.counts
        {'documents': 6}
    """
    game = run.game
    record = recorded(start, tuple(taken))
    if game.codec is not None:
        from concombre.io.json import from_json, json_schema, to_dict, to_json

        values = [("state", final), ("view", game.view(final, 0)), ("record", record)]
        values += [("action", action) for action in taken[-3:]]
        for kind, value in values:
            try:
                back = from_json(to_json(value))
            except Exception as err:
                run.expect(False, "documents", f"codec ({kind})",
                           f"its JSON document does not load back: {type(err).__name__}: {err}")
            run.expect(back == value, "documents", f"codec ({kind})", "its JSON document loads back as another value")
            with run.guard("documents", f"codec ({kind})"):
                document, schema = to_dict(value), json_schema(f"{game.codec.prefix}.{kind}")
            _validate(run, kind, document, schema)
        with run.guard("documents", "Record"):
            replayed = replay(record)
        run.expect(replayed == final, "documents", "Record", "the record replays to another state")
    if game.records is not None:
        from concombre.io.records import read_record

        with run.guard("documents", "records"):
            back = read_record(record.to_text())
        run.expect(back == record, "documents", "records", "the record's text form reads back as another record")


def _validate(run: Run, kind: str, document: dict[str, Any], schema: dict[str, Any]) -> None:
    if not run.options.schemas:  # the schema is still checked to exist above; validation needs the test extra
        return
    import jsonschema

    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
    run.expect(not errors, "documents", f"json_schema ({kind})",
               f"its document does not validate: {errors[0].message if errors else ''}")
