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

The discards nobody was asked about are the reference, in the same run: the script prints the
gap between the two groups' medians (the probe's answers with ``--probe``, else the pauses) and
exits 1 when a bot's discards are slower by more than ``--target`` ms (default 0.5 ms with
``--probe``: the server answers a probe without waiting for a bot, docs/server.md, *Attacked once
more*; 2 ms without, the pause a window of 0 may still show, lost in any network's jitter), or
when a group is empty (``--no-fail`` to only report).

    python bench/bench_claim_timing.py                  # four hands, expert bots
    python bench/bench_claim_timing.py --bot greedy --hands 8
    python bench/bench_claim_timing.py --rules mcr --window 1 --probe back --hands 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from hkmj.server.testing import Server, discards_asked, play_probing

TARGET_MS = {True: 0.5, False: 2.0}
"""The largest gap (ms) between the medians of the two groups, with and without ``--probe``."""


def verdict(groups: dict[str, list[float]], target_ms: float) -> tuple[str, bool]:
    """The line comparing the discards a bot was asked about with the others (the reference), in
    ms, and whether the target is met: met when the bots' median is at most ``target_ms`` above
    the others', missed when it is more or when a group is empty (nothing measured)."""
    if not groups["bot"] or not groups["nobody"]:
        return f"a group is empty ({len(groups['bot'])} and {len(groups['nobody'])} discards): nothing compared, target missed", False
    bot, nobody = statistics.median(groups["bot"]), statistics.median(groups["nobody"])
    gap = bot - nobody
    met = gap <= target_ms
    ratio = f"{bot / nobody:.2f}x" if nobody > 0 else "n/a"
    return f"bot asked / nobody asked: {bot:.2f} / {nobody:.2f} ms median, {ratio}, gap {gap:+.2f} ms (target ≤ {target_ms:g} ms) {'met' if met else 'MISSED'}", met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=4, help="hands played at the table (default 4)")
    ap.add_argument("--bot", default="expert", help="the three bots (default expert, the slowest to answer)")
    ap.add_argument("--rules", default="hk", help="the table's ruleset (default hk; mcr: the slowest bots)")
    ap.add_argument("--window", type=float, default=0.0, help="the claim window's minimum in seconds (default 0)")
    ap.add_argument("--probe", choices=("back", "ping"), help="also time this message sent as each discard arrives")
    ap.add_argument("--target", type=float, help="largest gap in ms between the two groups' medians (default 0.5 with --probe, 2 without)")
    ap.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
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
    target = args.target if args.target is not None else TARGET_MS[args.probe is not None]
    line, met = verdict(probes if args.probe else groups, target)
    print(("  the probe's answers, " if args.probe else "  the pauses, ") + line)
    return 0 if met or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
