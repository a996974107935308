"""Hints on demand (key ``h``): the advisor's best move, shanten, waits and the discards that keep
the most improving tiles.

Everything is computed from the player's own :class:`~hkmj.engine.SeatView` only: its
concealed tiles, and the tiles every player can see (melds, declared concealed kongs and
discard ponds) to count how many copies of a tile may still come (HK-1: four of each). The
best move is the advisor's (:func:`hkmj.bots.advice.make_advisor`: the expert bot when it is
installed, else the strong bot), valued from the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hkmj.bots.advice import Advisor, dead_hand_advice
from hkmj.bots.minimum import ready_but_out, scoring_split
from hkmj.engine import PASS, Action, Chow, Discard, Kong, Pung, SeatView, Win
from hkmj.hand import shanten, waits
from hkmj.hand.knitted import shanten_knitted, waits_knitted
from hkmj.tiles import N_KINDS, Tile
from hkmj.tui.texts import Texts

__all__ = ["DiscardChoice", "Hint", "action_text", "best_move", "cannot_win", "dead_lines", "describe", "hint_for", "improving_tiles", "safest_discard", "unseen_counts"]


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """Discarding ``tile`` leaves the hand at ``shanten``; ``improving`` tiles would lower it."""

    tile: Tile
    shanten: int
    improving: tuple[Tile, ...]
    count: int
    """Unseen copies of the improving tiles."""
    scoring: tuple[Tile, ...] = ()
    """Under a ruleset with a minimum (MCR-5.1's 8 points; Hong Kong's ``minfan``) and a discard that
    leaves the hand ready: the waits (``improving``) whose win reaches it, self-drawn or on a discard."""
    scoring_count: int = 0
    """Unseen copies of the :attr:`scoring` waits."""
    drawn_only: tuple[Tile, ...] = ()
    """The :attr:`scoring` waits that reach the minimum only self-drawn (MCR-6.12, MCR-6.25)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hint panel shows.

    ``shanten`` is the hand's distance from ready: -1 complete (declare Mahjong), 0 ready
    (one tile from winning: ``waits``), n: n useful tiles away from ready. With a tile to
    discard (``to_discard``), ``discards`` lists every distinct discard, best first.
    """

    shanten: int
    to_discard: bool
    waits: tuple[tuple[Tile, int], ...] = ()
    """Ready hand: each winning tile and its unseen copies."""
    improving: tuple[Tile, ...] = ()
    improving_count: int = 0
    discards: tuple[DiscardChoice, ...] = ()
    minimum: int = 0
    """The ruleset's minimum to win (MCR-5.1: 8), 0 when any complete hand wins: the waits are
    then told apart by whether their win reaches it (:attr:`scoring`, :attr:`DiscardChoice.scoring`)."""
    unit: str = "fan"
    scoring: tuple[Tile, ...] = ()
    """With a :attr:`minimum` and a ready hand: the :attr:`waits` whose win reaches it."""
    drawn_only: tuple[Tile, ...] = ()
    """The :attr:`scoring` waits that reach it only self-drawn (no discard of them can win)."""
    out: bool = False
    """Ready (or a discard from ready), but every copy of every wait that can win is in sight
    (HK-1: four of each tile; under a :attr:`minimum`, the waits that reach it): no winning tile is
    left, the hand must change its wait (:func:`~hkmj.bots.minimum.ready_but_out`)."""

    def short(self) -> bool:
        """Ready in shape only: under a :attr:`minimum`, no wait (of the hand, or of any discard
        that leaves it ready) scores it, so the hand cannot win yet (MCR-5.1)."""
        if not self.minimum or self.shanten != 0:
            return False
        if self.to_discard:
            ready = [c for c in self.discards if c.shanten == 0]
            return bool(ready) and not any(c.scoring for c in ready)
        return bool(self.waits) and not self.scoring


def unseen_counts(view: SeatView) -> list[int]:
    """Copies of each playing tile this seat cannot see (see :meth:`SeatView.unseen`)."""
    return view.unseen()


def improving_tiles(counts: list[int], melds: int, unseen: list[int], knitted: bool = False) -> tuple[tuple[Tile, ...], int]:
    """Tiles that lower the shanten of a waiting-size hand (13 - 3×melds tiles), and their unseen
    copies. With ``knitted`` (MCR-5.2.4, MCR-5.2.5) a hand ready on a knitted shape improves with
    its waits; a hand further away counts the tiles that bring it nearer any shape, a knitted one
    too."""
    distance = shanten_knitted if knitted else shanten
    if knitted and distance(counts, melds) == 0:
        found = tuple(waits_knitted(counts, melds))
        return found, sum(unseen[x] for x in found)
    base = distance(counts, melds)
    out: list[Tile] = []
    total = 0
    for x in range(N_KINDS):
        if counts[x] >= 4:
            continue
        counts[x] += 1
        if distance(counts, melds) < base:
            out.append(x)
            total += unseen[x]
        counts[x] -= 1
    return tuple(out), total


def cannot_win(c: DiscardChoice, minimum: int) -> bool:
    """The discard ``c`` leaves a ready hand that cannot win as it stands: every copy of the waits
    that can win is in sight (HK-1: four of each tile; under a ``minimum``, MCR-5.1, the waits whose
    win reaches it), or under a minimum no wait reaches it (ready in shape only)."""
    if c.shanten != 0:
        return False
    if minimum:
        return c.scoring_count == 0
    return c.count == 0


def _rank(c: DiscardChoice, minimum: int) -> int:
    """The distance the list of best discards ranks ``c`` by: its shape's, but a ready hand that
    cannot win (:func:`cannot_win`) is one from ready, as the advisor values it
    (:func:`~hkmj.bots.minimum.ready_but_out`, :func:`~hkmj.bots.minimum.ready_in_shape_only`), so
    that it never reads as better than a discard one tile from a live ready hand."""
    return 1 if cannot_win(c, minimum) else c.shanten


def hint_for(view: SeatView) -> Hint:
    """The hint for this seat now (HK-5: four groups and a pair, seven pairs or thirteen orphans).
    Under a ruleset with a minimum (MCR-5.1) a ready hand's waits are told apart by whether
    their win reaches it."""
    counts = list(view.concealed)
    m = view.n_melds
    unseen = unseen_counts(view)
    rules = view.rules
    minimum = rules.min_value if rules.value_checked else 0
    distance, wait_on = (shanten_knitted, waits_knitted) if rules.knitted_shapes else (shanten, waits)  # MCR-5.2.4, MCR-5.2.5
    n = sum(counts)
    if n % 3 == 2:  # a tile to discard (or a complete hand)
        now = distance(counts, m)
        choices: list[DiscardChoice] = []
        for t in range(N_KINDS):
            if not counts[t]:
                continue
            counts[t] -= 1
            s = distance(counts, m)
            imp, total = improving_tiles(counts, m, unseen, rules.knitted_shapes)
            scoring: tuple[Tile, ...] = ()
            drawn: tuple[Tile, ...] = ()
            if s == 0 and minimum:
                good, only = scoring_split(view, counts) or ((), ())
                scoring, drawn = tuple(x for x in good if x in imp), tuple(x for x in only if x in imp)
            counts[t] += 1
            choices.append(DiscardChoice(t, s, imp, total, scoring, sum(unseen[x] for x in scoring), drawn))
        # under a minimum, a ready discard is as good as the unseen copies of its waits that can win;
        # one whose waits cannot win ranks as a hand one from ready (the advisor's value of it)
        choices.sort(key=lambda c: (_rank(c, minimum), -(c.scoring_count if minimum and c.shanten == 0 else c.count), -c.count, c.tile))
        return Hint(now, True, discards=tuple(choices), minimum=minimum, unit=rules.unit, out=ready_but_out(view, counts, offered=True))
    s = distance(counts, m)
    if s == 0:
        ws = tuple((t, unseen[t]) for t in wait_on(counts, m))
        good, drawn = scoring_split(view, counts) or ((), ())
        return Hint(0, False, waits=ws, minimum=minimum, unit=rules.unit, scoring=good, drawn_only=drawn, out=ready_but_out(view, counts, offered=True))
    imp, total = improving_tiles(counts, m, unseen, rules.knitted_shapes)
    return Hint(s, False, improving=imp, improving_count=total, minimum=minimum, unit=rules.unit)


def best_move(view: SeatView, legal: Sequence[Action], advisor: Advisor) -> Action | None:
    """The advisor's best action for this decision (None without a choice to make: a discard that
    can only be passed, HK-4.1, is no choice; the table passes it by itself)."""
    if not legal or tuple(legal) == (PASS,):
        return None
    return advisor.advise(view, legal)[0].action


def safest_discard(view: SeatView, legal: Sequence[Action]) -> Tile | None:
    """A dead hand's suggestion (MCR-5.4): the safest legal discard (:func:`~hkmj.bots.advice.dead_hand_advice`),
    None without a discard to make."""
    for a in dead_hand_advice(view, legal):
        if isinstance(a.action, Discard):
            return a.action.tile
    return None


def dead_lines(view: SeatView, legal: Sequence[Action], tx: Texts) -> list[str]:
    """The hint panel of a dead hand (MCR-5.4): it cannot win, so no distance to ready and no
    discard toward a win; the safest discard when there is one to make. Never Mahjong."""
    lines = [tx("hint.dead")]
    t = safest_discard(view, legal)
    if t is not None:
        lines.append(tx("hint.safe", tile=tx.tile(t)))
    return lines


def action_text(a: Action, tx: Texts) -> str:
    """An action in the player's language: ``discard 9 Characters``, ``chow 1 2 3 Bamboo``, ``pass``."""
    if isinstance(a, Discard):
        return tx("hint.act.discard", tile=tx.tile(a.tile))
    if isinstance(a, Chow):
        return tx("hint.act.chow", tiles=tx.tiles(a.tiles))
    if isinstance(a, Pung):
        return tx("hint.act.pung")
    if isinstance(a, Kong):
        return tx("hint.act.kong", tile=tx.tile(a.tile))
    if isinstance(a, Win):
        return tx("hint.act.mahjong")
    return tx("hint.act.pass")


def describe(h: Hint, tx: Texts, top: int = 4, best: tuple[Action, str] | None = None, under_min: bool = False) -> list[str]:
    """The hint panel's lines in the player's language: how far the hand is from ready in the
    same words as a refused Mahjong (``4 tiles from ready``), the advisor's best move when given
    (``best``: the action and the bot's name), then the best discards (the best move's first,
    where it leaves the hand), the waits or the useful tiles, with their unseen copies. A
    complete hand ``under_min`` (it cannot win: MCR-5.1, minfan) says so and gets the discards
    of a hand to build on, with the waits that reach the minimum. A ready hand every copy of whose
    winning tiles is in sight (:attr:`Hint.out`, HK-1) is told so and to change its wait, and a
    discard that leaves such a hand says every winning tile is out. Such a discard ranks as one from
    ready (:func:`cannot_win`), after the discards one tile from a live ready hand; when the header
    speaks of it, its line is shown last if it falls beyond ``top``."""

    def counted(tiles: Sequence[Tile], unseen: Sequence[int] | None = None) -> str:
        if unseen is None:
            return tx.grouped(tuple(tiles))
        return ", ".join(tx.plural("hint.unseen", n, tile=tx.tile(t)) for t, n in zip(tiles, unseen, strict=True))

    lines: list[str] = []
    low = {"min": h.minimum, "unit": tx.unit(h.unit, h.minimum)}
    if h.shanten < 0 and under_min:
        lines.append(tx("hint.under_min", min=h.minimum, unit=tx.unit(h.unit, h.minimum)))
    elif h.shanten < 0:
        lines.append(tx("hint.complete"))
    elif h.short():  # MCR-5.1: ready in shape, but no wait can win
        lines.append(tx("hint.short", **low))
    elif h.out and h.shanten == 0:  # HK-1: every copy of every winning tile is in sight
        lines.append(tx("hint.out"))
    else:
        lines.append(tx("hint.distance", dist=tx.distance(h.shanten)))
    if best is not None:
        lines.append(tx("hint.best", bot=best[1], action=action_text(best[0], tx)))
    if h.to_discard:
        if (h.shanten >= 0 or under_min) and h.discards:
            lines.append(tx("hint.discards"))
            choices = h.discards
            if best is not None and isinstance(best[0], Discard):  # the best move's discard first, so the two agree
                advised = best[0].tile
                choices = tuple(sorted(choices, key=lambda c: c.tile != advised))
            shown = choices[:top]
            if h.out or h.short():
                # the header calls the hand ready but unable to win: the discards it means stay in
                # sight, last (they rank as one from ready), in place of the last of the others
                lead = 1 if best is not None and isinstance(best[0], Discard) else 0  # the best move's discard stays first
                stuck = [c for c in choices[lead:] if cannot_win(c, h.minimum)][: max(top - 1 - lead, 0)]
                rest = [c for c in shown if c not in stuck]
                shown = (*rest[: top - len(stuck)], *stuck)
            for c in shown:
                if cannot_win(c, h.minimum) and (c.scoring or not h.minimum):
                    # HK-1: every copy of the waits that can win is in sight
                    lines.append("  " + tx("hint.discard.ready.out", tile=tx.tile(c.tile), waits=counted(c.improving)))
                elif c.shanten == 0 and h.minimum and not c.scoring:
                    lines.append("  " + tx("hint.discard.ready.short", tile=tx.tile(c.tile), waits=counted(c.improving), **low))
                elif c.shanten == 0 and h.minimum:
                    if c.scoring == c.improving:
                        line = tx("hint.discard.ready.all", tile=tx.tile(c.tile), waits=counted(c.improving), **low)
                    else:
                        line = tx("hint.discard.ready.scoring", tile=tx.tile(c.tile), waits=counted(c.improving), scoring=counted(c.scoring), **low)
                    if c.drawn_only:  # MCR-6.12, MCR-6.25: on a discard these fall short, as the waits say
                        line += tx("hint.discard.drawn", tiles=counted(c.drawn_only))
                    lines.append("  " + line)
                elif c.shanten == 0:
                    lines.append("  " + tx("hint.discard.ready", tile=tx.tile(c.tile), waits=counted(c.improving)))
                else:
                    lines.append("  " + tx("hint.discard", tile=tx.tile(c.tile), dist=tx.distance(c.shanten), unseen=tx.plural("unseen", c.count)))
    elif h.shanten == 0:
        if h.waits and h.minimum:  # MCR-5.1: which waits can win, which cannot
            good = [(t, n) for t, n in h.waits if t in h.scoring and t not in h.drawn_only]
            drawn = [(t, n) for t, n in h.waits if t in h.drawn_only]
            bad = [(t, n) for t, n in h.waits if t not in h.scoring]
            if good:
                lines.append(tx("hint.waits.scoring", tiles=counted([t for t, _ in good], [n for _, n in good]), **low))
            if drawn:  # MCR-6.12, MCR-6.25: a self-drawn win scores more; on a discard it falls short
                lines.append(tx("hint.waits.drawn", tiles=counted([t for t, _ in drawn], [n for _, n in drawn]), **low))
            if bad:
                lines.append(tx("hint.waits.short", tiles=counted([t for t, _ in bad], [n for _, n in bad]), **low))
        elif h.waits:
            lines.append(tx("hint.waits", tiles=counted([t for t, _ in h.waits], [n for _, n in h.waits])))
        else:
            lines.append(tx("hint.no_waits"))
    elif h.improving:
        lines.append(tx("hint.improving", tiles=counted(h.improving), unseen=tx.plural("unseen", h.improving_count)))
    return lines
