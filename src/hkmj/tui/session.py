"""The adapter behind ``hkmj play``: one human seat and three bots around the engine.

:class:`Session` drives a :class:`~hkmj.engine.Match` (teaching option for ``--teach``, and
``ask_all`` so that the human may declare Mahjong on any discard, HK-5.5, HK-5.7). It plays
the human's seat exactly as a bot plays its own: through :meth:`Hand.view` and
:meth:`Hand.legal_actions` of that seat. Other seats' concealed tiles are read only once a
hand is over, for the end-of-hand reveal (:meth:`Session.finish_hand`); event messages for
other seats never name the tile they drew.

The ``try_*`` methods judge a key the player pressed: they apply a legal action, or return
the refusal with its rule (HK numbers, in plain words at a teaching table) and, with
``--teach``, the tutorial's common-mistake warnings (seed 004, §08). Nothing here imports
Textual, so every decision the screen shows is testable on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from hkmj.botproto import default_rng, safe_default
from hkmj.bots.minimum import ready_in_shape_only
from hkmj.engine import (
    PASS,
    WIN,
    Action,
    Chow,
    Discard,
    Event,
    Hand,
    IllegalAction,
    Kong,
    Length,
    Match,
    Player,
    Pung,
    SeatView,
)
from hkmj.engine.actions import discard
from hkmj.hand.knitted import distance_and_waits
from hkmj.record import HUMAN_PLAYER, PLAY_FIELD, mahjong_claims
from hkmj.rulesets import Ruleset, SeatScoring
from hkmj.scoring import Meld
from hkmj.scoring import payments as seed_payments
from hkmj.tiles import HONOUR, Tile, counts_of, parse_tiles, short_name, tile, tiles_of
from hkmj.tui.texts import Texts

__all__ = [
    "HUMAN",
    "Choice",
    "EventSink",
    "HandSummary",
    "Note",
    "Outcome",
    "SeatPanel",
    "SeatReveal",
    "Session",
    "WallSource",
    "cross_suit_run",
]

HUMAN = HUMAN_PLAYER
"""The human is player 0; the bots are players 1-3 (seats come from the seat draw, HK-2.1)."""

class EventSink(Protocol):
    """Where the match record goes (e.g. :class:`hkmj.record.RecordWriter`): the engine's events, in order."""

    def write(self, events: Iterable[Event]) -> None: ...


WallSource = Callable[[int], tuple[Sequence[Tile], Sequence[int]] | None]
"""Given the hand number (1, 2, …), a stacked ``(wall, dice)`` for it, or None for the seeded one."""


@dataclass(frozen=True, slots=True)
class Note:
    """A line for the player. ``kind``: ``event`` (what happened), ``you`` (your own action),
    ``refused``, ``rule`` (the rule behind a refusal), ``teach`` (a common-mistake warning), ``info``."""

    text: str
    kind: str = "event"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a key press: ``done`` if an action reached the engine; ``choices`` when the
    player must pick one of several (chows, kongs); ``confirm`` when a declaration needs confirming."""

    done: bool
    notes: tuple[Note, ...] = ()
    choices: tuple[Action, ...] = ()
    confirm: bool = False


@dataclass(frozen=True, slots=True)
class Choice:
    """A button of the action bar: a command (``discard``, ``pass``, ``pung``, ``chow``, ``kong``,
    ``mahjong``), the engine action it stands for (None for ``discard``: the selected tile) and its label."""

    command: str
    action: Action | None
    label: str


@dataclass(frozen=True, slots=True)
class SeatPanel:
    """What everybody can see of one seat (from the human's :class:`SeatView`)."""

    seat: int
    name: str
    relation: str
    """``left`` (plays before you: you may chow its discards, HK-4.2), ``across``, ``right`` or ``you``."""
    score: int
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    pond: tuple[Tile, ...]
    latest: int | None
    """Index in ``pond`` of the latest discard while it is still there (to highlight it)."""
    concealed: int
    turn: bool
    dealer: bool
    dead: bool = False
    """The hand is dead after a false Mahjong (MCR-5.4): it can no longer win or claim."""


@dataclass(frozen=True, slots=True)
class SeatReveal:
    """One seat at the end of a hand: every tile shown, its payment and its player's new total."""

    seat: int
    name: str
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    payment: int
    total: int
    own: tuple[int, int, int] | None = None
    """Where every player scores (classical, CL-5.4): this seat's own ``(points, doubles, score)``."""
    scoring: SeatScoring | None = None
    """Where every player scores: what this seat's own score is made of (its point lines and
    doubles, CL-5.1, CL-5.2), itemised on the end screen for every seat but the winner's."""


def _paid_double(payments: Sequence[int]) -> int | None:
    """The one seat paid more than the others for a false Mahjong (HK-5.7: the discarder of a
    claimed tile; CL-7.7: East, when another seat declared), or None when all are paid alike."""
    paid = [p for p in payments if p > 0]
    return next((s for s, p in enumerate(payments) if p > min(paid)), None) if paid else None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The end-of-hand screen: result, reveal, the winner's itemised fan (HK-6), base and payments."""

    kind: str
    title: str
    detail: tuple[str, ...]
    winner: int | None
    win_tile: Tile | None
    seats: tuple[SeatReveal, ...]
    items: tuple[tuple[str, int], ...]
    fan: int | None
    limit: str | None
    base: int | None
    teach: tuple[str, ...]
    match_over: bool
    unit: str = "fan"
    """What ``items`` and ``fan`` count: Hong Kong ``fan``, or MCR ``points`` (each fan once, times its count)."""
    why_paid: str = ""
    """Why the base became each payment (HK-6: the discarder pays double; self-drawn, all pay double)."""
    minimum: tuple[str, int] | None = None
    """The win check's line under the total where it counts otherwise than the total (MCR-5.1: the
    points without flowers, ``Without flowers (8 needed, MCR-5.1)``, as ``hkmj score`` prints it)
    and the value it reads; None elsewhere."""


def cross_suit_run(counts: Sequence[int], t: Tile) -> bool:
    """True if suited tile ``t`` would make a 'run' with two held tiles only by mixing suits
    (same numbers in another suit, or consecutive ids across a suit boundary: 8m 9m 1p), HK-5.2."""
    if t >= HONOUR:
        return False
    v, s = t % 9, t // 9
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        va, vb = v + a, v + b
        if 0 <= va <= 8 and 0 <= vb <= 8:
            xs = [9 * k + va for k in range(3) if counts[9 * k + va]]
            ys = [9 * k + vb for k in range(3) if counts[9 * k + vb]]
            if any(not (x // 9 == s and y // 9 == s) for x in xs for y in ys):
                return True
        ia, ib = t + a, t + b
        if 0 <= ia < HONOUR and 0 <= ib < HONOUR and counts[ia] and counts[ib] and not (ia // 9 == s == ib // 9):
            return True
    return False


class Session:
    """A match between the human (player 0) and three bots, one key press at a time."""

    def __init__(
        self,
        bots: Sequence[Player],
        bot_kinds: Sequence[str],
        *,
        seed: int,
        length: Length = "game",
        hands: int | None = None,
        teach: bool = False,
        lang: str = "en",
        record: EventSink | None = None,
        walls: WallSource | None = None,
        rules: Ruleset | None = None,
        play_header: dict[str, Any] | None = None,
    ) -> None:
        if len(bots) != 3 or len(bot_kinds) != 3:
            raise ValueError("a match needs three bots")
        self.match = Match(seed, length=length, hands=hands, teaching=teach, ask_all=True, rules=rules)
        self.rules = self.match.rules
        self.bots = list(bots)
        self.kinds = list(bot_kinds)
        self.teach = teach
        # HK-5.7: what a false Mahjong costs a seat that neither discarded nor deals, under these options
        self.tx = Texts(lang, self.rules.name, penalty=self.rules.false_mahjong_payments(2, 1)[3], house=self.rules.options)
        self.record = record
        self.unsaved: str | None = None
        """Why the record could no longer be written (a full disk), in the table's language; None while it is."""
        self.walls = walls
        self.hand: Hand | None = None
        self.summary: HandSummary | None = None
        self.history: list[Note] = []
        """Every note produced so far, in order (the log)."""
        self.seat = 0
        """The human's seat in the current (or just finished) hand."""
        self.by_seat = [0, 1, 2, 3]
        self._cursor = 0
        self._pond = [0, 0, 0, 0]
        self._latest: tuple[int, int] | None = None
        self._final_offer = False
        self._warned: set[str] = set()
        self._intro_due = False
        """The teaching table's note is still to be said again at the player's first turn (:meth:`_intro_again`)."""
        self.play_header = play_header
        """What ``hkmj play`` needs to resume the match (its bots, their seeds, the screen's
        choices): written into the record's ``match_start`` as its ``play`` field."""
        self._write([{**self.match.events[0], PLAY_FIELD: play_header}] if play_header is not None else self.match.events)

    # ------------------------------------------------------------------ names

    @property
    def seed(self) -> int:
        return self.match.seed

    def player_name(self, player: int) -> str:
        """``You`` or ``Bot n (kind)``."""
        return self.tx("you") if player == HUMAN else self.tx("bot", n=player, kind=self.tx.bot_name(self.kinds[player - 1]))

    def who(self, seat: int) -> str:
        """How messages name a seat: ``You`` for the human, else its wind (``West``)."""
        return self.tx("you") if seat == self.seat else self.tx.wind(seat)

    def whom(self, seat: int) -> str:
        """A seat as an object in a sentence: ``you`` for the human, else its wind."""
        return self.tx("you.lower") if seat == self.seat else self.tx.wind(seat)

    def relation(self, seat: int) -> str:
        """Where ``seat`` sits for the human: the player before you in play order is on your left (HK-4.2)."""
        return ("you", "right", "across", "left")[(seat - self.seat) % 4]

    # ------------------------------------------------------------------ state

    def _hand(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("no hand in play: call start_hand()")
        return self.hand

    @property
    def dead_hand(self) -> bool:
        """Your hand is dead after a false Mahjong (MCR-5.4): no win, no claim until the hand ends."""
        return self.hand is not None and self.hand.dead_hands[self.seat]

    def view(self) -> SeatView:
        """The human's view: the only game state the screen shows while the hand is on."""
        return self._hand().view(self.seat)

    def legal(self) -> tuple[Action, ...]:
        """The human's legal actions now (empty when nothing to do)."""
        return self._hand().legal_actions(self.seat)

    @property
    def over(self) -> bool:
        """The current hand is over (or none is in play)."""
        return self.hand is None or self.hand.over

    @property
    def match_over(self) -> bool:
        return self.match.over

    def human_pending(self) -> bool:
        """The engine waits for the human (its turn, or a claim window it must answer)."""
        return not self.over and self.seat in self._hand().pending()

    def only_pass(self) -> bool:
        """A claim window where the human can only pass (it may still declare Mahjong, HK-5.7)."""
        return self.human_pending() and self.legal() == (PASS,)

    def bots_pending(self) -> list[int]:
        """Seats of bots the engine waits for."""
        return [] if self.over else [s for s in self._hand().pending() if s != self.seat]

    def hand_row(self) -> tuple[list[Tile], Tile | None]:
        """The human's concealed tiles sorted, and the tile just drawn kept apart (or None)."""
        v = self.view()
        tiles = v.tiles
        if v.drawn is not None:
            tiles.remove(v.drawn)
        return tiles, v.drawn

    def panel(self, seat: int) -> SeatPanel:
        """What the screen shows of ``seat``: exposed melds, bonus tiles, pond (no concealed tile)."""
        v = self.view()
        latest = self._latest[1] if self._latest is not None and self._latest[0] == seat else None
        if latest is not None and latest >= len(v.discards[seat]):
            latest = None
        return SeatPanel(
            seat=seat,
            name=self.player_name(self.by_seat[seat]),
            relation=self.relation(seat),
            score=v.scores[seat] if self.summary is None else self.summary.seats[seat].total,  # settled (HK-7)
            melds=v.melds[seat],
            bonus=v.bonus[seat],
            pond=v.discards[seat],
            latest=latest,
            concealed=v.concealed_counts[seat],
            turn=v.turn == seat and v.phase == "turn",
            dealer=seat == 0,
            dead=self._hand().dead_hands[seat],
        )

    def hands_in_match(self) -> int | None:
        """How many hands the match has: ``--hands N``'s N; under a ruleset whose deal passes after
        every hand (MCR-2.2, CL-4.3) a full game's 16 or a round's 4; None when the dealer may keep
        the deal, so that nobody can say (HK-7.2)."""
        m = self.match
        if m.length == "hands":
            return m.n_hands
        if self.rules.dealer_keeps("win", 0) or self.rules.dealer_keeps("draw", None):
            return None
        return self.rules.game_rotations if m.length == "game" else 4

    def header(self, width: int | None = None) -> str:
        """Hand number, prevailing wind, dealer, live wall, seed, ruleset and teaching mark.

        Given the ``width`` it has, a header too long for it first leaves out the dealer (its
        panel says "dealer"), then shortens the ruleset's name (``MCR``, ``HK · min 3 fan``) and
        puts it last, then the prevailing wind's label, and last the seed (printed anyway when
        you leave); then the last house options give way, one by one, to how many are left out
        (``+2 options (?)``: the help screen, key ``?``, names them all), so that the worst
        combination of options fits 80 columns. House options are said in words (``Hong Kong ·
        minimum 3 fan``, shortened ``HK · min 3 fan``), as the browser says them."""
        v = self.view()
        dealer = self.by_seat[0]
        n = self.match.hands_played + (0 if self.summary else 1)
        parts = {
            "hand": n if (total := self.hands_in_match()) is None else f"{n}/{total}",  # --hands 4: Hand 1/4
            "prevailing": self.tx.wind(v.prevailing),
            "live": v.live,
            "seed": self.seed,
        }
        teach = [self.tx("hdr.teach")] if self.teach else []
        house = self.rules.changed_options()
        title = self.rules.title_fr if self.tx.lang == "fr" else self.rules.title
        rules = " · ".join([title, *self.tx.house(self.rules.name, house)])
        full = self.tx("hdr", dealer=self.tx("you") if dealer == HUMAN else self.tx("bot.short", n=dealer), **parts)
        key = f"hdr.rules.{self.rules.name}"
        name = self.tx(key) if key in self.tx.table else self.rules.name.upper()
        words = self.tx.house(self.rules.name, house, short=True)
        short = " · ".join([name, *words])
        texts = [
            [full, rules, *teach],
            [self.tx("hdr.short", **parts), rules, *teach],
            [self.tx("hdr.short", **parts), *teach, short],
            [self.tx("hdr.tiny", **parts), *teach, short],
            [self.tx("hdr.min", **parts), *teach, short],
        ]
        for kept in range(len(words) - 1, -1, -1):  # then the last options give way to "+2 options (?)"
            more = self.tx.plural("hdr.more", len(words) - kept)
            texts.append([self.tx("hdr.min", **parts), *teach, " · ".join([name, *words[:kept], more])])
        for text in texts:
            line = " · ".join(text)
            if width is None or len(line) <= width:
                break
        return line

    def help_line(self) -> str:
        """The help's line on the table (``This table: …``): :meth:`rules_line`, then the seed,
        which :meth:`header` leaves out first to make room for house options."""
        return " · ".join([self.rules_line(), self.tx("help.seed", seed=self.seed)])

    def rules_line(self) -> str:
        """The table's ruleset and every house option in words (``Hong Kong · minimum 3 fan``), as
        the full header says them: the help screen shows it, whatever the header had room for."""
        title = self.rules.title_fr if self.tx.lang == "fr" else self.rules.title
        return " · ".join([title, *self.tx.house(self.rules.name, self.rules.changed_options())])

    # ------------------------------------------------------------------ the hand

    def start_hand(self) -> list[Note]:
        """Deal the next hand (a stacked wall from ``walls`` if it gives one)."""
        stacked = self.walls(self.match.hands_played + 1) if self.walls is not None else None
        if stacked is None:
            hand = self.match.new_hand()
        else:
            hand = self.match.new_hand(wall=stacked[0], dice=stacked[1])
        first = self.hand is None
        around = None if first else [self.by_seat[(self.seat + k) % 4] for k in (1, 2, 3)]
        self.hand = hand
        self.summary = None
        self.seat = self.match.seat_of(HUMAN)
        self.by_seat = [self.match.player_at(s) for s in range(4)]
        self._cursor = 0
        self._pond = [0, 0, 0, 0]
        self._latest = None
        self._final_offer = False
        self._warned = set()
        notes = [
            Note(
                self.tx(
                    "ev.hand.you_deal" if self.by_seat[0] == HUMAN else "ev.hand",  # not "dealer You" mid-sentence
                    hand=self.match.hands_played + 1,
                    wind=self.tx.wind(self.seat),
                    prevailing=self.tx.wind(hand.prevailing),
                    dealer=self.player_name(self.by_seat[0]),
                ),
                "info",
            )
        ]
        now = [self.by_seat[(self.seat + k) % 4] for k in (1, 2, 3)]
        if around is not None and now != around:  # MCR-2.3, CL-4.5: a new round seats the players anew
            right, across, left = (self.player_name(p) for p in now)
            notes.append(Note(self.tx("ev.seats", right=right, across=across, left=left), "info"))
        if self.teach and first:
            notes.append(Note(self.tx("teach.intro"), "teach"))
        self._intro_due = self.teach and first
        self.history.extend(notes)
        return notes + self._consume()

    def step(self) -> list[Note]:
        """Let one pending bot act (its turn, or its answer in a claim window); [] if none is pending."""
        hand = self._hand()
        pending = self.bots_pending()
        if not pending:
            return []
        s = pending[0]
        bot = self.bots[self.by_seat[s] - 1]
        legal = hand.legal_actions(s)
        extra: list[Note] = []
        try:
            hand.apply(s, bot.choose(hand.view(s), legal))
        except Exception as e:  # a faulty bot must not end the player's match
            # as a failing external bot's (hkmj.botproto): its drawn tile, else any tile of its hand
            # at random; the first legal discard, its lowest tile, showed the player what it held
            view = hand.view(s)
            fallback = safe_default(legal, view.drawn, view.concealed, default_rng(self.seed, s, len(hand.events)))
            hand.apply(s, fallback)
            from hkmj.tui.hints import action_text  # the action in words ("pass" was its text form, in French too)

            said = action_text(fallback, self.tx)
            extra.append(Note(self.tx("ev.bot_error", who=self.tx.wind(s), error=str(e) or type(e).__name__, action=said), "info"))
            self.history.extend(extra)
        return extra + self._consume()

    def _consume(self) -> list[Note]:
        """Record and describe the events the engine produced since the last call."""
        hand = self._hand()
        new = hand.events[self._cursor :]
        self._cursor = len(hand.events)
        notes: list[Note] = self._write(new)
        for e in new:
            notes.extend(self._describe(e))
        notes.extend(self._intro_again(notes))
        notes.extend(self._tips())
        self.history.extend(notes)
        return notes

    def _write(self, events: Sequence[Event]) -> list[Note]:
        """Write ``events`` to the record; a full disk (any ``OSError``) ends the saving, not the
        match: the note that says so, kept in :attr:`unsaved` for the lines said on leaving."""
        if self.record is not None and events:
            try:
                self.record.write(events)
            except OSError as e:  # it crashed the screen with a traceback
                from hkmj.oserror import OSReason

                self.record = None
                self.unsaved = OSReason.of(e).say(self.tx.lang)
                return [Note(self.tx("ev.save_failed", reason=self.unsaved), "info")]
        return []

    def _describe(self, e: Event) -> list[Note]:
        """A message for one event, from the human's point of view (other seats' draws stay hidden)."""
        tx = self.tx
        kind = e["type"]
        me = self.seat
        seat: int = e.get("seat", -1) if e.get("seat") is not None else -1
        mine = seat == me
        if kind == "discard":
            self._pond[seat] += 1
            self._latest = (seat, self._pond[seat] - 1)
            self._final_offer = bool(e["final"])
            t = tx.tile(tile(e["tile"]))
            text = tx("ev.discard.you", tile=t) if mine else tx("ev.discard", who=self.who(seat), tile=t)
            if e["final"]:
                text += tx("ev.discard.final")
            return [Note(text, "you" if mine else "event")]
        if kind == "draw":
            return [Note(tx("ev.draw.you", tile=tx.tile(tile(e["tile"]))), "you")] if mine else []
        if kind == "replacement":
            if not mine:
                return [] if e["for"] == "bonus" else [Note(tx("ev.replacement", who=self.who(seat)))]
            t = tx.tile(tile(e["tile"]))
            out = [Note(tx("ev.replacement.you", tile=t), "you")]
            if self.teach and e["for"] == "kong":
                out.append(Note(tx("teach.kong_replacement", tile=t), "teach"))
            return out
        if kind == "bonus":
            t = tx.tile(tile(e["tile"]))
            return [Note(tx("ev.bonus.you", tile=t), "you") if mine else Note(tx("ev.bonus", who=self.who(seat), tile=t))]
        if kind == "claim":
            if seat < 0:
                return []
            frm = e["from"]
            if e["on"] == "discard":
                self._pond[frm] -= 1
                self._latest = None
            if e["claim"] == "mahjong":
                return []
            what = tx(f"kind.{e['claim']}")
            if e["claim"] == "chow":
                what += " " + tx.tiles(parse_tiles(e["tiles"]))
            t = tx.tile(tile(e["tile"]))
            if mine:
                return [Note(tx("ev.claim.you", tile=t, whom=self.whom(frm), kind=what), "you")]
            if frm == me:  # "Ouest vous réclame ...", not "réclame ... à vous"
                return [Note(tx("ev.claim.from_you", who=self.who(seat), tile=t, kind=what))]
            return [Note(tx("ev.claim", who=self.who(seat), tile=t, whom=self.whom(frm), kind=what))]
        if kind == "kong":
            t = tx.tile(tile(e["tile"]))
            key = "ev.ckong" if e["action"].startswith("concealed") else "ev.akong"
            return [Note(tx(key + ".you", tile=t), "you") if mine else Note(tx(key, who=self.who(seat), tile=t))]
        if kind == "win":
            frm = e["from"]
            whom = self.whom(frm) if frm is not None else ""
            key = f"ev.win.{e['win']}" + (".you" if mine else "")
            return [Note(tx(key, who=self.who(seat), whom=whom, tile=tx.tile(tile(e["tile"]))), "you" if mine else "event")]
        if kind == "false_mahjong":
            amount = min((p for p in e["payments"] if p > 0), default=0)
            dead = ".dead" if e.get("dead_hand") else ""
            paid_double = _paid_double(e["payments"])  # HK-5.7's discarder, CL-7.7's East when another seat declared
            doubled = not dead and paid_double is not None
            frm = 0 if paid_double is None else paid_double
            double = e["payments"][frm] if doubled else 2 * amount
            if mine:
                extra = tile(e["tile"]) if e["tile"] else None
                why = self._why_not_winning(counts_of(parse_tiles(e["concealed"])), len(e["melds"]), extra, e["reason"], self.view())
                key = f"ev.false{dead}.you" + (".discard" if doubled else "")
                out = [Note(tx(key, why=why, whom=self.whom(frm) if doubled else "", amount=amount, double=double), "refused")]
                return out + self._pairs_warning(counts_of(parse_tiles(e["concealed"])), len(e["melds"]), extra)
            if doubled:
                key = "ev.false.discard.you" if frm == me else "ev.false.discard"
                return [Note(tx(key, who=self.who(seat), whom=self.whom(frm), amount=amount, double=double))]
            return [Note(tx(f"ev.false{dead}", who=self.who(seat), amount=amount))]
        if kind == "mahjong_refused" and mine:
            v = self.view()
            extra = v.offered if v.phase != "turn" else None
            counts = list(v.concealed)
            out = [Note(tx.refused(self._why_not_winning(counts, v.n_melds, extra, e["reason"], v)), "rule")]
            return out + self._pairs_warning(counts, v.n_melds, extra)
        if kind == "exhaustive_draw":
            fines, settled = self._dead_hand_fines()
            if any(fines):  # MCR-5.4: a dead hand's fine is paid even in a drawn hand, as the end screen says
                return [Note(tx("ev.exhausted.fined")), *(Note(n) for n in settled)]
            return [Note(tx("ev.exhausted"))]
        return []

    def _why_not_winning(self, counts: list[int], melds: int, extra: Tile | None, reason: str = "", view: SeatView | None = None) -> str:
        """HK-5.1-5.4 in plain words, with how many tiles the hand is from complete; a complete hand
        under MCR's minimum with what it is worth, read from the engine's ``reason`` (MCR-5.1).
        With the human's ``view``, a hand a discard from ready whose waits all miss the minimum
        is ready in shape only, as the hint says (MCR-5.1), never "one tile from winning"; a
        hand ready in shape only on a fifth copy of a tile it holds four of is a tile from ready
        (HK-1, :func:`~hkmj.hand.knitted.distance_and_waits`, as the review says)."""
        c = list(counts)
        if extra is not None:
            c[extra] += 1
        hand = self.tx("why.hand") if extra is None else self.tx("why.hand_with", tile=self.tx.tile(extra))
        sh = distance_and_waits(c, melds, self.rules.knitted_shapes, far_knitted=False)[0]  # MCR-5.2.4, MCR-5.2.5; a fifth copy is no wait (HK-1)
        n = sh + 1
        worth = re.search(r"(\d+) points? without flowers", reason)
        if n == 0 and worth is not None:  # MCR-5.1: the points that count toward the minimum
            return self.tx("why.under_min.worth", hand=hand, worth=self.tx.plural("pts", int(worth.group(1))), min=self.rules.min_value)
        if n == 0:  # complete, but under the ruleset's minimum (house option minfan, MCR's 8 points)
            return self.tx("why.under_min", hand=hand, min=self.rules.min_value, unit=self.tx.unit(self.rules.unit, self.rules.min_value))
        dist = self.tx.distance(sh)
        if n == 1 and view is not None and ready_in_shape_only(view, c):
            dist = self.tx("dist.short", min=self.rules.min_value, unit=self.tx.unit(self.rules.unit, self.rules.min_value))
        return self.tx("why.not_winning", hand=hand, dist=dist)

    def _pairs_warning(self, counts: list[int], melds: int, extra: Tile | None) -> list[Note]:
        """Seed §08: 'don't play pairs solitaire' — when a hand of pairs was declared: three pairs
        or more (four of a kind is two), a pung being no pair."""
        c = list(counts)
        if extra is not None:
            c[extra] += 1
        if self.teach and melds == 0 and sum(n // 2 for n in c if n % 2 == 0) >= 3:
            return [Note(self.tx("teach.pairs"), "teach")]
        return []

    def _intro_again(self, new: list[Note]) -> list[Note]:
        """The teaching table's note once more as the player's first turn comes, when other notes
        (``new``, the latest) followed it: at a seat after East's the others' bonus tiles and discards
        pushed it out of an 80×24 log before the player had a move to make (HK-5.7, MCR-5.4, CL-7.7)."""
        if not self._intro_due or not self.human_pending():
            return []
        v = self.view()
        if v.phase != "turn" or v.turn != self.seat:
            return []
        self._intro_due = False
        intro = self.tx("teach.intro")
        latest = new[-1] if new else self.history[-1]
        return [] if latest.text == intro else [Note(intro, "teach")]

    def _tips(self) -> list[Note]:
        """Teaching-table tips when relevant, once per hand each: four of a kind in hand, a chow on offer."""
        if not self.teach or not self.human_pending():
            return []
        out: list[Note] = []
        legal = self.legal()
        for a in legal:
            if isinstance(a, Kong) and a.how == "concealed" and f"4:{a.tile}" not in self._warned:
                self._warned.add(f"4:{a.tile}")
                out.append(Note(self.tx("teach.four_in_hand", tile=self.tx.tile_copies(a.tile)), "teach"))
            if isinstance(a, Chow) and "chow" not in self._warned:
                self._warned.add("chow")
                v = self.view()
                assert v.offered is not None
                out.append(Note(self.tx("teach.chow_offer", tile=self.tx.tile(v.offered), who=self.who(v.turn)), "teach"))
        return out

    # ------------------------------------------------------------------ what to do now

    def status(self) -> str:
        """One line telling the player what it can do now."""
        tx = self.tx
        if self.over:
            return tx("st.over")
        v = self.view()
        legal = self.legal()
        if v.phase == "turn":
            if v.turn != self.seat:
                return tx("st.others", who=self.who(v.turn))
            first: list[str] = []  # a win, then a kong, before how to discard: two lines at 80 columns keep them
            if WIN in legal:
                first.append(tx("st.turn.win").strip())
            if any(isinstance(a, Kong) for a in legal):
                first.append(tx("st.turn.kong").strip())
            return " ".join([*first, tx("st.turn") if v.drawn is not None else tx("st.turn.claimed")])
        assert v.offered is not None
        t = tx.tile(v.offered)
        if not self.human_pending():
            return tx("st.waiting") if v.turn == self.seat else tx("st.others", who=self.who(v.turn))
        if legal == (PASS,):
            return tx("st.watch", who=self.who(v.turn), tile=t)
        if v.phase == "rob":
            return tx("st.rob", who=self.who(v.turn), tile=t)
        opts: list[str] = []
        for key, cls in (("opt.mahjong", type(WIN)), ("opt.pung", Pung), ("opt.chow", Chow), ("opt.kong", Kong)):
            if any(isinstance(a, cls) for a in legal):
                opts.append(tx(key))
        return tx("st.claim", who=self.who(v.turn), tile=t, options=", ".join(opts))

    def choices(self) -> list[Choice]:
        """The action bar: the human's legal actions only (discards folded into one button)."""
        if not self.human_pending():
            return []
        tx = self.tx
        legal = self.legal()
        if legal == (PASS,):
            return []
        out: list[Choice] = []
        if any(isinstance(a, Discard) for a in legal):
            out.append(Choice("discard", None, ""))
        for a in legal:
            if isinstance(a, Kong):
                out.append(Choice("kong", a, tx("btn.kong", tile=tx.tile(a.tile))))
        for a in legal:
            if isinstance(a, Pung):
                out.append(Choice("pung", a, tx("btn.pung")))
            elif isinstance(a, Chow):
                out.append(Choice("chow", a, tx("btn.chow", tiles=tx.tiles(a.tiles))))
        if WIN in legal:
            out.append(Choice("mahjong", WIN, tx("btn.mahjong")))
        if PASS in legal:
            out.append(Choice("pass", PASS, tx("btn.pass")))
        return out

    # ------------------------------------------------------------------ the human's keys

    def _refuse(self, key: str, rule: str | None = None, teach: str | None = None, **params: Any) -> Outcome:
        """A refusal: the short reason; at a teaching table also its rule and a §08 warning."""
        notes = [Note(self.tx(key, **params), "refused")]
        if self.teach and rule is not None:
            notes.append(Note(self.tx(rule), "rule"))
        if self.teach and teach is not None:
            notes.append(Note(self.tx(teach), "teach"))
        self.history.extend(notes)
        return Outcome(False, tuple(notes))

    def _apply(self, action: Action) -> Outcome:
        try:
            self._hand().apply(self.seat, action)
        except IllegalAction as e:  # not expected: the keys only send listed actions
            note = Note(e.reason, "refused")
            self.history.append(note)
            return Outcome(False, (note,))
        return Outcome(True, tuple(self._consume()))

    def redo(self, action: Action) -> None:
        """Apply a move of the human's read back from a saved match (``hkmj play --resume``), as
        the key that chose it did; :class:`IllegalAction` if the engine refuses it."""
        self._hand().apply(self.seat, action)
        self._consume()

    def play(self, action: Action) -> Outcome:
        """Play an action chosen from :meth:`choices` (or a Mahjong declaration, judged by HK-5.7)."""
        if isinstance(action, Discard):
            return self.try_discard(action.tile)
        if isinstance(action, Chow):
            return self.try_chow(action.low)
        if isinstance(action, Kong):
            return self.try_kong(action.tile)
        if isinstance(action, Pung):
            return self.try_pung()
        if action == WIN:
            return self.try_mahjong(confirmed=True)
        return self.try_pass()

    def _not_your_turn(self) -> Outcome:
        v = self.view()
        if v.phase != "turn" and self.human_pending():
            assert v.offered is not None
            return self._refuse("no.answer_first", "rule.answer_first", who=self.who(v.turn), tile=self.tx.tile(v.offered))
        return self._refuse("no.wait", who=self.who(v.turn))

    def try_discard(self, t: Tile) -> Outcome:
        """Discard ``t`` on your turn (HK-3.2)."""
        if self.over:
            return self._refuse("no.hand_over")
        v = self.view()
        if v.phase != "turn" or v.turn != self.seat:
            return self._not_your_turn()
        return self._apply(discard(t))

    def _claim_gate(self) -> Outcome | None:
        """Refuse a claim key when no discard is on offer to the human (HK-4.1)."""
        if self.over:
            return self._refuse("no.hand_over")
        v = self.view()
        if v.offered is not None and self.dead_hand and v.turn != self.seat:  # MCR-4.3: a dead hand claims nothing
            return self._refuse("no.dead")
        if v.offered is not None and self.human_pending():
            return None
        if v.offered is not None and v.turn == self.seat:
            return self._refuse("no.own_discard", "rule.own_discard")
        return self._refuse("no.no_offer", "rule.no_offer")

    def _window_only(self) -> Outcome | None:
        """HK-4.9 final discard and HK-4.10 robbing: only Mahjong may take the tile."""
        if self.view().phase == "rob":
            return self._refuse("no.rob", "rule.rob")
        if self._final_offer:
            return self._refuse("no.final", "rule.final")
        return None

    def try_pass(self) -> Outcome:
        """Decline the discard on offer."""
        if self.over:
            return self._refuse("no.hand_over")
        if PASS in self.legal():
            return self._apply(PASS)
        return self._refuse("no.nothing_to_pass")

    def try_pung(self) -> Outcome:
        """Claim the discard for a pung (HK-4.3); refusals explain HK-4.1, HK-4.5 (no pair claims)."""
        gate = self._claim_gate()
        if gate is not None:
            return gate
        legal = self.legal()
        for a in legal:
            if isinstance(a, Pung):
                return self._apply(a)
        only = self._window_only()
        if only is not None:
            return only
        v = self.view()
        assert v.offered is not None
        t = self.tx.tile(v.offered)
        if v.concealed[v.offered] == 1:
            return self._refuse("no.pung_one", "rule.pung", "teach.pairs", tile=t)
        return self._refuse("no.pung_none", "rule.pung", tile=t)

    def try_chow(self, low: Tile | None = None) -> Outcome:
        """Claim the discard for a chow (HK-4.2); several possible chows come back as ``choices``."""
        gate = self._claim_gate()
        if gate is not None:
            return gate
        chows = [a for a in self.legal() if isinstance(a, Chow) and (low is None or a.low == low)]
        if len(chows) == 1:
            return self._apply(chows[0])
        if chows:
            return Outcome(False, choices=tuple(chows))
        only = self._window_only()
        if only is not None:
            return only
        v = self.view()
        t = v.offered
        assert t is not None
        name = self.tx.tile(t)
        if t >= HONOUR:
            return self._refuse("no.chow_honour", "rule.chow_honour", tile=name)
        left = (self.seat - 1) % 4
        if v.turn != left:
            return self._refuse("no.chow_left", "rule.chow_left", left=self.tx.wind(left), who=self.who(v.turn))
        runs = [lo for lo in (t - 2, t - 1, t) if lo // 9 == t // 9 and (lo + 2) // 9 == t // 9 and lo >= 0]
        held = {lo: sum(1 for x in (lo, lo + 1, lo + 2) if x != t and v.concealed[x]) for lo in runs}
        if not any(held.values()) and cross_suit_run(v.concealed, t):
            return self._refuse("no.chow_suits", "rule.chow_suits", tile=name)
        lo = max(runs, key=lambda r: (held[r], -abs(r + 1 - t)))
        return self._refuse("no.chow_need", "rule.chow_need", tile=name, example=self.tx.tiles([lo, lo + 1, lo + 2]))

    def try_kong(self, t: Tile | None = None) -> Outcome:
        """Declare a kong: concealed or added on your turn (HK-3.3), or claim one on a discard (HK-4.4)."""
        if self.over:
            return self._refuse("no.hand_over")
        v = self.view()
        if v.phase == "turn":
            if v.turn != self.seat:
                return self._refuse("no.wait", who=self.who(v.turn))
            kongs = [a for a in self.legal() if isinstance(a, Kong) and (t is None or a.tile == t)]
            if len(kongs) == 1:
                return self._apply(kongs[0])
            if kongs:
                return Outcome(False, choices=tuple(kongs))
            if v.drawn is None:
                return self._refuse("no.kong_after_claim", "rule.kong_after_claim")
            return self._refuse("no.kong_turn", "rule.kong_turn")
        gate = self._claim_gate()
        if gate is not None:
            return gate
        for a in self.legal():
            if isinstance(a, Kong):
                return self._apply(a)
        only = self._window_only()
        if only is not None:
            return only
        offered = v.offered
        assert offered is not None
        name = self.tx.tile(offered)
        if any(m.kind == "pung" and m.tile == offered for m in v.melds[self.seat]):
            return self._refuse("no.kong_exposed", "rule.kong_claim", tile=name)
        return self._refuse("no.kong_three", "rule.kong_claim", tile=self.tx.tile_copies(offered))

    def try_mahjong(self, confirmed: bool = False) -> Outcome:
        """Declare Mahjong whenever a win could be declared (HK-5.5); the engine judges it (HK-5.7).

        At a strict table a declaration the engine does not list as a win needs ``confirmed``
        (a false Mahjong ends the hand with a penalty); a teaching table refuses it and explains.
        """
        if self.over:
            return self._refuse("no.hand_over")
        if WIN in self.legal():
            return self._apply(WIN)
        if self.dead_hand:  # MCR-5.4: no win after a false Mahjong, whatever the tile
            return self._refuse("no.dead")
        if not self._hand().can_declare_mahjong(self.seat):
            return self._refuse("no.mahjong_now", "rule.mahjong_now")
        if not self.teach and not confirmed:
            note = Note(self.confirm_mahjong(), "info")
            self.history.append(note)
            return Outcome(False, (note,), confirm=True)
        return self._apply(WIN)

    @staticmethod
    def _mahjong_claims(events: Sequence[Event]) -> tuple[int, list[int]] | None:
        """The discarder (or the kong's owner) and the seats that claimed Mahjong on the tile that
        ended the hand, when two or three did, in the order judged: play order after the discarder
        (HK-4.7, MCR-4.2, CL-3.3; a false first claim decides alone, R-6, CL-7.7); else None."""
        e = next((e for e in reversed(events) if e["type"] == "claim"), None)
        if e is None or e["claim"] != "mahjong":
            return None
        claims = mahjong_claims(e)
        return (e["from"], claims) if len(claims) > 1 else None

    def confirm_mahjong(self) -> str:
        """The question before a declaration that may be false: what this seat would pay, seat by
        seat (HK-5.7: double to the discarder of a claimed tile; CL-7.7: the limit, doubled with
        East; MCR-5.4: 10 to each), from the table's own ruleset and options."""
        v = self.view()
        discarder = v.turn if v.offered is not None and v.turn != self.seat else None
        pay = self.rules.false_mahjong_payments(self.seat, discarder)
        amount = min(p for p in pay if p > 0)
        frm = _paid_double(pay)
        if frm is None:
            return self.tx("confirm.mahjong.each", amount=amount)
        return self.tx("confirm.mahjong.double", amount=amount, double=pay[frm], whom=self.whom(frm))

    def touch_pond(self, seat: int, index: int) -> Outcome:
        """A click on a discard in a pond: the latest one is claimable (say how), older ones never are (HK-4.1)."""
        if self.over:
            return self._refuse("no.hand_over")
        v = self.view()
        if self._latest == (seat, index) and v.offered is not None:
            if seat == self.seat:
                return self._refuse("no.own_discard", "rule.own_discard")
            if self.human_pending():
                note = Note(self.status(), "info")
                self.history.append(note)
                return Outcome(False, (note,))
        return self._refuse("no.old_discard", "rule.old_discard")

    def pond_note(self, seat: int) -> Outcome:
        """A click on the count of the earlier discards a long pond leaves out (``+7``): the whole
        pond in the log, the earliest discard first, as the table names tiles."""
        pond = self.panel(seat).pond
        tiles = " ".join(short_name(t, self.tx.lang).strip() for t in pond)
        note = Note(self.tx("pond.all", who=self.who(seat), n=len(pond), tiles=tiles), "info")
        self.history.append(note)
        return Outcome(False, (note,))

    # ------------------------------------------------------------------ end of hand, end of match

    def finish_hand(self) -> HandSummary:
        """Settle the finished hand (HK-7) and build its summary: every hand revealed, the winner's
        itemised fan (HK-6), base, payments and the new totals."""
        hand = self._hand()
        res = hand.result
        if res is None:
            raise RuntimeError("the hand is not over")
        self.history.extend(self._write(self.match.finish_hand()))
        tx = self.tx
        totals = self.match.totals
        win_ev = next((e for e in reversed(hand.events) if e["type"] == "win"), None) if res.kind == "win" else None
        own: list[tuple[int, int, int] | None] = [None] * 4
        if win_ev is not None and "seat_points" in win_ev:  # every player scores (CL-5.4)
            own = [(p, d, sc) for p, d, sc in zip(win_ev["seat_points"], win_ev["seat_doubles"], win_ev["hand_scores"], strict=True)]
        scoring = self.rules.seat_scoring(res.outcome) if res.kind == "win" and res.outcome is not None else None
        seats = tuple(
            SeatReveal(
                seat=s,
                name=self.player_name(self.by_seat[s]),
                concealed=tuple(tiles_of(hand.hands[s])),
                melds=hand.melds[s],
                bonus=hand.bonus[s],
                payment=res.payments[s],
                total=totals[self.by_seat[s]],
                own=own[s],
                scoring=None if scoring is None else scoring[s],
            )
            for s in range(4)
        )
        detail: list[str] = []
        items: tuple[tuple[str, int], ...] = ()
        fan = base = None
        limit = None
        teach: list[str] = []
        why_paid = ""
        minimum: tuple[str, int] | None = None
        win_tile: Tile | None = None
        if res.kind == "win":
            assert res.seat is not None and res.outcome is not None
            ev = next(e for e in reversed(hand.events) if e["type"] == "win")
            win_tile = tile(ev["tile"])
            title = tx("end.title.you") if res.seat == self.seat else tx("end.title.win", who=self.who(res.seat))
            flags = ", ".join(tx(f"end.flag.{f}") for f in ev["flags"])
            detail.append(
                tx(
                    f"end.win_type.{ev['win']}",
                    tile=tx.tile(win_tile),
                    whom=self.whom(res.discarder) if res.discarder is not None else "",
                    flags=f" ({flags})" if flags else "",
                )
            )
            out = res.outcome
            if out.unit == "fan":
                items = tuple((i.label(tx.lang), i.value) for i in out.items for _ in range(i.count))
                fan = out.value
            else:  # points: each fan once with its count (flowers included in the total)
                items = tuple((self.rules.counted(i.id, i.label(tx.lang), i.count, tx.lang), i.value * i.count) for i in out.items)
                fan = sum(v for _, v in items)
                minimum = tx.minimum(self.rules.min_value, out.value)  # MCR-5.1: the minimum counts no flowers (MCR-6.13)
            base = getattr(out.detail, "base", None)
            limit = self.rules.name_of(out.limit, tx.lang) if out.limit else None
            if base is not None and res.payments == seed_payments(base, res.seat, res.discarder):  # HK-6's split
                why_paid = tx(
                    f"end.pay.{ev['win']}",
                    base=base,
                    double=2 * base,
                    whom=self.whom(res.discarder) if res.discarder is not None else "",
                    winner=tx("end.winner.you") if res.seat == self.seat else tx.wind(res.seat),
                    total=res.payments[res.seat],
                )
            elif base is not None and res.discarder is not None and self.rules.options.get("payment") == "half-shooter":
                why_paid = tx(
                    f"end.pay.half_shooter.{ev['win']}",
                    base=base,
                    quad=4 * base,
                    whom=self.whom(res.discarder),
                    winner=tx("end.winner.you") if res.seat == self.seat else tx.wind(res.seat),
                )
            else:
                why_paid = self._why_paid_other(res.payments, res.seat, res.discarder, fan, ev.get("hand_scores"), ev["win"] == "robbed_kong")
            if self.teach:
                teach.append(tx("teach.other_tables"))
        elif res.kind == "penalty":
            assert res.seat is not None
            title = tx("end.title.penalty", who=self.whom(res.seat))
            ev = next(e for e in reversed(hand.events) if e["type"] == "false_mahjong")
            extra = tile(ev["tile"]) if ev["tile"] else None
            detail.append(self._why_not_winning(counts_of(parse_tiles(ev["concealed"])), len(ev["melds"]), extra, ev["reason"]))
            pay = ev["payments"]
            amount = min(p for p in pay if p > 0)
            frm = _paid_double(pay)
            if frm is None:
                why_paid = tx("end.pay.penalty.each", whom=self.whom(res.seat), amount=amount)
            else:
                why_paid = tx("end.pay.penalty.double", whom=self.whom(res.seat), to=self.whom(frm), amount=amount, double=pay[frm])
        else:
            title = tx("end.title.draw")
            fines, notes = self._dead_hand_fines()
            if any(fines) and list(fines) == list(res.payments):  # a drawn hand settles only the fines (MCR-5.4)
                title, why_paid = tx("end.title.draw.fined"), " ".join(notes)
        claims = self._mahjong_claims(hand.events) if res.kind in ("win", "penalty") else None
        if claims is not None:  # who took the tile of several Mahjong claims, and by which rule (HK-4.7, R-6)
            (frm, (first, *_)), n = claims, len(claims[1])
            key = "end.claims." + ("won" if res.kind == "win" else "false") + (".you" if first == self.seat else "")
            detail.append(tx(key, players=tx(f"end.claims.{n}"), who=self.who(first), whom=self.whom(frm)))
        self.summary = HandSummary(
            kind=res.kind,
            title=title,
            detail=tuple(detail),
            winner=res.seat if res.kind == "win" else None,
            win_tile=win_tile,
            seats=seats,
            items=items,
            fan=fan,
            limit=limit,
            base=base,
            teach=tuple(teach),
            match_over=self.match.over,
            unit=self.rules.unit,
            why_paid=why_paid,
            minimum=minimum,
        )
        return self.summary

    def _why_paid_other(
        self,
        payments: Sequence[int],
        winner: int,
        discarder: int | None,
        points: int | None,
        scores: Sequence[int] | None = None,
        robbed: bool = False,
    ) -> str:
        """Why each player pays, as the ruleset's :meth:`~hkmj.rulesets.base.Ruleset.payment_note`
        says (MCR-8: the total plus 8; CL-7: everyone scores and settles, and what you paid or
        received from each player, given every seat's ``scores``), with a dead hand's fines settled
        in the same hand (MCR-5.4); empty when the ruleset does not explain the payments."""
        tx = self.tx
        fines, notes = self._dead_hand_fines()
        own = [p - f for p, f in zip(payments, fines, strict=True)]
        note = self.rules.payment_note(own, winner, discarder, points, scores, robbed=robbed)
        if note is None:
            return ""
        who = tx("end.winner.you") if winner == self.seat else tx.wind(winner)
        whom = self.whom(discarder) if discarder is not None else ""
        why = tx(f"end.pay.{note.rule}", winner=who, whom=whom, **note.figures)
        if note.transfers is not None:
            why = f"{why}\n{self._your_settlement(payments, note.transfers)}".rstrip()
        return " ".join([why, *notes])

    def _dead_hand_fines(self) -> tuple[list[int], list[str]]:
        """What the false Mahjongs of this hand that left a dead hand (MCR-5.4) add to its
        payments, seat by seat, and a sentence for each (settled with the hand's result)."""
        fines, notes = [0, 0, 0, 0], []
        for e in self._hand().events:
            if e["type"] == "false_mahjong" and e.get("dead_hand"):
                fines = [f + p for f, p in zip(fines, e["payments"], strict=True)]
                mine = e["seat"] == self.seat
                key = "end.pay.mcr.dead.you" if mine else "end.pay.mcr.dead"
                notes.append(self.tx(key, who=self.tx.wind(e["seat"]), amount=max(e["payments"])))
        return fines, notes

    def _your_settlement(self, payments: Sequence[int], transfers: Sequence[tuple[int, int, int]]) -> str:
        """Your payment split player by player by the settlement's ``transfers`` (``(payer, payee,
        amount)``, CL-7: ``East −80 · West +76 = −4``); empty when they do not make the ``payments``."""
        me = self.seat
        with_each = dict.fromkeys((s for s in range(4) if s != me), 0)
        for payer, payee, amount in transfers:
            if me in (payer, payee):
                other, sign = (payee, -1) if payer == me else (payer, 1)
                with_each[other] += sign * amount
        if sum(with_each.values()) != payments[me]:
            return ""
        # a player and its amount, the "·" after them and "= total" are never parted at a line's end
        pairs = "\u00a0· ".join(f"{self.tx.wind(s)}\u00a0{v:+d}" for s, v in with_each.items())
        return self.tx("end.pay.classical.you", pairs=pairs, total=f"{payments[me]:+d}")

    def ranking(self) -> list[tuple[int, str, int]]:
        """``(rank, name, total)`` best first; equal totals share a rank (HK-7.3)."""
        ranks = self.match.ranking()
        rows = [(ranks[p], self.player_name(p), self.match.totals[p]) for p in range(4)]
        return sorted(rows, key=lambda r: (r[0], r[1] != self.tx("you")))
