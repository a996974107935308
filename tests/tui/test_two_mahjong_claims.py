"""Two players claim Mahjong on one discard (HK-4.7, MCR-4.2, CL-3.3): the terminal's end screen
says who took the tile and by which rule, at 80×24, in English and French."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from hkmj.engine import PASS, WIN, Action, Discard, SeatView, stacked_wall
from hkmj.engine.actions import discard
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.session import Session


class _Winner:
    """Declares Mahjong whenever it may, else discards the tile it just drew and passes."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if WIN in legal:
            return WIN
        if view.phase == "turn":
            return discard(view.drawn) if view.drawn is not None and discard(view.drawn) in legal else next(a for a in legal if isinstance(a, Discard))
        return PASS


HANDS = ("1188m1177p11s123z4m", "123p456p789p55s35m", "369m147p258s1567z", "123s456s789s99p56m")
"""East (no win, nor a knitted hand at MCR) draws 4 Characters last and discards it; South (123p456p789p 55s 35m) and North
(123s456s789s 99p 56m) both win on it, at every table (a pure straight: 16 points at MCR)."""
NORTH_SEED, SOUTH_SEED = 1, 2
"""With these match seeds the human (player 0) draws North, South, at the seat draw."""


def _session(rules: str, lang: str, seed: int) -> Session:
    wall = stacked_wall(HANDS, "", "", dead_wall=rules != "mcr")  # MCR-3.1: no dead wall
    return Session([_Winner(), _Winner(), _Winner()], ["script"] * 3, seed=seed, length="hands", hands=1, lang=lang,
                   walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None, rules=get_ruleset(rules))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "seed", "words"),
    [
        ("hk", "en", NORTH_SEED, "Two players claimed Mahjong on this tile; South won it as the first in turn order after East (HK-4.7)."),
        ("hk", "fr", NORTH_SEED, "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; Sud l'emporte, premier joueur après Est dans l'ordre du jeu (HK-4.7)."),
        ("mcr", "en", NORTH_SEED, "Two players claimed Mahjong on this tile; South won it as the first in turn order after East (MCR-4.2)."),
        ("classical", "fr", NORTH_SEED, "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; Sud l'emporte, premier joueur après Est dans l'ordre du jeu (CL-3.3)."),
        ("hk", "en", SOUTH_SEED, "Two players claimed Mahjong on this tile; you won it as the first in turn order after East (HK-4.7)."),
        ("classical", "fr", SOUTH_SEED, "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; vous l'emportez, premier joueur après Est dans l'ordre du jeu (CL-3.3)."),
    ],
)
async def test_hk_4_7_the_end_screen_says_which_mahjong_claim_took_the_tile_at_80x24(
    rules: str, lang: str, seed: int, words: str, boxed_text: Callable[[PlayApp], str]
) -> None:
    """HK-4.7 (MCR-4.2, CL-3.3): you and South (or North) both press Mahjong on East's 4
    Characters. South, the first after East in turn order, wins; the end screen said only "South
    wins", so the player whose claim lost never learnt why. It now says that two players claimed
    the tile and which rule gave it to whom, for the loser and the winner alike."""
    s = _session(rules, lang, seed)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert s.seat == (3 if seed == NORTH_SEED else 1) and s.view().offered == tile("4m") and s.human_pending()
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        shown = boxed_text(app)
        assert words in shown, shown
    assert s.summary is not None and s.summary.winner == 1


def test_r_6_a_false_first_claim_is_said_to_decide_alone() -> None:
    """R-6 (CL-7.7): the first Mahjong claim after the discarder is judged alone; when it is false
    the hand ends on its penalty though a later claim would have won, and the end screen says so."""
    wall = stacked_wall((HANDS[0], "258m369p147s1234z", HANDS[2], HANDS[3]), "", "")
    for rules, lang, rule in (("hk", "en", "(R-6)."), ("classical", "fr", "(CL-7.7).")):
        s = Session([_Winner(), _Winner(), _Winner()], ["script"] * 3, seed=SOUTH_SEED, length="hands", hands=1, lang=lang,
                    walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None, rules=get_ruleset(rules))
        s.start_hand()
        while s.bots_pending():
            s.step()
        assert s.seat == 1 and s.view().offered == tile("4m")
        assert s.try_mahjong(confirmed=True).done  # South's hand does not win on 4 Characters: a false Mahjong
        while not s.over and s.bots_pending():
            s.step()
        summary = s.finish_hand()
        assert summary.kind == "penalty" and summary.detail[-1].endswith(rule), summary.detail
        start = "Two players claimed Mahjong on this tile; your claim, the first" if lang == "en" else "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; votre réclamation, la première"
        assert summary.detail[-1].startswith(start), summary.detail
