"""``hkmj play``: a full Hong Kong match against three bots in the terminal.

The game logic the screen needs lives in plain modules that never import Textual:

* :mod:`hkmj.tui.texts` — every string, one table per language (``en``, ``fr``).
* :mod:`hkmj.tui.faces` — how a tile is drawn: coloured 2-cell text or a padded U+1F000 glyph.
* :mod:`hkmj.tui.hints` — shanten, waits and the discards that keep the most improving tiles.
* :mod:`hkmj.tui.session` — the adapter: drives the engine for one human seat through its
  :class:`~hkmj.engine.SeatView` and legal actions (exactly as a bot does), judges the keys the
  player presses, explains refusals by their HK rule, and builds the end-of-hand summary.
* :mod:`hkmj.tui.app` — the Textual widgets and screens (the only module importing Textual).
* :mod:`hkmj.tui.command` — the ``play`` subcommand of ``hkmj``.
"""
