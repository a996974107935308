"""The Textual screens of ``hkmj play``: the table, help, end of hand, ranking, quit.

Widgets only draw what :class:`~hkmj.tui.session.Session` and :mod:`hkmj.tui.render` compute
and forward keys and clicks to the session's ``try_*`` methods. Bots are paced by ``delay``
seconds before each of their turns and after each discard the human could still declare
Mahjong on (twice as long, HK-5.7); with ``delay=0`` (tests) the table runs straight to the human's next decision.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, RichLog, Static

from hkmj.bots.advice import Advisor, advisor_name, make_advisor
from hkmj.engine import WIN, Action, Chow, Kong, SeatView
from hkmj.tiles import Tile
from hkmj.tui.hints import best_move, dead_lines, describe, hint_for
from hkmj.tui.render import (
    KEY_LABELS,
    POND_LINE,
    SummaryBody,
    french_lines,
    hand_index_at,
    help_text,
    hint_text,
    opponent_text,
    pond_count_at,
    pond_index_at,
    pond_line,
    ranking_text,
    rules_text,
    summary_footer,
    you_text,
)
from hkmj.tui.session import HandSummary, Note, Outcome, Session
from hkmj.tui.texts import Texts

__all__ = ["MIN_SIZE", "PlayApp", "TableScreen", "TooSmallScreen"]

KEY_CHARS = "1234567890"
"""Number keys: pick a chow or kong from a list; they also select the first ten tiles."""
AZERTY_CHARS = "&é\"'(-è_çà"
"""The unshifted number row of a French keyboard, accepted as 1-9, 0."""
COMMAND_KEYS = "pckmhq?"
"""The printable keys of the table's commands (its bindings): never answered as unused."""
NARROW = 100
"""Below this width the hint panel takes the log's place instead of sharing its row."""

NOTE_STYLES = {
    "refused": "bold #ff6b6b",
    "rule": "#ffd75f",
    "teach": "italic #87afff",
    "you": "bold",
    "info": "#5fafaf",
    "event": "",
}


LOG_KEEP = 400
"""Notes rewritten when the log is re-wrapped."""
BAR_SIZE = 12
"""Buttons in the action bar (a pool: unused ones are hidden)."""


class ActionButton(Button, can_focus=False):
    """A button of the action bar (never takes the focus: keys stay with the table)."""


BarItem = tuple[str, Action | None, str]
"""A button of the action bar: its command, its action (None: the key's own choice) and its label."""


def bar_width(bar: list[BarItem]) -> int:
    """Cells the action bar takes: its padding, and each button (its label, a cell each side, at
    least 8) with its margin (see the ``#actions`` CSS)."""
    return 2 + sum(max(cell_len(label) + 2, 8) + 1 for _, _, label in bar)


def fit_bar(bar: list[BarItem], width: int, tx: Texts) -> list[BarItem]:
    """The action bar within ``width`` cells: when it does not fit, several chows become one
    ``Chow [c]`` button (then a numbered choice, as the key does), several kongs one ``Kong [k]``,
    then the help and hint buttons go (the keys line below names ``h`` and ``?``); last a lone
    kong's and a lone chow's buttons drop their tiles (``Kong [k]``, ``Chow [c]``, still claiming
    that one meld): a discard one may claim as Mahjong, kong, pung and chow at once kept ``Pass``
    past the right edge at 80 columns."""

    def fold(items: list[BarItem], command: str, label: str) -> list[BarItem]:
        if sum(c == command for c, _, _ in items) < 2:
            return items
        first = next(i for i, (c, _, _) in enumerate(items) if c == command)
        rest = [b for b in items if b[0] != command]
        return [*rest[:first], (command, None, label), *rest[first:]]

    def plain(items: list[BarItem], command: str, label: str) -> list[BarItem]:
        return [(c, a, label if c == command else text) for c, a, text in items]

    steps = (
        lambda b: fold(b, "chow", tx("btn.chow.any")),
        lambda b: fold(b, "kong", tx("btn.kong.any")),
        lambda b: [x for x in b if x[0] != "help"],
        lambda b: [x for x in b if x[0] != "hint"],
        lambda b: plain(b, "kong", tx("btn.kong.any")),
        lambda b: plain(b, "chow", tx("btn.chow.any")),
    )
    for step in steps:
        if bar_width(bar) <= width:
            break
        bar = step(bar)
    return bar


class OpponentView(Static):
    """An opponent's title, exposed melds, bonus tiles and pond; a click on its pond is judged (HK-4.1)."""

    def __init__(self, relation: str, *, id: str) -> None:
        super().__init__(id=id)
        self.relation = relation
        self.seat = 0
        self.pond_len = 0

    def pond_lines(self) -> int | None:
        """The lines its pond has (below the title, seat information and melds), once laid out."""
        height = self.content_size.height
        return max(1, height - pond_line(self.content_size.width)) if height else None

    def on_click(self, event: events.Click) -> None:
        off = event.get_content_offset(self)
        if off is None:
            return
        width = self.content_size.width
        x, y = off.x, off.y - pond_line(width)
        i = pond_index_at(x, y, width, self.pond_len, self.pond_lines())
        if i is not None and isinstance(self.screen, TableScreen):
            self.screen.touch_pond(self.seat, i)
        elif pond_count_at(x, y, width, self.pond_len, self.pond_lines()) and isinstance(self.screen, TableScreen):
            self.screen.handle(self.screen.session.pond_note(self.seat))


class YouView(Static):
    """Your seat: a click selects a tile of your hand; a second click on it discards it."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.n_row = 0
        self.has_drawn = False
        self.seat = 0
        self.pond_len = 0

    def pond_lines(self) -> int | None:
        """The lines your pond has (below your title, hand and keys), once laid out."""
        height = self.content_size.height
        return max(1, height - POND_LINE) if height else None

    def on_click(self, event: events.Click) -> None:
        off = event.get_content_offset(self)
        if off is None or not isinstance(self.screen, TableScreen):
            return
        if off.y == 1:
            i = hand_index_at(off.x, self.n_row, self.has_drawn)
            if i is not None:
                self.screen.click_tile(i)
        elif off.y >= POND_LINE:
            x, y, width = off.x, off.y - POND_LINE, self.content_size.width
            j = pond_index_at(x, y, width, self.pond_len, self.pond_lines())
            if j is not None:
                self.screen.touch_pond(self.seat, j)
            elif pond_count_at(x, y, width, self.pond_len, self.pond_lines()):
                self.screen.handle(self.screen.session.pond_note(self.seat))


class TableLog(RichLog):
    """The table log. Shown again a moment ago (a key that closed the hint panel), it may have no
    width yet when the screen rebuilds it: every line was then wrapped 20 cells wide ("The key x
    does / nothing here: the / …"). Such a rebuild waits for the log's width (``rewrap``)."""

    rewrap: Callable[[], None] | None = None

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width > 0 and self.rewrap is not None:
            rewrap, self.rewrap = self.rewrap, None
            self.call_after_refresh(rewrap)


class TableScreen(Screen[None]):
    """The table: three opponents, your seat, the action bar, what to do now, the log and hints."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #header { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #across { height: 4; padding: 0 1; background: $boost; }
    #sides { height: 5; }
    #left, #right { width: 1fr; height: 5; padding: 0 1; }
    #header, #across, #left, #right, #you { text-wrap: nowrap; text-overflow: ellipsis; }
    #right { background: $boost; }
    #you { height: 5; padding: 0 1; background: $primary-background; }
    #actions { height: 1; padding: 0 1; }
    #actions ActionButton { margin: 0 1 0 0; min-width: 8; }
    #status { height: 2; padding: 0 1; color: $warning; text-style: bold; }
    #status.confirming { height: auto; max-height: 4; }
    #bottom { height: 1fr; }
    #log { width: 1fr; background: $surface; scrollbar-size-vertical: 1; overflow-x: hidden; }
    #hints { width: 1fr; display: none; padding: 0 1; background: $boost; scrollbar-size-vertical: 1; }
    #hints.shown { display: block; }
    #keys { height: auto; max-height: 2; background: $panel; color: $text-muted; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("enter", "discard", show=False),
        Binding("space", "pass_claim", show=False),
        Binding("p", "pung", show=False),
        Binding("c", "chow", show=False),
        Binding("k", "kong", show=False),
        Binding("m", "mahjong", show=False),
        Binding("h", "hint", show=False),
        Binding("question_mark", "help", show=False),
        Binding("q", "quit_game", show=False),
        Binding("escape", "cancel", show=False),
        Binding("pageup", "scroll_panel(-1)", show=False),
        Binding("pagedown", "scroll_panel(1)", show=False),
    ]

    def __init__(self, session: Session, *, glyphs: bool = False, delay: float = 0.3) -> None:
        super().__init__()
        self.session = session
        self.tx: Texts = session.tx
        self.glyphs = glyphs
        self.delay = delay
        self.selected: int | None = None
        self.pending_choices: tuple[Action, ...] = ()
        self.confirming = False
        self.hold = False
        self.hints_shown = False
        self._advisor: Advisor | None = None
        """The hint's advisor (made on the first hint)."""
        self._best_for: tuple[tuple[SeatView, tuple[Action, ...]], tuple[Action, str] | None] | None = None
        """The last decision the advisor was asked about, and its best move (the screen refreshes often)."""
        self._row_key: tuple[object, ...] | None = None
        self._timer: Timer | None = None
        self._waited = False
        self._ending = False
        self._choices_key: tuple[str, ...] = ()
        self._bar: list[tuple[str, Action | None]] = []
        self._armed: int | None = None
        """The tile clicked once: a second click on it discards it."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield OpponentView("across", id="across")
        with Horizontal(id="sides"):
            yield OpponentView("left", id="left")
            yield OpponentView("right", id="right")
        yield YouView(id="you")
        with Horizontal(id="actions"):
            for i in range(BAR_SIZE):
                yield ActionButton("", id=f"act-{i}", compact=True)
        yield Static(id="status")
        with Horizontal(id="bottom"):
            yield TableLog(id="log", wrap=True, min_width=20, markup=False, max_lines=LOG_KEEP)
            with VerticalScroll(id="hints", can_focus=False):
                yield Static(id="hints-body")
        yield Static(self.tx("keys"), id="keys")

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).can_focus = False
        s = self.session
        if s.history:  # a resumed match (hkmj play --resume): its log so far
            self.add_notes(s.history[-LOG_KEEP:])
        if s.hand is None or s.summary is not None:
            self.add_notes(s.start_hand())
        self.pump()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view()
        self.call_after_refresh(self._rebuild_log)

    def _rebuild_log(self) -> None:
        """Re-wrap the log to its current width (after a resize or showing the hints); once it
        has a width, when it has none yet (:class:`TableLog`)."""
        log = self.query_one("#log", TableLog)
        if log.display and log.scrollable_content_region.width <= 0:
            log.rewrap = self._rebuild_log
            return
        log.clear()
        self.add_notes(self.session.history[-LOG_KEEP:])
        self._refusal_from_its_start()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._ending or self._timer is not None:  # a bot's pause runs (the table opening: mount, then resume)
            return
        self._waited = False  # back from the help or a question: the next bot move waits its pause again
        self.pump()

    # ------------------------------------------------------------------ drawing

    def add_notes(self, notes: tuple[Note, ...] | list[Note]) -> None:
        """Write notes to the table log, coloured by kind (refusals, rules, teaching warnings…)."""
        log = self.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        for n in notes:
            log.write(self._log_text(n, width))

    def _log_text(self, note: Note, width: int) -> Text:
        """A note as the log writes it ``width`` cells wide: in French broken into lines by
        :func:`~hkmj.tui.render.french_lines` (no line opening on "; vous payez…"), re-broken when
        the log is rebuilt at another width; before the log has a width, Rich's wrapping."""
        text = french_lines(note.text, width) if self.tx.lang == "fr" and width > 0 else note.text
        return Text(text, style=NOTE_STYLES.get(note.kind, ""))

    def _refusal_from_its_start(self) -> None:
        """When the log ends with a refusal (its reason, then at a teaching table its rule and a
        warning) taller than the log, show it from its first line: the log shows its last lines,
        and at 80×24 its five rows left out the reason itself ("You hold only one 3 Circles: a pung
        needs two in your hand", then HK-4.3, HK-4.5 and the pairs-solitaire warning). The game
        waits for the player's next key, so nothing follows it until then."""
        history = self.session.history
        start = len(history) - 1
        while start >= 0 and history[start].kind in ("rule", "teach"):
            start -= 1
        if start < 0 or history[start].kind != "refused":
            return
        log = self.query_one("#log", RichLog)
        region = log.scrollable_content_region
        if not log.display or region.height <= 0:
            return  # the hint panel covers it: shown again by _rebuild_log
        rows = sum(len(self._log_text(n, region.width).wrap(self.app.console, region.width)) for n in history[start:])
        if rows > region.height:  # after the scroll to the end that writing it asked for
            log.call_after_refresh(lambda: log.scroll_to(y=max(0, len(log.lines) - rows), animate=False))

    def hand_tiles(self) -> list[Tile]:
        """Your hand as shown: sorted tiles then the drawn one."""
        row, drawn = self.session.hand_row()
        return row + ([drawn] if drawn is not None else [])

    def _sync_selection(self) -> None:
        row, drawn = self.session.hand_row()
        key = (tuple(row), drawn)
        n = len(row) + (drawn is not None)
        if key != self._row_key:
            self._row_key = key
            self._armed = None
            if n == 0:
                self.selected = None
            elif drawn is not None or self.selected is None:
                self.selected = n - 1
        if self.selected is not None and n:
            self.selected = max(0, min(self.selected, n - 1))

    def refresh_view(self) -> None:
        """Redraw everything from the session (the human's view only)."""
        if not self.is_mounted:
            return
        s = self.session
        tx = self.tx
        self._sync_selection()
        header = self.query_one("#header", Static)
        width = header.content_size.width or self.app.size.width - 2
        header.update(Text(s.header(width), no_wrap=True, overflow="ellipsis"))
        for rel, off in (("right", 1), ("across", 2), ("left", 3)):
            w = self.query_one(f"#{rel}", OpponentView)
            p = s.panel((s.seat + off) % 4)
            w.seat, w.pond_len = p.seat, len(p.pond)
            w.update(opponent_text(p, tx, self.glyphs, max(1, w.content_size.width), w.pond_lines()))
        you = self.query_one("#you", YouView)
        p = s.panel(s.seat)
        row, drawn = s.hand_row()
        you.n_row, you.has_drawn, you.seat, you.pond_len = len(row), drawn is not None, s.seat, len(p.pond)
        you.update(you_text(p, row, drawn, self.selected, tx, self.glyphs, max(1, you.content_size.width), you.pond_lines()))
        self._update_actions()
        status = self.query_one("#status", Static)
        status.set_class(self.confirming, "confirming")  # the whole warning: the log may be hidden by the hint
        status.update(Text(self.status_line()))
        hints = self.query_one("#hints", VerticalScroll)
        hints.set_class(self.hints_shown, "shown")
        self.query_one("#log", RichLog).display = not (self.hints_shown and self.size.width < NARROW)
        if self.hints_shown:
            room = hints.content_size.height  # at 80×24: the distance, the best move, the heading and two discards
            width = hints.size.width - 3  # less its padding and the scrollbar's column
            if tx.lang == "fr" and hints.scrollable_content_region.width > 0:
                width = hints.scrollable_content_region.width  # French lines are broken by hint_text itself, as wide as shown
            lines = self.hint_lines(min(4, max(1, room - 3)) if room else 4)
            body = hint_text(tx("hint.title") + " — ", lines, width if room else None, room or None, lang=tx.lang)
            self.query_one("#hints-body", Static).update(body)

    def status_line(self) -> str:
        """What to do now (or the pending choice / confirmation)."""
        tx = self.tx
        if self.confirming:  # the keys first, then the whole warning (up to four lines at 80 columns)
            return tx("st.confirm") + " " + self.session.confirm_mahjong()
        if self.pending_choices:
            key = "choose.chow" if isinstance(self.pending_choices[0], Chow) else "choose.kong"
            return tx(key, options="  ".join(f"[{i + 1}] {self._choice_label(a)}" for i, a in enumerate(self.pending_choices)))
        return self.session.status()

    def hint_lines(self, top: int = 4) -> list[str]:
        """The hint panel (key h): how far from ready, waits, the ``top`` best discards (from your own view
        only); a dead hand (MCR-5.4) has none of them."""
        if self.session.over:
            return [self.tx("hint.none")]
        view, legal = self.session.view(), self.session.legal()
        if self.session.dead_hand:  # MCR-5.4: no distance to ready, no discard toward a win: the safest discard
            return dead_lines(view, legal, self.tx)
        key = (view, legal)
        if self._best_for is None or self._best_for[0] != key:
            if self._advisor is None:
                self._advisor = make_advisor(0)
            move = best_move(view, legal, self._advisor)
            self._best_for = (key, None if move is None else (move, advisor_name(self._advisor)))
        hint = hint_for(view)
        return describe(hint, self.tx, top, self._best_for[1], under_min=hint.shanten < 0 and WIN not in legal)  # MCR-5.1, minfan

    def _choice_label(self, a: Action) -> str:
        if isinstance(a, Chow):
            return self.tx.tiles(a.tiles)
        if isinstance(a, Kong):
            return self.tx.tile(a.tile)
        return str(a)

    def _update_actions(self) -> None:
        tx = self.tx
        bar: list[BarItem] = []
        if self.pending_choices:
            for i, a in enumerate(self.pending_choices):
                bar.append(("pick", a, f"[{i + 1}] {self._choice_label(a)}"))
        elif not self.confirming:
            tiles = self.hand_tiles()
            for choice in self.session.choices():
                label = choice.label
                if choice.command == "discard":
                    t = tiles[self.selected] if self.selected is not None and self.selected < len(tiles) else None
                    label = tx("btn.discard", tile=tx.tile(t) if t is not None else "")
                bar.append((choice.command, choice.action, label))
        bar.append(("hint", None, tx("btn.hint")))
        bar.append(("help", None, tx("btn.help")))
        bar = fit_bar(bar, self.size.width or 80, tx)
        key = tuple(f"{c}|{label}" for c, _, label in bar)
        if key == self._choices_key:
            return
        self._choices_key = key
        self._bar = [(c, a) for c, a, _ in bar][:BAR_SIZE]
        for i, b in enumerate(self.query(ActionButton)):
            if i < len(bar):
                command, _, label = bar[i]
                b.label = Text(label)
                b.variant = "primary" if command == "mahjong" else "success" if command not in ("hint", "help") else "default"
                b.display = True
                b.remove_class("-active")  # a new action: don't swallow a quick click (Button ignores clicks while active)
                b.refresh(layout=True)
            else:
                b.display = False

    # ------------------------------------------------------------------ the bots' pace

    def _schedule(self, seconds: float) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(seconds, self.pump)

    def pump(self) -> None:
        """Run the bots until the human must decide (pacing their turns), or the hand ends."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.app.screen is not self or self._ending:
            return
        s = self.session
        while True:
            if s.over:
                self.refresh_view()
                self._end_hand()
                return
            if s.bots_pending() and s.view().phase != "turn":
                self.add_notes(s.step())  # bots answer a claim window silently
                continue
            if s.human_pending():
                if s.only_pass() and not self.hold:
                    if self.delay > 0 and not self._waited:
                        self._waited = True  # the discard stays on offer: Mahjong (m) may be declared
                        self.refresh_view()
                        self._schedule(2 * self.delay)
                        return
                    self._waited = False
                    self.add_notes(s.try_pass().notes)
                    continue
                self.refresh_view()
                return
            if self.delay > 0 and not self._waited:
                self._waited = True
                self.refresh_view()
                self._schedule(self.delay)
                return
            self._waited = False
            self.add_notes(s.step())

    def _end_hand(self) -> None:
        self._ending = True
        summary = self.session.finish_hand()
        self.refresh_view()  # the totals behind the end screen and the ranking are the settled ones
        self.app.push_screen(EndScreen(summary, self.tx, self.glyphs), self._after_end)

    def _after_end(self, _: None = None) -> None:
        s = self.session
        if s.match_over:
            self.app.push_screen(RankScreen(s.ranking(), s.match.hands_played, self.tx), self._after_rank)
            return
        self._ending = False
        self._row_key = None
        self.add_notes(s.start_hand())
        self.pump()

    def _after_rank(self, _: None = None) -> None:
        self.app.exit()

    # ------------------------------------------------------------------ the human

    def handle(self, out: Outcome) -> None:
        """Show an outcome: notes, a choice to make, a confirmation; move the game on after an action."""
        self.add_notes(out.notes)
        if self.hints_shown and self.size.width < NARROW and any(n.kind in ("refused", "rule") for n in out.notes):
            self.hints_shown = False  # below 100 columns the hint panel covers the log: show why the key (or a Mahjong, HK-5.7) was refused
            self.call_after_refresh(self._rebuild_log)
        elif out.notes and not out.done:
            self._refusal_from_its_start()
        self.pending_choices = out.choices
        self.confirming = out.confirm
        self.hold = bool(out.choices) or out.confirm
        if out.done:
            self._waited = False
            self.pump()
        else:
            self.refresh_view()

    def _reset_modes(self) -> None:
        self.pending_choices = ()
        self.confirming = False
        self.hold = False

    def click_tile(self, i: int) -> None:
        """Click on tile ``i`` of your hand: select it, or discard it if already selected."""
        if self._armed == i and self.selected == i and not self.pending_choices and self.session.human_pending() and self.session.view().phase == "turn":
            self._armed = None
            self.action_discard()
            return
        self._armed = i
        self.selected = i
        self.refresh_view()

    def touch_pond(self, seat: int, index: int) -> None:
        """Click on a discard in a pond (only the latest discard may be claimed, HK-4.1)."""
        self.handle(self.session.touch_pond(seat, index))

    def _tell(self, text: str) -> None:
        """Say in the log what a key did not do (``x``: no tile, no command). Kept in the session's
        history, so the log keeps it when it is rebuilt; below 100 columns the hint panel covers
        the log, so it closes, as for a refused key."""
        note = Note(text, "info")
        self.session.history.append(note)
        if self.hints_shown and self.size.width < NARROW:
            self.hints_shown = False
            self.refresh_view()
            self.call_after_refresh(self._rebuild_log)
        else:
            self.add_notes([note])

    def on_key(self, event: events.Key) -> None:
        ch = event.character or ""
        if self.confirming and event.key != "m":  # any other key cancels the declaration, and only that
            event.stop()
            event.prevent_default()
            self._reset_modes()
            self.refresh_view()
            self.pump()
            return
        if ch and ch in KEY_LABELS and not self.pending_choices:
            event.stop()
            event.prevent_default()
            i = KEY_LABELS.index(ch)
            if i < len(self.hand_tiles()):
                self._armed = None
                self.selected = i
                self.refresh_view()
            else:  # a letter of no tile (13 tiles: no 14th letter)
                self._tell(self.tx("key.unused", press=ch))
            return
        if ch and (ch in KEY_CHARS or ch in AZERTY_CHARS):
            i = (KEY_CHARS.index(ch) if ch in KEY_CHARS else AZERTY_CHARS.index(ch))
            event.stop()
            event.prevent_default()
            if self.pending_choices:
                if i < len(self.pending_choices):
                    a = self.pending_choices[i]
                    self._reset_modes()
                    self.handle(self.session.play(a))
                else:  # 4 with three chows listed
                    self._tell(self.tx("key.unused.choice", press=ch, n=len(self.pending_choices)))
                return
            if i < len(self.hand_tiles()):
                self.selected = i
                self.refresh_view()
            return
        if len(ch) == 1 and ch.isprintable() and not ch.isspace() and ch not in COMMAND_KEYS:
            event.stop()  # a key no tile and no command has (x, or a capital with Caps Lock on): say so
            if self.pending_choices:  # a tile's letter picks no tile while a chow or kong is chosen by number
                self._tell(self.tx("key.unused.choice", press=ch, n=len(self.pending_choices)))
            elif ch.isupper() and ch.lower() in KEY_LABELS + COMMAND_KEYS:  # P for p: Caps Lock, most likely
                self._tell(self.tx("key.caps", press=ch, lower=ch.lower()))
            else:
                self._tell(self.tx("key.unused", press=ch))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        if not bid.startswith("act-"):
            return
        command, action = self._bar[int(bid[4:])]
        if command == "hint":
            self.action_hint()
        elif command == "help":
            self.action_help()
        elif command == "discard":
            self.action_discard()
        elif command == "chow" and action is None:  # several chows in one button: pick one next
            self.action_chow()
        elif command == "kong" and action is None:
            self.action_kong()
        elif action is not None:
            self._reset_modes()
            self.handle(self.session.play(action))

    def action_move(self, step: int) -> None:
        n = len(self.hand_tiles())
        self._armed = None
        if n:
            self.selected = ((self.selected if self.selected is not None else 0) + step) % n
            self.refresh_view()

    def action_jump(self, where: int) -> None:
        n = len(self.hand_tiles())
        self._armed = None
        if n:
            self.selected = where % n
            self.refresh_view()

    def action_discard(self) -> None:
        if self.pending_choices:  # Enter takes no chow or kong of a numbered list: say how to
            self._tell(self.tx("key.unused.choice", press=self.tx("key.enter"), n=len(self.pending_choices)))
            return
        tiles = self.hand_tiles()
        if self.selected is None or self.selected >= len(tiles):
            return
        self.handle(self.session.try_discard(tiles[self.selected]))

    def action_pass_claim(self) -> None:
        self._reset_modes()
        self.handle(self.session.try_pass())

    def action_pung(self) -> None:
        self._reset_modes()
        self.handle(self.session.try_pung())

    def action_chow(self) -> None:
        self._reset_modes()
        self.handle(self.session.try_chow())

    def action_kong(self) -> None:
        self._reset_modes()
        self.handle(self.session.try_kong())

    def action_mahjong(self) -> None:
        confirmed = self.confirming
        self._reset_modes()
        self.handle(self.session.try_mahjong(confirmed=confirmed))

    def action_cancel(self) -> None:
        if self.pending_choices or self.confirming:
            self._reset_modes()
            self.refresh_view()
            self.pump()

    def action_hint(self) -> None:
        self.hints_shown = not self.hints_shown
        self.refresh_view()
        self.call_after_refresh(self._rebuild_log)
        self.call_after_refresh(self.refresh_view)  # now the panel's height is known: as many discards as fit

    def action_scroll_panel(self, pages: int) -> None:
        """PgUp/PgDn: scroll the hint panel when it is shown, else the log (neither takes the focus,
        so no other key scrolls them: a long list of waits went on below the panel, out of reach)."""
        panel: VerticalScroll | RichLog = self.query_one("#hints", VerticalScroll) if self.hints_shown else self.query_one("#log", RichLog)
        if pages < 0:
            panel.scroll_page_up(animate=False)
        else:
            panel.scroll_page_down(animate=False)

    def action_help(self) -> None:
        house = self.session.rules.changed_options()  # the header may leave some out: the help names them all
        self.app.push_screen(HelpScreen(self.tx, self.glyphs, self.session.help_line() if house else ""))

    def action_quit_game(self) -> None:
        again = self.app.again if isinstance(self.app, PlayApp) else ()
        self.app.push_screen(QuitScreen(self.tx, self._saved(), again), self._after_quit)

    def _saved(self) -> Path | None:
        return self.app.resumable() if isinstance(self.app, PlayApp) else None

    def _after_quit(self, leave: bool | None) -> None:
        if leave:
            self.app.exit()


class HelpScreen(ModalScreen[None]):
    """On-screen help (key ?): enough for a newcomer to finish a hand; it scrolls, and how to
    close and scroll it stays in view on the frame."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 96%; height: 94%; border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("question_mark", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, tx: Texts, glyphs: bool = False, table: str = "") -> None:
        super().__init__()
        self.tx = tx
        self.glyphs = glyphs
        self.table = table
        """The table's ruleset and every house option in words (the header may leave some out)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help") as box:
            box.border_title = self.tx("help.title")
            box.border_subtitle = self.tx("help.close")
            if self.table:
                yield Static(rules_text(self.tx("help.table", rules=self.table)), id="help-table")
            yield Static(self._body(), id="help-body")

    def _body(self, width: int | None = None) -> Text:
        """The help's text at ``width``; with glyph faces, which glyph is which tile."""
        legend = (self.tx("help.glyphs"), self.tx("help.glyphs_on")) if self.glyphs else None
        return help_text(self.tx("help.body"), self.tx.lang, width, legend)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fill)

    def _fill(self) -> None:
        """Fill the help to the width it has, continued lines hanging under their text."""
        body = self.query_one("#help-body", Static)
        if body.content_size.width > 0:
            body.update(self._body(body.content_size.width))
            if self.table:
                self.query_one("#help-table", Static).update(rules_text(self.tx("help.table", rules=self.table), body.content_size.width))

    def action_close(self) -> None:
        self.dismiss(None)


def open_help(app: App[Any], tx: Texts) -> None:
    """The help (key ?) from a screen over the table (the end of a hand, the ranking), as the
    table opens it: it closes back to that screen."""
    table = next((s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)), None)
    if table is not None:
        table.action_help()
    else:
        app.push_screen(HelpScreen(tx))


class EndScreen(ModalScreen[None]):
    """End of hand: the winner's itemised fan, base and why each payment, every hand revealed,
    totals. The summary scrolls; the key that goes on stays in view below it."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    #end { width: 96%; height: auto; max-height: 100%; border: round $success; background: $surface; padding: 0 1; }
    #end-scroll { height: auto; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }  /* the bar's column kept: text wraps once */
    #end-foot { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", show=False),
        Binding("space", "close", show=False),
        Binding("escape", "close", show=False),
        Binding("q", "app.ask_quit", show=False),
        Binding("question_mark", "help", show=False),
    ]

    def __init__(self, summary: HandSummary, tx: Texts, glyphs: bool) -> None:
        super().__init__()
        self.summary = summary
        self.tx = tx
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        with Vertical(id="end"):
            with VerticalScroll(id="end-scroll"):
                yield Static(SummaryBody(self.summary, self.tx, self.glyphs), id="end-body")  # wrapped as drawn
            yield Static(summary_footer(self.summary, self.tx), id="end-foot")

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        """Keep the footer on screen: the summary gets what the box's frame and footer leave."""
        self.query_one("#end-scroll").styles.max_height = max(1, self.size.height - 3)
        self.call_after_refresh(self._scroll_hint)
        self.set_timer(0.1, self._scroll_hint)  # again once the new height is laid out

    def _scroll_hint(self) -> None:
        scroll = self.query_one("#end-scroll", VerticalScroll)
        foot = summary_footer(self.summary, self.tx)
        if scroll.max_scroll_y > 0:
            foot.append("   " + self.tx("end.scroll"), style="dim")
        self.query_one("#end-foot", Static).update(foot)

    def action_help(self) -> None:
        open_help(self.app, self.tx)

    def action_close(self) -> None:
        self.dismiss(None)


class RankScreen(ModalScreen[None]):
    """End of match: the ranking (HK-7.3)."""

    DEFAULT_CSS = """
    RankScreen { align: center middle; }
    #rank { width: 60; max-width: 100%; height: auto; max-height: 100%; border: round $warning; background: $surface; padding: 1 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", show=False),
        Binding("q", "close", show=False),
        Binding("escape", "close", show=False),
        Binding("question_mark", "help", show=False),
    ]

    def __init__(self, rows: list[tuple[int, str, int]], hands: int, tx: Texts) -> None:
        super().__init__()
        self.rows = rows
        self.hands = hands
        self.tx = tx

    def compose(self) -> ComposeResult:
        yield Static(ranking_text(self.rows, self.hands, self.tx), id="rank")

    def action_help(self) -> None:
        open_help(self.app, self.tx)

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[bool]):
    """Leave the match? (y/n; o/n in French)."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    #quit { width: auto; max-width: 100%; height: auto; border: round $error; background: $surface; padding: 1 2; }
    """

    def __init__(self, tx: Texts, saved: Path | None = None, again: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.tx = tx
        self.saved = saved
        """The file the match is saved in as it is played (None: not saved)."""
        self.again = again
        """The options the command that resumes it repeats (``--lang fr``)."""
        self._answered = False
        """A key has answered: the question is closing (later keys of a burst still reach it)."""

    def compose(self) -> ComposeResult:
        text = self.tx("quit.ask")
        if self.saved is not None:
            from hkmj.tui.resume import resume_command

            text += "\n\n" + self.tx("quit.saved", command=resume_command(self.saved, self.again))
        yield Static(text, id="quit")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if self._answered:  # a key of the same burst (held down, typed ahead) after the answer: no second answer
            return
        self._answered = True
        self.dismiss(event.character in (self.tx("quit.yes"), "y"))


class TooSmallScreen(Screen[None]):
    """Shown instead of the table while the terminal is smaller than :data:`MIN_SIZE`: what the
    size is, what it must be, that the game waits, and how to leave (q)."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    #small { width: 100%; height: auto; content-align: center middle; text-align: center; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", show=False)]

    def __init__(self, tx: Texts) -> None:
        super().__init__()
        self.tx = tx

    def _text(self, width: int, height: int) -> Text:
        return Text(self.tx("small", width=width, height=height, min_width=MIN_SIZE[0], min_height=MIN_SIZE[1]))

    def compose(self) -> ComposeResult:
        yield Static(self._text(*self.app.size), id="small")

    def show(self, width: int, height: int) -> None:
        """Say the terminal's size now."""
        for box in self.query("#small").results(Static):  # none yet while it is being mounted
            box.update(self._text(width, height))

    def action_leave(self) -> None:
        self.app.exit()


MIN_SIZE = (80, 24)
"""The smallest terminal every screen fits (docs/play.md): below it the table waits behind
:class:`TooSmallScreen`."""


class PlayApp(App[None]):
    """``hkmj play``: the human against three bots (see :class:`~hkmj.tui.session.Session`)."""

    TITLE = "hkmj play"
    ENABLE_COMMAND_PALETTE = False
    """Textual's own palette (Ctrl+P: themes, screenshots, in English only) is not part of the game."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "ask_quit", show=False, priority=True),
        Binding("ctrl+q", "ask_quit", show=False, priority=True),
    ]

    def __init__(
        self, session: Session, *, glyphs: bool = False, delay: float = 0.3, saved: Path | None = None, again: tuple[str, ...] = ()
    ) -> None:
        super().__init__()
        self.session = session
        self.saved = saved
        """The file the match is saved in as it is played, for ``--resume`` (the quit question names it)."""
        self.again = again
        """The options the quit question's ``--resume`` command repeats (``--lang fr``, ``--delay 0``)."""
        self.table = TableScreen(session, glyphs=glyphs, delay=delay)

    def get_default_screen(self) -> Screen[None]:
        return self.table

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit_terminal)

    def action_ask_quit(self) -> None:
        """Ctrl+C (or Ctrl+Q), the keys a terminal user leaves with: the game's own question in the
        game's language (q's), and leave at once when pressed again or when the table is hidden."""
        if isinstance(self.screen, (QuitScreen, TooSmallScreen)):
            self.exit()
            return
        self.push_screen(QuitScreen(self.session.tx, self.resumable(), self.again), self._after_ask)

    def resumable(self) -> Path | None:
        """The file the quit question offers to resume the match from: none once the match is over
        (its last hand finished, HK-7.3: ``--resume`` would say there is nothing to resume)."""
        return None if self.session.match_over else self.saved

    def _after_ask(self, leave: bool | None) -> None:
        if leave:
            self.exit()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_terminal)

    def _fit_terminal(self) -> None:
        """Cover the game with :class:`TooSmallScreen` while the terminal is under 80×24 (the
        bots wait: the table only plays while it is the screen shown), and uncover it after."""
        width, height = self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if isinstance(self.screen, TooSmallScreen):
            if small:
                self.screen.show(width, height)
            else:
                self.pop_screen()
        elif small:
            self.push_screen(TooSmallScreen(self.session.tx))
