"""Players that drive the engine: the :class:`~hkmj.engine.Player` protocol and the bots.

* :class:`RandomBot` — uniform over the legal actions (so it never declares a false Mahjong).
* :class:`GreedyBot` — minimises shanten (:func:`hkmj.hand.shanten`), claims only what advances
  its hand, always wins when it can.
* :class:`StrongBot` — speed, value and defence weighed in expected points (HK-4, HK-5, HK-6).
* :class:`ExpertBot` — values every legal action (:meth:`~ExpertBot.advise`, the
  :class:`~hkmj.bots.advice.Advisor` protocol) and plays the best.

:func:`make_bot` builds one by name (``random``, ``greedy``, ``strong``, ``expert``);
:func:`load_bot` also takes a bot of one's own by import path ``module:factory`` (:func:`bot_factory`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.random_bot import RandomBot
from hkmj.bots.strong import StrongBot
from hkmj.engine.play import Player
from hkmj.scoring.model import echo

__all__ = ["BOTS", "ExpertBot", "GreedyBot", "Player", "RandomBot", "StrongBot", "bot_factory", "bot_name", "load_bot", "make_bot"]

BOTS: dict[str, Callable[[int], Player]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "expert": ExpertBot}
"""Bot constructors by name; each takes a seed."""


def bot_name(spec: str) -> str:
    """``spec`` as it names a bot: a built-in name in lower case, an import path as written (stripped)."""
    name = spec.strip()
    return name.lower() if name.lower() in BOTS else name


def bot_factory(spec: str) -> Callable[[int], Player]:
    """The constructor of bot ``spec``: a built-in name, or an import path ``module:factory``.

    ``factory`` (a dotted attribute path inside ``module`` is allowed) is called with a seed and
    must return a :class:`~hkmj.engine.Player` (``choose(view, legal)``; docs/bots.md). The
    module is imported with the usual ``sys.path``. Raises ``ValueError`` naming what is wrong:
    an unknown name, a module that cannot be imported, a missing or uncallable factory.
    """
    if not isinstance(spec, str):
        raise ValueError(f"bot {echo(spec)}: expected a bot name ({', '.join(BOTS)}) or an import path module:factory")
    name = bot_name(spec)
    if name in BOTS:
        return BOTS[name]
    module_name, colon, attr = name.partition(":")
    if not colon:
        raise ValueError(f"unknown bot {echo(spec)}: expected one of {', '.join(BOTS)}, or an import path module:factory")
    if not module_name.strip() or not attr.strip():
        raise ValueError(f"bot {echo(name)}: expected an import path module:factory, e.g. mybots:make_bot")
    try:
        obj: object = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        where = "" if e.name == module_name else f" ({e})"
        raise ValueError(f"bot {echo(name)}: no module {echo(module_name)} to import{where}; is its folder on the Python path?") from None
    except Exception as e:  # the module's own code failed
        raise ValueError(f"bot {echo(name)}: importing {echo(module_name)} failed: {type(e).__name__}: {e}") from None
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"bot {echo(name)}: {echo(module_name)} has no {echo(attr)}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise ValueError(f"bot {name!r}: {attr!r} is not callable (expected factory(seed) returning a player)")
    factory: Callable[[int], Player] = obj
    return factory


def make_bot(name: str, seed: int = 0) -> Player:
    """A bot by name (``random``, ``greedy``, ``strong`` or ``expert``) seeded with ``seed``; ``ValueError`` for an unknown name."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return factory(seed)


def load_bot(spec: str, seed: int = 0) -> Player:
    """Bot ``spec``, a built-in name or an import path ``module:factory`` (:func:`bot_factory`), seeded with ``seed``.

    For the tools that run one's own bots (``hkmj arena``, ``SingleSeatEnv``); :func:`make_bot`
    takes built-in names only. ``ValueError`` for an unknown name or a bad import path, or a
    factory that fails or returns something without a ``choose`` method.
    """
    factory = bot_factory(spec)
    name = bot_name(spec)
    if name in BOTS:
        return factory(seed)
    try:
        bot = factory(seed)
    except Exception as e:
        raise ValueError(f"bot {name!r}: factory({seed}) failed: {type(e).__name__}: {e}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {name!r}: factory({seed}) returned {bot!r}, which has no choose(view, legal) method")
    return bot
