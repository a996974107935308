"""The physical wall, the dice and the break (HK-2.2–HK-2.4, HK-2.8).

Geometry used throughout (it is also how records describe the wall):

* The physical wall is 144 tiles, ``wall[36 * w + 2 * (k - 1) + level]``: wall ``w`` is the
  one in front of seat ``w`` (0 = East … 3 = North), ``k`` = 1..18 counts its stacks from its
  **right** end as its owner sees it, ``level`` 0 is the top tile and 1 the bottom one.
* Break (HK-2.3): with dice sum ``s``, wall ``(s - 1) % 4`` is opened after its ``s``-th
  stack from the right.
* Draw order (HK-2.4): from the stack left of the break, top then bottom, leftwards along
  that wall, then on to the wall of the previous seat in play order (the player on its
  left: East's wall continues into North's), each from its stack 1. The 144 tiles read
  this way are the *draw order*; its first 130 tiles are the live wall and its last 7 stacks
  (the ones right of the break) the dead wall.
* Dead wall (HK-2.7): a queue. Replacements leave from its front, which starts at the stack
  just right of the break (top, then bottom, then the next stack to the right); after each
  replacement the last tile of the live wall joins its back, so it keeps 14 tiles while
  the live wall lasts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from mypy_extensions import mypyc_attr

from hkmj.tiles import N_KINDS, N_TILE_IDS, Tile, full_set, parse_tiles, tile_str

__all__ = [
    "LIVE_START",
    "WALL_TILES",
    "break_position",
    "check_dice",
    "check_wall",
    "deal_positions",
    "dead_wall_order",
    "draw_order",
    "physical_from_order",
    "random_wall",
    "stacked_wall",
]

WALL_TILES: Final = 144
DEAD_TILES: Final = 14
LIVE_START: Final = WALL_TILES - DEAD_TILES
"""Tiles in the live wall before any replacement (130)."""


def check_dice(dice: Sequence[int]) -> tuple[int, int, int]:
    """Three dice, 1–6 each (HK-2.3); ``ValueError`` otherwise."""
    d = tuple(dice)
    if len(d) != 3 or not all(isinstance(x, int) and 1 <= x <= 6 for x in d):
        raise ValueError(f"dice {list(d)!r}: expected three numbers 1-6 (HK-2.3)")
    return (d[0], d[1], d[2])


def check_wall(wall: Sequence[Tile]) -> list[Tile]:
    """The 144 physical tiles of HK-1, each exactly once; ``ValueError`` naming the problem."""
    w = list(wall)
    try:
        usual = sorted(w) == _FULL_SORTED and set(map(type, w)) == _INT
    except TypeError:  # not comparable: explained below
        usual = False
    if usual:
        return w  # the usual case, checked at C speed; anything else is explained below
    if len(w) != WALL_TILES:
        raise ValueError(f"a wall has {WALL_TILES} tiles, not {len(w)} (HK-2.2)")
    counts = [0] * N_TILE_IDS
    for t in w:
        if not isinstance(t, int) or not 0 <= t < N_TILE_IDS:
            raise ValueError(f"{t!r} is not a tile")
        counts[t] += 1
    want = [0] * N_TILE_IDS
    for t in full_set():
        want[t] += 1
    for t in range(N_TILE_IDS):
        if counts[t] != want[t]:
            raise ValueError(f"the wall holds {counts[t]} of {tile_str(t)}, not {want[t]} (HK-1)")
    return w


def break_position(dice_sum: int) -> tuple[int, int]:
    """(wall seat, stack from its right end) where the wall opens (HK-2.3)."""
    return (dice_sum - 1) % 4, dice_sum


def _stack_index(dice_sum: int, i: int) -> int:
    """Physical index of the top tile of the ``i``-th stack in draw order."""
    bw = (dice_sum - 1) % 4
    r = (dice_sum + i) % 72
    w = (bw - r // 18) % 4
    return 36 * w + 2 * (r % 18)


def draw_order(wall: Sequence[Tile], dice_sum: int) -> list[Tile]:
    """The physical wall read in draw order from the break (HK-2.4)."""
    if 3 <= dice_sum <= 18 and len(wall) == WALL_TILES:
        return list(_ORDER[dice_sum - 3](wall))
    out: list[Tile] = []
    for i in range(72):
        p = _stack_index(dice_sum, i)
        out.append(wall[p])
        out.append(wall[p + 1])
    return out


def physical_from_order(order: Sequence[Tile], dice_sum: int) -> list[Tile]:
    """Inverse of :func:`draw_order`: the physical wall giving this draw order."""
    wall = [0] * WALL_TILES
    for i in range(72):
        p = _stack_index(dice_sum, i)
        wall[p] = order[2 * i]
        wall[p + 1] = order[2 * i + 1]
    return wall


def dead_wall_order() -> list[int]:
    """Draw-order indices of the initial dead wall, front of the queue first (HK-2.4, HK-2.7)."""
    return [WALL_TILES - 2 - 2 * (j // 2) + j % 2 for j in range(DEAD_TILES)]


def deal_positions() -> list[list[int]]:
    """Draw-order indices dealt to each seat (HK-2.5): blocks of 4 three times, East 2, others 1."""
    pos: list[list[int]] = [[], [], [], []]
    i = 0
    for _ in range(3):
        for seat in range(4):
            pos[seat].extend(range(i, i + 4))
            i += 4
    pos[0].extend((i, i + 1))
    i += 2
    for seat in (1, 2, 3):
        pos[seat].append(i)
        i += 1
    return pos


def random_wall(rng: random.Random) -> tuple[list[Tile], tuple[int, int, int]]:
    """Shuffle the 144 tiles, then throw three dice, all from ``rng`` (HK-2.2, HK-2.3, HK-2.8).

    The shuffle is ``rng.shuffle(wall)`` step for step (Fisher-Yates from the end, each index
    drawn by rejection from ``getrandbits``), inlined for speed: the same seed gives the same wall.
    """
    wall = list(_FULL_SET)
    if type(rng) is random.Random:
        bits = rng.getrandbits
        for i, n, k in _SHUFFLE_STEPS:
            j = bits(k)
            while j >= n:
                j = bits(k)
            wall[i], wall[j] = wall[j], wall[i]
    else:  # a subclass may draw differently
        rng.shuffle(wall)
    dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
    return wall, dice


@mypyc_attr(native_class=False)  # mypyc compiles no tuple subclass as a native class
class _Shuffled(tuple[Tile, ...]):
    """A wall made by :func:`_seeded_wall`: a permutation of the full set by construction (HK-1),
    and immutable, so that :class:`~hkmj.engine.Hand` need not check it again."""

    __slots__ = ()


def _seeded_wall(seed: int) -> tuple[_Shuffled, tuple[int, int, int]]:
    """:func:`random_wall` of ``random.Random(seed)`` (HK-2.8), the wall marked as checked."""
    wall, dice = random_wall(random.Random(seed))
    return _Shuffled(wall), dice


_FULL_SET: Final = tuple(full_set())
_FULL_SORTED: Final = sorted(_FULL_SET)
_INT: Final = {int}
_ORDER: Final = tuple(itemgetter(*(p + k for i in range(72) for p in (_stack_index(s, i),) for k in (0, 1))) for s in range(3, 19))
"""Per dice sum 3..18: reads a physical wall in draw order (HK-2.4)."""
_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, WALL_TILES)))
"""``random.shuffle``'s steps: position, bound of the drawn index, bits drawn."""
_DEAL: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(p) for p in deal_positions())
_DEAD_ORDER: Final[tuple[int, ...]] = tuple(dead_wall_order())


def _tiles(spec: str | Sequence[Tile | None]) -> list[Tile | None]:
    return list(parse_tiles(spec)) if isinstance(spec, str) else list(spec)


def stacked_wall(
    hands: Sequence[str | Sequence[Tile]],
    draws: str | Sequence[Tile | None] = (),
    replacements: str | Sequence[Tile] = (),
    dice: Sequence[int] = (1, 1, 1),
    fill_seed: int = 0,
    dead_wall: bool = True,
) -> list[Tile]:
    """A physical wall that deals exactly ``hands`` and then yields ``draws`` and ``replacements``.

    A test helper for scenario tests. ``hands[0]`` is East's 14 dealt tiles, the others 13
    (bonus tiles allowed: they are exposed and replaced at the deal, HK-2.6). ``draws`` are
    the live-wall draws after the deal in order (``None`` = any tile); ``replacements`` the
    dead-wall tiles in the order they will be taken (bonus replacements at the deal first).
    Tiles may be given as mpsz strings. Bonus tiles not placed go to the back of the dead
    wall (so the live wall holds none unless asked), the other tiles are placed by a
    shuffle with ``fill_seed``. ``dead_wall=False`` is for rulesets without one (MCR):
    replacements are then taken from the end of the wall, last tile first.
    """
    d = check_dice(dice)
    order: list[Tile | None] = [None] * WALL_TILES
    deal = deal_positions()
    if len(hands) != 4:
        raise ValueError("give the four dealt hands, East first")
    for seat, spec in enumerate(hands):
        tiles = _tiles(spec)
        want = 14 if seat == 0 else 13
        if len(tiles) != want or any(t is None for t in tiles):
            raise ValueError(f"seat {seat} is dealt {want} tiles, got {len(tiles)}")
        for p, t in zip(deal[seat], tiles, strict=True):
            order[p] = t
    first_draw = deal[3][-1] + 1
    draw_list = _tiles(draws)
    for i, t in enumerate(draw_list):
        order[first_draw + i] = t
    dead = dead_wall_order() if dead_wall else [WALL_TILES - 1 - j for j in range(DEAD_TILES)]
    repl = _tiles(replacements)
    for j, t in enumerate(repl):
        p = dead[j] if j < DEAD_TILES else LIVE_START - 1 - (j - DEAD_TILES)
        if p < first_draw + len(draw_list) or order[p] is not None:
            raise ValueError("draws and replacements overlap: the live wall is too short for both")
        order[p] = t
    remaining = [0] * N_TILE_IDS
    for t in full_set():
        remaining[t] += 1
    for x in order:
        if x is not None:
            remaining[x] -= 1
            if remaining[x] < 0:
                raise ValueError(f"too many {tile_str(x)} in the stacked wall (HK-1)")
    spare_bonus = [t for t in range(N_KINDS, N_TILE_IDS) if remaining[t]]
    for j in range(DEAD_TILES - 1, len(repl) - 1, -1):
        if not spare_bonus:
            break
        if order[dead[j]] is None:
            t = spare_bonus.pop()
            order[dead[j]] = t
            remaining[t] -= 1
    rest = [t for t in range(N_TILE_IDS) for _ in range(remaining[t])]
    random.Random(fill_seed).shuffle(rest)
    it = iter(rest)
    full = [x if x is not None else next(it) for x in order]
    return physical_from_order(full, sum(d))
