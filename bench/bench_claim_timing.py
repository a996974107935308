"""Claim-window timing seen by a player: does the pause after a discard tell whether a bot could claim it?

Starts ``hkmj serve`` on a fresh SQLite database, creates a table of one
scripted player and three bots (``--bot``) whose creator asked for a claim window of 0, and plays
``--hands`` hands as that player (passing claims, discarding the last tile offered). For each
discard it times, at the player's client, the frame holding the discard to the next frame with
a public event; once the match is over, the table's log export tells which discards a bot was
asked about (a bot's pass or claim logged right after it). Prints the pauses of both groups:
if they differ, a player learns from the pause what the bots hold (a bot answers only when it can
claim, and its answer is committed to the log before the window closes).

With ``--probe back`` (or ``ping``) the player also sends that message the moment each discard
arrives and times its answer (a ``nothing_to_do`` refusal, a ``pong``): a bot asked about the
discard decides then, and a probe answered later tells that some bot could claim it.

    python bench/bench_claim_timing.py                  # four hands, expert bots
    python bench/bench_claim_timing.py --bot greedy --hands 8
    python bench/bench_claim_timing.py --rules mcr --window 1 --probe back --hands 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

from hkmj.server.testing import Server, discards_asked, play_probing


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=4, help="hands played at the table (default 4)")
    ap.add_argument("--bot", default="expert", help="the three bots (default expert, the slowest to answer)")
    ap.add_argument("--rules", default="hk", help="the table's ruleset (default hk; mcr: the slowest bots)")
    ap.add_argument("--window", type=float, default=0.0, help="the claim window's minimum in seconds (default 0)")
    ap.add_argument("--probe", choices=("back", "ping"), help="also time this message sent as each discard arrives")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/claims.db", Path(tmp) / "server.log")
        server.start()
        try:
            tid = server.create(slots=[None, args.bot, args.bot, args.bot], claim_window=args.window, bot_delay=0, hands=args.hands, teaching=False, next_delay=0, rules=args.rules)
            started = time.monotonic()
            pauses, answers, _ = asyncio.run(play_probing(server, tid, args.probe))
            with urllib.request.urlopen(f"{server.base}/api/tables/{tid}/log", timeout=30) as r:
                rows = [json.loads(line) for line in r.read().decode().splitlines() if line]
        finally:
            server.stop()
    groups: dict[str, list[float]] = {"bot": [], "nobody": []}
    probes: dict[str, list[float]] = {"bot": [], "nobody": []}
    for who, pause in zip(discards_asked(rows), pauses, strict=False):
        if who in groups:
            groups[who].append(pause * 1000)
    for who, answer in zip(discards_asked(rows), answers, strict=False):
        if who in probes and answer is not None:
            probes[who].append(answer * 1000)
    print(f"{args.rules}, claim window {args.window:g}, {args.bot} bots: {args.hands} hands in {time.monotonic() - started:.0f} s")
    for who, ms in groups.items():
        if ms:
            print(f"  a discard {'a bot was' if who == 'bot' else 'nobody was'} asked about: {len(ms):3d}, pause median {statistics.median(ms):7.1f} ms, min {min(ms):7.1f}, max {max(ms):7.1f}")
    for who, ms in probes.items():
        if ms:
            print(f"  {args.probe} sent as it arrived, {'a bot was' if who == 'bot' else 'nobody was'} asked: {len(ms):3d}, answered in median {statistics.median(ms):6.2f} ms, min {min(ms):6.2f}, max {max(ms):6.2f}")


if __name__ == "__main__":
    main()
