"""Server benchmark: N concurrent tables of four bot clients over websockets on 127.0.0.1.

Starts ``hkmj serve`` on a fresh SQLite database, creates N tables with four human seats, and
connects four scripted clients to each (so every action crosses the network, the event log and
the broadcast). Each client answers its decisions after ``--think`` seconds: Mahjong when
listed, else passes claims and discards its drawn tile. Reports, per table count:

* p50 / p99 latency from sending an action to receiving the state frame that includes it
  (the frame every seat gets for that action: committed to the database, then broadcast);
* accepted actions per second over the measured period;
* server memory per table (RSS growth of the server process divided by N).

The clients run in this process, the server in its own (``hkmj serve`` as a subprocess).
Exits 1 when a p99 target is missed: under 20 ms at 50 tables, under 50 ms at 200 tables
(issue 9). The machine's load average is printed with every run: the figures mean little
without it on a shared machine.

    python bench/bench_server.py                  # 50 and 200 tables, 20 s each
    python bench/bench_server.py --tables 10 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hkmj.server.testing import Server

TARGET_P99_MS = {50: 20.0, 200: 50.0}
"""p99 targets by table count (other counts have none)."""
BENCH_LIMITS = ("--max-tables", "1000", "--create-rate", "100000", "--per-address", "5000", "--max-connections", "5000")
"""Every bench client connects from 127.0.0.1: lift the per-address caps meant for the public."""


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


def pick(mine: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = mine["legal"]
    if "mahjong" in legal:
        return "mahjong"
    if "pass" in legal:
        return "pass"
    drawn = mine.get("drawn")
    if drawn:
        a = "discard " + drawn.split(":")[0]
        if a in legal:
            return a
    discards = [a for a in legal if a.startswith("discard")]
    return rng.choice(discards or legal)


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.measuring = False
        self.errors = 0


async def bot_client(url: str, tid: str, slot: int, think: float, stats: Stats, stop: asyncio.Event, seed: int) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"v": 1, "type": "join", "table": tid, "slot": slot, "name": f"b{slot}"}))
        cseq = 0
        sent_at: dict[int, float] = {}
        acted_seq = -1
        pending: asyncio.Task[None] | None = None
        asked = None

        async def act_later(action: str, seq: int) -> None:
            nonlocal cseq
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            cseq += 1
            sent_at[cseq] = time.perf_counter()
            await ws.send(json.dumps({"v": 1, "type": "action", "cseq": cseq, "at": seq, "action": action}))

        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                stats.errors += 1
                continue
            if kind != "state":
                continue
            mine = msg.get("mine") or {}
            done = mine.get("last_cseq", 0)
            for c in [c for c in sent_at if c <= done]:
                if stats.measuring:
                    stats.latencies.append(now - sent_at[c])
                    stats.actions += 1
                del sent_at[c]
            number = (msg.get("hand") or {}).get("number")
            if msg.get("reveal") and number != asked:
                asked = number
                await ws.send(json.dumps({"v": 1, "type": "next"}))
            if mine.get("legal") and msg["seq"] != acted_seq and (pending is None or pending.done()):
                acted_seq = msg["seq"]
                pending = asyncio.create_task(act_later(pick(mine, rng), msg["seq"]))
        if pending is not None:
            pending.cancel()


async def run(n: int, seconds: float, think: float, claim_window: float, warmup: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/bench.db", Path(tmp) / "server.log", BENCH_LIMITS)
        server.start()
        try:
            assert server.proc is not None
            base_rss = rss_kib(server.proc.pid)
            tids = [
                server.create(slots=[None] * 4, length="hands", hands=64, claim_window=claim_window, timer=60, next_delay=0.0)
                for _ in range(n)
            ]
            stats = Stats()
            stop = asyncio.Event()
            tasks = []
            for k, tid in enumerate(tids):
                for slot in range(4):
                    tasks.append(asyncio.create_task(bot_client(server.ws_url, tid, slot, think, stats, stop, 4 * k + slot)))
                await asyncio.sleep(0.01)
            await asyncio.sleep(warmup)
            stats.measuring = True
            t0 = time.perf_counter()
            cpu0, own0 = cpu_seconds(server.proc.pid), time.process_time()
            await asyncio.sleep(seconds)
            stats.measuring = False
            elapsed = time.perf_counter() - t0
            server_cpu = (cpu_seconds(server.proc.pid) - cpu0) / elapsed
            client_cpu = (time.process_time() - own0) / elapsed
            rss = rss_kib(server.proc.pid)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            server.stop()
    lat = sorted(stats.latencies)
    if not lat:
        raise SystemExit(f"{n} tables: no action measured (see the server log)")
    p = lambda q: 1000 * lat[min(len(lat) - 1, int(q * len(lat)))]  # noqa: E731
    return {
        "tables": n,
        "actions": stats.actions,
        "actions_per_s": stats.actions / elapsed,
        "p50_ms": p(0.50),
        "p99_ms": p(0.99),
        "mean_ms": 1000 * statistics.fmean(lat),
        "mem_per_table_kib": (rss - base_rss) / n,
        "server_rss_mib": rss / 1024,
        "errors": stats.errors,
        "server_cpu": 100 * server_cpu,
        "client_cpu": 100 * client_cpu,
        "load": os.getloadavg()[0],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, nargs="+", default=[50, 200], help="table counts to run (default 50 200)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run (default 20)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring (default 5)")
    ap.add_argument("--think", type=float, default=0.2, help="mean seconds a bot client waits before acting (default 0.2)")
    ap.add_argument("--claim-window", type=float, default=0.3, help="table claim window in seconds (default 0.3)")
    args = ap.parse_args(argv)
    results = []
    print(f"hkmj server bench: think {args.think}s, claim window {args.claim_window}s, {args.seconds:g}s measured per run")
    print(f"{'tables':>6} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8} {'KiB/table':>10} {'RSS MiB':>8} {'srv CPU%':>8} {'cli CPU%':>8} {'errors':>6} {'load':>5}")
    for n in args.tables:
        r = asyncio.run(run(n, args.seconds, args.think, args.claim_window, args.warmup))
        results.append(r)
        print(
            f"{r['tables']:>6} {r['actions_per_s']:>10.0f} {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f} {r['mean_ms']:>8.2f}"
            f" {r['mem_per_table_kib']:>10.0f} {r['server_rss_mib']:>8.1f} {r['server_cpu']:>8.0f} {r['client_cpu']:>8.0f} {r['errors']:>6}"
            f" {r['load']:>5.1f}",
            flush=True,
        )
    ok = True
    for r in results:
        target = TARGET_P99_MS.get(int(r["tables"]))
        if target is None:
            continue
        met = r["p99_ms"] < target
        ok = ok and met
        print(f"target p99 < {target:g} ms at {r['tables']:.0f} tables: {'met' if met else 'MISSED'} ({r['p99_ms']:.2f} ms, load {r['load']:.1f})")
    print(f"load average (1, 5, 15 min) at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
