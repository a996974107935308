"""A/B check that two source trees play identically: a fingerprint of the events of seeded matches.

    mkdir -p /tmp/base && git -C . archive main src | tar -x -C /tmp/base
    python bench/ab_fingerprint.py /tmp/base/src src

An engine speed pass must not change a single game result (records are re-read by independent
referees). Each side runs in a fresh process (``PYTHONHASHSEED=0``) the same seeded matches —
Hong Kong, MCR and classical; random bots (``--hands`` hands per ruleset, in matches of 20) and
greedy bots (``--greedy-hands``); with and without ``ask_all`` and ``teaching`` — and hashes
(SHA-256) the JSON of every event and every hand result. Each match is also played with
``keep_events=False`` (hands that build no events): its hand results and totals must equal the
recorded play's in the same process (else the side fails), and form a group of their own.
Prints both fingerprints per group and exits 1 when any group differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence

from sides import is_side, side_command

RUN = """
import hashlib, json, sys
from hkmj.bots import make_bot
from hkmj.engine import play_match
from hkmj.rulesets import get_ruleset
hands, greedy_hands = int(sys.argv[1]), int(sys.argv[2])
out = {}
for rules in ("hk", "mcr", "classical"):
    for bot, total in (("random", hands), ("greedy", greedy_hands)):
        for ask_all, teaching in ((False, False), (True, False), (False, True)):
            if total <= 0:
                continue
            h = hashlib.sha256()
            res = {True: hashlib.sha256(), False: hashlib.sha256()}  # results only, by keep_events
            left, k = total, 0
            while left > 0:
                n = min(20, left)
                for keep in (True, False):
                    r = play_match([make_bot(bot, 100 * k + i) for i in range(4)], 7919 * k + 3, length="hands",
                                   hands=n, ask_all=ask_all, teaching=teaching, rules=get_ruleset(rules),
                                   keep_events=keep)
                    if keep:
                        for ev in r.events:
                            h.update(json.dumps(ev, sort_keys=True).encode())
                    for hr in r.hands:
                        res[keep].update(repr((hr.kind, hr.payments, hr.seat, hr.discarder, hr.win_type,
                                               hr.dealer_keeps, hr.score)).encode())
                    res[keep].update(repr((r.totals, r.ranking)).encode())
                left -= n
                k += 1
            group = f"{rules}/{bot}/ask_all={ask_all}/teaching={teaching}/{total} hands"
            if res[True].digest() != res[False].digest():
                sys.exit(f"{group}: keep_events=False gives other results than the recorded play")
            h.update(res[True].digest())
            out[group] = h.hexdigest()
            out[group + "/keep_events=False results"] = res[False].hexdigest()
print(json.dumps(out))
"""


def fingerprints(src: str, hands: int, greedy_hands: int) -> dict[str, str]:
    """The fingerprint of each group of seeded matches played on ``src`` (a tree, or a Python executable)."""
    python, env = side_command(src, PYTHONHASHSEED="0")
    out = subprocess.run([*python, "-c", RUN, str(hands), str(greedy_hands)], env=env, capture_output=True, text=True, cwd="/")
    if out.returncode != 0:
        raise RuntimeError(f"{src}: the matches failed:\n{out.stderr[-3000:]}")
    result: dict[str, str] = json.loads(out.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="src directory (or Python executable, e.g. a venv's with the wheel) of the reference")
    parser.add_argument("candidate", help="src directory (or Python executable) to compare")
    parser.add_argument("--hands", type=int, default=200, help="random-bot hands per ruleset and option set")
    parser.add_argument("--greedy-hands", type=int, default=40, help="greedy-bot hands per ruleset and option set")
    args = parser.parse_args(argv)
    for side in (args.base, args.candidate):
        if not is_side(side):
            print(f"{side}: neither a src directory holding hkmj nor a Python executable", file=sys.stderr)
            return 2
    base = fingerprints(args.base, args.hands, args.greedy_hands)
    cand = fingerprints(args.candidate, args.hands, args.greedy_hands)
    bad = 0
    for group, fp in base.items():
        same = cand.get(group) == fp
        bad += not same
        print(f"{'same' if same else 'DIFFERENT'}  {group}  {fp[:16]} {str(cand.get(group))[:16]}")
    print(f"{len(base) - bad}/{len(base)} groups identical")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
