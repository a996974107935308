"""``hkmj play`` through Textual's pilot: keys, mouse, prompts, hints, help, end of hand, both languages."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rich.text import Text
from textual.widgets import Static

from hkmj.bots.advice import advisor_name, make_advisor
from hkmj.cli import build_parser
from hkmj.engine import Chow
from hkmj.scoring import Meld
from hkmj.tiles import tile
from hkmj.tui.app import ActionButton, EndScreen, HelpScreen, PlayApp, QuitScreen, RankScreen, TableScreen
from hkmj.tui.render import hand_positions
from hkmj.tui.session import Session
from hkmj.tui.testing import joined

Make = Callable[..., Session]
SIZE = (100, 34)


def log_text(session: Session) -> str:
    return "\n".join(n.text for n in session.history)


def static_text(app: PlayApp, selector: str) -> str:
    widget = app.screen.query_one(selector, Static)
    plain = getattr(widget.content, "plain", None)  # a Text, or the end screen's summary (render.SummaryBody)
    if isinstance(plain, str):
        return plain
    content = widget.render()
    return content.plain if isinstance(content, Text) else str(content)


def button(app: PlayApp, label: str) -> ActionButton:
    for b in app.screen.query(ActionButton):
        if b.display and str(b.label).startswith(label):
            return b
    raise AssertionError(f"no button {label!r}: {[str(b.label) for b in app.screen.query(ActionButton) if b.display]}")


@pytest.mark.asyncio
async def test_scripted_match_discard_pung_kong_win(make_session: Make) -> None:
    """The user discards (keys), claims a pung (p), discards with the mouse, declares a kong (k) and wins (m)."""
    s = make_session(teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert isinstance(app.screen, TableScreen)
        assert table.selected == 13  # the drawn 9m, kept apart
        assert "Your turn" in static_text(app, "#status")
        await pilot.press("enter")
        await pilot.pause()
        assert static_text(app, "#status") == "South discards Green dragon: pung (p), or pass (Space)."
        await pilot.press("p")
        await pilot.pause()
        assert s.view().melds[0] == (Meld("pung", tile("6z")),)
        # click twice on the 1z (last of the 11 tiles left after the pung): select, then discard
        x = hand_positions(11, False)[10] + 1  # +1: the panel's left padding
        await pilot.click("#you", offset=(x, 1))
        await pilot.pause()
        assert table.selected == 10 and "Discard East wind" in str(button(app, "Discard").label)
        await pilot.click("#you", offset=(x, 1))
        await pilot.pause()
        assert "You discard East wind." in log_text(s)
        assert "You may declare a kong (k)." in static_text(app, "#status")
        await pilot.press("k")
        await pilot.pause()
        assert s.view().melds[0][1] == Meld("ckong", tile("1m"))
        assert "Your hand is complete: declare Mahjong (m)!" in static_text(app, "#status")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        end = static_text(app, "#end-body")
        for words in (
            "You win the hand!",
            "Won by self-draw on 7 Bamboo (replacement tile after a kong).",
            "Every hand revealed",
            "Dragon pung",
            "Win on a kong replacement",
            "Total fan",
            "Base points: 16",
            "+96",
            "Totals: You +96  ·  Bot 1 (script) -32",
            "no fans from riichi, MCR",
            "Self-drawn win: everyone pays double the base, 2 × 16 = 32 each; the winner (you) receives 96 (HK-6).",
        ):
            assert words in end, words
        assert "Press Enter for the final ranking." in static_text(app, "#end-foot")
        assert "2m 2m 3m 3m" in end  # South's concealed tiles, revealed at the end only
        assert re.search(r"Total fan +4\n", end)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RankScreen)
        assert "1. You: +96" in static_text(app, "#rank")
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running


@pytest.mark.asyncio
async def test_french_buttons_and_end_screen(make_session: Make) -> None:
    """--lang fr: every string from the French table; the action bar works with the mouse."""
    s = make_session(lang="fr")
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert static_text(app, "#status").startswith("À vous\u00a0: choisissez votre défausse par sa lettre")
        assert "lettre+Entrée défausse · Espace passe · p c k m" in static_text(app, "#keys")
        assert static_text(app, "#header").startswith("Donne 1/1 · vent Est · donneur Vous")
        await pilot.click(button(app, "Défausser 9 Caractères"))
        await pilot.pause()
        assert static_text(app, "#status") == "Sud défausse Dragon Vert\u00a0: pung (p), ou passez (Espace)."
        await pilot.click(button(app, "Pung"))
        await pilot.pause()
        assert "Vous réclamez Dragon Vert à Sud\u00a0: pung." in log_text(s)
        await pilot.press("end", "enter")
        await pilot.pause()
        await pilot.click(button(app, "Kong 1 Caractères"))
        await pilot.pause()
        await pilot.click(button(app, "Mahjong\u00a0!"))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        end = static_text(app, "#end-body")
        assert "Vous gagnez la donne\u00a0!" in end and "Pung de Dragon" in end and "Points de base\u00a0: 16" in end
        flat = joined(end)  # French sentences are broken into lines by the box itself (never before ";")
        assert "Victoire en piochant\u00a0: chacun paie le double de la base, 2 × 16 = 32\u00a0; le gagnant (vous) reçoit 96 (HK-6)." in flat
        assert "Totaux\u00a0: " in end and static_text(app, "#end-foot").startswith("Appuyez sur Entrée pour le classement final.")


@pytest.mark.asyncio
async def test_teach_refusals_on_screen(make_session: Make) -> None:
    """--teach: a refused key is explained by its rule; a false Mahjong is refused and play goes on."""
    s = make_session(teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.press("m")
        await pilot.pause()
        text = log_text(s)
        assert "There is no discard to claim now." in text and "HK-4.1: only the latest discard" in text
        assert "Mahjong refused (teaching table, HK-5.7)" in text
        assert "not pairs solitaire" not in text  # 111m 88s 66z: a pung and two pairs, no hand of pairs
        assert isinstance(app.screen, TableScreen) and not s.over
        await pilot.press("enter")  # still East's turn: the discard goes through
        await pilot.pause()
        assert "You discard 9 Characters." in log_text(s)
        await pilot.press("c")
        await pilot.pause()
        assert "Green dragon is an honour: honours never make chows." in log_text(s)
        # clicking an old discard in a pond (HK-4.1)
        await pilot.click("#you", offset=(1, 3))
        await pilot.pause()
        assert log_text(s).endswith("HK-4.1: only the latest discard can be claimed, and only before the next player draws.")


@pytest.mark.asyncio
async def test_strict_false_mahjong_penalty(make_session: Make) -> None:
    """Strict table (HK-5.7): m asks for confirmation, m again declares; the hand ends with a penalty."""
    s = make_session()
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "Press m again to declare Mahjong" in static_text(app, "#status")
        await pilot.press("p")  # any other key cancels, and does nothing else
        await pilot.pause()
        assert "Your turn" in static_text(app, "#status")
        assert "There is no discard to claim now." not in log_text(s)
        await pilot.press("m", "m")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        end = static_text(app, "#end-body")
        assert "False Mahjong by you." in end and "-192" in end and "it is 1 tile from ready." in end
        assert "Its declarer (you) pays 64 to each other player (HK-5.7)." in end  # self-drawn: no discarder (HK-5.7)


@pytest.mark.asyncio
async def test_hint_panel_and_help(make_session: Make) -> None:
    s = make_session(teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hints = app.screen.query_one("#hints")
        assert not hints.display
        await pilot.press("h")
        await pilot.pause()
        assert hints.display
        text = " ".join(static_text(app, "#hints-body").split())  # a long line continues under its text
        assert "Your hand is 1 tile from ready." in text and "Best discards" in text
        assert "9 Characters → 1 tile from ready · 12 useful tiles unseen" in text
        assert f"Best move (the {advisor_name(make_advisor(0))} bot): " in text  # the advisor's move (issue 14)
        await pilot.press("enter", "p")  # discard 9m, pung South's 6z
        await pilot.press("end", "enter")  # discard 1z, then draw the fourth 1m
        await pilot.pause()
        text = " ".join(static_text(app, "#hints-body").split())  # a long line continues under its text
        assert "Your hand is ready: one tile from winning." in text and "1 Characters → ready · waits 4 7 Bamboo" in text
        assert "shanten" not in text and "(s)" not in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        body = static_text(app, "#help-body")
        assert "four groups and a pair" in body and "COMMON MISTAKES" in body and "pairs solitaire" in body
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.asyncio
async def test_chow_choice_prompt(make_session: Make) -> None:
    """Several chows: the prompt lists them, a number key picks one."""
    s = make_session(draws="9p9p7s")
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert static_text(app, "#status") == "North discards 7 Bamboo: chow (c), or pass (Space)."
        await pilot.press("c")
        await pilot.pause()
        assert static_text(app, "#status") == "Which chow? [1] 5-6-7 Bamboo  [2] 6-7-8 Bamboo — or Esc"
        await pilot.press("2")
        await pilot.pause()
        assert s.view().melds[0] == (Meld("chow", tile("6s")),)
        assert isinstance(Chow(tile("6s")), Chow)


@pytest.mark.asyncio
async def test_glyphs_quit_and_french_keys(make_session: Make) -> None:
    """--glyphs draws U+1F000 tiles in the same slots; AZERTY number keys pick tiles; q asks before leaving."""
    s = make_session(lang="fr")
    app = PlayApp(s, glyphs=True, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "\U0001f007" in static_text(app, "#you")  # 1 Characters glyph
        await pilot.press("é")  # AZERTY "2" key
        await pilot.pause()
        assert app.table.selected == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "o")
        await pilot.pause()
    assert not app.is_running


def test_play_command_options() -> None:
    args = build_parser().parse_args(["play", "--hands", "2", "--seed", "4", "--teach", "--lang", "fr", "--glyphs", "--bots", "random,greedy,random"])
    assert (args.hands, args.seed, args.teach, args.lang, args.glyphs, args.bots) == (2, 4, True, "fr", True, "random,greedy,random")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--hands", "2", "--round"])


def test_unknown_bot_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    from hkmj.cli import main

    assert main(["play", "--bots", "wizard,greedy,greedy"]) == 2
    assert "unknown bot 'wizard': expected one of" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_mahjong_key_while_a_discard_is_shown(make_session: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a delay, a discard the human cannot claim stays on offer a moment (twice the bots'
    delay): m declares (HK-5.5), the teaching table refuses and explains (HK-5.7), then the table
    passes for the human. The screen's timer is driven by hand: each pause the table schedules is
    recorded and ended by the test, so a loaded machine handling the key late cannot miss the
    offer (it stayed 0.6 s on a real timer)."""
    s = make_session(draws="9p9p9p", teach=True)
    app = PlayApp(s, delay=0.3)
    table = app.table
    paused: list[float] = []  # the pause the table waits on (a new one replaces it, as its timer is)

    def schedule(seconds: float) -> None:
        paused[:] = [seconds]

    monkeypatch.setattr(table, "_schedule", schedule)

    async def time_up() -> None:
        """The pause the table waits on ends (as its timer would fire)."""
        assert len(paused) == 1, paused
        paused.clear()
        table.pump()
        await pilot.pause()

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(20):  # the bots' turns, each after its pause, until South's discard is offered
            if s.only_pass():
                break
            assert paused == [0.3], paused
            await time_up()
        assert s.only_pass() and s.view().offered == tile("9p")
        assert paused == [0.6]  # on offer twice the bots' delay
        assert static_text(app, "#status") == "South discards 9 Circles."
        await pilot.press("m")
        await pilot.pause()
        assert "Mahjong refused (teaching table, HK-5.7): your hand with 9 Circles is not a winning hand" in log_text(s)
        assert s.only_pass() and paused == [0.6]  # refused: still on offer
        await time_up()
        assert not s.only_pass()
        assert not s.over and s.view().discards[1] == (tile("9p"),)  # passed: the play went on
