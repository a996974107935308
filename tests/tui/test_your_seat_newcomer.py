"""``hkmj play`` as a newcomer who is not East plays it at 80×24: who they are is still on screen
when their first turn comes, after the bots' moves have pushed the hand's first line out of the
log (HK-2.1, MCR-2.3, CL-4.5)."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from hkmj.bots import make_bot
from hkmj.rulesets import get_ruleset
from hkmj.tui.app import PlayApp
from hkmj.tui.session import Session


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now, its lines joined by single spaces."""
    return re.sub(r"[ \n│▁▂▃▄▅▆▇█]+", " ", " ".join(strip.text for strip in app.screen._compositor.render_strips()))


async def _to_first_turn_after_east(pilot: Pilot[None], s: Session) -> None:
    """Pass any claim offered before the human's first turn, and check it came at a seat after East's."""
    await pilot.pause()
    for _ in range(8):
        v = s.view()
        if v.phase == "turn" and v.turn == s.seat:
            break
        await pilot.press("space")
        await pilot.pause()
    v = s.view()
    assert v.phase == "turn" and v.turn == s.seat and s.seat != 0, s.status()


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(("lang", "words"), [("en", "You are {wind} · +0"), ("fr", "Vous êtes {wind} · +0")])
async def test_a_newcomer_who_is_not_east_sees_their_seat_wind_at_their_first_turn_at_80x24(rules: str, lang: str, words: str) -> None:
    """Seed 1 seats the human North: "— Hand 1: you are North…" and the teaching note had
    scrolled out of the 5-row log before the first turn (bonus tiles, three discards), and the
    hand panel said "North · You", a label like the bots' "South · Bot 3": it now says "You are
    North", in English and French, at every ruleset's table."""
    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=1, length="hands", hands=1, teach=True, lang=lang, rules=get_ruleset(rules))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_first_turn_after_east(pilot, s)
        shown = screen_text(app)
        wind = s.tx.wind(s.seat)
        hand_line = s.tx("ev.hand", hand=1, wind=wind, prevailing=s.tx.wind(0), dealer=s.player_name(s.by_seat[0]))
        assert hand_line not in shown  # the log's first line is out of view: the panel says it
        assert words.format(wind=wind) in shown, shown



@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_teaching_tables_note_is_on_screen_at_a_seat_after_easts_first_turn_at_80x24(rules: str, lang: str) -> None:
    """HK-5.7, MCR-5.4, CL-7.7: at a teaching table the note "Teaching table: refused actions are
    explained…" opens the log, and by the first turn of a newcomer seated North (seed 1) the other
    seats' bonus tiles and discards had pushed it out of the 80×24 log: it is said again as that
    turn comes, in English and French, at every ruleset's table (once: not at the next turn)."""
    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=1, length="hands", hands=1, teach=True, lang=lang, rules=get_ruleset(rules))
    intro = re.sub(r"\s+", " ", s.tx("teach.intro"), flags=re.ASCII)  # a no-break space stays, as on the screen
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_first_turn_after_east(pilot, s)
        assert intro in screen_text(app), screen_text(app)
        assert [n.text for n in s.history].count(s.tx("teach.intro")) == 2
        await pilot.press("enter")  # discard: the turn passes, and the note is not said a third time
        await pilot.pause()
        assert [n.text for n in s.history].count(s.tx("teach.intro")) == 2
