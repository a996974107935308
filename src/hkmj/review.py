"""Game review: each decision of one player in a record, against the advisor.

:func:`load` reads a match record (``hkmj play --record``, ``hkmj simulate --record``;
docs/record-format.md) or a server table's log export (:mod:`hkmj.server.export`);
:func:`analyse` re-plays it through the engine and, at every decision of the chosen player
(every discard, kong, win and claim answer, passes included, that had more than one legal
action), asks the advisor (:func:`hkmj.bots.advice.make_advisor`) to value every legal action
from that player's own :class:`~hkmj.engine.SeatView` only. A decision's *loss* is the advised
action's value minus the played action's value, in the ruleset's points (HK-6 payments, MCR
points); shanten and waits (:mod:`hkmj.hand`) are given before and after. :func:`summary_text`
words the result in 80 columns; :mod:`hkmj.review_html` draws it as a web page; both speak
English or French (``lang``: :mod:`hkmj.review_words`).

Pure: the file is read by :func:`load` only; everything else works on values.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from hkmj.bots.advice import Advice, Advisor, advisor_name, dead_hand_advice, hand_after, make_advisor
from hkmj.bots.minimum import ready_but_out, ready_in_shape_only, scoring_split
from hkmj.engine import Action, Event, Hand, IllegalAction, Match, SeatView, Win, parse_action
from hkmj.hand.knitted import distance_and_waits
from hkmj.oserror import InputError, OSReason
from hkmj.record import (
    PLAY_FIELD,
    TABLE_FIELD,
    BadLine,
    Divergence,
    RecordError,
    hand_from_start,
    json_line,
    line_error,
    match_from_start,
    next_hand,
    no_event,
    one_document,
    parse_events,
    read_record_text,
    replay,
    shown,
    split_hands,
    split_matches,
)
from hkmj.review_words import TableBot, TableNames, Who, Words, words
from hkmj.rulesets import Ruleset
from hkmj.scoring import Meld
from hkmj.scoring.model import echo
from hkmj.tiles import SEAT_LETTERS, Tile, ascii_int, tiles_of, wind_word

__all__ = [
    "Decision",
    "Loaded",
    "Review",
    "ReviewError",
    "action_words",
    "analyse",
    "load",
    "summary_text",
]

MISTAKE = 0.01
"""A decision counts as a mistake when it loses more than this many points of expected value."""


class ReviewError(ValueError):
    """Input ``hkmj review`` cannot use; the message says what is wrong and what to do.

    ``str(err)`` is English; :meth:`say` words it in the review's language (``hkmj review
    --lang fr``), from the ``err.KEY`` phrases of :mod:`hkmj.review_words`. A ``params`` value
    that is a :class:`~hkmj.review_words.Who` is named in that language too, and a tuple of
    player names becomes ``", or a name: 'Ann', 'Bo'"`` (nothing when empty)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.say("en"))

    def say(self, lang: str = "en") -> str:
        """The message in ``lang`` (``en`` or ``fr``), with the language's typography."""
        from hkmj.score_words import guillemets

        w = words(lang)
        values = {k: self._value(w, v) for k, v in self.params.items()}
        text = w(f"err.{self.key}", **values)
        return w.typo(guillemets(text) if w.lang == "fr" else text)  # French quotes « X », not 'X' as the values come

    @staticmethod
    def _value(w: Words, v: object) -> object:
        if isinstance(v, Who):
            return w.who(v)
        if isinstance(v, OSReason):
            return v.say(w.lang)
        if isinstance(v, InputError):
            return v.say(w.lang)
        if isinstance(v, RecordError):  # in hkmj replay's words, an empty file's too (hkmj.record.no_event)
            return v.say(w.lang)
        if isinstance(v, ArenaBots):  # an arena record's bots, as this language names them (« fort »)
            return w("err.names", names=_quoted(w, [w.bot(b) for b in v.names])) if v.names else ""
        if isinstance(v, People):  # a table log's people, named in this language (« joueur 2 »)
            return _quoted(w, [w.name(n) for n in v.names])
        if isinstance(v, tuple):  # a table log's names (its bots « Robot 3 (fort) » in French), or an arena record's bots
            return w("err.names", names=_quoted(w, [w.name(n) for n in v])) if v else ""
        if isinstance(v, TableBot):  # 'Bot 1 (greedy)' (« Robot 1 (glouton) »), or 'Bot 1'
            return _quoted(w, [v.names.shown(v.n, w.lang) if v.kind else w.tx("bot.short", n=v.n)])
        if isinstance(v, TableNames):  # a hkmj play record's: 'you', 'Bot 1'… (« vous », « Robot 1 »…)
            return w("err.table_names", names=_quoted(w, v.names(w.lang)))
        if isinstance(v, (Divergence, ValueError)) and w.lang != "en":  # in hkmj replay's words (score_words)
            from hkmj.score_words import error_in

            if isinstance(v, ValueError):  # a table log's LogError
                return error_in(str(v), w.lang)
            return error_in(f"replay: {v}", w.lang).removeprefix("replay\u00a0: ")
        return v


@dataclass(frozen=True)
class People:
    """The people of a table log an error names (``err.bot_seat``), each named in the error's
    language: the log's ``player 2`` is « joueur 2 » in French, as the summary names them."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class ArenaBots:
    """The bots of a ``hkmj arena`` record an error names, each as the error's language names it
    (``strong``; French « fort »)."""

    names: tuple[str, ...]


def _quoted(w: Words, names: Sequence[str]) -> str:
    """``'Ann', 'Bo'``; French quotes each name: ``« Ann », « Bo »``."""
    return ", ".join(f"«\u00a0{n}\u00a0»" if w.lang == "fr" else repr(n) for n in names)


@dataclass
class Loaded:
    """A record's events and the player names it knows (a server export's names, else none)."""

    events: list[Event]
    names: list[str] = field(default_factory=list)
    source: str = "record"
    """``record`` or ``table log``."""
    cut_line: int | None = None
    """The number of the file's last line when a crash cut it in the middle of a write: it is
    left out, and the lines before it reviewed (:func:`hkmj.record.read_record_text`)."""
    others: frozenset[int] = frozenset()
    """Indices in :attr:`events` of actions the server played for a seat (a table log's bot or
    timeout moves, :attr:`hkmj.server.export.TableRecord.others`): not the player's decisions."""
    bots: frozenset[int] = frozenset()
    """A table log's slots the server's bots played, which no person joined
    (:attr:`hkmj.server.export.TableRecord.bots`): nothing there is a person's to review."""


def load(path: str | Path) -> Loaded:
    """Read a record or a table log export (JSON Lines); :class:`ReviewError` says what is wrong
    (a missing file, a directory, an empty, binary or non-JSON file, a bad record or log)."""
    p = Path(path)
    try:
        text, cut = read_record_text(p)
    except InputError as err:  # in the words of hkmj replay and hkmj play --resume
        raise ReviewError("input", problem=err) from None
    lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:  # blank lines, perhaps a line cut by a crash: in hkmj replay's words
        raise ReviewError("line", detail=no_event(p, cut))
    rows = []
    for i, line in lines:
        try:
            rows.append(json_line(line))
        except ValueError as err:  # one sentence with hkmj replay's (read_record): "g.jsonl:3: not JSON (why)"
            raise ReviewError("line", detail=line_error(p, BadLine(i, one_document(text) or str(err)))) from None
    first = rows[0]
    if isinstance(first, dict) and "kind" in first and "data" in first and "type" not in first:
        loaded = _load_log(p, list(zip((i for i, _ in lines), rows, strict=True)))
        loaded.cut_line = cut
        return loaded
    kind = first.get("type") if isinstance(first, dict) else None
    if isinstance(kind, str) and kind not in ("match_start", "hand_start"):  # another program's JSON Lines (an mjai log)
        raise ReviewError("not_a_record", path=p, line=lines[0][0], type=shown(kind))  # its escapes, never raw
    try:  # the text already read: a pipe (``<(curl …)``, /dev/stdin) cannot be read twice
        events = parse_events(text)
    except BadLine as err:  # in read_record's words
        raise ReviewError("line", detail=line_error(p, err)) from None
    return _with_table(Loaded(events, cut_line=cut))


def _with_table(loaded: Loaded) -> Loaded:
    """A record written from a table log (``hkmj replay LOG --record FILE``) keeps who sat where in
    its ``match_start``'s :data:`~hkmj.record.TABLE_FIELD`: the players' names, the slots the
    server's bots played, the actions the server played for a person. Read back, the record is
    reviewed as its log is; a field edited into another shape is left unread."""
    from hkmj.server.protocol import clean_name

    start = loaded.events[0]
    table = start.get(TABLE_FIELD) if start["type"] == "match_start" else None
    if not isinstance(table, dict):
        return loaded
    names, bots, others = table.get("names"), table.get("bots"), table.get("others")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
        loaded.names = [clean_name(n) for n in names]
    if isinstance(bots, list) and all(type(b) is int and 0 <= b <= 3 for b in bots):
        loaded.bots = frozenset(bots)
    if isinstance(others, list) and all(type(n) is int for n in others):
        lines = set(others)
        loaded.others = frozenset(i for i, e in enumerate(loaded.events) if e.get("_line") in lines)
    return loaded


def _load_log(p: Path, rows: list[tuple[int, object]]) -> Loaded:
    from hkmj.server.export import LogError, record_from_log, shown_short
    from hkmj.server.protocol import clean_name

    entries: list[tuple[str, dict[str, object]]] = []
    for i, row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("kind"), str) or not isinstance(row.get("data"), dict):
            raise ReviewError("log_entry", path=p, line=i)
        entries.append((row["kind"], row["data"]))
    try:
        rec = record_from_log(entries)
    except LogError as err:
        raise ReviewError("bad_log", path=p, detail=err) from None
    # the server numbers its entries 0, 1, 2, … (each written after the one before): a line lost,
    # repeated or moved may still re-play (a lost ``join``), so the numbers are read too
    for n, (_, row) in enumerate(rows):
        seq = row.get("seq") if isinstance(row, dict) else None
        if seq != n or type(seq) is not int:
            why = f"entry {n + 1}: seq {shown_short(seq)} where {n} was expected: a line of the log lost, repeated or moved"
            raise ReviewError("bad_log", path=p, detail=LogError(why))
    if not rec.events:
        raise ReviewError("never_started", path=p)
    # the names as a table keeps them: printable (a log edited by hand could hold a terminal's
    # escape sequences, written raw to the terminal in the summary)
    return Loaded(rec.events, [clean_name(n) for n in rec.names], "table log", others=rec.others, bots=rec.bots)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed player, valued by the advisor."""

    hand: int
    """Hand number in the record (1-based)."""
    seat: int
    """The player's seat wind in that hand (0 = East)."""
    prevailing: int
    number: int
    """The decision's number among this player's decisions in the hand (1-based)."""
    phase: str
    """``turn`` (discard, kong, self-drawn Mahjong), ``claim`` (a discard on offer) or ``rob``."""
    turn: int
    """The seat playing its turn: this player's, or the discarder's (the kong player's) on a claim."""
    offered: Tile | None
    """The tile on offer (claims), else None."""
    drawn: Tile | None
    concealed: tuple[Tile, ...]
    melds: tuple[str, ...]
    played: Action
    advice: tuple[Advice, ...]
    line: int | None
    """The record line of the played action."""
    shanten_before: int
    waits_before: tuple[Tile, ...]
    shanten_after: int
    waits_after: tuple[Tile, ...]
    shanten_advised: int
    waits_advised: tuple[Tile, ...]
    minimum: int = 0
    """The ruleset's minimum to win (MCR-5.1: 8 points), 0 when any complete hand wins."""
    unit: str = "fan"
    scoring_before: tuple[Tile, ...] = ()
    """With a :attr:`minimum`: the waits before the decision whose win reaches it."""
    scoring_after: tuple[Tile, ...] = ()
    scoring_advised: tuple[Tile, ...] = ()
    drawn_before: tuple[Tile, ...] = ()
    """Of :attr:`scoring_before`, the waits that reach the minimum only self-drawn (MCR-6.12,
    MCR-6.25: on a discard they fall short)."""
    drawn_after: tuple[Tile, ...] = ()
    drawn_advised: tuple[Tile, ...] = ()
    short: tuple[bool, bool, bool] = (False, False, False)
    """Before, after the played action, after the advised one: the hand is ready in shape only,
    no wait of it (or of any discard that leaves it ready) reaching the :attr:`minimum` (MCR-5.1)."""
    out: tuple[bool, bool, bool] = (False, False, False)
    """Before, after the played action, after the advised one: the hand is ready (or a discard from
    ready), but every copy of every winning tile is in the player's sight (HK-1: four of each
    tile; :func:`~hkmj.bots.minimum.ready_but_out`): it cannot win without changing its wait."""
    dead: str = ""
    """The rule that made the hand dead (MCR-5.4) when it was: the advice is then the safest
    discard (:func:`~hkmj.bots.advice.dead_hand_advice`); empty for a live hand."""
    dead_after: str = ""
    """The rule that made the hand dead by the played action (a false Mahjong, MCR-5.4): the
    distance after it reads so."""

    def shape(self, which: str, lang: str = "en") -> str:
        """The hand's distance from ready ``before`` the decision, ``after`` the played action or
        after the ``advised`` one, with its waits (and which reach the minimum, MCR-5.1); a dead
        hand (MCR-5.4) cannot win whatever its shape; a ready hand every copy of whose winning tiles
        is in sight says so (HK-1)."""
        w = words(lang)
        if self.dead or (which == "after" and self.dead_after):
            return w("dist.dead", rule=self.dead or self.dead_after)
        s, ws, good, drawn, short = {
            "before": (self.shanten_before, self.waits_before, self.scoring_before, self.drawn_before, self.short[0]),
            "after": (self.shanten_after, self.waits_after, self.scoring_after, self.drawn_after, self.short[1]),
            "advised": (self.shanten_advised, self.waits_advised, self.scoring_advised, self.drawn_advised, self.short[2]),
        }[which]
        if short and not ws and s == 0:  # a discard to make, and none leaves a wait that can win (not a hand with no wait at all)
            return w("dist.ready.short", min=self.minimum, unit=w.tx(f"unit.{self.unit}"))
        out = self.out[("before", "after", "advised").index(which)]
        if out and s == 0:  # HK-1: no copy of a winning tile left to come
            return w("dist.waits.out", tiles=", ".join(w.tile(t) for t in ws)) if ws else w("dist.ready.out")
        return w.distance(s, ws, good, self.minimum, self.unit, drawn)

    @property
    def best(self) -> Advice:
        return self.advice[0]

    @property
    def mine(self) -> Advice:
        """The played action's advice entry."""
        return next(a for a in self.advice if a.action == self.played)

    @property
    def loss(self) -> float:
        """Points of expected value lost against the advice (0 when the choice was as good)."""
        return max(0.0, self.best.value - self.mine.value)

    @property
    def agrees(self) -> bool:
        return self.played == self.best.action or self.loss <= MISTAKE


@dataclass
class Review:
    """Every decision of one player, and what the review is about."""

    player: str
    """How the player is named: ``player 2 (drew South)``, a table name…"""
    rules: str
    advisor: str
    hands: int
    decisions: list[Decision]
    who: Who | None = None
    """Who is reviewed, for naming them in any language (else :attr:`player` as it is)."""
    rules_fr: str = ""
    """The ruleset's description in French (:meth:`hkmj.rulesets.Ruleset.describe`)."""
    cut: tuple[int, ...] = ()
    """Hands the record stops in the middle of (a match interrupted: ``hkmj play --record``
    quit, a process killed); their decisions up to the cut are reviewed."""
    stopped: int = 0
    """The hand a record stops after when it stops between two hands, before the match's end (a
    match interrupted there, as ``hkmj replay`` says): the hands played are reviewed, and said so."""
    others: int = 0
    """Decisions with a choice the server made for the player (its bot while they were away, a
    timeout): left out of :attr:`decisions`, and said."""
    proxy: str = ""
    """Whether the advisor's values are on another scale than the table's payments, and why:
    ``classical`` (it values classical hands with its Hong Kong model, docs/bots.md), or the Hong
    Kong house options that change payments (``base=10, table=doubling``: it values hands with
    the standard HK-6 payments); a Mahjong is valued at the table's actual payment all the same.
    Empty otherwise; the summary and the page say so."""

    def player_in(self, lang: str = "en") -> str:
        """How the player is named in ``lang``."""
        return self.player if self.who is None else words(lang).who(self.who)

    def rules_in(self, lang: str = "en") -> str:
        """The ruleset's description in ``lang``."""
        return self.rules_fr if lang == "fr" and self.rules_fr else self.rules

    @property
    def mistakes(self) -> list[Decision]:
        """Decisions that lost expected value, biggest loss first (then in play order)."""
        bad = [d for d in self.decisions if d.loss > MISTAKE]
        return sorted(bad, key=lambda d: -d.loss)

    @property
    def lost(self) -> float:
        return sum(d.loss for d in self.decisions)


# ---------------------------------------------------------------------------- who is reviewed


def resolve_player(who: str, loaded: Loaded) -> tuple[list[int], str]:
    """The player number followed in each match segment of the record, and how to name them.

    ``who`` is a wind letter or word (the player who drew that wind, i.e. who sat there in the
    match's first hand; in records of single hands, that seat), a player number 1-4 (the order
    of ``--bots``; in ``hkmj play`` records player 1 is you), a server table's slot ``slot0`` to
    ``slot3`` (player 1 to 4), a name from a table log, or in a ``hkmj play`` record a name its
    table showed (``you``, ``Bot 1``…, in French ``vous``, ``Robot 1``…: :class:`TableNames`)."""
    players, label = _resolve(who, loaded)
    return players, words().who(label)


def _resolve(who: str, loaded: Loaded) -> tuple[list[int], Who]:
    """:func:`resolve_player`, naming the player in any language."""
    text = who.strip()
    segments = split_matches(loaded.events)
    low = text.lower()
    letter = wind_word(text)  # a letter (French O for West) or a word, in either language
    if letter in tuple(SEAT_LETTERS):
        wind = SEAT_LETTERS.index(letter)
        out = []
        for seg in segments:
            draw = seg[0].get("seat_draw") if seg[0]["type"] == "match_start" else None
            if isinstance(draw, list) and SEAT_LETTERS[wind] in draw:
                out.append(draw.index(SEAT_LETTERS[wind]))
            else:
                out.append(wind)
        drawn = segments[0][0]["type"] == "match_start"
        label = Who("drawer" if drawn else "seat", wind=wind)
        if len(set(out)) == 1 and drawn:
            label = Who("drew", n=out[0] + 1, wind=wind)
        return out, label
    # ASCII digits only (ascii_int): str.isdigit() let "²" and 5000 digits through to int(), a traceback
    slot = ascii_int(low.removeprefix("slot")) if low.startswith("slot") and "-" not in low else None
    if slot is not None and 0 <= slot <= 3:  # a server table's slot, 0-3
        text = str(slot + 1)
    table = _table_names(segments[0][0])
    number = ascii_int(text) if "-" not in text else None
    if number is not None and 1 <= number <= 4:
        n = number - 1
        if table is not None:
            return [n] * len(segments), Who("table", n=n + 1)
        named = loaded.names[n] if len(loaded.names) == 4 else ""
        return [n] * len(segments), Who("number", n=n + 1, name=named)
    for i, nm in enumerate(loaded.names):  # as the log names them, or as the summary does in either language (joueur 2)
        if low and low in {nm.strip().lower(), words("en").name(nm).lower(), words("fr").name(nm).lower()}:
            return [i] * len(segments), Who("name", name=nm)
    if table is not None and (shown := table.player(text)) is not None:
        return [shown] * len(segments), Who("table", n=shown + 1)
    # an arena record's bot, by its name or as the French table names it (fort, glouton)
    if low and (bot := next((b for b in _arena_bots(loaded.events) if low in {b.lower(), words("fr").bot(b).lower()}), None)) is not None:
        return [-1] * len(segments), Who("bot", name=bot)  # its seats are found hand by hand (analyse)
    if table is not None and (other := table.other_kind(text)) is not None:  # 'Bot 1 (strong)' for a greedy Bot 1
        raise ReviewError("other_kind", who=echo(who), bot=TableBot(table, other), short=TableBot(table, other, kind=False))
    names = table if table is not None else tuple(loaded.names) or ArenaBots(tuple(_arena_bots(loaded.events)))
    raise ReviewError("no_player", who=echo(who), names=names)


def _arena_bots(events: Sequence[Event]) -> list[str]:
    """The bots a ``hkmj arena`` record names (each ``hand_start``'s ``arena`` ``bots``), in order of appearance."""
    names: dict[str, None] = {}
    for e in events:
        arena = e.get("arena") if e["type"] == "hand_start" else None
        bots = arena.get("bots") if isinstance(arena, dict) else None
        if isinstance(bots, list):
            names.update(dict.fromkeys(b for b in bots if isinstance(b, str)))
    return list(names)


def _bot_seats(hs: Event, bot: str) -> set[int]:
    """The seats bot ``bot`` held in the hand of a ``hkmj arena`` record that ``hs`` starts (its
    ``arena`` ``bots`` name players 0-3, its ``players`` who sat at each seat)."""
    arena, seats = hs.get("arena"), hs.get("players")
    bots = arena.get("bots") if isinstance(arena, dict) else None
    if not isinstance(bots, list) or not isinstance(seats, list):
        return set()
    return {s for s, p in enumerate(seats) if type(p) is int and 0 <= p < len(bots) and bots[p] == bot}


def _table_names(start: Event) -> TableNames | None:
    """The names the table of a ``hkmj play`` record showed (its ``match_start``'s ``play``
    header names the bots of players 2-4); None for any other record."""
    play = start.get(PLAY_FIELD) if start["type"] == "match_start" else None
    bots = play.get("bots") if isinstance(play, dict) else None
    if not isinstance(bots, list) or len(bots) != 3 or not all(isinstance(b, str) for b in bots):
        return None
    return TableNames(tuple(bots))




# ---------------------------------------------------------------------------- analysis


_shape = distance_and_waits
"""Shanten and waits of a hand (:func:`~hkmj.hand.knitted.distance_and_waits`: a wait on a fifth
copy is none, HK-1; with ``knitted``, MCR-5.2.4 and MCR-5.2.5)."""


def _scoring(
    view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...], shape: tuple[int, tuple[Tile, ...]]
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The waits of ``shape`` (a ready hand ``counts`` with ``melds``) whose win reaches the
    ruleset's minimum (MCR-5.1), from the player's own view, and those of them that reach it
    only self-drawn (MCR-6.12, MCR-6.25; :func:`~hkmj.bots.minimum.scoring_split`); empty
    without a minimum or waits."""
    if not shape[1] or not view.rules.value_checked:
        return (), ()
    return scoring_split(view, counts, melds) or ((), ())


def _build_hand(match: Match | None, hs: Event) -> Hand:
    return hand_from_start(hs) if match is None else next_hand(match, hs)


def count_inputs(events: Sequence[Event]) -> int:
    """Player inputs in the record (every seat's; the progress bar's total)."""
    return sum(1 for e in events if "action" in e and e["type"] != "match_start")


def analyse(
    loaded: Loaded,
    who: str,
    advisor: Advisor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review player ``who`` (see :func:`resolve_player`) over the whole record.

    The record is first re-checked (``hkmj replay``); one that does not replay is refused
    with its first divergence. A record cut off in the middle of its last hand replays (every
    recorded event is the engine's): that hand's decisions up to the cut are reviewed, and
    :attr:`Review.cut` names it. ``progress(done, total)`` is called as inputs are re-played.
    """
    events = loaded.events
    report = replay(events)
    if report.divergence is not None:
        raise ReviewError("no_replay", detail=report.divergence)
    players, label = _resolve(who, loaded)
    if loaded.bots and set(players) <= loaded.bots:  # a table's bot seat: every move there is the server's, left out
        people = People(tuple(n for i, n in enumerate(loaded.names) if i not in loaded.bots))
        raise ReviewError("bot_seat" if people.names else "bot_table", who=echo(who), player=label, people=people)
    adv = make_advisor(0) if advisor is None else advisor
    total = count_inputs(events)
    done = 0
    decisions: list[Decision] = []
    hands = 0
    played_for = {id(events[i]) for i in loaded.others if 0 <= i < len(events)}
    others = 0
    played_any = False
    rules_title = rules_fr = ""
    proxy = ""
    for segment, player in zip(split_matches(events), players, strict=True):
        start = segment[0]
        match: Match | None = None
        if start["type"] == "match_start":
            match = match_from_start(start)
        for recorded in split_hands(segment):
            hands += 1
            hs = recorded[0]
            hand = _build_hand(match, hs)
            rules_title, rules_fr = hand.rules.describe(), hand.rules.describe("fr")
            proxy = proxy or _proxy(hand.rules)
            seats = hs.get("players")
            if label.kind == "bot":  # an arena's bot: at one seat of the hand, or two when fewer than four bots share the table
                mine = _bot_seats(hs, label.name)
            else:
                seat = seats.index(player) if isinstance(seats, list) and player in seats else (player if match is None else -1)
                mine = {seat} if seat >= 0 else set()
            if mine:
                played_any = True
            number = 0
            false: Decision | None = None  # a Mahjong declared on no winning hand, until the engine judges it
            false_seat = -1  # the seat that declared it
            for e in recorded:
                if "action" not in e:
                    continue
                s = int(e["seat"])
                action = parse_action(str(e["action"]))
                if s in mine and id(e) in played_for:  # the server's move for the seat, not the player's
                    if len(set(hand.legal_actions(s))) > 1:
                        others += 1
                elif s in mine:
                    legal = tuple(dict.fromkeys(hand.legal_actions(s)))
                    if len(legal) > 1 and action in legal:
                        number += 1
                        decisions.append(_decide(hand, s, action, legal, adv, hands, number, e.get("_line")))
                    elif isinstance(action, Win) and action not in legal and legal:
                        # a false Mahjong (HK-5.7, MCR-5.4, CL-7.7): valued from the position before it,
                        # at the penalty the engine makes it pay (at once, or when its claim window closes)
                        false = _decide(hand, s, action, legal, adv, hands, number + 1, e.get("_line"), false=True)
                        false_seat = s
                seen = len(hand.events)
                try:
                    hand.apply(s, action)
                except IllegalAction as err:  # pragma: no cover - replay() checked every input
                    raise ReviewError("illegal", line=e.get("_line"), detail=err) from None
                if false is not None:
                    judged = _false_judged(hand.events[seen:], false_seat)
                    if judged is not None:  # a teaching table's refusal (None paid) is no decision: the turn goes on
                        if judged[0] is not None:
                            number += 1
                            rule = hand.rules.false_mahjong_rule
                            decisions.append(_with_penalty(false, judged[0], rule, rule if hand.dead_hands[false_seat] else ""))
                        false = None
                done += 1
                if progress is not None:
                    progress(done, total)
            if match is not None and hand.result is not None:
                match.finish_hand()
    if hands == 0:  # a match stopped before its first deal: there is no player to name (it said "--seat '1': player 1 never played")
        raise ReviewError("no_hands")
    if not played_any:
        raise ReviewError("never_played", who=echo(who), player=label)
    stopped = hands if not report.complete and not report.cut else 0  # stopped between two hands
    return Review(
        words().who(label), rules_title, advisor_name(adv), hands, decisions, label, rules_fr, tuple(report.cut), stopped, others=others, proxy=proxy
    )


def _with_penalty(d: Decision, paid: float, rule: str, dead: str = "") -> Decision:
    """Decision ``d`` of a false Mahjong with the declaration among its actions, valued at the
    ``paid`` penalty (negative) with no chance to win, after the advice; ``dead``: the rule that
    made the hand dead by it (MCR-5.4: it plays on, but cannot win)."""
    wrong = Advice(d.played, paid, 0.0, f"not a winning hand: a false Mahjong costs {abs(paid):g} ({rule})")
    at = next((i for i, a in enumerate(d.advice) if i and a.value < paid), len(d.advice))
    return replace(d, advice=(*d.advice[:at], wrong, *d.advice[at:]), dead_after=dead)


PAYMENT_OPTIONS = ("base", "table", "payment", "limit")
"""Hong Kong house options that change what a hand pays (docs/house-options.md), which the
advisor's model does not follow: it values hands with the standard HK-6 payments."""


def _proxy(rules: Ruleset) -> str:
    """:attr:`Review.proxy` for a table of ``rules``."""
    if rules.name == "classical":
        return "classical"
    if rules.name == "hk":
        changed = rules.changed_options()
        return ", ".join(f"{k}={changed[k]}" for k in PAYMENT_OPTIONS if k in changed)
    return ""


def _false_judged(events: Sequence[Event], seat: int) -> tuple[float | None] | None:
    """How the engine judged ``seat``'s false Mahjong in ``events`` (those of one input): ``(paid,)``
    with the penalty it paid (its ``false_mahjong`` event), ``(None,)`` when a teaching table refused
    the declaration (``mahjong_refused``: nothing paid, the seat plays on), None when not yet."""
    for ev in events:
        if ev.get("seat") != seat:
            continue
        if ev.get("type") == "false_mahjong":
            pays = ev.get("payments")
            return (float(pays[seat]) if isinstance(pays, list) and len(pays) == 4 else 0.0,)
        if ev.get("type") == "mahjong_refused":
            return (None,)
    return None


def _decide(
    hand: Hand,
    seat: int,
    played: Action,
    legal: tuple[Action, ...],
    adv: Advisor,
    hand_no: int,
    number: int,
    line: object,
    false: bool = False,
) -> Decision:
    """One decision valued by the advisor. ``false``: ``played`` is a false Mahjong (not among
    ``legal``; HK-5.7, MCR-5.4, CL-7.7), its hand left as it was: :func:`_with_penalty` lists it
    among the actions once its penalty is known."""
    view = hand.view(seat)
    dead = hand.rules.false_mahjong_rule if hand.dead_hands[seat] else ""
    advice = tuple(dead_hand_advice(view, legal) if dead else adv.advise(view, legal))  # MCR-5.4: a dead hand only discards safely
    if {a.action for a in advice} != set(legal):  # an advisor that breaks its contract
        raise ReviewError("advisor", hand=hand_no)
    m = view.n_melds
    knitted = view.rules.knitted_shapes
    before = _shape(view.concealed, m, knitted)
    own = view.melds[seat]
    out_before = ready_but_out(view, view.concealed, own, offered=True)  # the discard on offer may still be claimed

    def after(a: Action) -> tuple[int, tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...], bool, bool]:
        if isinstance(a, Win) and false:  # a false Mahjong leaves the hand as it was
            return *before, *_scoring(view, view.concealed, own, before), ready_in_shape_only(view, view.concealed, own), out_before
        if isinstance(a, Win):
            return -1, (), (), (), False, False
        h, melds = hand_after(view, a)
        shape = _shape(h, len(melds), knitted)
        return *shape, *_scoring(view, h, melds, shape), ready_in_shape_only(view, h, melds), ready_but_out(view, h, melds)

    mine, best = after(played), after(advice[0].action)
    scoring_before, drawn_before = _scoring(view, view.concealed, own, before)
    rules = view.rules
    return Decision(
        hand=hand_no,
        seat=seat,
        prevailing=view.prevailing,
        number=number,
        phase=view.phase,
        turn=view.turn,
        offered=view.offered,
        drawn=view.drawn,
        concealed=tuple(tiles_of(view.concealed)),
        melds=tuple(str(x) for x in view.melds[seat]),
        played=played,
        advice=advice,
        line=line if isinstance(line, int) else None,
        shanten_before=before[0],
        waits_before=before[1],
        shanten_after=mine[0],
        waits_after=mine[1],
        shanten_advised=best[0],
        waits_advised=best[1],
        minimum=rules.min_value if rules.value_checked else 0,
        unit=rules.unit,
        scoring_before=scoring_before,
        scoring_after=mine[2],
        scoring_advised=best[2],
        drawn_before=drawn_before,
        drawn_after=mine[3],
        drawn_advised=best[3],
        short=(ready_in_shape_only(view, view.concealed, own), mine[4], best[4]),
        out=(out_before, mine[5], best[5]),
        dead=dead,
    )


# ---------------------------------------------------------------------------- words


def action_words(a: Action, offered: Tile | None = None, lang: str = "en") -> str:
    """An action in plain words: ``discard 5 Circles``, ``chow 3-4-5 Bamboo``, ``pass`` (French: ``défausser 5 Cercles``…)."""
    return words(lang).action(a, offered)


def distance_words(s: int, w: Sequence[Tile] = (), lang: str = "en") -> str:
    """``complete``, ``ready on 3 Bamboo, 6 Bamboo``, ``1 tile from ready``, ``2 tiles from ready``."""
    return words(lang).distance(s, w)


def decision_title(d: Decision, lang: str = "en") -> str:
    """``Hand 3 (East), decision 7, drew 5 Circles`` or ``Hand 3 (East), 5 Circles discarded by
    South`` (the player's seat wind in that hand, and its decision number in the hand)."""
    w = words(lang)
    if d.phase == "claim" and d.offered is not None:
        what = w("what.claim", tile=w.tile(d.offered), wind=w.wind(d.turn))
    elif d.phase == "rob" and d.offered is not None:
        what = w("what.rob", tile=w.tile(d.offered), wind=w.wind(d.turn))
    elif d.drawn is not None and d.phase == "turn":
        what = w("what.drew", n=d.number, tile=w.tile(d.drawn))
    else:
        what = w("what.decision", n=d.number)
    return w("title", hand=d.hand, wind=w.wind(d.seat), what=what)


def _columns(text: str) -> int:
    """The columns ``text`` takes at a terminal: a wide (CJK) letter two, a combining mark none."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text
    )


def _wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``textwrap.wrap`` by terminal columns rather than characters (a table name in Chinese or
    Japanese letters, two columns each, ran a line past 80 columns): cut at plain spaces only (a
    no-break space of French typography holds, and a hyphen: ``payment=half-shooter``, ``MCR-5.4``
    stay whole), a word wider than a line cut where it must."""
    if all(_columns(ch) == 1 for ch in text):  # the common case: textwrap's own lines
        return textwrap.wrap(
            text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent, break_on_hyphens=False
        )
    lines: list[str] = []
    line = initial_indent
    fresh = True  # nothing but the indent on the line yet
    for word in text.split(" "):
        if not word:
            continue
        if not fresh and _columns(line) + 1 + _columns(word) > width:
            lines.append(line)
            line, fresh = subsequent_indent, True
        if not fresh:
            line += " "
        while _columns(line) + _columns(word) > width:  # a word wider than what is left: cut it
            room, cut = width - _columns(line), 0
            while cut < len(word) and _columns(word[: cut + 1]) <= room:
                cut += 1
            if cut == 0 and not fresh:
                lines.append(line.rstrip())
                line, fresh = subsequent_indent, True
                continue
            cut = max(cut, 1)
            lines.append(line + word[:cut])
            line, word = subsequent_indent, word[cut:]
        line += word
        fresh = False
    if not fresh:
        lines.append(line)
    return lines


def mistake_lines(d: Decision, i: int, width: int = 80, lang: str = "en") -> list[str]:
    """The lines of one mistake in the text summary."""
    w = words(lang)
    played, best = d.mine, d.best
    win = ""
    if played.win is not None and best.win is not None and w.pct(played.win) != w.pct(best.win):
        win = w("win", mine=w.pct(played.win), best=w.pct(best.win))
    head = f"{i:>2}. " + w(
        "mistake",
        title=decision_title(d, lang),
        played=w.action(d.played, d.offered),
        best=w.action(best.action, d.offered),
        loss="-" + w.points(d.loss),
        win=win,
    )
    advised = d.shape("advised", lang)
    body = w("shape", before=d.shape("before", lang), after=d.shape("after", lang), advised=advised)
    note = w.note(best.note)
    if note and not advised.startswith(note):  # the distance after the advice ("ready", or all of "ready on 2 Bamboo") repeats the sentence before it
        body += " " + w("advisor_note", note=note)
    out = _wrap(w.typo(head), width, subsequent_indent="    ")
    out += _wrap(w.typo(body), width, initial_indent="    ", subsequent_indent="    ")
    return out


def proxy_words(r: Review, lang: str = "en") -> str:
    """The line saying on what scale the advisor's values are (:attr:`Review.proxy`)."""
    w = words(lang)
    if r.proxy == "classical":
        return w("proxy")
    # the options in the lobby's words ("base value 10, the discarder pays for all"), not as --option takes them
    # ("base=10, payment=half-shooter"), which the browser's review showed a player who had chosen them from menus
    said = []
    for pair in r.proxy.split(", "):
        key, _, value = pair.partition("=")
        said.append(w(f"opt.{key}.{value}") if f"opt.{key}.{value}" in w.table else w(f"opt.{key}", v=value) if f"opt.{key}" in w.table else pair)
    return w("proxy.hk", options=", ".join(said))


def summary_text(r: Review, top: int = 10, width: int = 80, lang: str = "en") -> str:
    """The review in plain words, at most ``width`` columns, in ``lang`` (``en``, ``fr``):
    totals (and a line for a hand the record stops in the middle of, or for a record that stops
    between two hands before the match's end), then the biggest mistakes."""
    w = words(lang)
    n = len(r.decisions)
    agree = sum(1 for d in r.decisions if d.agrees)
    hands = w.plural("hands", r.hands, rules=r.rules_in(lang))
    lines = _wrap(w.typo(w("head", player=r.player_in(lang), hands=hands, advisor=w.bot(r.advisor))), width)
    for hand in r.cut:
        lines += _wrap(w.typo(w("cut", hand=hand)), width)
    if r.stopped:
        lines += _wrap(w.typo(w("stopped", hand=r.stopped)), width)
    if r.others:
        lines += _wrap(w.typo(w.plural("others", r.others)), width)
    if r.proxy and n:
        lines += _wrap(w.typo(proxy_words(r, lang)), width)
    if not n:
        lines.append(w.typo(w("none.others" if r.others else "none")))
        return "\n".join(lines) + "\n"
    totals = w(
        "totals",
        decisions=w.plural("decisions", n),
        agree=agree,
        pct=w.pct(agree / n),
        worse=n - agree,
        lost=w.points(r.lost),
    )
    lines += _wrap(w.typo(totals), width)
    bad = r.mistakes
    if not bad:
        lines.append(w.typo(w("no_mistake")))
        return "\n".join(lines) + "\n"
    shown = bad[:top]
    lines.append("")
    lines.append(w.typo(w("biggest", shown=len(shown), total=len(bad))))
    for i, d in enumerate(shown, 1):
        lines += mistake_lines(d, i, width, lang)
    return "\n".join(lines) + "\n"
