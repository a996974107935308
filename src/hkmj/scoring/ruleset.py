"""Ruleset data and the generic scorer that reads it.

A :class:`Ruleset` is data: its elements (fan), its limits, its fan→base table. The
scorer here knows nothing of any particular table; :mod:`hkmj.scoring.hong_kong` holds
the HK-6 one, and another ruleset can sit beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from hkmj.hand import readings
from hkmj.scoring.model import (
    FLAGS,
    WIN_TYPES,
    InvalidHand,
    Item,
    ScoreResult,
    Win,
    echo,
    first_bool,
    holds_a_bool,
    is_bonus_number,
    kong_hint,
    meld_problem,
    raise_type_problem,
    reduce_frozen,
    win_seat_problem,
)
from hkmj.scoring.shape import Shape
from hkmj.tiles import N_KINDS, N_TILE_IDS, format_tiles, plural, tile_str


@dataclass(frozen=True, slots=True)
class Element:
    """One scoring element: a name, its fan, and a predicate giving how many times it applies."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    id: str
    name: str
    name_fr: str
    fan: int
    count: Callable[[Shape], int]
    rule: str = ""
    scope: str = "hand"
    """``"hand"``: depends on the reading; ``"win"``: reads only how the hand was won
    (``shape.win``'s win type, seat, bonus tiles, flags), so it is computed once per context."""
    min_pungs: int = 0
    """The element is absent from a reading with fewer pungs/kongs (skips the predicate)."""


@dataclass(frozen=True, slots=True)
class Limit:
    """A limit hand: scores the limit base directly; limits never add up."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    id: str
    name: str
    name_fr: str
    test: Callable[[Shape], bool]
    rule: str = ""
    scope: str = "hand"
    min_pungs: int = 0
    """The limit needs at least this many pungs/kongs in the reading (skips the test)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A table of elements and limits plus the fan→base conversion."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    name: str
    elements: tuple[Element, ...]
    limits: tuple[Limit, ...]
    base_by_fan: tuple[int, ...]
    """``base_by_fan[f]`` for f below its length; the last entry for more fan."""
    limit_base: int

    def base(self, fan: int) -> int:
        """Base points for a fan total (HK-6 table)."""
        table = self.base_by_fan
        return table[fan] if fan < len(table) else table[-1]

    def name_of(self, element_id: str, lang: str = "en") -> str:
        """Display name of an element or limit id in ``en`` or ``fr``."""
        for e in self.elements:
            if e.id == element_id:
                return e.name_fr if lang == "fr" else e.name
        for lim in self.limits:
            if lim.id == element_id:
                return lim.name_fr if lang == "fr" else lim.name
        raise KeyError(element_id)


def validate(win: Win) -> list[int]:
    """Check a hand is physically possible and consistently described; return all its counts.

    Raises :class:`InvalidHand` naming the first problem.
    """
    _validate_context(win)
    return _validate_tiles(win)[0]


def four_alike_as_pairs(concealed: list[int], n_melds: int) -> int | None:
    """The tile held four times in a hand that would be seven pairs if its pairs were distinct
    (14 concealed tiles, no meld, every kind held twice or four times), else None: four alike
    are never two of the seven pairs (HK-5.3, CL-6.3; MCR-5.2 allows them)."""
    if n_melds or any(n % 2 for n in concealed):
        return None
    return next((t for t, n in enumerate(concealed) if n == 4), None)


def _validate_tiles(win: Win) -> tuple[list[int], list[int]]:
    """(counts of every tile, counts of the concealed tiles), or :class:`InvalidHand`."""
    melds = win.melds
    if not isinstance(melds, (tuple, list)):
        raise InvalidHand(f"melds must be a tuple of Meld, not {type(melds).__name__}")
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds: a hand has at most four groups (HK-5.1)")
    for m in melds:
        problem = meld_problem(m)
        if problem is not None:
            raise InvalidHand(problem)
    need = 14 - 3 * len(win.melds)
    if len(win.concealed) != need:
        raise InvalidHand(
            f"hand has {plural(len(win.concealed), 'concealed tile')}; with {plural(len(win.melds), 'meld')} it needs {need} "
            f"(the winning tile included, HK-5.1){kong_hint(win.concealed, need)}"
        )
    if holds_a_bool(win.concealed):  # a bool is no tile, though Python counts True as 1 (2m)
        raise InvalidHand(f"concealed: {first_bool(win.concealed)} is not a tile number (an int 0-33)")
    counts = [0] * N_KINDS
    for t in win.concealed:
        if not 0 <= t < N_KINDS:
            if not 0 <= t < N_TILE_IDS:
                raise InvalidHand(f"concealed: {echo(t)} is not a tile number (an int 0-33)")
            raise InvalidHand(f"{tile_str(t)}: bonus tiles are not part of the hand (HK-3.2)")
        counts[t] += 1
    wt = win.win_tile
    if type(wt) is bool:  # in pure Python; compiled, Win's int fields hold True as 1
        raise InvalidHand(f"win_tile {wt!r} is not a tile number (an int 0-33)")
    if not 0 <= wt < N_KINDS:
        raise InvalidHand(f"win_tile {_tile_name(wt)}: the winning tile is a playing tile (HK-3.2)")
    if counts[wt] == 0:
        holding = next((m for m in win.melds if m.kind in ("pung", "chow") and m.tile <= wt <= m.tile + (2 if m.kind == "chow" else 0)), None)
        # a group laid down to win on a discard, given as a meld: the hand holds it (R-9: the winning tile included)
        where = "" if holding is None else f": the group it completes is written in the hand, not as the meld '{holding}'"
        if holding is None and any(m.is_kong and m.tile == wt for m in win.melds):  # HK-3.3: a kong's tile is never the win
            where = ": a kong never holds the winning tile; a win after a kong is on its replacement tile"
        raise InvalidHand(f"win_tile {tile_str(wt)} is not in the concealed hand {format_tiles(win.concealed)}{where}")
    concealed = list(counts) if win.melds else counts
    for m in win.melds:
        t = m.tile
        if m.kind == "chow":
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
        else:
            counts[t] += 3 if m.kind == "pung" else 4
    if max(counts) > 4:
        t = counts.index(max(counts))
        raise InvalidHand(f"{counts[t]} copies of {tile_str(t)}: there are only four of each tile (HK-1)")
    if win.win == "robbed_kong" and counts[wt] != 1:
        name = tile_str(wt)
        shown = counts[wt] - concealed[wt] if win.melds else 0
        where = f", {shown} of them in its declared melds" if shown else ""
        raise InvalidHand(
            f"robbed kong: the other three {name} are in the pung the {name} was robbed from, so the robbed tile must be the hand's only {name}; it holds {counts[wt]}{where} (HK-4.10)"
        )
    return counts, concealed


def _tile_name(t: object) -> str:
    """A tile in mpsz for an error message, or what it is when it is no tile id at all."""
    if isinstance(t, int) and 0 <= t < N_TILE_IDS:
        return tile_str(t)
    return "not a tile"


_SITUATIONS = ("last_wall_tile", "final_discard", "kong_replacement")


def _validate_situation(win: Win) -> None:
    """R-3: situation flags that can never go together, and kong replacement without a kong."""
    flags = win.flags
    if "kong_replacement" in flags:
        if not any(m.kind in ("kong", "ckong") for m in win.melds):
            raise InvalidHand("flag 'kong_replacement' needs a declared kong among the melds (R-3)")
        if "last_wall_tile" in flags:
            raise InvalidHand("flags 'last_wall_tile' and 'kong_replacement' never go together (R-3)")
    for limit in ("heavenly", "earthly"):
        if limit in flags:
            other = next((f for f in ("heavenly", "earthly", *_SITUATIONS) if f != limit and f in flags), None)
            if other is not None:
                raise InvalidHand(f"flag {limit!r} never goes with {other!r} (R-3)")
            if win.win == "robbed_kong":
                raise InvalidHand(f"flag {limit!r} never goes with a robbed kong (R-3)")


def _validate_context(win: Win) -> None:
    if win.win not in WIN_TYPES:
        raise InvalidHand(f"win {echo(win.win)}: expected one of {', '.join(WIN_TYPES)}")
    problem = win_seat_problem(win)  # HK-2.1: a seat is a number 0-3, never a bool
    if problem is not None:
        raise InvalidHand(problem)
    if isinstance(win.flags, str):  # a string is iterable: never read it letter by letter
        raise InvalidHand(f"flags {echo(win.flags)}: expected a set of names ({', '.join(FLAGS)})")
    unknown = set(win.flags) - set(FLAGS)
    if unknown:
        raise InvalidHand(f"unknown flag {echo(sorted(unknown)[0])}: expected any of {', '.join(FLAGS)}")
    for group, what in ((win.flowers, "flower"), (win.seasons, "season")):
        if len(set(group)) != len(group) or not all(map(is_bonus_number, group)) or holds_a_bool(group):
            raise InvalidHand(f"{what}s {echo(list(group))}: each is a distinct number 1-4 (HK-1.3)")
    _validate_situation(win)
    if win.win == "self_draw":
        if win.discarder is not None:
            raise InvalidHand("a self-drawn win has no discarder")
        for f in ("final_discard", "earthly"):
            if f in win.flags:
                raise InvalidHand(f"flag {f!r} needs a win on a discard (HK-6)")
    else:
        if win.discarder is None:
            raise InvalidHand(f"a win by {win.win} needs the discarder's seat")
        if not 0 <= win.discarder < 4 or win.discarder == win.seat:
            raise InvalidHand("discarder must be another seat (E, S, W or N)")
        for f in ("last_wall_tile", "kong_replacement", "heavenly"):
            if f in win.flags:
                raise InvalidHand(f"flag {f!r} needs a self-drawn win (HK-6)")
        if win.win == "robbed_kong" and "final_discard" in win.flags:
            raise InvalidHand("flag 'final_discard' needs a win on a discard, not a robbed kong (HK-6)")
    if "heavenly" in win.flags and win.seat != 0:
        raise InvalidHand("flag 'heavenly': only East wins a heavenly hand (HK-6)")
    if "earthly" in win.flags and (win.seat == 0 or win.discarder != 0 or win.win != "discard"):
        raise InvalidHand("flag 'earthly': another seat wins on East's very first discard (HK-6)")
    if ("heavenly" in win.flags or "earthly" in win.flags) and win.melds:
        raise InvalidHand("a heavenly or earthly hand has no melds: it is won on the dealt tiles (HK-6)")


def payments(base: int, winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    """Payments by seat (HK-6): discarder 2×base and others 1× on a discard; 2× each on a self-draw."""
    pay = [0, 0, 0, 0]
    for s in range(4):
        if s == winner:
            continue
        amount = 2 * base if discarder is None or s == discarder else base
        pay[s] = -amount
        pay[winner] += amount
    return (pay[0], pay[1], pay[2], pay[3])


class _Context:
    """What a hand's context gives every reading: the ``"win"``-scope element counts (-1 for
    the ``"hand"``-scope ones), their fan, and a ``"win"``-scope limit if one applies."""

    __slots__ = ("counts", "fan", "limit")

    def __init__(self, counts: list[int], fan: int, limit: Limit | None) -> None:
        self.counts = counts
        self.fan = fan
        self.limit = limit


class _Plan:
    """A ruleset prepared for scoring many hands: its ``"hand"``-scope elements and limits
    apart (the only ones evaluated per reading), its items, and its contexts seen so far."""

    __slots__ = ("ruleset", "elements", "limits", "items", "contexts", "valid")

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset  # held, so no other ruleset can take its id while it is cached
        self.elements: list[tuple[int, Callable[[Shape], int], int, int]] = [
            (i, e.count, e.fan, e.min_pungs) for i, e in enumerate(ruleset.elements) if e.scope != "win"
        ]
        self.limits: list[Limit] = [lim for lim in ruleset.limits if lim.scope != "win"]
        self.items: tuple[Item, ...] = tuple(Item(e.id, e.name, e.fan) for e in ruleset.elements)
        self.contexts: dict[int, _Context] = {}
        """By win type, seat, flowers and seasons (as sets) and flags: all a ``"win"``-scope element reads."""
        self.valid: set[int] = set()
        """The :func:`_validation_key` of contexts found valid."""


_plans: Final[dict[int, _Plan]] = {}
_payments: Final[dict[tuple[int, int, int], tuple[int, int, int, int]]] = {}


def _plan_of(ruleset: Ruleset) -> _Plan:
    plan = _plans.get(id(ruleset))
    if plan is None or plan.ruleset is not ruleset:
        if len(_plans) > 64:
            _plans.clear()
        plan = _Plan(ruleset)
        _plans[id(ruleset)] = plan
    return plan


_WIN_INDEX: Final[dict[str, int]] = {w: i for i, w in enumerate(WIN_TYPES)}
_FLAG_BIT: Final[dict[str, int]] = {f: 1 << i for i, f in enumerate(FLAGS)}


def _flag_bits(flags: frozenset[str]) -> int:
    """Bit i for each flag ``FLAGS[i]`` (HK-6), or -1 when a flag is unknown."""
    bits = 0
    for f in flags:
        b = _FLAG_BIT.get(f)
        if b is None:
            return -1
        bits |= b
    return bits


def _validation_key(win: Win, flags: int) -> int:
    """What :func:`_validate_context` reads besides the bonus tiles, as one number: win type,
    seats, flags, and melds only as none, some, or some with a kong (R-3: a kong replacement
    needs a kong); -1 when a part is out of range (then the hand is validated in full)."""
    melds = 0
    for m in win.melds:
        melds = 2 if m.kind in ("kong", "ckong") else max(melds, 1)
    kind = _WIN_INDEX.get(win.win, -1)
    discarder = 4 if win.discarder is None else win.discarder
    if kind < 0 or flags < 0 or not (0 <= win.seat < 4 and 0 <= win.prevailing < 4 and 0 <= discarder <= 4):
        return -1
    if type(win.seat) is bool or type(win.prevailing) is bool or type(win.discarder) is bool:
        # True would key as South: validated in full, and refused (HK-2.1); the field itself, not
        # ``discarder``, which the compiled core stores as a native int (True read as 1)
        return -1
    return ((((kind * 4 + win.seat) * 4 + win.prevailing) * 5 + discarder) * 32 + flags) * 3 + melds


def _bonus_mask(group: tuple[int, ...]) -> int:
    """Bit b for each bonus number b of a valid group (distinct numbers 1-4, HK-1.3), else -1."""
    mask = 0
    if holds_a_bool(group):
        return -1
    for b in group:
        if not is_bonus_number(b) or mask >> b & 1:
            return -1
        mask |= 1 << b
    return mask


def _suits_and_honours(counts: list[int]) -> tuple[int, bool]:
    """Bit s set when suit s is present (HK-1.1), and whether any honour is."""
    suits = 0
    for s in range(3):
        b = 9 * s
        for t in range(b, b + 9):
            if counts[t]:
                suits |= 1 << s
                break
    honours = False
    for t in range(27, N_KINDS):
        if counts[t]:
            honours = True
            break
    return suits, honours


_prechecked: Final[list[tuple[Win, int, int, list[int], list[int]] | None]] = [None]
"""The last request read whose tiles the reader checked: (win, validation key, context key,
counts of all its tiles, of its concealed tiles); taken (once) by :func:`_checked`."""


def precheck(
    win: Win, counts: list[int], concealed: list[int], discarder: int | None, flags: int, melds: int, flowers: int, seasons: int
) -> None:
    """Remember what the request reader (:mod:`hkmj.scoring.request`) found while reading
    ``win``, so that :func:`_checked` need not compute it again: the counts of a hand whose
    tiles pass every check of :func:`_validate_tiles` (HK-1), its flags, melds (0 none, 1 some,
    2 some with a kong) and bonus tiles as bits (HK-1.3). The context is still validated
    (R-3, HK-6) unless a context of the same key was found valid before."""
    kind = _WIN_INDEX[win.win]
    seat = win.seat
    d = 4 if discarder is None else discarder
    valid = ((((kind * 4 + seat) * 4 + win.prevailing) * 5 + d) * 32 + flags) * 3 + melds
    key = ((kind * 4 + seat) * 32 + flowers) * 32 * 32 + seasons * 32 + flags
    _prechecked[0] = (win, valid, key, counts, concealed)


def _checked(win: Win, plan: _Plan) -> tuple[int, list[int], list[int]]:
    """Validate a hand (context remembered when valid, tiles always): its context key, the
    counts of all its tiles and of its concealed tiles. The whole validation of :func:`score`."""
    pre = _prechecked[0]
    if pre is not None and pre[0] is win:
        _prechecked[0] = None  # the counts go to the scorer: used once
        if pre[1] not in plan.valid:
            _validate_context(win)
            if len(plan.valid) > 16384:
                plan.valid.clear()
            plan.valid.add(pre[1])
        return pre[2], pre[3], pre[4]
    flowers = _bonus_mask(win.flowers)
    seasons = _bonus_mask(win.seasons)
    flags = _flag_bits(win.flags)
    valid = _validation_key(win, flags)
    if flowers < 0 or seasons < 0 or valid < 0 or valid not in plan.valid:
        _validate_context(win)
        if len(plan.valid) > 16384:
            plan.valid.clear()
        plan.valid.add(valid)
    counts, concealed = _validate_tiles(win)
    # all a "win"-scope element reads: win type, seat, flowers and seasons as sets, flags
    return ((_WIN_INDEX[win.win] * 4 + win.seat) * 32 + flowers) * 32 * 32 + seasons * 32 + flags, counts, concealed


def score(win: Win, ruleset: Ruleset) -> ScoreResult:
    """Score a winning hand: the best reading (HK-5.6: highest base, then most fan).

    Elements and limits of scope ``"win"`` depend only on how the hand was won, so they
    are computed once per distinct context and remembered (with that context's validation);
    each reading evaluates only the ``"hand"``-scope ones, and only the best reading is
    turned into a result.
    """
    plan = _plan_of(ruleset)
    try:
        key, counts, concealed = _checked(win, plan)
    except (TypeError, AttributeError):  # a field of the wrong type (melds of strings): say which
        raise_type_problem(win)
        raise
    context = plan.contexts.get(key)
    found = readings(concealed, len(win.melds))
    if not found:
        quad = four_alike_as_pairs(concealed, len(win.melds))
        raise InvalidHand(
            f"{format_tiles(win.concealed)}"
            + "".join(f" + {m}" for m in win.melds)
            + (
                " has no valid reading: it is not four groups and a pair, seven pairs or thirteen orphans (HK-5)"
                if quad is None
                else f" has no valid reading: seven pairs are seven distinct pairs, and {tile_str(quad)} is held four times (HK-5.3)"
            )
        )
    suits, honours = _suits_and_honours(counts)
    best: tuple[int, int, Limit | None, list[int], str] | None = None
    for reading in found:
        shape = Shape(win, reading, counts, suits, honours)
        if context is None:
            context = _context_elements(shape, ruleset)
            if len(plan.contexts) > 16384:
                plan.contexts.clear()
            plan.contexts[key] = context
        scored = _score_reading(shape, plan, context)
        if best is None or (scored[0], scored[1]) > (best[0], best[1]):
            best = scored
    assert best is not None
    return _result(best, plan, win)


def _context_elements(shape: Shape, ruleset: Ruleset) -> _Context:
    counts = [e.count(shape) if e.scope == "win" else -1 for e in ruleset.elements]
    fan = sum(n * e.fan for n, e in zip(counts, ruleset.elements, strict=True) if n > 0)
    limit = next((lim for lim in ruleset.limits if lim.scope == "win" and lim.test(shape)), None)
    return _Context(counts, fan, limit)


def _score_reading(shape: Shape, plan: _Plan, context: _Context) -> tuple[int, int, Limit | None, list[int], str]:
    """(base, fan, limit, count of each element, shape) of one reading."""
    counts = list(context.counts)
    fan = context.fan
    n_pungs = len(shape.pungs)
    for i, count, fan_each, min_pungs in plan.elements:
        n = count(shape) if n_pungs >= min_pungs else 0
        counts[i] = n
        fan += n * fan_each
    limit = context.limit
    if limit is None:
        for lim in plan.limits:
            if n_pungs >= lim.min_pungs and lim.test(shape):
                limit = lim
                break
    ruleset = plan.ruleset
    base = ruleset.limit_base if limit is not None else ruleset.base(fan)
    return base, fan, limit, counts, shape.kind


def _result(scored: tuple[int, int, Limit | None, list[int], str], plan: _Plan, win: Win) -> ScoreResult:
    """The :class:`ScoreResult` of the best reading: items in table order, payments by seat."""
    base, fan, limit, counts, kind = scored
    items: list[Item] = []
    all_items = plan.items
    for i, n in enumerate(counts):
        if n > 0:
            item = all_items[i]
            items.append(item)
            if n > 1:
                items.extend([item] * (n - 1))
    discarder = -1 if win.win == "self_draw" or win.discarder is None else win.discarder
    key = (base, win.seat, discarder)
    pay = _payments.get(key)
    if pay is None:
        pay = payments(base, win.seat, None if discarder < 0 else discarder)
        if len(_payments) > 4096:
            _payments.clear()
        _payments[key] = pay
    return ScoreResult(
        fan=fan,
        limit=limit.name if limit else None,
        limit_id=limit.id if limit else None,
        base=base,
        items=tuple(items),
        payments=pay,
        shape=kind,
    )
