"""An engine of the bot protocol that fails on purpose, for the tests.

    python broken.py MODE [GAMES]

MODE is how it fails at its first decision: ``crash`` (exits), ``silent``
(never answers), ``illegal`` (a move that is not legal), ``garbage`` (a line
that is not JSON), ``error`` (says it cannot), ``mute`` (never answers the
hello); ``fine`` plays a random legal move, and ``wait`` does too once the file
named by ``BROKEN_GO`` exists. GAMES (comma-separated) are the
games it says it plays (all four by default).
"""

import json
import os
import random
import sys
import time


def main() -> None:
    if os.environ.get("BROKEN_PIDS"):  # where the tests look for engines left running
        with open(os.path.join(os.environ["BROKEN_PIDS"], str(os.getpid())), "w") as f:
            f.write(" ".join(sys.argv))
    mode = sys.argv[1]
    games = (
        sys.argv[2].split(",") if len(sys.argv) > 2 else ["texas42", "fiveup", "bingo", "cavaleiro"]
    )
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello" and mode != "mute":
            hello = {"type": "hello", "protocol": 1, "name": f"broken {mode}", "games": games}
            print(json.dumps(hello), flush=True)
        elif message["type"] == "decide":
            if mode == "crash":
                sys.exit(f"{mode}: on purpose")
            if mode == "silent":
                time.sleep(3600)
            while mode == "wait" and not os.path.exists(os.environ["BROKEN_GO"]):
                time.sleep(0.01)
            if mode == "illegal":
                print(json.dumps({"move": "play 9-9"}), flush=True)
            elif mode == "garbage":
                print("thinking about it...", flush=True)
            elif mode == "error":
                print(json.dumps({"type": "error", "message": "no idea"}), flush=True)
            else:
                print(json.dumps({"move": random.choice(message["legal_moves"])}), flush=True)
        elif message["type"] == "quit":
            break


if __name__ == "__main__":
    main()
