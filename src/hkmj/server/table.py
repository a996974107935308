"""A live table: four player slots (humans or bots), spectators, timers, and its event log.

Every change is a log entry committed to the store *before* it is applied and broadcast
(:meth:`Table._commit`); :meth:`Table.restore` replays the entries through the deterministic
engine, so a restarted server resumes each table at the exact state. Entries:

``create``  ``{config, seed}``: the table's options and its secret match seed (seq 0)
``join``    ``{slot, name, token}``: a human took a slot (``token`` is the SHA-256 of the secret token)
``start``   ``{fill, salt, wall}``: open slots filled with bots, first hand dealt
``act``     ``{slot, seat, action, by, cseq[, spent]}``: an action (``by`` = player, timeout or bot);
            ``spent``: the seconds of the slot's time bank its decision used (beyond
            ``--slow-grace``), when it used any, so that a restart keeps what is left of the bank
            (:meth:`Table.bank_left`; older logs have no ``spent``: their banks are full again)
``away``/``back`` ``{slot}``: a bot holds the seat after ``away_after`` missed turns (in a row,
            or in the hand since the seat's last ``back``: :meth:`Table.missed_turns`) / the
            player is back; the second ``away`` of a slot in a hand holds the seat until the next
            deal (no ``back`` before it: :meth:`Table.held`), and the ``back`` logged just after
            that ``next`` gives it to its player if they are connected then; a slot away in a
            hand (turned away, or away at one of its ``act`` entries) has no time bank in the
            next (:attr:`Table.unbanked`)
``ready``   ``{slot}``: the player asked for the next hand
``next``    ``{salt, wall}``: the finished hand is settled and the next one dealt

``salt`` is the commitment salt of the hand dealt and ``wall`` its wall seed: 128 bits drawn
fresh from :mod:`secrets` for every hand, so no wall says anything about another (logs written
before this field existed derive their walls from the match seed, as they were played).

Frames sent to clients are built from a :class:`~hkmj.server.tracker.Tracker` that is fed the
engine's events; after a discard (or an added kong) the events that follow are held until
the claim window's minimum has passed, whether or not any seat could claim, and always go in
a later frame. The frame sequence number counts public events only (:meth:`Table._emit`), so
nothing public depends on which seats were offered a claim.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import hashlib
import hmac
import logging
import math
import random
import secrets
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from hkmj.bots import make_bot
from hkmj.bots.advice import Advisor, dead_hand_advice, hand_after, make_advisor
from hkmj.bots.minimum import ready_but_out, ready_in_shape_only, scoring_split
from hkmj.engine import Action, Discard, Hand, IllegalAction, Match, Phase, Player, SeatView, Win, parse_action
from hkmj.engine.actions import ActionSyntaxError
from hkmj.engine.wall import random_wall
from hkmj.hand import shanten, waits
from hkmj.hand.knitted import distance_and_waits, shanten_knitted, waits_knitted
from hkmj.rulesets import Outcome, OutcomeItem, Ruleset, get_ruleset
from hkmj.server.botprocess import BotKey, BotProcess
from hkmj.server.protocol import (
    ALL_BOT_MIN_DELAY,
    ALL_BOT_MIN_NEXT,
    ALL_BOT_MIN_WINDOW,
    ERRORS,
    MAX_ACTION,
    ProtocolError,
    TableConfig,
    compact_json,
    encode,
    name_clash,
    quote_value,
)
from hkmj.server.store import Store
from hkmj.server.tracker import PRIVATE, Tracker, commitment, physical_wall
from hkmj.tiles import SEAT_LETTERS, counts_of, parse_tiles, tile_str
from hkmj.tui.texts import LANGS, Texts

__all__ = ["Client", "Table"]

AWAY_BOT = "greedy"
"""The bot that holds the seat of a player who timed out repeatedly."""
RECENT = 8
SLOW_SAVE = 2.0
"""Seconds a log entry may wait for the database before the table's clients are told why
nothing moves (error ``saving``; the entry is retried until it is saved)."""
"""Public moves of the current hand kept for a client that joins (its "recent moves" list)."""
PRESENCE_EVERY = 1.0
"""Seconds between frames that show only who is connected (:meth:`Table._presence`)."""
HELD_AFTER = 2
"""How many times a slot is turned away in one hand (``away`` entries) before a bot keeps its
seat until the next deal: a player who never played and took the seat back each time (``back``,
or a ``resume``) cost the others the time bank and ``--slow-grace`` per decision all hand long
(docs/server.md, *Stalling*)."""
REFUSED_PER_HAND = 3
"""False Mahjongs a seat may have refused (teaching tables, HK-5.7) per hand; later ones are
answered ``rate_limited`` and not logged, so the log cannot be grown without bound."""

log = logging.getLogger("uvicorn.error.hkmj")

_T = TypeVar("_T")

_JITTER = random.SystemRandom()
"""When in a claim window a bot starts deciding (:meth:`Table._schedule`): unpredictable."""

BOT_CLAIM_SPREAD = 0.25
"""A bot asked about a discard starts deciding at a random moment of this share of what is left
of the claim window's minimum, not the moment the discard is shown: its work (the decision is
sent to the bots' process, its answer saved) then makes no message sent as a discard arrives
slower, which told that a bot could claim it (docs/server.md, *Attacked once more*); a quarter
leaves it the rest of the window to answer (an MCR expert bot takes up to 0.6 s)."""


_Out = tuple[dict[str, Any] | None, dict[int, dict[str, Any]]]
"""An event summary: the public form (None if private only) and per-seat private forms."""


class Client(Protocol):
    """A connection as the table sees it."""

    slot: int | None

    def send(self, text: str) -> None: ...


@dataclass(eq=False)
class Decision:
    """An open decision of one seat: the tracker window it belongs to, when it opened, its deadline."""

    window: int
    opened: int
    deadline: float
    bot_scheduled: bool = False
    opened_at: float = 0.0
    """The event loop's time when the decision opened."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def why_not_winning(counts: list[int], melds: int, extra: int | None, rules: Ruleset | None = None) -> dict[str, str]:
    """Why a declared hand is no Mahjong (HK-5.1-5.4), in every language of the terminal's texts:
    ``counts`` are the concealed tiles, ``extra`` the claimed tile (None on a self-draw); a
    complete hand is under the ruleset's minimum (house option ``minfan``, MCR's 8 points). The
    distance is the ruleset's (:meth:`~hkmj.rulesets.Ruleset.hand_shanten`: at MCR a hand a
    discard from a knitted wait is one tile from winning, MCR-5.2.4/5.2.5; a hand ready in shape only
    on a fifth copy of a tile it holds four of is a tile from ready, HK-1:
    :func:`~hkmj.hand.knitted.distance_and_waits`, as the review says). Worded with the ruleset's own rule references (MCR-5.2, CL-2.4; Hong Kong without ``rules``)."""
    c = list(counts)
    if extra is not None:
        c[extra] += 1
    sh = distance_and_waits(c, melds, rules is not None and rules.knitted_shapes, far_knitted=False)[0]  # MCR-5.2.4, MCR-5.2.5; HK-1: no fifth copy
    out = {}
    for lang in LANGS:  # worded as the terminal words it (hkmj.tui.session)
        tx = Texts(lang, rules.name if rules is not None else "hk")
        what = tx("why.hand") if extra is None else tx("why.hand_with", tile=tx.tile(extra))
        if sh < 0 and rules is not None:  # complete, but under the ruleset's minimum
            out[lang] = tx("why.under_min", hand=what, min=rules.min_value, unit=tx(f"unit.{rules.unit}"))
        else:
            out[lang] = tx("why.not_winning", hand=what, dist=tx.distance(sh))
    return out


def hint_answer(view: SeatView, legal: Sequence[Action], advisor: Advisor | None) -> dict[str, Any]:
    """The ``hint`` message for a seat's open decision: the ``advisor``'s best action, the hand's
    shanten and its waits (as it is, or after the advised discard). Under a ruleset with a
    minimum (MCR-5.1: 8 points) also ``min``, the waits whose win reaches it (``scoring``), those
    of them that reach it only self-drawn (``drawn``) and
    ``short``: the hand whose waits are sent (as it is, or after the advised discard; else any
    discard) is ready in shape only, no wait of it reaching the minimum, so it cannot win as it
    stands. ``out``: the hand that waits (as it is, or after the
    advised discard) could win, but every copy of its winning tiles is in the seat's sight (HK-1:
    four of each tile), so it must change its wait. A dead hand (``advisor`` None, MCR-5.4) gets the
    safest discard, ``dead``, and no waits: it cannot win."""
    counts = list(view.concealed)
    melds = view.n_melds
    distance, wait_on = (shanten_knitted, waits_knitted) if view.rules.knitted_shapes else (shanten, waits)  # MCR-5.2.4, MCR-5.2.5
    sh = distance(counts, melds)
    if advisor is None:  # MCR-5.4: the hand cannot win: the safest discard, no waits
        action = dead_hand_advice(view, legal)[0].action
        return {"type": "hint", "action": str(action), "shanten": sh, "waits": [], "dead": True}
    action = advisor.advise(view, legal)[0].action
    ready: list[int] | None = None  # the hand that waits: as it is, or after the advised discard
    if sum(counts) % 3 == 1 and sh == 0:
        ready = counts
    elif isinstance(action, Discard) and sh <= 0:  # a complete hand under the minimum (MCR-5.1) too
        after = hand_after(view, action)[0]
        ready = after if distance(after, melds) == 0 else None
    ws = sorted(wait_on(ready, melds)) if ready is not None else []
    answer: dict[str, Any] = {"type": "hint", "action": str(action), "shanten": sh, "waits": [tile_str(t) for t in ws]}
    answer["out"] = ready is not None and ready_but_out(view, ready, offered=True)
    if view.rules.value_checked:  # MCR-5.1: which waits reach the minimum (a ready hand may have none)
        good, drawn = (scoring_split(view, ready) if ready is not None else None) or ((), ())
        answer["min"] = view.rules.min_value
        answer["scoring"] = [tile_str(t) for t in ws if t in good]
        answer["drawn"] = [tile_str(t) for t in ws if t in drawn]
        answer["short"] = ready_in_shape_only(view, counts if ready is None else ready)  # the hand whose waits are sent
    return answer


def _quoted(message: str, text: str) -> str:
    """An engine message about the client's ``text`` with the text quoted in at most 40
    characters (the engine repeats it whole; a client may send 4,000 of them)."""
    whole = repr(text)
    return quote_value(text) + message[len(whole) :] if message.startswith(whole) else message


def _names(rules: Ruleset, item_id: str | None) -> dict[str, str] | None:
    if item_id is None:
        return None
    return {"en": rules.name_of(item_id, "en"), "fr": rules.name_of(item_id, "fr")}


def _counted(rules: Ruleset, item_id: str, count: int, item: OutcomeItem | None = None) -> dict[str, str]:
    """An item counted ``count`` times in both languages, as the terminal writes it
    (:meth:`~hkmj.rulesets.Ruleset.counted`: "2 flowers or seasons" at a classical table);
    ``item`` gives its plain names (a seat's own lines), else the ruleset's display names."""
    return {
        lang: rules.counted(item_id, item.label(lang) if item is not None else rules.name_of(item_id, lang), count, lang)
        for lang in ("en", "fr")
    }


def _dead_hands(events: Sequence[dict[str, Any]]) -> list[dict[str, int]]:
    """The false Mahjongs of a hand that left a dead hand (MCR-5.4), each with its declarer's
    seat and the fine paid to each other player: settled with the hand, even a drawn one."""
    return [{"seat": e["seat"], "amount": max(e["payments"])} for e in events if e["type"] == "false_mahjong" and e.get("dead_hand")]


def _pay_rule(rules: Ruleset, win: dict[str, Any]) -> dict[str, str] | None:
    """How a ``win`` event's payments are made, in both languages, as the terminal's end screen
    says it (:meth:`~hkmj.rulesets.Ruleset.payment_note`: MCR-8's total plus 8, CL-7's settlement);
    ``{winner}`` and ``{whom}`` are left for the browser to fill with the players' names. None
    where the ruleset does not word the payments (Hong Kong's base, HK-6, is worded by the browser)."""
    note = rules.payment_note(
        win["payments"], win["seat"], win.get("from"), win.get("points"), win.get("hand_scores"), robbed=win.get("win") == "robbed_kong"
    )
    if note is None:
        return None
    return {lang: Texts(lang, rules.name)(f"end.pay.{note.rule}", winner="{winner}", whom="{whom}", **note.figures) for lang in LANGS}


def _total_lines(rules: Ruleset, outcome: Outcome) -> dict[str, Any]:
    """A points table's win (MCR, classical): ``total_names``, the total's heading in both
    languages as the terminal's end screen writes it (MCR "Total (flowers included)", classical
    "Score"), and, where the win check counts otherwise than the total, ``minimum``: its line in
    both languages and the value it reads (MCR-5.1: the points without flowers, MCR-6.13, as
    ``hkmj score --rules mcr`` prints them; :meth:`~hkmj.tui.texts.Texts.minimum`)."""
    texts = [Texts(lang, rules.name) for lang in LANGS]
    out: dict[str, Any] = {"total_names": {tx.lang: tx("end.total_points") for tx in texts}}
    lines = {tx.lang: tx.minimum(rules.min_value, outcome.value) for tx in texts}
    names = {lang: line[0] for lang, line in lines.items() if line is not None}
    if names:
        out["minimum"] = {"names": names, "value": outcome.value}
    return out


class Table:
    """One table (see the module docstring)."""

    def __init__(self, table_id: str, cfg: TableConfig, seed: int, store: Store | None) -> None:
        self.id = table_id
        self.cfg = cfg
        self._shown_config: dict[str, Any] | None = None
        """The options as the lobby shows them (:meth:`_public_config`)."""
        self.rules = get_ruleset(cfg.rules, cfg.options)
        """The table's ruleset (validated when the table was created); one for the whole match."""
        self.seed = seed
        self.store = store
        self.seq = 0
        """Log entries so far (the next entry is ``seq + 1``)."""
        self.pseq = 0
        """The sequence number shown in frames: the public events so far (:meth:`_emit`)."""
        self.refused = [0] * 4
        """False Mahjongs refused this hand, per slot."""
        self.on_finished: Callable[[Table], None] | None = None
        """Called once the match is over and saved (the hub then drops the table from memory)."""
        self.on_shown: Callable[[], None] | None = None
        """Called when a log entry changed what the lobby shows of this table at once (a seat taken,
        the match started; :meth:`_lobby_key`): the hub's lobby list is built again."""
        self._window_open = False
        self.lock = asyncio.Lock()
        self.live = False
        self._final: dict[int | None, str] = {}
        """:meth:`final_text` by slot (None: a spectator's), once the table is a finished replay."""
        self.tokens: list[str | None] = [None] * 4
        self.host: int | None = None
        """The slot of the first player seated (the creator who sat at creation): who may start."""
        self.names = list(cfg.names)
        self.bots: list[str | None] = list(cfg.slots)
        self.away = [False] * 4
        self.aways = [0] * 4
        """How often each slot was turned away in this hand (its logged ``away`` entries)."""
        self.timeouts = [0] * 4
        """Each slot's missed turns in a row (turns timed out; a player's action or ``back`` ends the run)."""
        self.missed = [0] * 4
        """Each slot's missed turns in this hand since its seat was last its player's (a ``back``),
        in a row or not: a player who let every other turn time out was never turned away."""
        self.sat_out: set[int] = set()
        """The slots that were away at some moment of this hand (turned away in it, or away at one
        of its actions): they have no time bank in the next hand (:meth:`bank_left`)."""
        self.last_cseq = [0] * 4
        self.started = False
        self.match: Match | None = None
        self.hand: Hand | None = None
        """The hand in play; after the match it stays, over, so its reveal is shown with the ranking."""
        self.tracker: Tracker | None = None
        self.hand_no = 0
        self.hand_slots = [0, 1, 2, 3]
        """The slot sitting at each seat in the current (or last) hand."""
        self.salt = ""
        self.commit_hex = ""
        self.ready: set[int] = set()
        self._players: dict[int, Player] = {}
        self._bot_keys: dict[int, tuple[BotKey, str, int]] = {}
        """The bot of each slot in :attr:`bot_process` (its key, name and seed), as :attr:`_players` without it."""
        self._bots_seated = 0
        """Bots seated in :attr:`bot_process` so far (the last part of their keys)."""
        self.clients: set[Client] = set()
        self._pending: deque[dict[str, Any]] = deque()
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)
        """The latest public event summaries of this hand, sent to a client when it joins."""
        self._ev_count = 0
        self._out: list[_Out] = []
        self._release_at = 0.0
        self.decisions: dict[int, Decision] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._pump_at: asyncio.TimerHandle | None = None
        self._next_at: asyncio.TimerHandle | None = None
        self._presence_at: asyncio.TimerHandle | None = None
        self._presence_shown = -math.inf
        """When (event loop time) a frame last showed a change of who is connected (:meth:`_presence`)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.actions = 0
        self.closed = False
        self._advisor: Advisor | None = None
        """The hint's advisor (made on the first hint)."""
        self._hints: dict[int, tuple[Decision, asyncio.Future[dict[str, Any]]]] = {}
        """The last hint of each seat (done, or under way in :attr:`worker`) and the decision it
        answers: worked out once per decision, however many sockets ask for it at once."""
        self.worker: Executor | None = None
        """Where bots and hints decide (:meth:`_decide`): the server's one worker thread, set by
        the hub when the table goes live; None (a table a test made by hand): on the event loop."""
        self.bot_process: BotProcess | None = None
        """Where the bots decide when set (by the hub): the server's child process, so that a bot's
        work never slows the event loop (:meth:`_bot_act`); None: in :attr:`worker`."""
        self._config = {k: v for k, v in cfg.to_dict().items() if k != "names"}
        self.absent_after = math.inf
        """Seconds a seated player may have no connection while a decision waits for them; then
        the server plays for the seat as on a timeout (``hkmj serve --absent-after``)."""
        self.idle_after = math.inf
        """Seconds a decision may wait for a connected player when another human is seated; then
        the server plays for the seat as on a timeout (``hkmj serve --idle-after``)."""
        self.all_bot_pace = 1.0
        """The share of the all-bot minimum pace kept while :attr:`unattended` (``--all-bot-pace``)."""
        self.slow_grace = math.inf
        """Seconds of each decision that do not count against the time bank (``--slow-grace``)."""
        self.slow_bank = math.inf
        """Seconds per hand a player may take beyond :attr:`slow_grace`, in all (``--slow-bank``)."""
        self.spent = [0.0] * 4
        """Seconds of each slot's time bank spent in this hand: the ``spent`` of its logged ``act``
        entries, so a restart keeps them (:meth:`bank_left`)."""
        self.unbanked: set[int] = set()
        """The slots that did not play the whole of the last hand (:attr:`sat_out` when it ended:
        turned away in it, or away at one of its actions): they have no time bank in this hand,
        only ``slow_grace`` per decision, until they play a whole hand. From the log, so a restart
        keeps it."""
        self.absent_since: dict[int, float] = {}
        """When each seated slot lost its last connection (event loop time)."""
        self.live_since = 0.0
        """When the table went live (event loop time): a host who never connected is gone since then."""
        self.abandoned = False
        """Saved as abandoned (no player connected for ``hkmj serve --abandon-after``): a read-only
        copy, its :attr:`status` ``abandoned``, until a player's ``resume`` brings it back."""

    # ------------------------------------------------------------------ construction, replay

    @classmethod
    def restore(cls, table_id: str, rows: list[Any], store: Store | None) -> Table:
        """Rebuild a table from its log rows (``create`` first)."""
        first = rows[0]
        if first.kind != "create":
            raise ValueError(f"table {table_id}: the log does not start with create")
        cfg = TableConfig(**first.data["config"])
        t = cls(table_id, cfg, first.data["seed"], store)
        for row in rows[1:]:
            t.seq = row.seq
            t._apply(row.kind, row.data)
        t._out.clear()
        return t

    def go_live(self) -> None:
        """Start publishing and timers (after creation or replay); timers restart from now.

        After a replay the events that closed the last claim window are held again for the
        claim window, as they were before the restart."""
        self.live = True
        self.live_since = asyncio.get_running_loop().time()
        if self._pending:
            self._release_at = asyncio.get_running_loop().time() + self.claim_window
            self._pump()
        self._schedule()

    def _emit(self, pub: dict[str, Any] | None, priv: dict[int, dict[str, Any]]) -> None:
        """Queue an event for the next frame; a public one advances :attr:`pseq`."""
        if pub is not None:
            self.pseq += 1
        if pub is not None or priv:
            self._out.append((pub, priv))

    @property
    def attended(self) -> bool:
        """Whether someone keeps the table in memory: a seated player's connection, or a
        spectator of a match of four bots (no seat for a person: it ends by itself, within
        ``max_hands``). A spectator alone does not keep a table whose players have all gone."""
        if any(c.slot is not None for c in self.clients):
            return True
        return bool(self.clients) and all(self.bots[i] is not None and self.tokens[i] is None for i in range(4))

    @property
    def unattended(self) -> bool:
        """Whether every seat is played by the server: by a bot (open seats and players who turned
        away), or by its timeouts (a player whose last turn timed out: ``mine.timeouts``, in a row;
        public, since everyone sees that turn end at its timer). Nobody waits for such a table, so
        it keeps the all-bot pace whatever its options say (a stranger could otherwise sit, set no
        delays, leave, and have the server play bots flat out; or stay connected with a 0.05 s
        timer and ``away_after`` 100, never play, and have the timeouts play the seat flat out:
        26 hands in 20 s, some 120 log entries a second, ten times the bound of ``--action-rate``)."""
        return all(self.bot_controlled(s) or self.timeouts[s] > 0 for s in range(4))

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before its turn (:attr:`TableConfig.bot_delay`; the all-bot minimum
        while :attr:`unattended`)."""
        return max(self.cfg.bot_delay, ALL_BOT_MIN_DELAY * self.all_bot_pace) if self.unattended else self.cfg.bot_delay

    @property
    def claim_window(self) -> float:
        """The claim window's minimum (:attr:`TableConfig.claim_window`; at least the all-bot one
        while :attr:`unattended`, which is public: who is away is shown to everyone)."""
        return max(self.cfg.claim_window, ALL_BOT_MIN_WINDOW * self.all_bot_pace) if self.unattended else self.cfg.claim_window

    @property
    def next_delay(self) -> float:
        """Seconds before the next hand (:attr:`TableConfig.next_delay`; the all-bot minimum while
        :attr:`unattended`)."""
        return max(self.cfg.next_delay, ALL_BOT_MIN_NEXT * self.all_bot_pace) if self.unattended else self.cfg.next_delay

    @property
    def status(self) -> str:
        if self.match is not None and self.match.over and (self.hand is None or self.hand.over) and self.match.hand is None:
            return "over"
        if self.abandoned:
            return "abandoned"
        return "playing" if self.started else "open"

    # ------------------------------------------------------------------ log entries

    async def _commit(self, kind: str, data: dict[str, Any], status: str | None = None) -> None:
        """Write the entry, then apply it (and so publish it). Caller holds the lock."""
        seq = self.seq + 1
        if self.store is not None:
            # a database hiccup is retried with backoff until the entry is saved: the decision
            # is not lost and the table resumes as soon as the database is back; past
            # SLOW_SAVE seconds everyone at the table is told why nothing moves
            waiting = asyncio.get_running_loop().call_later(SLOW_SAVE, self._tell_saving)
            try:
                saved = await self.store.append_retrying(self.id, seq, kind, data, status, stop=lambda: self.closed)
            finally:
                waiting.cancel()
            if not saved:
                raise ProtocolError("server_error", "the table is closing; nothing changed")
        self.seq = seq
        shown = self._lobby_key()
        self._apply(kind, data)
        if self.on_shown is not None and self._lobby_key() != shown:
            self.on_shown()

    def _tell_saving(self) -> None:
        """Everyone at the table: the database cannot save the last move yet (a full disk, a lock)."""
        text = encode({"type": "error", "code": "saving", "message": ERRORS["saving"]})
        for c in list(self.clients):
            c.send(text)

    def _apply(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "join":
            slot = data["slot"]
            self.tokens[slot] = data["token"]
            self.names[slot] = data["name"]
            if self.host is None:
                self.host = slot
            self._emit({"type": "join", "slot": slot}, {})
            self._publish()
        elif kind == "start":
            for k, bot in data["fill"].items():
                self.bots[int(k)] = bot
            self.started = True
            self.match = Match(
                self.seed,
                length=self.cfg.length,  # type: ignore[arg-type]
                hands=self.cfg.hands,
                teaching=self.cfg.teaching,
                rules=self.rules,
                max_hands=self.cfg.max_hands,
            )
            self._new_hand(data["salt"], data.get("wall"))
        elif kind == "act":
            hand = self.hand
            assert hand is not None
            slot = data["slot"]
            self.sat_out.update(s for s in range(4) if self.away[s])
            self.spent[slot] += data.get("spent", 0.0)
            n0 = len(hand.events)
            on_turn = hand.phase is Phase.TURN
            hand.apply(data["seat"], parse_action(data["action"]))
            self.actions += 1
            if data["by"] == "player":
                self.last_cseq[slot] = data["cseq"]
                self.timeouts[slot] = 0
            elif data["by"] == "timeout" and on_turn:
                # only a missed turn counts towards "away": a missed claim would make the seat
                # turn away during a window and so tell everyone it had been offered a claim (a
                # count would not bound a staller anyway: a pass just before the grace ends costs
                # the others as much; docs/server.md, *Stalling*)
                self.timeouts[slot] += 1
                self.missed[slot] += 1
            if any(e["type"] == "mahjong_refused" for e in hand.events[n0:]):
                self.refused[slot] += 1
            self._take_events()
        elif kind == "away":
            slot = data["slot"]
            self.away[slot] = True
            self.aways[slot] += 1
            self.sat_out.add(slot)
            self._emit({"type": "away", "slot": slot, "held": self.held(slot)}, {})
            self._schedule()
            self._publish()
        elif kind == "back":
            slot = data["slot"]
            self.away[slot] = False
            self.timeouts[slot] = 0
            self.missed[slot] = 0
            self._players.pop(slot, None)
            self._bot_keys.pop(slot, None)
            self._emit({"type": "back", "slot": slot}, {})
            self._schedule()
            self._publish()
        elif kind == "ready":
            self.ready.add(data["slot"])
            seat = self.seat_of(data["slot"])
            self._publish(None if seat is None else {seat})
        elif kind == "next":
            assert self.match is not None
            self.unbanked = set(self.sat_out)  # held slots too: they were turned away in the hand
            self._flush_pending()
            events = self.match.finish_hand()
            self.ready.clear()
            for e in events:
                self._emit(dict(e), {})
            if not self.match.over:
                self._new_hand(data["salt"], data.get("wall"))
            else:  # the last hand and its reveal stay on show with the final ranking
                self._publish()
        else:
            raise ValueError(f"unknown log entry {kind!r}")

    def _new_hand(self, salt: str, wall_seed: int | None) -> None:
        """Deal the next hand from its own secret wall seed (HK-2; see the module docstring)."""
        assert self.match is not None
        if wall_seed is None:  # a log from before per-hand seeds: replay it as it was played
            hand = self.match.new_hand()
            rng = random.Random(f"{self.seed}:{self.match.hands_played}")
        else:
            rng = random.Random(wall_seed)
            wall, dice = random_wall(rng)
            hand = self.match.new_hand(wall=wall, dice=dice)
        ids = physical_wall(hand.wall, rng)
        tr = Tracker(ids, hand.dice, dead_wall=self.rules.dead_wall > 0, rng=rng)
        for ev in hand.events:
            tr.feed(ev)
        tr.dealt()
        self.hand, self.tracker = hand, tr
        self.hand_no = self.match.hands_played + 1
        self.hand_slots = [self.match.player_at(s) for s in range(4)]
        self._ev_count = len(hand.events)
        self._pending.clear()
        self.recent.clear()
        self._release_at = 0.0
        self._window_open = False
        self.refused = [0] * 4
        self.aways = [0] * 4
        self.missed = [0] * 4
        self.sat_out = set()
        self.spent = [0.0] * 4
        self.decisions = {}  # the last hand's are over; none is charged to this hand's bank
        self.salt = salt
        self.commit_hex = commitment(salt, ids)
        self._emit({"type": "hand_start", "hand": self.match.hands_played + 1, "commitment": self.commit_hex}, {})
        self._schedule()
        self._publish()

    @staticmethod
    def _opens_window(ev: dict[str, Any]) -> bool:
        return ev["type"] == "discard" or (ev["type"] == "kong" and str(ev.get("action", "")).startswith("added"))

    def _feed(self, ev: dict[str, Any]) -> bool:
        """Feed one engine event to the tracker and queue its summaries; True if it is public."""
        assert self.tracker is not None
        pub, priv = self.tracker.feed(ev)
        if "reasons" in ev:  # the reason of a refused or false Mahjong: its declarer's frame only
            priv[ev["seat"]]["reasons"] = ev["reasons"]
            if ev["type"] == "false_mahjong":
                priv[ev["seat"]]["reason"] = ev["reasons"]["en"]
        self._emit(pub, priv)
        if pub is not None:
            self.recent.append(pub)
        if self._opens_window(ev):
            self._window_open = True
        elif ev["type"] not in PRIVATE:
            self._window_open = False
        return pub is not None

    def _flush_pending(self) -> None:
        while self._pending and self.tracker is not None:
            self._feed(self._pending.popleft())

    def _take_events(self) -> None:
        hand = self.hand
        assert hand is not None and self.tracker is not None
        new = [self._explained(ev) for ev in hand.events[self._ev_count :]]
        self._ev_count = len(hand.events)
        if not self.live:
            # replay: feed everything, except that the events closing a claim window in this
            # entry stay pending; if it is the last entry, go_live holds them again
            self._flush_pending()
            for i, ev in enumerate(new):
                if self._window_open and ev["type"] not in PRIVATE:
                    self._pending.extend(new[i:])
                    return
                self._feed(ev)
            return
        self._pending.extend(new)
        self._pump()

    def _explained(self, ev: dict[str, Any]) -> dict[str, Any]:
        """A refused Mahjong (teaching table, HK-5.7) gets its reason in plain words, in every
        language, from the hand as it is now (the refusal may be shown after the claim window);
        so does a false Mahjong that makes the hand dead (MCR-5.4), for its declarer only."""
        hand = self.hand
        if ev["type"] == "false_mahjong" and ev.get("dead_hand"):
            return {**ev, "reasons": self._dead_hand_reasons(ev)}
        if ev["type"] != "mahjong_refused" or hand is None:
            return ev
        view = hand.view(ev["seat"])
        extra = view.offered if view.phase != Phase.TURN.value else None
        why = why_not_winning(list(view.concealed), len(view.melds[ev["seat"]]), extra, self.rules)
        reasons = {lang: Texts(lang, self.rules.name).refused(text) for lang, text in why.items()}
        return {**ev, "reasons": reasons}

    def _dead_hand_reasons(self, ev: dict[str, Any]) -> dict[str, str]:
        """Why a false Mahjong made the declarer's hand dead (MCR-5.4), as the terminal tells its
        player (``ev.false.dead.you``), in every language: from the engine event's own hand."""
        extra = None if ev["tile"] is None else parse_tiles(ev["tile"])[0]
        why = why_not_winning(counts_of(parse_tiles(ev["concealed"])), len(ev["melds"]), extra, self.rules)
        amount = min((p for p in ev["payments"] if p > 0), default=0)
        return {lang: Texts(lang, self.rules.name)("ev.false.dead.you", why=text, amount=amount, double=2 * amount) for lang, text in why.items()}

    # ------------------------------------------------------------------ publishing

    def _pump(self) -> None:
        """Feed held engine events to the tracker, stopping at a claim window's minimum."""
        tr = self.tracker
        if tr is None:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        public = False
        opened = False
        while self._pending:
            ev = self._pending[0]
            if ev["type"] not in PRIVATE and (opened or now < self._release_at):
                # what follows a discard goes in a later frame even with no claim window, as it
                # does when a seat answers a claim: the frames do not tell who was asked
                if self._pump_at is None:
                    delay = max(0.0, self._release_at - now) + 0.0005
                    self._pump_at = loop.call_later(delay, self._spawn, self._pump_locked)
                break
            self._pending.popleft()
            public = self._feed(ev) or public or ev["type"] not in PRIVATE
            if self._opens_window(ev):
                self._release_at = now + self.claim_window
                opened = True
        self._schedule()
        if public:
            self._publish()
        else:
            self._publish({s for _, priv in self._out for s in priv})

    async def _pump_locked(self) -> None:
        async with self.lock:
            self._pump_at = None
            self._pump()

    def seat_of(self, slot: int) -> int | None:
        """The seat of ``slot`` in the current (or, once the match is over, the last) hand."""
        if self.match is None:
            return None
        return self.hand_slots.index(slot) if self.hand is not None else self.match.seat_of(slot)

    def slot_at(self, seat: int) -> int:
        return self.hand_slots[seat]

    def _publish(self, seats: set[int] | None = None) -> None:
        """Send a state frame to every client (or only to the clients of ``seats``)."""
        if not self.live:
            return
        out = self._out
        self._out = []
        frames: dict[tuple[int | None, int | None], str] = {}
        tail = encode(self._base())[1:]
        for c in list(self.clients):
            seat = None if c.slot is None else self.seat_of(c.slot)
            if seats is not None and seat not in seats:
                continue
            # one frame per seat in play; before the match (no seats yet) one per slot, never shared
            key = (seat, None if seat is not None else c.slot)
            text = frames.get(key)
            if text is None:
                text = self._frame_text(tail, c.slot, out)
                frames[key] = text
            c.send(text)

    def _base(self) -> dict[str, Any]:
        m = self.match
        players = []
        connected = [0] * 4
        for c in self.clients:
            if c.slot is not None:
                connected[c.slot] += 1
        for i in range(4):
            players.append(
                {
                    "slot": i,
                    "name": self.names[i],
                    "bot": self.bots[i] if self.tokens[i] is None else None,
                    "human": self.tokens[i] is not None or self.bots[i] is None,
                    "joined": self.tokens[i] is not None,
                    "host": self.host == i,
                    "away": self.away[i],
                    "held": self.held(i),
                    "connected": connected[i] > 0,
                    "played_in": self._played_in(i, connected[i] > 0),
                    "seat": self.seat_of(i),
                    "total": 0 if m is None else m.totals[i],
                }
            )
        base: dict[str, Any] = {
            "type": "state",
            "seq": self.pseq,
            "table": self.id,
            "status": self.status,
            "config": self._config,
            "players": players,
            "match": None,
            "hand": None,
            "reveal": None,
        }
        if m is not None:
            base["match"] = {
                "hands_played": m.hands_played,
                "prevailing": SEAT_LETTERS[m.prevailing],
                "dealer": m.dealer,
                "totals": list(m.totals),
                "over": m.over and m.hand is None,
                "ranking": m.ranking() if m.over and m.hand is None else None,
            }
        tr, hand = self.tracker, self.hand
        if tr is not None and hand is not None and m is not None:
            base["hand"] = {
                "number": self.hand_no,
                "prevailing": SEAT_LETTERS[hand.prevailing],
                "dealer": 0,
                "dice": list(hand.dice),
                "commitment": self.commit_hex,
                "scores": list(hand.scores),
                "seat_slots": list(self.hand_slots),
                **tr.public(),
            }
            if tr.phase == "over":
                base["reveal"] = self._reveal()
        return base

    def _reveal(self) -> dict[str, Any]:
        tr = self.tracker
        assert tr is not None and tr.result is not None
        end = []
        for ev in tr.end:
            e = dict(ev)
            if "items" in e:
                e["items"] = [{**it, "names": _names(self.rules, it["id"]), "counted": _counted(self.rules, it["id"], it.get("count", 1))} for it in e["items"]]
                e["limit_names"] = _names(self.rules, e.get("limit"))
            if e["type"] == "win" and "seat_points" in e:  # every player scores (CL-5.4): what each score is made of
                e["seat_scoring"] = self._seat_scoring()
            if e["type"] == "win" and (rule := _pay_rule(self.rules, e)) is not None:
                e["pay_rule"] = rule
            res = self.hand.result if self.hand is not None else None
            if e["type"] == "win" and self.rules.unit != "fan" and res is not None and res.outcome is not None:
                e.update(_total_lines(self.rules, res.outcome))
            if e["type"] == "false_mahjong":
                extra = None if e["tile"] is None else parse_tiles(e["tile"])[0]
                e["reasons"] = why_not_winning(counts_of(parse_tiles(e["concealed"])), len(e["melds"]), extra, self.rules)
            end.append(e)
        return {
            "result": tr.result["result"],
            "seat": tr.result["seat"],
            "from": tr.result["from"],
            "payments": tr.result["payments"],
            "scores": tr.result["scores"],
            "dealer_keeps": tr.result["dealer_keeps"],
            "end": end,
            "dead_hands": _dead_hands(self.hand.events if self.hand is not None else []),
            "mahjong_claims": tr.mahjong_claims,
            "salt": self.salt,
            "commitment": self.commit_hex,
            **tr.reveal(),
        }

    def _seat_scoring(self) -> list[dict[str, Any]] | None:
        """Every seat's own score itemised, E S W N, where every player scores (the classical
        game, CL-5.1, CL-5.2, CL-5.4): ``points``, ``doubles``, ``score``, ``capped`` (the limit
        took the place of points × 2^doubles, CL-6.2), ``lines`` (``id``, ``names``, ``points``
        for one, ``count``) and ``doubles_by`` (``id``, ``names``, ``count``)."""
        res = self.hand.result if self.hand is not None else None
        scoring = self.rules.seat_scoring(res.outcome) if res is not None and res.outcome is not None else None
        if scoring is None:
            return None
        return [
            {
                "points": sc.points,
                "doubles": sc.doubles,
                "score": sc.score,
                "capped": sc.capped,
                "lines": [{"id": i.id, "names": {"en": i.name, "fr": i.name_fr}, "counted": _counted(self.rules, i.id, i.count, i), "points": i.value, "count": i.count} for i in sc.lines],
                "doubles_by": [{"id": i.id, "names": {"en": i.name, "fr": i.name_fr}, "counted": _counted(self.rules, i.id, i.count, i), "count": i.count} for i in sc.doubled],
            }
            for sc in scoring
        ]

    def _frame_text(self, tail: str, slot: int | None, out: list[_Out]) -> str:
        """A state frame: this client's part, then the shared public part (encoded once per publish)."""
        seat = None if slot is None else self.seat_of(slot)
        events = []
        for pub, priv in out:
            e = priv.get(seat, pub) if seat is not None else pub
            if e is not None:
                events.append(e)
        own = {"you": seat, "slot": slot, "events": events, "mine": self._mine(slot) if slot is not None else None}
        return compact_json(own)[:-1] + "," + tail

    def _mine(self, slot: int) -> dict[str, Any]:
        seat = self.seat_of(slot)
        mine: dict[str, Any] = {
            "slot": slot,
            "seat": seat,
            "away": self.away[slot],
            "held": self.held(slot),
            "timeouts": self.missed_turns(slot),
            "last_cseq": self.last_cseq[slot],
            "ready": slot in self.ready,
            "concealed": [],
            "drawn": None,
            "legal": [],
            "can_declare": False,
            "remaining": None,
            "bank": None,
        }
        tr, hand = self.tracker, self.hand
        if tr is None or hand is None or seat is None:
            return mine
        mine.update(tr.own(seat))
        if self._others_wait() and (left := self.bank_left(slot)) < math.inf:
            mine["bank"] = round(left, 1)
        d = self.decisions.get(seat)
        if d is not None and not self._pending and not self.held(slot):
            mine["legal"] = [str(a) for a in hand.legal_actions(seat)]
            mine["can_declare"] = hand.can_declare_mahjong(seat)
            if d.deadline < math.inf:
                mine["remaining"] = round(max(0.0, d.deadline - asyncio.get_running_loop().time()), 3)
        return mine

    # ------------------------------------------------------------------ decisions, timers, bots

    def _spawn(self, fn: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if self.closed:
            return
        task = asyncio.get_running_loop().create_task(fn())
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        """No task dies silently: a failure is logged with the table id."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: a timer or bot task failed", self.id, exc_info=task.exception())

    def bots_besides(self, slot: int) -> int:
        """The seats other than ``slot``'s that a bot plays now (public: ``bot`` and ``away``)."""
        return sum(1 for s in range(4) if s != slot and self.bot_controlled(s))

    def bot_controlled(self, slot: int) -> bool:
        return self.tokens[slot] is None or self.away[slot]

    def missed_turns(self, slot: int) -> int:
        """The missed turns that count towards turning ``slot`` away (``away_after``): in a row,
        or in this hand since the seat was last its player's, whichever is more. A player who
        acted once in every ``away_after`` turns was never turned away and cost the others the
        grace on most of their turns, every hand (docs/server.md, *Stalling*)."""
        return max(self.timeouts[slot], self.missed[slot])

    def held(self, slot: int) -> bool:
        """Whether a bot keeps ``slot``'s seat until the next deal: its player was turned away
        for the :data:`HELD_AFTER`-th time in this hand (from the logged ``away`` entries, so a
        restart keeps it). Until then ``back``, an action and a hint are refused
        (``away_until_next_hand``) and a ``resume`` only watches the seat's own hand."""
        return self.away[slot] and self.aways[slot] >= HELD_AFTER

    def _refuse_held(self, slot: int, what: str) -> None:
        if self.held(slot):
            raise ProtocolError(
                "away_until_next_hand",
                f"{what}: a bot plays your seat until the next hand: you were turned away {self.aways[slot]} times in this hand "
                f"(each time after {self.cfg.away_after} missed turns); your seat is yours again when the next hand is dealt",
            )

    def _schedule(self) -> None:
        """Open decisions for the seats the engine waits for; arm the timer; wake bots."""
        if not self.live or self.closed:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        hand, tr = self.hand, self.tracker
        new: dict[int, Decision] = {}
        if hand is not None and tr is not None and not hand.over and not self._pending:
            for seat in hand.pending():
                d = self.decisions.get(seat)
                if d is None or d.window != tr.window:
                    d = Decision(tr.window, self.pseq, now + self.cfg.timer if self.cfg.timer else math.inf, opened_at=now)
                new[seat] = d
        self.decisions = new
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        human = [dl for s, d in new.items() if not self.bot_controlled(self.slot_at(s)) and (dl := self._deadline(s, d)) < math.inf]
        if human:  # never sooner than 10 ms from now: a timer cannot spin
            self._timer = loop.call_at(max(min(human), now + 0.01), self._spawn, self._on_timer)
        for seat, d in new.items():
            if self.bot_controlled(self.slot_at(seat)) and not d.bot_scheduled:
                d.bot_scheduled = True
                if hand is not None and hand.phase is Phase.TURN:
                    # decides at once, plays once bot_delay has passed: the pause says nothing of how long it thought
                    self._spawn(functools.partial(self._bot_act, seat, d, now + self.bot_delay))
                else:  # a claim (or robbing a kong)
                    delay = _JITTER.uniform(0.0, BOT_CLAIM_SPREAD * max(0.0, self._release_at - now))
                    loop.call_later(delay, self._spawn, lambda s=seat, dd=d: self._bot_act(s, dd))
        m = self.match
        if (
            hand is not None
            and hand.over
            and tr is not None
            and tr.phase == "over"
            and self._next_at is None
            and m is not None
            and not m.over
        ):
            delay = 0.0 if self._ends_match() else self.next_delay
            self._next_at = loop.call_later(delay, self._spawn, self._next_hand)

    def _deadline(self, seat: int, d: Decision) -> float:
        """When ``seat``'s decision times out: its timer, or sooner ``absent_after`` seconds after
        its player lost every connection (or after the decision opened, if later; a claim of a
        player gone before it opened: when the claim window's minimum ends), so that a
        player who leaves never freezes a table, not even one without a timer; and, when another
        human is seated, ``idle_after`` seconds after it opened, so that a player who stays
        connected and does nothing cannot hold the others either, and sooner once the player's
        time bank for the hand runs low: ``slow_grace`` seconds plus what is left of the bank."""
        slot = self.slot_at(seat)
        deadline = d.deadline
        if self._others_wait():  # another human waits on this seat
            deadline = min(deadline, d.opened_at + self.idle_after, d.opened_at + self.slow_grace + self.bank_left(slot))
        if self.tokens[slot] is None or any(c.slot == slot for c in self.clients):
            return deadline
        gone = self.absent_since.get(slot)
        if gone is not None and gone <= d.opened_at and self.hand is not None and self.hand.phase is not Phase.TURN:
            # a claim (or robbing a kong) of a player gone before it opened: a seat has one only
            # when it can claim, so waiting for them would show everyone what they hold; passed
            # as the window ends (after a restart nobody is gone yet: everyone may come back)
            return min(deadline, d.opened_at + self.claim_window)
        since = max(d.opened_at, d.opened_at if gone is None else gone)
        return min(deadline, since + self.absent_after)

    def _played_in(self, slot: int, connected: bool) -> float | None:
        """Seconds until the server plays the turn of ``slot``'s seat for its player, who has no
        connection (:meth:`_deadline`); ``None`` off that seat's turn (never on a claim: it would
        show who can claim), for a seat a bot holds, or a connected player."""
        hand = self.hand
        if connected or self.tokens[slot] is None or self.away[slot] or hand is None or hand.phase is not Phase.TURN:
            return None
        seat = self.seat_of(slot)
        d = None if seat is None or self._pending else self.decisions.get(seat)
        if seat is None or d is None:
            return None
        deadline = self._deadline(seat, d)
        return None if deadline == math.inf else round(max(0.0, deadline - asyncio.get_running_loop().time()), 1)

    def bank_left(self, slot: int) -> float:
        """What is left of ``slot``'s time bank in this hand: ``slow_bank`` less what its logged
        decisions :attr:`spent`, and none for an :attr:`unbanked` slot (a seat turned away in the
        last hand, or held by a bot at one of its actions, would otherwise have the whole bank
        again by sitting a hand out). Derived from the log: a restart gives the same bank (it gave
        a full one, mid-hand; docs/server.md, *Stalling*)."""
        full = 0.0 if slot in self.unbanked else self.slow_bank
        return max(0.0, full - self.spent[slot])

    def _others_wait(self) -> bool:
        """Whether more than one human is seated, so that a slow player makes another wait."""
        return sum(t is not None for t in self.tokens) > 1

    def _spent(self, seat: int) -> dict[str, float]:
        """The ``spent`` field of the ``act`` entry that answers ``seat``'s open decision now: where
        others wait (:meth:`_others_wait`), the time its human player took beyond
        :attr:`slow_grace`, up to what is left of the bank (nothing once it is spent). Every
        decision ends with its own seat's ``act`` (a claim window waits for every seat offered a
        claim), but a refused false Mahjong, which leaves the decision open: its caller logs none."""
        d = self.decisions.get(seat)
        slot = self.slot_at(seat)
        if d is None or not self._others_wait() or self.bot_controlled(slot):
            return {}
        took = asyncio.get_running_loop().time() - d.opened_at - self.slow_grace
        spent = round(min(self.bank_left(slot), max(0.0, took)), 3)
        return {"spent": spent} if spent > 0 else {}

    def _ends_match(self) -> bool:
        """Whether settling the finished hand ends the match (HK-7.3); the last hand is then settled
        at once, so that everyone sees "Match over" and the ranking without asking for a next hand."""
        m, hand = self.match, self.hand
        assert m is not None and hand is not None and hand.result is not None
        probe = copy.copy(m)  # Match.over on the counts the settlement will leave
        probe.hands_played += 1
        probe.rotations += 0 if hand.result.dealer_keeps else 1
        return probe.over

    async def _bot_act(self, seat: int, d: Decision, not_before: float = 0.0) -> None:
        """The bot holding ``seat`` answers its decision ``d``. It decides in the worker on a
        snapshot (a SeatView holds tuples only, the legal actions are a tuple) *without* the
        table's lock: a refusal, a ``back`` of a seat no bot holds, another seat's answer to the
        same claim window are answered meanwhile as at any other time, so their answer times do
        not tell that a bot was asked about a discard (docs/server.md, *Attacked once more*).
        Its choice is played, under the lock, only if the decision is still open and still the
        bot's (the table closed, the decision went, or the player came back: nothing is played),
        and not before the event loop's time ``not_before``: a bot's turn is decided as it opens
        and played when ``bot_delay`` has passed, since a move played that long *after* the
        decision told everyone at the table how long the bot thought, which its hidden hand
        decides (an expert bot thinks two to four times longer on a hand ready or one tile
        from it: docs/server.md, *Attacked below the game, again*)."""
        async with self.lock:
            if not self._bot_may_play(seat, d):
                return
            slot = self.slot_at(seat)
            hand = self.hand
            assert hand is not None
            name = (self.bots[slot] if self.tokens[slot] is None else AWAY_BOT) or AWAY_BOT
            view, legal = hand.view(seat), hand.legal_actions(seat)
            bots = self.bot_process
            work: Coroutine[Any, Any, Action]
            if bots is None:
                player = self._players.get(slot)
                if player is None:
                    player = self._players[slot] = make_bot(name, secrets.randbits(31))
                chooser = player
                work = self._decide(lambda: chooser.choose(view, legal))
            else:
                if slot not in self._bot_keys:
                    self._bots_seated += 1
                    self._bot_keys[slot] = ((self.id, slot, self._bots_seated), name, secrets.randbits(31))
                key, bot_name, seed = self._bot_keys[slot]
                work = bots.choose(key, bot_name, seed, view, legal)
        action: Action | None
        try:
            action = await work
        except Exception:
            if self.closed:  # the server is closing
                return
            # A bot that fails must not leave its table waiting for ever (a table without timers
            # has nothing else to move it): the timeout play stands in, and the failure is logged.
            log.exception("table %s: the %s bot at seat %d failed; the timeout play stands in", self.id, name, seat)
            action = None
        wait = not_before - asyncio.get_running_loop().time()
        if wait > 0:
            await asyncio.sleep(wait)
        async with self.lock:
            if self.hand is not hand or not self._bot_may_play(seat, d):
                return
            if action is None:
                action = self.auto_action(seat)
            await self._commit("act", {"slot": slot, "seat": seat, "action": str(action), "by": "bot", "cseq": None})

    def _bot_may_play(self, seat: int, d: Decision) -> bool:
        """Whether the bot may answer ``seat``'s decision ``d``: the table is open, ``d`` is still
        the seat's open decision (the same claim window or turn: the same legal actions) and a
        bot holds the seat; a player who came back takes the decision over (a bot is woken again
        if they are turned away before answering it)."""
        if self.closed or self.decisions.get(seat) is not d:
            return False
        if not self.bot_controlled(self.slot_at(seat)):
            d.bot_scheduled = False
            return False
        return True

    async def _decide(self, fn: Callable[[], _T]) -> _T:
        """``fn()`` (a bot's choice, a hint) worked out in :attr:`worker`, the event loop awaiting
        it: an MCR expert bot takes up to 0.6 s a decision and a hint up to 0.2 s, and on the
        loop they held every table, the lobby and every ping of the server (docs/server.md,
        *Where bots and hints decide*). ``fn`` must read only a snapshot, never live table state.
        ``server_error`` once the worker is shut down (the server is closing)."""
        worker = self.worker
        if worker is None:
            return fn()
        try:
            future = asyncio.get_running_loop().run_in_executor(worker, fn)
        except RuntimeError:  # the executor was shut down: the server is closing
            raise ProtocolError("server_error", "the table is closing; nothing changed") from None
        return await future

    def auto_action(self, seat: int) -> Action:
        """The timeout play: pass on claims; discard the drawn tile, else (the turn after a claim)
        a tile of the hand at random, every copy held alike. Everyone sees a timeout (the discard
        comes at the timer's end): a fixed choice, such as the last tile in hand, told them which
        tiles the hand lacks (none above it, HK-4); a random one shows that tile only. Logged as
        played, so a replay needs no randomness."""
        hand = self.hand
        assert hand is not None
        legal = hand.legal_actions(seat)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return next(a for a in legal if str(a) == "pass")
        view = hand.view(seat)
        if view.drawn is not None:
            for a in discards:
                if a.tile == view.drawn:
                    return a
        copies = [a for a in discards for _ in range(view.concealed[a.tile])]
        return secrets.choice(copies or discards)

    async def _on_timer(self) -> None:
        async with self.lock:
            self._timer = None
            if self.closed:
                return
            now = asyncio.get_running_loop().time()
            for seat, d in list(self.decisions.items()):
                if self.decisions.get(seat) is not d or self._deadline(seat, d) > now + 0.001:
                    continue
                slot = self.slot_at(seat)
                if self.bot_controlled(slot):
                    continue
                action = self.auto_action(seat)
                try:
                    act = {"slot": slot, "seat": seat, "action": str(action), "by": "timeout", "cseq": None, **self._spent(seat)}
                    await self._commit("act", act)
                    if self.missed_turns(slot) >= self.cfg.away_after and not self.away[slot]:
                        await self._commit("away", {"slot": slot})
                except ProtocolError:  # the table is closing
                    return
            self._schedule()

    async def _next_hand(self) -> None:
        async with self.lock:
            await self._next_hand_locked()

    async def _next_hand_locked(self) -> None:
        if self._next_at is not None:
            self._next_at.cancel()
            self._next_at = None
        hand, m = self.hand, self.match
        if self.closed or hand is None or m is None or not hand.over or m.over:
            return
        held = [s for s in range(4) if self.held(s)]
        await self._commit("next", {"salt": secrets.token_hex(16), "wall": secrets.randbits(128)})
        if self.hand is not hand and self.status != "over":
            # a seat held until this deal is its player's again if they are here to play it
            # (logged, so a restart replays it); if not, a bot holds it until they come back
            for s in held:
                if self.away[s] and any(c.slot == s for c in self.clients):
                    await self._commit("back", {"slot": s})
        if self.status == "over":
            if self.store is not None:
                await self.store.status_retrying(self.id, "over", stop=lambda: self.closed)
            if self.on_finished is not None:
                self.on_finished(self)

    # ------------------------------------------------------------------ client requests (caller: app)

    def attach(self, client: Client) -> None:
        """A client joined: it gets the full view with the recent moves; seated players' presence
        is shown to everyone."""
        if self._out:
            self._publish()  # the others first get the events not yet sent
        self.clients.add(client)
        self.send_state(client)
        if client.slot is not None:
            self.absent_since.pop(client.slot, None)
            self._presence()

    def detach(self, client: Client) -> None:
        self.clients.discard(client)
        if self.live and not self.closed:
            slot = client.slot
            if slot is not None and not any(c.slot == slot for c in self.clients):
                self.absent_since[slot] = asyncio.get_running_loop().time()
                self._schedule()  # the seat's decision may now time out sooner
            self._presence()

    def _presence(self) -> None:
        """Show everyone that a seat's connections changed: at once, then at most once every
        :data:`PRESENCE_EVERY` seconds (one frame for all the changes meanwhile). A seated player
        reconnecting in a loop sent every client at the table two frames a reconnect, about 100 a
        second at the handshakes ``--http-rate`` allows, each drawn again by the browser."""
        if not self.live or self._presence_at is not None:
            return
        loop = asyncio.get_running_loop()
        wait = self._presence_shown + PRESENCE_EVERY - loop.time()
        if wait > 0:
            self._presence_at = loop.call_later(wait, self._presence_due)
            return
        self._presence_shown = loop.time()
        self._publish()

    def _presence_due(self) -> None:
        self._presence_at = None
        if self.live and not self.closed:
            self._presence_shown = asyncio.get_running_loop().time()
            self._publish()

    def state_text(self, slot: int | None) -> str:
        """The full current view for ``slot`` (None: a spectator), with the hand's recent public
        moves as its events so that a client's move list is filled at once."""
        return self._frame_text(encode(self._base())[1:], slot, [(e, {}) for e in self.recent])

    def final_text(self, slot: int | None) -> str:
        """:meth:`state_text` of a finished table read from its log (not live: nothing changes any
        more), worked out once per view. Each ``watch``, ``join`` or ``resume`` of a finished
        table is answered with its final frame and leaves the socket free to ask again, and
        building it cost 0.5 ms of the event loop (13 pings' worth): one address's 64 sockets at
        their 50 messages a second asked for 1.7 cores."""
        if self.live:
            return self.state_text(slot)
        text = self._final.get(slot)
        if text is None:
            text = self._final[slot] = self.state_text(slot)
        return text

    def send_state(self, client: Client) -> None:
        """The full current view, to one client (after join, resume or watch)."""
        client.send(self.state_text(client.slot))

    async def join(self, slot: int, name: str) -> str:
        """Take a human slot; returns the secret seat token (only its hash is stored). A taken
        seat is refused at once, then again under the table's lock: the refusal never waits for
        the lock (:meth:`_refuse_taken`)."""
        self._refuse_taken(slot)
        async with self.lock:
            self._refuse_taken(slot)
            why = name_clash(name, slot, dict(enumerate(self.names)))
            if why is not None:
                raise ProtocolError("name_taken", f"join: {why}")
            token = secrets.token_urlsafe(24)
            await self._commit("join", {"slot": slot, "name": name or f"Player {slot + 1}", "token": hash_token(token)})
            if not self.started and all(self.tokens[i] is not None or self.bots[i] is not None for i in range(4)):
                await self._start_locked()
            return token

    def _refuse_taken(self, slot: int) -> None:
        """``seat_taken`` for a slot a bot plays or a player holds. Checked before the table's lock
        too: a bot's answer to a discard is saved under it, and a bot is asked only when it can
        claim the tile, so a refusal that waited for the lock told anyone, a stranger with no
        seat included, that a bot could claim it (docs/server.md, *Attacked once again*)."""
        if not 0 <= slot < 4 or self.bots[slot] is not None or self.tokens[slot] is not None:
            raise ProtocolError("seat_taken", f"slot {slot} is taken or played by a bot")

    def slot_of_token(self, token: str) -> int | None:
        h = hash_token(token)
        for i, t in enumerate(self.tokens):
            if t is not None and hmac.compare_digest(t, h):
                return i
        return None

    async def back(self, slot: int, *, asked: bool = True) -> None:
        """The player is back: the bot holding the seat gives it up. When the player ``asked``
        (a ``back`` message) and no bot holds the seat, ``nothing_to_do`` says so; while the bot
        keeps it until the next deal (:meth:`held`), ``away_until_next_hand`` (a ``resume``,
        not asking, is only attached as a watcher of its seat). Both refusals are answered at
        once, without waiting for the table's lock (a bot's move may hold it: the wait told that a
        bot was asked about a discard). Once the match is over, ``match_over``: a seat a bot held at
        the end was given back by a ``back`` logged after the match's end, and its sender got no
        answer at all."""
        if asked:
            self._refuse_over("back")
            self._refuse_held(slot, "back")
            if not self.away[slot]:
                raise ProtocolError("nothing_to_do", "back: no bot holds your seat; it is yours already")
        async with self.lock:
            if self.status == "over":
                if asked:
                    self._refuse_over("back")
                return  # nothing changes at a finished table
            if self.held(slot):
                if asked:
                    self._refuse_held(slot, "back")
                return  # a resume: the player watches their seat until the next deal
            if self.away[slot]:
                await self._commit("back", {"slot": slot})
            elif asked:
                raise ProtocolError("nothing_to_do", "back: no bot holds your seat; it is yours already")

    def _refuse_over(self, what: str) -> None:
        """``match_over`` for a seat message ``what`` once the match is over: nothing changes then."""
        if self.status == "over":
            raise ProtocolError("match_over", f"{what}: the match is over")

    async def start(self, slot: int | None = None) -> None:
        """Fill every open slot with a bot and deal, asked by the server (a table of four bots)
        or by the player at ``slot``: the
        :attr:`host`, or anyone seated once the host has had no connection for :attr:`absent_after`
        seconds (``not_host`` otherwise: a stranger who took an open seat would give the seats
        kept for friends to bots, even in the instant the host's page reloads);
        ``nothing_to_do`` once the match has started, ``match_over`` after it."""
        self._refuse_start(slot)  # at once, never after the lock (a bot's claim saved under it)
        async with self.lock:
            self._refuse_start(slot)
            await self._start_locked()

    def _refuse_start(self, slot: int | None) -> None:
        self._refuse_over("start")
        if self.started:
            raise ProtocolError("nothing_to_do", "start: the match has already started")
        if slot is not None and slot != self.host and self.host is not None:
            self._check_host_gone()

    def _check_host_gone(self) -> None:
        """``not_host`` unless the host has had no connection for :attr:`absent_after` seconds: a
        stranger seated at an open seat who sent ``start`` in a loop started the match the moment
        the host's page reloaded, and the seats kept for friends went to bots."""
        host = self.host
        assert host is not None
        why = "start: only the table's host (the first player seated) may start the match now; it starts by itself once every seat is taken"
        if any(c.slot == host for c in self.clients):
            raise ProtocolError("not_host", why)
        gone = asyncio.get_running_loop().time() - self.absent_since.get(host, self.live_since)
        if gone < self.absent_after:
            raise ProtocolError("not_host", f"{why} (or once the host has been away {self.absent_after:g} s: {gone:.0f} s so far)")

    async def _start_locked(self) -> None:
        fill = {str(i): "greedy" for i in range(4) if self.tokens[i] is None and self.bots[i] is None}
        await self._commit(
            "start", {"fill": fill, "salt": secrets.token_hex(16), "wall": secrets.randbits(128)}, status="playing"
        )

    async def next_ready(self, slot: int) -> None:
        """The player asks for the next hand; it starts once every connected human asked. Refused
        at once, then again under the table's lock, while the hand is not over: in a claim window
        the lock may be saving a bot's answer, which a refusal that waited for it told."""
        self._refuse_next()
        async with self.lock:
            self._refuse_next()
            if slot not in self.ready:
                await self._commit("ready", {"slot": slot})
            humans = {c.slot for c in self.clients if c.slot is not None and not self.away[c.slot]}
            if humans <= self.ready:
                await self._next_hand_locked()

    def _refuse_next(self) -> None:
        hand, tr = self.hand, self.tracker
        if not self.started:  # "the hand is not over" said of a match that had dealt none
            raise ProtocolError("not_started", "next: the match has not started; no hand has been dealt")
        if hand is None or not hand.over or tr is None or tr.phase != "over":
            raise ProtocolError("out_of_turn", "the hand is not over")
        if self.status == "over":
            raise ProtocolError("match_over", "the match is over")

    def _refuse_now(self, slot: int, msg_action: str, cseq: int, at: int) -> tuple[Hand, int, Action]:
        """The refusals of an action that need no engine work (duplicate, no hand, held seat,
        syntax, no decision, stale); else the hand, the seat and the parsed action. An ``at`` that
        is no state's ``seq`` (below 0, or above the table's latest, which no frame has carried) is
        ``bad_request``: it was taken for the current state, so a client that never read a frame
        could act on any decision by sending a huge ``at``."""
        if not 0 <= at <= self.pseq:
            raise ProtocolError(
                "bad_request", f"action: field 'at' is {quote_value(at)}: it must be the seq of a state frame, 0 to {self.pseq} (the latest)"
            )
        last = self.last_cseq[slot]
        if cseq <= last:
            # only the last applied number is known to have been used: a client counting from 0
            # was told "cseq 0 was already used (last applied: 0)"
            if cseq == last and last > 0:
                raise ProtocolError("duplicate", f"cseq {cseq} was already applied (the last one applied): nothing was played again")
            raise ProtocolError("duplicate", f"cseq {quote_value(cseq)} is not above {last}, the last one applied: each action needs a larger cseq")
        hand = self.hand
        if not self.started or self.match is None:
            raise ProtocolError("not_started")
        if hand is None or self._over_shown(hand):
            raise ProtocolError("match_over" if self.match.over else "out_of_turn", "no hand in play")
        self._refuse_held(slot, "action")
        seat = self.match.seat_of(slot)
        if len(msg_action) > MAX_ACTION:  # never read: the engine reads a tile string letter by letter
            raise ProtocolError("bad_action", f"{quote_value(msg_action)}: not an action: one is at most {MAX_ACTION} characters (discard 5p, chow 345s, pung, pass...)")
        try:
            action = parse_action(msg_action)
        except ActionSyntaxError as e:
            raise ProtocolError("bad_action", _quoted(self.rules.cite(str(e)), msg_action)) from None  # the table's rule numbers
        d = self.decisions.get(seat)
        if d is None:
            raise ProtocolError("out_of_turn", f"{action}: {self._no_decision()}")
        if at < d.opened:
            raise ProtocolError("stale", f"{action}: answers state {at}; your decision opened at {d.opened}")
        return hand, seat, action

    def _refuse_illegal(self, slot: int, hand: Hand, seat: int, action: Action) -> None:
        """The refusals of an action the engine judges: past the false Mahjongs a teaching table
        refuses (``rate_limited``), or ``illegal`` with the engine's reason. Made before the table's
        lock too: a seat asked about a discard may send illegal answers again and again, its
        decision staying open, and one that waited for the lock told it whether another seat's
        answer to the same discard was being saved, so whether a bot could claim the tile
        (docs/server.md, *Attacked once again*)."""
        if (
            isinstance(action, Win)
            and self.cfg.teaching
            and action not in hand.legal_actions(seat)
            and self.refused[slot] >= REFUSED_PER_HAND
        ):
            raise ProtocolError(
                "rate_limited", f"{REFUSED_PER_HAND} false Mahjongs refused this hand: no more", limit="false_mahjong", n=REFUSED_PER_HAND
            )
        if action not in hand.legal_actions(seat) and not (isinstance(action, Win) and hand.can_declare_mahjong(seat)):
            try:
                hand.apply(seat, action)
            except IllegalAction as e:
                raise ProtocolError("illegal", e.reason) from None
            raise AssertionError("engine accepted an action outside its legal list")

    async def act(self, slot: int, msg_action: str, cseq: int, at: int) -> None:
        """A player's action: duplicate, stale, turn and legality checks, then commit and apply.
        The first checks (:meth:`_refuse_now`) are made at once, then again under the table's
        lock: a refusal never waits for a bot's move holding the lock (the wait told that a bot
        was asked about a discard: docs/server.md, *Attacked once more*)."""
        self._refuse_illegal(slot, *self._refuse_now(slot, msg_action, cseq, at))
        async with self.lock:
            hand, seat, action = self._refuse_now(slot, msg_action, cseq, at)
            self._refuse_illegal(slot, hand, seat, action)
            # a false Mahjong a teaching table refuses (HK-5.7) leaves the decision open: its time is
            # logged with the answer that ends it
            refused = self.cfg.teaching and isinstance(action, Win) and action not in hand.legal_actions(seat)
            if self.away[slot]:
                await self._commit("back", {"slot": slot})
            spent = {} if refused else self._spent(seat)
            await self._commit("act", {"slot": slot, "seat": seat, "action": str(action), "by": "player", "cseq": cseq, **spent})

    async def hint(self, slot: int) -> dict[str, Any]:
        """A suggestion for the player's open decision (the advisor's best action: the
        expert bot, from the player's own view) and its shanten
        (:func:`hint_answer`: with the minimum's waits at MCR, the safest discard of a dead hand);
        ``no_hints`` where the table's creator turned hints off (:attr:`TableConfig.hints`).
        Every refusal is answered before any work; the advisor then runs in :attr:`worker`
        (:meth:`_decide`: an MCR hint takes 2 ms at the median, up to 0.2 s) on a snapshot of the seat's view, once
        per decision, and ``out_of_turn`` if the decision closed meanwhile (a timeout, a move)."""
        if not self.cfg.hints:
            raise ProtocolError("no_hints", "hint: hints are off at this table (its creator's choice); the advisor is not asked")
        hand, m = self.hand, self.match
        if not self.started:  # "no hand in play" said of a match that had dealt none
            raise ProtocolError("not_started", "hint: the match has not started; no hand has been dealt")
        if hand is None or m is None or self._over_shown(hand):
            raise ProtocolError("out_of_turn", "no hand in play")
        self._refuse_held(slot, "hint")
        seat = m.seat_of(slot)
        if seat not in self.decisions or self._pending or hand.over:
            raise ProtocolError("out_of_turn", self._no_decision())
        legal = hand.legal_actions(seat)
        if not legal:
            raise ProtocolError("out_of_turn", self._no_decision())
        d = self.decisions[seat]
        kept = self._hints.get(seat)
        if kept is None or kept[0] is not d:  # a new decision: the advisor runs once for it
            view = hand.view(seat)
            dead = hand.dead_hands[seat]
            if not dead and self._advisor is None:
                self._advisor = make_advisor(1)
            advisor = None if dead else self._advisor
            work = asyncio.ensure_future(self._decide(lambda: hint_answer(view, legal, advisor)))
            work.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failure nobody awaits is not logged twice
            kept = self._hints[seat] = (d, work)
        try:
            # every hint asked for the decision meanwhile waits for the same work; a socket that
            # goes away cancels its own wait, not the work
            answer = await asyncio.shield(kept[1])
        except Exception:  # the next hint tries again (``server_error``: the server is closing)
            if self._hints.get(seat) is kept:
                del self._hints[seat]
            raise
        if self.closed or self.hand is not hand or self.decisions.get(seat) is not d:
            if self._hints.get(seat) is kept:
                del self._hints[seat]
            raise ProtocolError("out_of_turn", self._no_decision())
        return dict(answer)

    def _over_shown(self, hand: Hand) -> bool:
        """Whether the hand is over as the frames show it. The engine may end it during a claim
        window's hold (a bot's win on the discard, or the wall's last discard that nobody can
        claim) while every frame still shows the window: a refusal saying "no hand in play" then
        told a probing seat, before the window ended, that nobody had been offered the last
        discard (or that someone won on it); such a probe reads the window's text instead."""
        tr = self.tracker
        return hand.over and (tr is None or tr.phase == "over")

    def _no_decision(self) -> str:
        """The refusal text for a seat with no open decision: built from public state only, so
        a probe during a claim window reads the same whoever is deciding."""
        tr = self.tracker
        if tr is not None and tr.phase in ("claim", "rob"):
            return "you have no decision now (a claim window is open)"
        if tr is not None and tr.phase == "turn":
            return f"you have no decision now (it is {SEAT_LETTERS[tr.turn]}'s turn)"
        return "you have no decision now"

    def _public_config(self) -> dict[str, Any]:
        """The table's options as the lobby shows them (names left out), worked out once: the
        options never change after creation, and ``asdict`` took 40 µs a table, 20 ms for a full
        lobby list of 500."""
        if self._shown_config is None:
            self._shown_config = {k: v for k, v in self.cfg.to_dict().items() if k != "names"}
        return self._shown_config

    def _lobby_key(self) -> tuple[object, ...]:
        """What :meth:`summary` shows that the lobby must show at once when it changes: status,
        seats, names, bots (the spectators and hands played may lag by ``LOBBY_MAX_AGE``)."""
        return (self.status, tuple(self.tokens), tuple(self.names), tuple(self.bots))

    def free_seat(self) -> bool:
        """Whether a person may still sit here: a seat neither a bot's nor joined."""
        return any(self.bots[i] is None and self.tokens[i] is None for i in range(4))

    def summary(self) -> dict[str, Any]:
        """Lobby line: status and slots (no secrets)."""
        return {
            "id": self.id,
            "status": self.status,
            "slots": [
                {
                    "slot": i,
                    "name": self.names[i],
                    "bot": self.bots[i] if self.tokens[i] is None else None,
                    "joined": self.tokens[i] is not None,
                }
                for i in range(4)
            ],
            "config": self._public_config(),
            "spectators": sum(1 for c in self.clients if c.slot is None),
            "hands_played": 0 if self.match is None else self.match.hands_played,
        }

    def close(self) -> None:
        """Stop timers and tasks (server shutdown, match over, table abandoned); no more frames."""
        self.closed = True
        self.live = False
        for h in (self._timer, self._pump_at, self._next_at, self._presence_at):
            if h is not None:
                h.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self.bot_process is not None:
            self.bot_process.forget(self.id)
