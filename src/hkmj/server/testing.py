"""Test helpers for the server: a real ``hkmj serve`` subprocess on 127.0.0.1 and scripted clients.

Used by tests/server and bench/bench_server.py; nothing in the server imports this module.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import unittest.mock
import urllib.request
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hkmj.server.client import GameClient
from hkmj.tiles import Tile

TILE_RE = re.compile(r"^[1-9][mpszf]:[0-3]$")

CHROMIUM = os.environ.get("HKMJ_CHROMIUM", "/usr/bin/chromium")
"""The Chromium the browser tests drive (Debian's, which .ci/run installs), unless ``HKMJ_CHROMIUM`` names another."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's command line in the tests: no sandbox (a container), no GPU, nothing fetched from Google."""


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """:data:`CHROMIUM` launched headless by Playwright, closed (with Playwright) on the way out.

    The browser tests get it as the ``browser`` fixture (tests/server/conftest.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class LazyChromium:
    """The ``browser`` fixture (tests/server/conftest.py): :func:`chromium`, launched when the test first uses it, as
    a Playwright ``Browser`` (every attribute is the browser's), closed by :meth:`close`.

    Launched late because Playwright's sync API keeps an event loop running in its thread from its start: a test that
    plays a match with ``asyncio.run`` before it opens a page (a finished table, a seat token) does that first."""

    def __init__(self) -> None:
        self._stack = contextlib.ExitStack()
        self._browser: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._browser is None:
            self._browser = self._stack.enter_context(chromium())
        return getattr(self._browser, name)

    def close_contexts(self) -> None:
        """Close every context (and so every page) opened so far, if launched; the browser stays
        open for the next test."""
        if self._browser is not None:
            for context in self._browser.contexts:
                context.close()

    def close(self) -> None:
        """Close the browser and Playwright, if launched."""
        self._browser = None
        self._stack.close()


_T = TypeVar("_T")


def run_apart(main: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(main)`` in a thread of its own, and its result: it works where Playwright's sync API (a Chromium
    shared by a module's tests, :class:`LazyChromium`) keeps an event loop running in this thread, where
    ``asyncio.run`` fails."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()


def each_case(cases: Iterable[tuple[str, Callable[[], None]]], browser: Any = None) -> None:
    """Run every case (its name, and a function of no argument that asserts), all of them whatever fails, then fail
    naming each case that failed and how: the cases of one test (languages, screen sizes) share its server and its
    Chromium, and a failure still says which case it was. With ``browser``, the contexts (pages) a case opened are
    closed after it."""
    failed: list[str] = []
    for name, case in cases:
        opened = set(browser.contexts) if browser is not None else set()
        try:
            case()
        except Exception as e:  # an assertion, or Playwright's timeout waiting for what never came
            failed.append(f"{name}: {type(e).__name__}: {e}")
        finally:
            if browser is not None:
                for context in browser.contexts:
                    if context not in opened:
                        context.close()
    if failed:
        raise AssertionError(f"{len(failed)} case(s) failed:\n" + "\n".join(failed))


def lobby_in(page: Any, lang: str) -> None:
    """Choose the lobby's language and wait for the lobby drawn again in it (the drawing of the
    language chosen before may still be on screen until its fetches come back)."""
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang={lang}] #app:not([aria-busy]) #create-form")


def lobby_page(browser: Any, server: Server, errors: list[str], width: int, height: int) -> Any:
    """A page on the lobby, in English, collecting its script errors into ``errors``. Choosing the
    language draws the lobby again: this waits for that drawing (``#app`` no longer ``aria-busy``),
    not the first one, which the second replaces with every box back to its default."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lobby_in(page, "en")
    return page


def phone_page(
    browser: Any, server: Server, errors: list[str], lang: str, size: tuple[int, int] = (390, 844), *, touch: bool = True
) -> Any:
    """A phone's page (390 × 844 unless ``size``, with touch unless ``touch=False``) in a context of its own, on the
    lobby in ``lang``, collecting its script errors into ``errors``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lobby_in(page, lang)
    return page


FAINT_PAGE_TEXT = r"""(root) => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(',').map(parseFloat); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const lum = ({ r, g, b }) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const blend = (top, bot) => ({ r: top.r * top.a + bot.r * (1 - top.a), g: top.g * top.a + bot.g * (1 - top.a), b: top.b * top.a + bot.b * (1 - top.a), a: 1 });
  const under = (el) => { const layers = []; for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0) layers.push(c); if (c && c.a === 1) break; }
    return layers.reverse().reduce((bg, l) => blend(l, bg), { r: 255, g: 255, b: 255, a: 1 }); };
  const out = [];
  for (const el of document.querySelectorAll(`${root} *`)) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.data.trim()).map((n) => n.data.trim()).join(' ');
    if (!own || !el.getClientRects().length) continue;
    const cs = getComputedStyle(el); let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    const bg = under(el), fg = parse(cs.color), seen = blend({ ...fg, a: fg.a * opacity }, bg);
    const [x, y] = [lum(seen), lum(bg)].sort((p, q) => q - p), ratio = (x + 0.05) / (y + 0.05);
    const size = parseFloat(cs.fontSize), large = size >= 24 || (parseInt(cs.fontWeight) >= 700 && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) out.push(`"${own.slice(0, 40)}" (${el.tagName.toLowerCase()}.${el.className}) ${ratio.toFixed(2)}:1`);
  }
  return out; }"""
"""The texts under the element ``root`` (a CSS selector, given to ``page.evaluate``) drawn on plain backgrounds
(a dialog, a page: not the table's felt, a gradient) whose contrast with what lies under them (WCAG: the text's
colour, with the opacity of its boxes, against their backgrounds laid over white) is under 4.5:1, or 3:1 for large
text."""

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_running(pid: int) -> bool:
    """Whether process ``pid`` still runs (Linux's /proc; a zombie, ended and waiting for its
    parent, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def child_processes(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text(encoding="utf-8").rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def _listening_elsewhere(pid: int, port: int) -> bool:
    """True when another process, not ``pid``, listens on 127.0.0.1:``port`` (Linux's /proc).

    A port found free can be taken by someone else's server before ours binds it; its answers
    must not be mistaken for ours. Without /proc, nothing is known: False."""
    try:
        ours = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        with open("/proc/net/tcp") as table:
            rows = table.readlines()[1:]
    except OSError:
        return False
    for row in rows:
        fields = row.split()
        if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
            return f"socket:[{fields[9]}]" not in ours
    return False


class Server:
    """A server subprocess: ``start``, ``kill`` (SIGKILL), HTTP helpers, websocket clients."""

    SCRIPTED = ("--action-rate", "100000", "--seats-per-address", "100000")
    """Options every test server starts with (a test may give them again): scripted players act
    at once, from 127.0.0.1, far beyond a person's ``--action-rate``, and take the seats of many
    tables at once (``--seats-per-address``)."""

    def __init__(
        self,
        db: str,
        log: Path,
        args: tuple[str, ...] = (),
        *,
        own_session: bool = False,
        nofile: tuple[int, int] | None = None,
        hook: str | None = None,
    ) -> None:
        self.db = db
        self.hook = hook
        """Python code the server process runs at start (a ``sitecustomize.py`` written in a ``hook``
        folder beside :attr:`log`, put first on its ``PYTHONPATH``): a test's slow or pondering bots."""
        self.nofile = nofile
        """The server's limit of open files (soft, hard) when given, else this process's."""
        self.args = (*self.SCRIPTED, *args)
        """Further ``hkmj serve`` options (limits), after :attr:`SCRIPTED`."""
        self.own_session = own_session
        """Start the server in a session of its own, as a service runs: with Linux's autogroup
        scheduling, the processes of one session share one CPU share, so the benchmark would
        otherwise squeeze the server and its own bench clients into a single share."""
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        """Start the server and wait until it answers; on a port someone else took first, start
        again on another."""
        for _ in range(5):
            if self._start():
                return
            self.kill()
            self.port = free_port()
        raise RuntimeError("server did not start: every port tried was taken by another process")

    def _limit_files(self) -> None:
        import resource

        assert self.nofile is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, self.nofile)

    def _start(self) -> bool:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        if self.hook is not None:
            folder = self.log.parent / "hook"
            folder.mkdir(exist_ok=True)
            (folder / "sitecustomize.py").write_text(self.hook, encoding="utf-8")
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder), env.get("PYTHONPATH", "")) if p)
        logged = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "hkmj.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--db",
                    self.db,
                    "--log-level",
                    "warning",
                    *self.args,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=self.own_session,
                preexec_fn=None if self.nofile is None else self._limit_files,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if _listening_elsewhere(self.proc.pid, self.port):
                return False
            if self.proc.poll() is not None:
                said = self.log.read_bytes()[logged:].decode(errors="replace")
                if f"port {self.port} on 127.0.0.1 is already in use" in said:
                    return False  # another process took the port between free_port() and the bind
                raise RuntimeError(f"server exited: {said[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/api/info", timeout=1) as r:
                    if r.status == 200 and not _listening_elsewhere(self.proc.pid, self.port):
                        return True
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            return json.loads(r.read())

    def create(self, **options: Any) -> str:
        """Create a table; short timers by default."""
        body = {"bot_delay": 0, "claim_window": 0.02, "timer": 30, "next_delay": 60, **options}
        req = urllib.request.Request(
            self.base + "/api/tables",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return str(json.loads(r.read())["id"])

    def client(self, *, record: bool = False) -> GameClient:
        return GameClient(self.ws_url, record=record)


def websocket_request(port: int) -> bytes:
    """A websocket handshake request for ``/ws`` on 127.0.0.1:``port``, with a fresh key."""
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def raw_websocket(port: int, *, rcvbuf: int | None = None, timeout: float = 10.0) -> socket.socket:
    """A websocket opened by hand on a plain socket (with a small receive buffer if asked): the
    handshake's answer is read byte by byte up to its blank line, so no frame is read with it,
    and must be ``101``."""
    s = socket.socket()
    if rcvbuf is not None:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    s.connect(("127.0.0.1", port))
    s.sendall(websocket_request(port))
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        byte = s.recv(1)
        if not byte:
            raise ConnectionError(f"the server closed the connection during the handshake: {head[:200]!r}")
        head += byte
    if not head.startswith(b"HTTP/1.1 101 "):
        raise ConnectionError(f"the handshake was refused: {head[:200]!r}")
    return s


def websocket_frame(opcode: int, payload: bytes = b"", *, fin: bool = True) -> bytes:
    """A client frame (payload under 64 KiB) masked with a zero mask, so the payload reads as sent."""
    n = len(payload)
    size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return bytes([(0x80 if fin else 0) | opcode]) + size + b"\0\0\0\0" + payload


def tiles_in(obj: Any, out: set[str] | None = None) -> set[str]:
    """Every tile id string anywhere in a JSON value."""
    if out is None:
        out = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if TILE_RE.match(item):
                out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def public_tiles(frame: dict[str, Any]) -> set[str]:
    """Tiles a frame shows to everyone: melds, bonus tiles, ponds, the tile on offer."""
    h = frame.get("hand")
    if not h:
        return set()
    out: set[str] = set()
    for seat in range(4):
        for m in h["melds"][seat]:
            out.update(m["tiles"])
        out.update(h["bonus"][seat])
        out.update(h["discards"][seat])
    if h.get("offered"):
        out.add(h["offered"])
    return out


def match_over(clients: list[GameClient]) -> bool:
    """A :func:`play` stop condition: the first client's state shows the match over."""
    st = clients[0].state
    return bool(st and st["match"] and st["match"]["over"])



CLAIMS = ("pass", "pung", "kong", "chow")
"""Answers to a discard (a turn's actions are discards, concealed or added kongs, a self-drawn Mahjong)."""


def discards_asked(rows: list[dict[str, Any]]) -> list[str]:
    """For each discard of a table's log (``GET /api/tables/{id}/log`` rows), in order: ``bot``
    when only bots were asked about it (a bot's pass or claim logged right after it), ``player``
    when a player was too, else ``nobody``: what the claim-timing probes compare."""
    out: list[str] = []
    for i, row in enumerate(rows):
        if row["kind"] != "act" or not row["data"]["action"].startswith("discard"):
            continue
        who = "nobody"
        for later in rows[i + 1 :]:
            d = later["data"]
            if later["kind"] != "act" or d["action"].split()[0] not in CLAIMS:
                break
            who = "player" if d["by"] == "player" else who if who == "player" else "bot"
        out.append(who)
    return out


async def play_probing(server: Server, tid: str, probe: str | None = None) -> tuple[list[float], list[float | None], list[dict[str, Any]]]:
    """Play table ``tid``'s match as slot 0 (Mahjong when offered, else pass, else the last legal
    action); the pause after each discard, the time ``probe`` (``back``, ``ping``) sent as each
    discard arrived took to be answered (None: not sent, or answered after the next discard), in
    the log's order, and the answers themselves: what the claim-timing probes measure."""
    pauses: list[float] = []
    answers: list[float | None] = []
    replies: list[dict[str, Any]] = []
    since: float | None = None
    probed: float | None = None
    async with server.client() as c:
        await c.join(tid, 0, "prober")
        acted = -1
        while True:
            m = await c.recv(60)
            if probed is not None and ((m["type"] == "pong" and probe == "ping") or (m["type"] == "error" and m.get("ref") == probe)):
                answers[-1] = m["_t"] - probed
                replies.append(m)
                probed = None
            if m["type"] != "state":
                continue
            events = m.get("events") or []
            if since is not None and any(e["type"] != "discard" for e in events):
                pauses.append(m["_t"] - since)
                since = None
            if any(e["type"] == "discard" for e in events):
                since = m["_t"]
                answers.append(None)
                if probe is not None and probed is None:
                    probed = time.perf_counter()
                    await c.send(type=probe, id="probe")
            if m["match"] and m["match"]["over"]:
                return pauses, answers, replies
            if m.get("reveal"):
                await c.send(type="next")
                continue
            legal = (m.get("mine") or {}).get("legal") or []
            if legal and m["seq"] != acted:
                acted = m["seq"]
                await c.act("mahjong" if "mahjong" in legal else "pass" if "pass" in legal else legal[-1])


def choose(legal: list[str], rng: random.Random) -> str:
    """A scripted player: always Mahjong when listed, else a random legal action."""
    if "mahjong" in legal:
        return "mahjong"
    return rng.choice(legal)


async def play(
    clients: list[GameClient],
    until: Callable[[list[GameClient]], bool],
    policy: Callable[[int, list[str]], str | None],
    timeout: float = 60.0,
    *,
    next_hand: bool = True,
) -> None:
    """Each client acts on its newest state frame (``policy`` gives the action or None) until ``until``."""
    done = asyncio.Event()

    async def run(i: int, c: GameClient) -> None:
        acted_at = -1
        asked = None
        first = c.state
        while not done.is_set():
            if first is not None:
                msg, first = first, None
            else:
                try:
                    msg = await c.recv(0.2)
                except TimeoutError:
                    continue
            if msg["type"] != "state":
                continue
            if until(clients):
                done.set()
                return
            st = msg
            mine = st.get("mine") or {}
            number = (st.get("hand") or {}).get("number")
            if st.get("reveal") and next_hand and number != asked and not (st["match"] or {}).get("over"):
                asked = number
                await c.send(type="next")
            legal = mine.get("legal") or []
            if legal and st["seq"] != acted_at:
                a = policy(i, legal)
                if a is not None:
                    acted_at = st["seq"]
                    await c.act(a)

    tasks = [asyncio.create_task(run(i, c)) for i, c in enumerate(clients)]
    try:
        await asyncio.wait_for(done.wait(), timeout)
    finally:
        done.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def finished_table(
    tmp: Path, rules: str, hands: int, seed: int, slots: tuple[str | None, ...] = (None, "greedy", "random", "greedy")
) -> tuple[list[dict[str, Any]], bytes]:
    """A real server (database and log under ``tmp``) whose table of ``rules`` and ``hands`` hands
    is played to its end by one scripted player (slot 0: :func:`choose` with ``seed``) and the
    bots of ``slots``: the player's messages and the table's log export (``GET
    /api/tables/<id>/log``, JSON Lines). Not a fixed game: every hand's wall and each bot's
    seed come from :mod:`secrets`, so a test needing some kind of game must look for it."""
    server = Server(f"sqlite:///{tmp / 'hkmj.db'}", tmp / "server.log")
    server.start()
    try:
        tid = server.create(slots=list(slots), hands=hands, rules=rules, claim_window=0.01, next_delay=0)

        async def go() -> list[dict[str, Any]]:
            c = server.client(record=True)
            await c.open()
            await c.join(tid, 0, "Ann")
            rng = random.Random(seed)
            await play([c], match_over, lambda i, legal: choose(legal, rng), 240)
            await c.close()
            return c.messages

        messages = run_apart(go())
        with urllib.request.urlopen(f"{server.base}/api/tables/{tid}/log", timeout=10) as resp:
            return messages, resp.read()
    finally:
        server.stop()


def rigged_final_frame(wall: Sequence[Tile], dice: tuple[int, int, int], rules: str, action: str) -> dict[str, Any]:
    """The final frame, for Ann (slot 0: East, match seed 5), of a one-hand table of ``rules`` dealt
    ``wall`` (``hkmj.engine.wall.stacked_wall``, thrown with ``dice``), greedy bots in the other
    seats, no timer: Ann plays ``action`` (``"discard 4m"``, ``"mahjong"``) at her first decision
    and the hand is played to its end. The table runs in this process (:class:`hkmj.server.table.Table`,
    its ``random_wall`` replaced while it deals); a test draws the frame in a real server's page."""
    import hkmj.server.table as table_module
    from hkmj.server.protocol import TableConfig

    async def go() -> dict[str, Any]:
        cfg = TableConfig(slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None,
                          next_delay=600.0, rules=rules, hands=1)
        t = table_module.Table("rigged", cfg, 5, None)  # match seed 5: slot 0 draws East
        t.go_live()
        await t.join(0, "Ann")
        try:
            for _ in range(1000):
                if t.hand is not None and 0 in t.decisions and not t._pending:
                    break
                await asyncio.sleep(0.01)
            assert t.seat_of(0) == 0
            await t.act(0, action, t.last_cseq[0] + 1, t.pseq)
            for _ in range(1000):
                if t.hand is not None and t.hand.over and not t._pending:
                    break
                await asyncio.sleep(0.01)
            frame: dict[str, Any] = json.loads(t.state_text(0))
            return frame
        finally:
            t.close()

    with unittest.mock.patch.object(table_module, "random_wall", lambda rng: (list(wall), dice)):
        return run_apart(go())


async def my_turn(c: GameClient, timeout: float = 30.0) -> dict[str, Any]:
    """Wait until ``c`` may discard (passing on any claim offered meanwhile); its newest frame."""
    deadline = time.monotonic() + timeout
    acted = -1
    while True:
        st = c.state
        if st is not None and st["type"] == "state":
            legal = (st.get("mine") or {}).get("legal") or []
            if any(a.startswith("discard") for a in legal):
                await drain([c], 0.1)
                st = c.state or st
                if any(a.startswith("discard") for a in (st.get("mine") or {}).get("legal") or []):
                    return st
            elif "pass" in legal and st["seq"] != acted:
                acted = st["seq"]
                await c.act("pass")
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no turn within {timeout}s")
        with contextlib.suppress(TimeoutError):
            await c.recv(min(left, 0.5))


async def drain(clients: list[GameClient], quiet: float = 0.3) -> None:
    """Read every client until none has received anything for ``quiet`` seconds."""

    async def one(c: GameClient) -> None:
        while True:
            try:
                await c.recv(quiet)
            except TimeoutError:
                return

    await asyncio.gather(*(one(c) for c in clients))


async def settle(clients: list[GameClient], within: float = 30.0) -> None:
    """Read every client until one of them has an action to take (the bots have played up to a
    person's turn or claim), then until none receives anything for a moment: on a loaded machine a
    quiet moment alone can come before the bots' first move."""
    deadline = time.monotonic() + within
    while not any((c.state or {}).get("mine", {}).get("legal") for c in clients):
        if time.monotonic() > deadline:
            raise AssertionError(f"no client had an action to take within {within} s")
        await drain(clients, 0.1)
    await drain(clients)


def stable(frame: dict[str, Any]) -> dict[str, Any]:
    """A state frame without what changes with time or connections (for before/after comparisons)."""
    f: dict[str, Any] = json.loads(json.dumps(frame))
    for k in ("events", "_t"):
        f.pop(k, None)
    if f.get("mine"):
        f["mine"].pop("remaining", None)
        f["mine"].pop("bank", None)
    for p in f.get("players", []):
        p.pop("connected", None)
        p.pop("played_in", None)
    return f
