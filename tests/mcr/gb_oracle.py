"""Adapter to PyPI ``PyMahjongGB``, the C++ official MCR calculator, for cross-checks.

``gb_fans(win)`` scores a :class:`hkmj.scoring.Win` with ``MahjongGB.MahjongFanCalculator``
and returns ``{fan id: count}`` in hkmj's ids, or None when the calculator finds no win.

One documented difference (docs/rules-mcr.md, MCR-6.22 Ruling): the calculator has an
extra fan outside the 81, "Concealed Kong and Melded Kong" (5 points); the Green Book
scores that hand Melded Kong (1) + Concealed Kong (2), which is what hkmj does, so the
adapter maps it to those two fans.
"""

from __future__ import annotations

from typing import Any

from hkmj.scoring import Win
from hkmj.scoring.mcr import MCR_FANS

_SUIT_CODES = ("W", "B", "T")  # characters, circles (dots), bamboo
_HONOUR_CODES = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N, White Green Red

_NAME_TO_ID = {f.name.lower(): f.id for f in MCR_FANS}
_NAME_TO_ID.update(
    {
        "all honors": "all_honors",
        "two dragons pungs": "two_dragon_pungs",
        "robbing the kong": "robbing_the_kong",
    }
)


def gb_tile(t: int) -> str:
    """hkmj tile → calculator code (W characters, B dots, T bamboo, F winds, J dragons)."""
    if t < 27:
        return f"{_SUIT_CODES[t // 9]}{t % 9 + 1}"
    return _HONOUR_CODES[t - 27]


def gb_args(win: Win) -> dict[str, Any]:
    """The calculator's keyword arguments for a hand."""
    packs = []
    for m in win.melds:
        if m.kind == "chow":
            packs.append(("CHI", gb_tile(m.tile + 1), 1))
        elif m.kind == "pung":
            packs.append(("PENG", gb_tile(m.tile), 1))
        else:
            packs.append(("GANG", gb_tile(m.tile), 1 if m.kind == "kong" else 0))
    hand = list(win.concealed)
    hand.remove(win.win_tile)
    flags = win.flags
    return {
        "pack": tuple(packs),
        "hand": tuple(gb_tile(t) for t in hand),
        "winTile": gb_tile(win.win_tile),
        "flowerCount": len(win.flowers) + len(win.seasons),
        "isSelfDrawn": win.win == "self_draw",
        "is4thTile": "last_of_kind" in flags,
        "isAboutKong": win.win == "robbed_kong" or "kong_replacement" in flags,
        "isWallLast": "last_wall_tile" in flags or "final_discard" in flags,
        "seatWind": win.seat,
        "prevalentWind": win.prevailing,
        "verbose": True,
    }


def gb_fans(win: Win) -> dict[str, int] | None:
    """The calculator's fans for ``win`` as {hkmj fan id: count}; None if it finds no win."""
    from MahjongGB import MahjongFanCalculator

    try:
        result = MahjongFanCalculator(**gb_args(win))
    except TypeError as e:
        if "NOT_WIN" in str(e):
            return None
        raise
    out: dict[str, int] = {}
    for _points, count, _cn, en in result:
        name = en.lower()
        if name == "concealed kong and melded kong":
            out["melded_kong"] = out.get("melded_kong", 0) + count
            out["concealed_kong"] = out.get("concealed_kong", 0) + count
            continue
        fid = _NAME_TO_ID[name]
        out[fid] = out.get(fid, 0) + count
    return out
