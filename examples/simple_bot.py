"""An example external bot for ``hkmj bot-match`` (protocol hkmj-bot/1, docs/bot-protocol.md).

Standalone on purpose (no hkmj import): it reads JSON lines on stdin and answers each
``request`` with one JSON line on stdout. Strategy: win when it can, claim pungs of honours,
otherwise pass; on its turn discard the tile with the fewest neighbours in hand.

    hkmj bot-match --bot "python examples/simple_bot.py" --bot greedy --bot random --bot random
"""

from __future__ import annotations

import json
import re
import sys


def tiles(text: str) -> list[str]:
    """'123m55z' -> ['1m', '2m', '3m', '5z', '5z']."""
    return [d + suit for digits, suit in re.findall(r"(\d+)([mpszf])", text) for d in digits]


def isolation(tile: str, hand: list[str]) -> int:
    """Fewer neighbours = more isolated; honours count only copies of themselves."""
    value, suit = int(tile[0]), tile[1]
    same = hand.count(tile) - 1
    if suit == "z":
        return 10 * same
    near = sum(1 for t in hand if t[1] == suit and t != tile and abs(int(t[0]) - value) <= 2)
    return 10 * same + 3 * near


def decide(request: dict) -> str:
    legal: list[str] = request["legal"]
    if "mahjong" in legal:
        return "mahjong"
    if "pung" in legal and request["view"]["offered"].endswith("z"):
        return "pung"
    if "pass" in legal:
        return "pass"
    hand = tiles(request["view"]["hand"])
    discards = [a for a in legal if a.startswith("discard ")]
    return min(discards, key=lambda a: (isolation(a.split()[1], hand), a))


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "request":
            reply = {"id": message["id"], "action": decide(message)}
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
