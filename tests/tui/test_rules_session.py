"""``hkmj play`` under house options (issue 11): shown in the header, used for the score."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.cli import main
from hkmj.engine.testing import QUIET
from hkmj.rulesets import get_ruleset
from hkmj.tui.render import summary_text
from hkmj.tui.session import Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
Advance = Callable[[Session], None]


def test_house_options_shown_and_scored(make_session: Make, kong_replacement_win: Callable[[Session], None]) -> None:
    """The scripted 4-fan kong-replacement win (see test_session) at a base value of 2 doubles every payment."""
    s = make_session(rules=get_ruleset("hk", {"base": "2", "minfan": "1"}))
    kong_replacement_win(s)
    assert "Hong Kong · minimum 1 fan · base value 2" in s.header()
    summary = s.finish_hand()
    assert (summary.fan, summary.base) == (4, 32)
    assert [r.payment for r in summary.seats] == [192, -64, -64, -64]
    assert s.match.events[0]["options"]["base"] == "2"


def test_play_rejects_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--option", "minfan=4", "--seed", "1"]) == 2
    assert "minfan='4'" in capsys.readouterr().err


def test_mcr_end_screen_lists_fans_in_english_and_french(make_session: Make) -> None:
    """``hkmj play --rules mcr``: the end screen lists each MCR fan once with its points, no base."""
    for lang, straight in (("en", "Pure Straight"), ("fr", "Grande Suite Pure")):
        s = make_session(hands=("123m456m789m123p55m", *QUIET[1:]), rules=get_ruleset("mcr"), lang=lang)
        s.start_hand()
        assert "MCR" in s.header()
        assert s.try_mahjong().done
        summary = s.finish_hand()
        assert summary.unit == "points" and summary.base is None
        names = dict(summary.items)
        assert names[straight] == 16 and summary.fan == sum(names.values())
        assert summary.seats[0].payment == 3 * (summary.fan + 8)
        text = summary_text(summary, Texts(lang), False).plain
        assert straight in text and ("Total points" in text or "Total des points" in text)


def test_mcr_6_27_last_of_kind_win_reaches_the_end_screen() -> None:
    """MCR-6.27 (Last Tile): a win flagged ``last_of_kind`` is worded on the end screen in
    English and French (``hkmj play --rules mcr`` raised KeyError 'end.flag.last_of_kind')."""
    from hkmj.bots import make_bot
    from hkmj.tui.testing import play_hand

    for lang in ("en", "fr"):
        me = make_bot("random", 9)
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=4, length="hands", hands=1, lang=lang, rules=get_ruleset("mcr"))
        s.start_hand()
        play_hand(s, me)
        assert any(e["type"] == "win" and "last_of_kind" in e["flags"] for e in s.match.events + s.hand.events)
        summary = s.finish_hand()
        words = {"en": "last tile of its kind", "fr": "dernière tuile de son espèce"}[lang]
        assert any(words in line for line in summary.detail), summary.detail


def test_every_win_flag_the_engine_sets_has_an_end_screen_text() -> None:
    """HK-6 and MCR-6 flags: each one the engine can set is worded in both languages."""
    from hkmj.engine.state import _FLAG_ORDER

    for lang in ("en", "fr"):
        tx = Texts(lang)
        for flag in _FLAG_ORDER:
            assert tx(f"end.flag.{flag}")


@pytest.mark.parametrize(("seed", "kind", "paid"), [(5, "win", [-38, 55, 2, -19]), (24, "draw", [10, -30, 10, 10])])
def test_mcr_5_4_a_dead_hands_fine_is_explained_on_the_end_screen(seed: int, kind: str, paid: list[int]) -> None:
    """MCR-5.4 then MCR-8: your false Mahjong at your first decision makes your hand dead and
    costs 10 to each other player, settled with the hand. The end screen still explains the
    win's payments and adds the fine, so the amounts add up (it explained nothing, the payments
    no longer being MCR-8's alone); a drawn hand no longer says that nobody pays. Seed 5: North
    discards South's 21 points, 29 + 8 + 8 = 45, and you (East) pay 10 to each: -38 (your dead
    hand is then played for safety, MCR-5.4, as every bot plays a dead hand)."""
    from hkmj.bots import make_bot
    from hkmj.engine import WIN
    from hkmj.tui.testing import play_hand

    class FalseFirst:
        """Declares Mahjong at its first decision (not a winning hand), then plays as greedy."""

        def __init__(self) -> None:
            self.first, self.bot = True, make_bot("greedy", 5)

        def choose(self, view: object, legal: object) -> object:
            if self.first:
                self.first = False
                return WIN
            return self.bot.choose(view, legal)  # type: ignore[arg-type]

    for lang in ("en", "fr"):
        tx = Texts(lang, "mcr")
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=seed, length="hands", hands=1, lang=lang, rules=get_ruleset("mcr"))
        s.start_hand()
        play_hand(s, FalseFirst())  # type: ignore[arg-type]
        summary = s.finish_hand()
        assert summary.kind == kind and [r.payment for r in summary.seats] == paid
        fine = tx("end.pay.mcr.dead.you", amount=10)
        assert summary.why_paid.endswith(fine), summary.why_paid
        if kind == "win":
            assert summary.why_paid.startswith(tx("end.pay.mcr.discard", points=21, each=29, whom="North" if lang == "en" else "Nord", winner="South" if lang == "en" else "Sud", total=45))
        else:
            assert summary.title == tx("end.title.draw.fined") and tx("end.title.draw") != summary.title
        assert fine in summary_text(summary, tx, False).plain


def _won_on_a_discard_at_half_shooter(make_session: Make, lang: str) -> Session:
    """A session at house option payment=half-shooter whose player has just won on South's
    discard of 7 Bamboo (a pung of Red claimed on the way), the hand not yet finished."""
    from hkmj.tiles import tile

    s = make_session(draws="6z9p7s", rules=get_ruleset("hk", {"payment": "half-shooter"}), lang=lang)
    s.start_hand()
    s.try_discard(tile("9m"))
    while s.bots_pending() or s.view().offered != tile("6z"):
        s.step() if s.bots_pending() else s.try_pass()
    s.try_pung()
    s.try_discard(tile("1z"))
    while s.bots_pending() or s.view().offered != tile("7s"):
        s.step() if s.bots_pending() else s.try_pass()
    assert s.try_mahjong().done
    return s


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_half_shooter_the_end_of_hand_says_why_the_discarder_pays_for_everyone(make_session: Make, lang: str) -> None:
    """House option payment=half-shooter: on a discard the discarder pays 4 × base and the others
    nothing. The end of the hand showed the payments with no sentence at all saying why (HK-6's
    sentence is for its own split); it now gives the house rule's."""
    tx = Texts(lang, house={"payment": "half-shooter"})
    summary = _won_on_a_discard_at_half_shooter(make_session, lang).finish_hand()
    base = summary.base
    assert base is not None
    discarder = next(r for r in summary.seats if r.payment < 0)
    assert sorted(r.payment for r in summary.seats) == [-4 * base, 0, 0, 4 * base]
    want = tx("end.pay.half_shooter.discard", whom=tx.wind(discarder.seat), base=base, quad=4 * base, winner=tx("end.winner.you"))
    assert summary.why_paid == want
    assert want in summary_text(summary, tx, glyphs=False).plain


def test_half_shooter_the_french_end_of_hand_says_it_in_french(make_session: Make) -> None:
    """House option payment=half-shooter (docs/house-options.md), in French: the end of a hand won
    on a discard said "Règle de la maison (half-shooter) : le défausseur (Sud) paie pour tous…",
    the option's English value in a French sentence, where the help and the header name the same
    option "le défausseur paie pour tous". The sentence now says it in French only; the English
    keeps its "(half-shooter)", the value typed after --option payment=."""
    house = {"payment": "half-shooter"}
    s = _won_on_a_discard_at_half_shooter(make_session, "fr")
    shown = summary_text(s.finish_hand(), s.tx, glyphs=False).plain
    assert "Règle de la maison\u00a0: le défausseur (" in shown and "paie pour tous, 4 × " in shown, shown
    assert "half" not in shown.lower() and "shooter" not in shown.lower(), shown
    for key in ("end.pay.half_shooter.discard", "end.pay.half_shooter.robbed_kong"):
        assert "half-shooter" not in Texts("fr", house=house).table[key] and "(half-shooter)" in Texts("en", house=house).table[key]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_help_states_the_house_minimum_and_payment_at_80x24(make_session: Make, lang: str) -> None:
    """With minfan=3 and payment=half-shooter the help (?) still said "There is no minimum: any
    complete hand wins, even worth 0 fan" and that the two others pay the base on a discard, and
    the teaching note said a 0-fan hand wins. Each now states the table's house rule."""
    from hkmj.tui.app import HelpScreen, PlayApp

    house = {"minfan": "3", "payment": "half-shooter"}
    plain, tx = Texts(lang), Texts(lang, house=house)
    s = make_session(rules=get_ruleset("hk", house), lang=lang, teach=True)
    three = f"3 {tx.unit('fan', 3)}"  # 3 fan, 3 fans
    assert s.tx("teach.other_tables") == tx("house.minfan.teach", minfan=three)
    app = PlayApp(s, delay=0)

    def shown() -> str:
        rows = [line[line.index("│") + 1 : line.rindex("│")] for line in _screen(app).split("\n") if line.count("│") >= 2]
        return " ".join(" ".join(rows).split())

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        seen = shown()
        for _ in range(12):
            await pilot.press("pagedown")
            await pilot.pause()
            seen += " " + shown()
    assert " ".join(tx("house.minfan", minfan=three).split()) in seen
    assert " ".join(tx("house.half_shooter").split()) in seen
    no_minimum = plain("help.body").split("\n")[7]
    assert no_minimum.startswith(("There is no minimum", "Pas de minimum")) and no_minimum not in seen


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "says"), [("en", "a win needs at least 3 fan"), ("fr", "il faut au moins 3 fans pour gagner")])
async def test_a_teaching_table_with_a_house_minimum_names_it_in_its_first_note_at_80x24(make_session: Make, lang: str, says: str) -> None:
    """docs/house-options.md (minfan), HK-6: at an MCR teaching table the first note says a win
    needs 8 points (MCR-5.1); at a Hong Kong teaching table with minfan=3 it said only that a false
    Mahjong is refused (HK-5.7), so a newcomer learnt of the 3 fan only from the header's "3 fan
    min" or once a complete hand was refused. The note now names the house minimum, in full in the
    log at 80x24; without the option it is as before."""
    from hkmj.tui.app import PlayApp

    house = {"minfan": "3"}
    s = make_session(rules=get_ruleset("hk", house), lang=lang, teach=True)
    intro = s.tx("teach.intro")
    assert says in intro and "(HK-5.7)" in intro
    assert intro == Texts(lang, house=house).table["house.minfan.intro"].replace("{minfan}", f"3 {s.tx.unit('fan', 3)}")
    assert "{" not in intro and says not in Texts(lang)("teach.intro")
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        log = " ".join(" ".join(line.rstrip("▁▂▃▄▅▆▇█ ") for line in _screen(app).split("\n")[-7:-1]).split())
    assert " ".join(intro.split()) in log


def _screen(app: object) -> str:
    """What the terminal shows now: the current screen's rendered lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # type: ignore[attr-defined]
