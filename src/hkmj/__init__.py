"""hkmj — Hong Kong Mahjong: exact rules, explainable scoring, bots and self-play.

The rules are numbered HK-1..HK-7 (see ``docs/`` and the rules page). The core
(:mod:`hkmj.tiles`, :mod:`hkmj.hand`, :mod:`hkmj.scoring`, :mod:`hkmj.engine`) is pure:
no I/O, no clocks, no global random state.
"""

__version__ = "0.1.0"


def compiled() -> bool:
    """True when the rules core was compiled with mypyc (a wheel from ``pip install .``; see README)."""
    from hkmj.hand import tables

    return not tables.__file__.endswith(".py")
