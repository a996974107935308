"""The wire protocol (docs/protocol.md): JSON objects over one websocket per client.

Every message carries ``"v": VERSION``. This module holds the constants, the error codes, the
table configuration checks and the small helpers that turn input into clear errors; the
behaviour lives in :mod:`hkmj.server.table` and :mod:`hkmj.server.app`.
"""

from __future__ import annotations

import json
import math
import re
import time
import unicodedata
from dataclasses import asdict, dataclass, field
from typing import Any

import orjson

from hkmj.engine import LENGTHS
from hkmj.rulesets import RULESETS, Ruleset, get_ruleset
from hkmj.scoring.lines import has_lone_surrogate, json_refusal

__all__ = [
    "CLIENT_TYPES",
    "ERRORS",
    "MAX_ACTION",
    "MAX_CSEQ",
    "MAX_MESSAGE",
    "MAX_PING_ID",
    "NameTaken",
    "VERSION",
    "LIMITS",
    "ProtocolError",
    "RateLimiter",
    "TableConfig",
    "clean_name",
    "compact_json",
    "decode",
    "echo_size",
    "encode",
    "limit_fields",
    "name_clash",
    "name_key",
    "quote_value",
]

VERSION = 1
MAX_MESSAGE = 4096
"""Largest client message the server reads (bytes of UTF-8); larger ones get ``too_large``."""
MAX_CSEQ = 2**53 - 1
"""Largest ``cseq`` an action may carry: the largest whole number a browser's JSON reads exactly. A
seat's ``last_cseq`` past it read in the browser as a float, whose next value (+1) was the same
number, so every later move from the page was a ``duplicate``."""
MAX_ACTION = 64
"""Characters of an ``action`` text the server reads (the longest action, ``concealed kong 5555p``,
is 20; case and spacing are free): the engine reads a tile string letter by letter, and an action
of 4,000 characters (``chow 1m2p1m2p…``) cost the event loop 4 ms to read, twice per message, once
before the actions' pace was applied: a seated stranger's four sockets at their 50 messages a
second held a core, and another client's ping waited up to 4.9 s. A longer text is ``bad_action``
unread."""
MAX_PING_ID = 128
"""Largest ``id`` a ``ping`` may carry (bytes of its compact JSON), which the ``pong`` echoes. Every
other frame is shared or small, but a pong is the sender's own text: a client sending pings of
4,000-byte ids at the message rate and reading nothing made the server queue 512 of them, 2 MB a
connection (64 connections of one address: 128 MB, and as many again after each drop)."""

MAX_HANDS = 64
"""Hands after which any match ends (a full game with many dealer repeats stays bounded)."""
ALL_BOT_MAX_HANDS = 16
"""Hands after which a table of four bots ends."""
ALL_BOT_MIN_DELAY = 0.5
ALL_BOT_MIN_WINDOW = 0.3
ALL_BOT_MIN_NEXT = 3.0
"""The fastest pace a table of four bots may be asked for: the shortest turn delay, claim window
and pause between hands (seconds). One client cannot make the server play bots flat out."""

CLIENT_TYPES = ("join", "resume", "watch", "action", "hint", "back", "next", "start", "ping")

ERRORS: dict[str, str] = {
    "bad_json": "the message is not a JSON object",
    "bad_version": "unsupported protocol version",
    "too_large": "the message is larger than the limit",
    "rate_limited": "too many messages: slow down",
    "unknown_type": "unknown message type",
    "bad_request": "a field is missing or has the wrong type",
    "no_table": "no such table",
    "not_joined": "join, resume or watch a table first",
    "already_joined": "this connection already joined a table",
    "seat_taken": "that seat is taken or is a bot",
    "bad_token": "unknown seat token",
    "spectator": "spectators cannot act",
    "not_started": "the match has not started",
    "match_over": "the match is over",
    "nothing_to_do": "there is nothing to do (back: no bot holds your seat; start: the match has started)",
    "away_until_next_hand": "a bot plays your seat until the next hand: you were turned away twice in this hand",
    "out_of_turn": "you have no decision to make now",
    "stale": "the action answers an older state",
    "duplicate": "this client sequence number is not above the last one applied",
    "bad_action": "not an action text",
    "illegal": "the action is not legal now",
    "table_full": "the server holds too many tables",
    "server_error": "the action could not be saved; nothing changed",
    "saving": "the server cannot save the game at the moment; play goes on as soon as it can, and no move is lost",
    "spectators_full": "this table has as many spectators as it accepts",
    "too_many_connections": "too many connections from your address or in all",
    "timeout": "the connection was idle too long",
    "forbidden_origin": "cross-site request refused",
    "not_over": "the match is not over yet",
    "not_host": "only the table's host may start the match now",
    "no_hints": "hints are off at this table",
    "name_taken": "that name reads as another seat's name, a bot's or a free seat's; choose another",
}
"""Every error code the server sends, with its generic meaning (``message`` gives details)."""

LIMITS: dict[str, str] = {
    "seats": "seats taken at tables in play from the address (or its IPv6 /48)",
    "tables": "tables in play created from the address (or its IPv6 /48)",
    "unattended": "tables in play created from the address (or its IPv6 /48) played by bots only",
    "create": "tables created a minute from the address (or its IPv6 /48)",
    "actions": "actions a second from the address (or its IPv6 /48)",
    "hints": "hints a minute on this connection",
    "reviews": "game reviews made a minute from the address (or its IPv6 /48)",
    "lookups": "lookups of past or unknown tables a minute from the address (or its IPv6 /48)",
    "requests": "HTTP requests and websocket handshakes a second from the address (or its IPv6 /48)",
    "messages": "messages a second on this connection",
    "false_mahjong": "false Mahjongs refused to one player in one hand at a teaching table",
}
"""Which limit a ``rate_limited`` refusal names in its ``limit`` field (docs/protocol.md), with
what it counts; ``n`` carries the cap or rate the message names."""


class NameTaken(ValueError):
    """A table creation's name that reads as another seat's or as a label the page gives a seat
    (:func:`name_clash`): refused with 400 and the code a ``join`` gets for it, ``name_taken``, so a
    page words it in its own language (the lobby said it in English on a French page)."""

    code = "name_taken"


class ProtocolError(Exception):
    """An input refused with an error code; the connection stays open and nothing changed."""

    def __init__(
        self,
        code: str,
        message: str | None = None,
        scope: str | None = None,
        *,
        limit: str | None = None,
        n: float | None = None,
        retry_after: int | None = None,
    ) -> None:
        assert code in ERRORS, code
        assert (limit is None) == (code != "rate_limited") and (limit is None or limit in LIMITS), (code, limit)
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.scope = scope
        """Whose budget a per-address limit found used up: ``"address"`` (the sender's own),
        ``"network"`` (the IPv6 /48 its address belongs to, ``hkmj serve --network-share``; the
        error then carries ``scope: "network"``), or None."""
        self.limit = limit
        """Which limit a ``rate_limited`` refusal reached (a key of :data:`LIMITS`); None otherwise."""
        self.n = n
        """The cap or rate :attr:`message` names (for the scope reached), or None."""
        self.retry_after = retry_after
        """Whole seconds (1 or more) until the token bucket refused refills by one token, for a
        ``rate_limited`` refusal of a rate; None for a count cap (seats, tables), which frees
        itself only when something else happens."""


def limit_fields(limit: str | None, n: float | None, retry_after: int | None = None) -> dict[str, Any]:
    """The ``limit`` and ``n`` fields of a ``rate_limited`` refusal (none for other errors); ``n``
    as an integer when it is one (``20``, not ``20.0``), as the message writes it; and
    ``retry_after`` (whole seconds, 1 or more) when the refusal knows when its budget refills."""
    out: dict[str, Any] = {}
    if limit is not None:
        out["limit"] = limit
        if n is not None:
            out["n"] = int(n) if float(n).is_integer() else n
        if retry_after is not None:
            out["retry_after"] = max(1, int(retry_after))
    return out


def compact_json(obj: Any) -> str:
    """``obj`` as compact JSON text, non-ASCII characters kept, as ``json.dumps(obj,
    separators=(",", ":"), ensure_ascii=False)`` writes it (floats may be spelt differently,
    ``1e+22`` for ``1e22``: the same value), built by orjson, several times faster: every state
    frame goes through here (docs/server.md, "Latency"). What orjson refuses (integers beyond
    64 bits, keys that are not strings) is left to :mod:`json`."""
    try:
        return orjson.dumps(obj).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def encode(msg: dict[str, Any]) -> str:
    """One outgoing message as compact JSON with the version field."""
    msg["v"] = VERSION
    return compact_json(msg)


def decode(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a client message (size, JSON object, version, type)."""
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", f"messages are limited to {MAX_MESSAGE} bytes; got {size}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError("bad_json", f"not JSON: a message is UTF-8 text (byte {e.start + 1} is not)") from None
    try:
        obj = json.loads(text, parse_constant=_not_json, parse_float=_finite)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("bad_json", f"not JSON: {json_refusal(e)}") from None
    if "\\u" in text and has_lone_surrogate(obj):
        raise ProtocolError("bad_json", "not JSON text: a string holds a lone surrogate escape (\\ud800-\\udfff), not Unicode")
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", f"expected a JSON object, got {type(obj).__name__}")
    if obj.get("v", VERSION) != VERSION or isinstance(obj.get("v"), bool):  # true == 1 in Python
        raise ProtocolError("bad_version", f"this server speaks version {VERSION}, not {quote_value(obj.get('v'))}")
    kind = obj.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown type {quote_value(kind)}; expected one of {', '.join(CLIENT_TYPES)}")
    return obj


def echo_size(value: Any) -> int | None:
    """Bytes of ``value`` (a ``ping``'s ``id``) written as compact JSON, or None when it is surely
    over :data:`MAX_PING_ID`: more than that many arrays, objects and values in it, or nested more
    than half as deep, which no JSON of that size holds. Looked over without recursion, at most
    :data:`MAX_PING_ID` of its items: Python reads some 960 levels of arrays but writes fewer, and a
    ping whose ``id`` nested 962 was read, then writing it for this size raised ``RecursionError``:
    the sender got ``server_error`` and the server logged a traceback of some 30 lines each time."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_PING_ID or depth > MAX_PING_ID // 2:
            return None
        if isinstance(item, (dict, list)):
            if len(item) > MAX_PING_ID:
                return None
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict) else item))
    return len(compact_json(value).encode("utf-8", "surrogatepass"))


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (RFC 8259 has no NaN or Infinity)")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent; ``1e400`` would read as Infinity."""
    x = float(text)
    if x in (math.inf, -math.inf):
        raise ValueError(f"the number {text[:20]} is too large (RFC 8259 has no Infinity)")
    return x


def quote_value(value: object) -> str:
    """A client's value in an error: its repr, at most 40 characters (never raises). A whole number
    of thousands of digits is not written out: Python writes one in time that grows with the square
    of its digits, and a message of 4,096 bytes holds one of 4,000 (``{"type": 99…9}``, a ``join``'s
    ``slot``), whose refusal cost the event loop some 0.3 ms more to quote it (a join 0.45 ms in all,
    14 pings' worth): one address's sockets at their 50 messages a second asked for more than a core."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1024:  # over 308 digits
        return f"<a number of about {int((value.bit_length() - 1) * 0.30103) + 1} digits>"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer beyond int_max_str_digits
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def field_of(msg: dict[str, Any], name: str, kind: type, *, optional: bool = False) -> Any:
    """``msg[name]`` checked against ``kind`` (bool is never an int here)."""
    if name not in msg or msg[name] is None:
        if optional:
            return None
        raise ProtocolError("bad_request", f"{msg.get('type')}: field {name!r} is required")
    value = msg[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("bad_request", f"{msg.get('type')}: field {name!r} must be {kind.__name__}")
    return value


class RateLimiter:
    """A token bucket per connection: ``rate`` messages a second, bursts of ``burst``."""

    def __init__(self, rate: float = 50.0, burst: float = 100.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def refill(self) -> float:
        """The tokens there now (those earned since the last look added), nothing taken."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def allow(self) -> bool:
        if self.refill() >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False

    def retry_after(self) -> int:
        """Whole seconds (at least 1) until the bucket holds a token again."""
        return max(1, math.ceil((1.0 - self.refill()) / self.rate)) if self.rate > 0 else 1

    def reserve(self, max_wait: float) -> float | None:
        """Take one token, owed if need be: the seconds to wait before acting on it (0 when one
        is there), or None, and nothing taken, when that wait would pass ``max_wait``."""
        wait = max(0.0, (1.0 - self.refill()) / self.rate)
        if wait > max_wait:
            self.refused += 1
            return None
        self.tokens -= 1.0
        return wait


@dataclass
class TableConfig:
    """Options of a table, chosen in the lobby (``POST /api/tables``)."""

    slots: list[str | None] = field(default_factory=lambda: [None, "greedy", "greedy", "greedy"])
    """Per player: ``None`` for a human seat, else a bot name."""
    length: str = "hands"
    hands: int | None = 4
    teaching: bool = False
    """False Mahjong refused with an explanation (HK-5.7); on by default when a bot plays."""
    timer: float | None = 20.0
    """Seconds for every decision; on timeout the server plays (discard the drawn tile, pass).
    ``None``: no timer (the default at a teaching table)."""
    claim_window: float = 1.0
    """Minimum seconds a discard stays on offer, whether or not anyone can claim it."""
    bot_delay: float = 0.6
    """Seconds a bot waits before playing its turn (claims are answered at once)."""
    next_delay: float = 15.0
    """Seconds before the next hand starts (sooner when every human asks for it)."""
    away_after: int = 2
    """Timed-out turns (in a row, or in a hand since the seat was last its player's) after which a
    bot holds the seat until the player is back."""
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    rules: str = "hk"
    """The ruleset (``hk``, ``mcr``); tables created before rulesets read as ``hk``."""
    options: dict[str, str] = field(default_factory=dict)
    """House options of the ruleset, all of them (defaults filled in), e.g. ``{"minfan": "3", ...}``."""
    max_hands: int | None = None
    """The match ends after this many hands whatever its length (set for every new table)."""
    hints: bool = True
    """The ``hint`` message answers (the advisor bot's best move). On by default at a teaching table
    and where one person plays bots; off at a match between people that is not a teaching table:
    there it is advice from the server's strongest bot on every move. Tables saved before this
    option had hints."""
    listed: bool = True
    """Shown in the lobby (``GET /api/tables``); an unlisted table is found by its link only, so
    nobody polling the lobby takes the open seat its creator keeps for a friend."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, bots: tuple[str, ...], all_bot_pace: float = 1.0, rules: Ruleset | None = None) -> TableConfig:
        """Validate a lobby request; ``ValueError`` says what is wrong. A table of four bots keeps
        ``all_bot_pace`` times the all-bot minimum pace (``hkmj serve --all-bot-pace``). A request
        naming no ruleset gets ``rules`` (``hkmj serve --rules``, with its ``--option``s; default Hong Kong)."""
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        known = set(cls.__dataclass_fields__)
        extra = set(data) - known
        if extra:
            # a name that is not plain text (a lone surrogate, which no UTF-8 answer can hold: a 500) is quoted
            named = (k if k.isprintable() and len(k) <= 40 else quote_value(k) for k in sorted(extra))
            # one name or several, never "option(s)"; and the names a table takes, so a typo is plain
            which = "option" if len(extra) == 1 else "options"
            raise ValueError(f"unknown {which}: {', '.join(named)} (a table takes {', '.join(cls.__dataclass_fields__)}, and sit)")
        cfg = cls()
        if "slots" in data:
            slots = data["slots"]
            if not isinstance(slots, list) or len(slots) != 4:
                raise ValueError("slots: four entries, null (a human) or a bot name")
            for s in slots:
                if s is not None and s not in bots:
                    raise ValueError(f"slots: unknown bot {quote_value(s)}; expected one of {', '.join(bots)}")  # never kilobytes of it
            cfg.slots = list(slots)
        if "length" in data:
            if data["length"] not in LENGTHS:
                raise ValueError(f"length: one of {', '.join(LENGTHS)}")
            cfg.length = data["length"]
        if "hands" in data:
            h = data["hands"]
            if h is not None and (not isinstance(h, int) or isinstance(h, bool) or not 1 <= h <= 64):
                raise ValueError("hands: a number from 1 to 64")
            cfg.hands = h
        if cfg.length == "hands" and cfg.hands is None:
            raise ValueError("length 'hands' needs hands")
        if cfg.length != "hands":
            cfg.hands = None
        if "teaching" in data:
            if not isinstance(data["teaching"], bool):
                raise ValueError("teaching: true or false")
            cfg.teaching = data["teaching"]
        else:  # a table with bots is where newcomers learn
            cfg.teaching = any(s is not None for s in cfg.slots)
        if cfg.teaching and "timer" not in data:
            cfg.timer = None
        if "timer" in data and data["timer"] is None:
            data = {k: v for k, v in data.items() if k != "timer"}
            cfg.timer = None
        for name, lo, hi in (
            ("timer", 0.05, 600.0),
            ("claim_window", 0.0, 30.0),
            ("bot_delay", 0.0, 10.0),
            ("next_delay", 0.0, 600.0),
        ):
            if name in data:
                x = data[name]
                if not isinstance(x, (int, float)) or isinstance(x, bool) or not lo <= x <= hi:
                    raise ValueError(f"{name}: seconds from {lo:g} to {hi:g}" + (", or null for none" if name == "timer" else ""))
                setattr(cfg, name, float(x))
        if cfg.timer is not None and cfg.timer < cfg.claim_window:
            raise ValueError("timer: at least the claim window")
        if "hints" in data:
            if not isinstance(data["hints"], bool):
                raise ValueError("hints: true (a player may ask the server for a suggestion) or false")
            cfg.hints = data["hints"]
        else:  # at a teaching table people learn; at a match between people it is advice from the server
            cfg.hints = cfg.teaching or sum(s is None for s in cfg.slots) < 2
        if "listed" in data:
            if not isinstance(data["listed"], bool):
                raise ValueError("listed: true (shown in the lobby) or false (found by its link only)")
            cfg.listed = data["listed"]
        if "away_after" in data:
            a = data["away_after"]
            if not isinstance(a, int) or isinstance(a, bool) or not 1 <= a <= 100:
                raise ValueError("away_after: a number from 1 to 100")
            cfg.away_after = a
        if "names" in data:
            names = data["names"]
            if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
                raise ValueError("names: four strings")
            cfg.names = [clean_name(n) for n in names]
            for i, n in enumerate(cfg.names):
                why = name_clash(n, i, dict(enumerate(cfg.names[:i])))
                if why is not None:
                    raise NameTaken(f"names: {why}")
        served = rules if rules is not None else get_ruleset("hk")
        # no ruleset named: the server's own, with its house options unless the request gives some
        options = data.get("options", {} if "rules" in data else dict(served.options))
        if not isinstance(options, dict) or len(options) > 16 or not all(isinstance(v, str) for v in options.values()):
            raise ValueError("options: an object of house options with text values, e.g. {\"minfan\": \"3\"}")
        if not isinstance(data.get("rules", served.name), str):  # get_ruleset quoted all of it: kilobytes of a long list
            raise ValueError(f"ruleset {quote_value(data['rules'])}: expected a name ({', '.join(RULESETS)})")
        chosen = get_ruleset(data.get("rules", served.name), options)  # RulesetError (a ValueError) names the problem
        cfg.rules, cfg.options = chosen.name, dict(chosen.options)
        cap = ALL_BOT_MAX_HANDS if all(s is not None for s in cfg.slots) else MAX_HANDS
        if "max_hands" in data:
            mh = data["max_hands"]
            if not isinstance(mh, int) or isinstance(mh, bool) or not 1 <= mh <= cap:
                raise ValueError(f"max_hands: a number from 1 to {cap}")
            cap = mh
        cfg.max_hands = cap
        if all(s is not None for s in cfg.slots):  # nobody waits for these: a pace that costs little
            # in whole milliseconds: 3 s × 0.2 is 0.6000000000000001 in floating point, as the API showed it
            cfg.bot_delay = max(cfg.bot_delay, round(ALL_BOT_MIN_DELAY * all_bot_pace, 3))
            cfg.claim_window = max(cfg.claim_window, round(ALL_BOT_MIN_WINDOW * all_bot_pace, 3))
            cfg.next_delay = max(cfg.next_delay, round(ALL_BOT_MIN_NEXT * all_bot_pace, 3))
            if cfg.timer is not None:
                cfg.timer = max(cfg.timer, cfg.claim_window)
        return cfg


MARKS_PER_LETTER = 3
"""Combining marks kept on one letter in a name (Thai and Vietnamese need two or three; a stack of
dozens, "Zalgo" text, draws over the lines above and below it on every player's screen)."""
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Printable characters that draw nothing (Hangul fillers, the blank Braille pattern): a name of
them alone looked empty, so a player could seem to have no name; read as spaces."""


NAME_READ = 200
"""Characters of a name :func:`clean_name` reads (24 are kept): read letter by letter (about 1 µs
each), a ``join`` with a name of 4,000 letters cost the event loop some 4 ms, and one address's
sockets could send thousands a second."""


def clean_name(name: str) -> str:
    """A display name: printable characters (NFC), at most :data:`MARKS_PER_LETTER` combining
    marks on a letter, blank-looking letters and runs of spaces read as one space, at most 24
    characters (an empty name is then given "Player N" by the table). Only the first
    :data:`NAME_READ` characters are read."""
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", name[:NAME_READ]):
        if not ch.isprintable():
            continue
        if unicodedata.category(ch) in ("Mn", "Me"):
            if not out or out[-1] == " " or marks >= MARKS_PER_LETTER:
                continue
            marks += 1
        else:
            marks = 0
            ch = " " if ch in BLANK_LETTERS else ch
        out.append(ch)
    return " ".join("".join(out).split())[:24].strip()


LOOKALIKES = str.maketrans(
    {
        **dict.fromkeys("аɑα", "a"), **dict.fromkeys("вβ", "b"), **dict.fromkeys("сϲ", "c"), "ԁ": "d",
        **dict.fromkeys("еε", "e"), "ɡ": "g", **dict.fromkeys("һηн", "h"), **dict.fromkeys("іιıӏǀi", "l"),
        "ј": "j", **dict.fromkeys("кκ", "k"), **dict.fromkeys("мμ", "m"), "ν": "n",
        **dict.fromkeys("оοօσ", "o"), **dict.fromkeys("рρ", "p"), "ԛ": "q", "ѕ": "s",
        **dict.fromkeys("тτ", "t"), **dict.fromkeys("уυγ", "y"), **dict.fromkeys("хχ", "x"), "ԝ": "w", "ζ": "z",
        # Cherokee (its small letters fold to these capitals), Lisu, Latin small capitals
        **dict.fromkeys("Ꭺꓮᴀ", "a"), **dict.fromkeys("ᏴꓐʙᏏ", "b"), **dict.fromkeys("Ꮯꓚᴄ", "c"),
        **dict.fromkeys("ᎠꓓᴅᏧ", "d"), **dict.fromkeys("Ꭼꓰᴇ", "e"), **dict.fromkeys("ꓝꜰ", "f"),
        **dict.fromkeys("Ꮐꓖɢ", "g"), **dict.fromkeys("ᎻꓧʜᏂ", "h"), **dict.fromkeys("Ꭻꓙᴊ", "j"),
        **dict.fromkeys("Ꮶꓗᴋ", "k"), **dict.fromkeys("ᏞꓡʟᎥꓲɪ", "l"), **dict.fromkeys("Ꮇꓟᴍ", "m"),
        **dict.fromkeys("ꓠɴ", "n"), **dict.fromkeys("ꓳᴏ", "o"), **dict.fromkeys("Ꮲꓑᴘ", "p"),
        **dict.fromkeys("ᎡᏒꓣʀ", "r"), **dict.fromkeys("ᏚᏕꓢꜱ", "s"), **dict.fromkeys("Ꭲꓔᴛ", "t"),
        **dict.fromkeys("ꓴᴜ", "u"), **dict.fromkeys("Ꮩꓦᴠ", "v"), **dict.fromkeys("ᎳᏔꓪᴡ", "w"),
        **dict.fromkeys("ꓫ", "x"), **dict.fromkeys("ᎩᎽꓬʏ", "y"), **dict.fromkeys("Ꮓꓜᴢ", "z"),
    }
)
"""Letters that look like Latin ones (Cyrillic, Greek, Cherokee, Lisu, Latin small capitals; ``i``
and ``l``): a name written with them looked like another seat's name (``Аlice`` with a Cyrillic
А, ``Ꭺlice`` with a Cherokee one, ``ꓮꓡꓲꓚꓰ`` in Lisu capitals)."""
LOOKALIKE_DIGITS = str.maketrans({"0": "o", "1": "l", "5": "s"})
DEFAULT_LABEL = re.compile(r"^(?:(?:bot|robot)(?:[0-9].*)?|(?:player|joueur)[0-9]+|freeseat|placel[il]bre)$")  # i reads as l (LOOKALIKES)
"""Names the page gives seats that have none (``Player 2``, ``Bot 3 (greedy)``, ``Robot 3``), a
bare "Bot", and the label of a seat nobody has taken (``free seat``, ``place libre``): a person
named so looked like a bot, like another seat, or like an empty seat in the lobby and the join
panel, where a newcomer picked it and was told it was taken."""


def _letters_key(name: str) -> str:
    """A name's letters and digits, compatibility forms folded (full-width letters), case and
    accents dropped, look-alike letters read as their Latin twins."""
    text = unicodedata.normalize("NFKD", name).casefold()
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).translate(LOOKALIKES)
    return "".join(ch for ch in text if ch.isalnum()).replace("rn", "m").replace("vv", "w")


def name_key(name: str) -> str:
    """What a name looks like, for telling names apart (:func:`_letters_key`, with the digits that
    look like letters read as them: ``A1ice`` is ``Alice``)."""
    return _letters_key(name).translate(LOOKALIKE_DIGITS)


def name_clash(name: str, slot: int, others: dict[int, str]) -> str | None:
    """Why ``name`` may not be taken at ``slot`` (None if it may): it reads as the name of another
    seat in ``others`` (slot: name), or as a label the page gives a seat without a name (a bot's,
    another seat's "Player N")."""
    letters, key = _letters_key(name), name_key(name)
    if not key:
        return None
    own = (f"player{slot + 1}", f"joueur{slot + 1}")
    if (DEFAULT_LABEL.match(letters) or DEFAULT_LABEL.match(key)) and letters not in own:
        return f"name {quote_value(name)} reads as the label of a bot, of another seat or of a free seat; choose another"
    for other, their in sorted(others.items()):
        if other != slot and their and name_key(their) == key:
            return f"name {quote_value(name)} reads as the name of seat {other + 1} ({quote_value(their)}); choose another"
    return None
