"""``python -m games replay FILE|-``: replay a game record and print its scores (RECORDS.md).

Exit codes: 0 with the JSON result on standard output; 1 for an illegal action; 2 for a malformed
record; one line on standard error in both error cases, and never a partial result.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.records import IllegalRecordAction, MalformedRecord, replay_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a record and print the scores as JSON")
    replay.add_argument("file", help="path of the record, or - for standard input")
    args = parser.parse_args(argv)

    try:
        if args.file == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        result = replay_text(text)
    except MalformedRecord as exc:
        print(f"malformed record: {exc}", file=sys.stderr)
        return 2
    except IllegalRecordAction as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
