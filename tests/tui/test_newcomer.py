"""``hkmj play`` as a newcomer plays it at 80×24 with the hint panel open (``h``): a refused key
is still explained on screen, and the hint's best move agrees with its list of discards."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from hkmj.language import FR_COLON
from hkmj.tiles import tile
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import joined
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
SMALL = (80, 24)


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def open_hints(app: PlayApp, pilot: Any, tx: Texts) -> None:
    """Open the hint panel (``h``) and check that it shows."""
    await pilot.pause()
    await press(pilot, "h")
    assert tx("hint.title") in screen_text(app)


async def press(pilot: Any, *keys: str) -> None:
    """Press ``keys`` and let the screen settle."""
    await pilot.press(*keys)
    await pilot.pause()
    await pilot.pause()


def words_on_screen(app: PlayApp) -> str:
    """What the terminal shows, less the log's scrollbar, its words joined by single spaces."""
    return joined(re.sub("[▁▂▃▄▅▆▇█]", " ", screen_text(app)))


async def refused_with_the_hints_open(make_session: Make, tx: Texts, key: str) -> str:
    """At a teaching table at 80×24, the hint panel open, ``key`` pressed: what the screen showed
    then. ``h`` after it brings the hints back (checked)."""
    app = PlayApp(make_session(teach=True, lang=tx.lang), delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await open_hints(app, pilot, tx)
        await press(pilot, key)
        text = screen_text(app)
        await press(pilot, "h")
        assert tx("hint.title") in screen_text(app)
    return text


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_4_1_a_refusal_shows_while_the_hint_panel_is_open_at_80x24(make_session: Make, lang: str) -> None:
    """Below 100 columns the hint panel takes the log's place, and the log is where a refusal is
    explained: ``p`` with no discard on offer (HK-4.1) or ``m`` on an incomplete hand (HK-5.7)
    showed nothing at all with the hints open. A refusal now closes the hint panel, so its reason
    and rule are on screen; ``h`` brings the hints back."""
    tx = Texts(lang)
    text = await refused_with_the_hints_open(make_session, tx, "p")
    assert tx("no.no_offer") in text and "HK-4.1" in text
    assert tx("hint.title") not in text and tx("keys") in text


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_5_7_a_refused_mahjong_shows_while_the_hint_panel_is_open_at_80x24(make_session: Make, lang: str) -> None:
    """HK-5.7 at a teaching table, 80×24, hints open (``h``): ``m`` on an incomplete hand is
    refused and explained in the log, but the hint panel covered the log, so the key seemed to do
    nothing at all (only ``p``/``c``/``k`` refusals closed the panel). The explanation now shows."""
    tx = Texts(lang)
    text = await refused_with_the_hints_open(make_session, tx, "m")
    assert tx("ev.refused", why="").strip() in text and "HK-5.7" in text
    assert tx("hint.title") not in text


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_key_that_does_nothing_says_so_while_the_hint_panel_is_open_at_80x24(make_session: Make, lang: str) -> None:
    """A key no tile and no command has (``x``) says "The key x does nothing here…" in the log;
    at 80×24 with the hints open (``h``) the log is hidden, so the key showed nothing, and closing
    the hints rebuilt the log without the line. The hint panel now closes and the line stays."""
    tx = Texts(lang)
    s = make_session(teach=True, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await open_hints(app, pilot, tx)
        await press(pilot, "x")
        said = words_on_screen(app)
        assert tx("key.unused", press="x") in said and tx("hint.title") not in said
        await press(pilot, "h", "h")  # the hints again, and hidden: the line is still in the log
        assert tx("key.unused", press="x") in words_on_screen(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_key_that_does_nothing_is_said_across_the_whole_log_when_it_closes_the_hints(make_session: Make, lang: str) -> None:
    """At 80×24 with the hints open (``h``), ``x`` closes the hint panel and rebuilds the log:
    the log was rebuilt before it had its width again, so every line of it was wrapped 20 cells
    wide ("The key x does / nothing here: the / letter under a tile / …", five rows of the log's
    five for one sentence, the earlier lines pushed out). The log is now rebuilt at its width."""
    tx = Texts(lang)
    app = PlayApp(make_session(teach=True, lang=lang), delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await open_hints(app, pilot, tx)
        await press(pilot, "x")
        said = tx("key.unused", press="x")
        assert said[:40] in screen_text(app)  # its first 40 characters on one row, as on an 80-column log


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "keys"), [("en", "nn"), ("fr", "nnnn"), ("en", "nc"), ("fr", "ol"), ("en", "yy")])
async def test_keys_typed_in_a_burst_at_the_quit_question_answer_it_once(make_session: Make, lang: str, keys: str) -> None:
    """q asks "Leave the match? (y / n)"; a key held down (``nnnn``) or typed before the question
    went away (the user typing a shell command into the game) reached the question twice, and
    the second answer closed it again: a Textual traceback (ScreenStackError) ended the match.
    The first key answers; the keys after it are no second answer."""
    from textual import events

    from hkmj.tui.app import QuitScreen, TableScreen

    tx = Texts(lang)
    app = PlayApp(make_session(lang=lang), delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, QuitScreen) and tx("quit.ask").split("?")[0] in screen_text(app)
        for key in keys:  # all of them reach the question before it closes, as a burst in a terminal does
            question.post_message(events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        leave = keys[0] in (tx("quit.yes"), "y")
        assert app.is_running is not leave
        if not leave:
            assert isinstance(app.screen, TableScreen)
            await pilot.press("q")  # and the question still comes back
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)


@pytest.mark.asyncio
async def test_a_refusal_keeps_the_hint_panel_beside_the_log_on_a_wide_terminal(make_session: Make) -> None:
    """From 100 columns the log and the hint panel sit side by side: a refusal leaves the hints open."""
    tx = Texts()
    s = make_session(teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await press(pilot, "p")
        text = screen_text(app)
        assert tx("no.no_offer") in text and tx("hint.title") in text


def test_the_best_moves_discard_leads_the_list_of_discards() -> None:
    """The hint said "Best move (the expert bot): discard West wind" above a list of best discards
    that did not hold the West wind at all (the list ranks by distance to ready and useful tiles,
    the advisor by expected points). The advised discard now comes first, with where it leaves
    the hand; the others keep their order."""
    from hkmj.engine.actions import discard
    from hkmj.tui.hints import DiscardChoice, Hint, describe

    tx = Texts()
    west, one, two = tile("3z"), tile("1m"), tile("2m")
    h = Hint(3, True, discards=(DiscardChoice(one, 3, (), 28), DiscardChoice(two, 3, (), 28), DiscardChoice(west, 3, (), 20)))
    lines = describe(h, tx, top=2, best=(discard(west), "expert"))
    assert lines[1] == tx("hint.best", bot="expert", action=tx("hint.act.discard", tile=tx.tile(west)))
    assert lines[3:] == [
        "  " + tx("hint.discard", tile=tx.tile(west), dist=tx.distance(3), unseen=tx.plural("unseen", 20)),
        "  " + tx("hint.discard", tile=tx.tile(one), dist=tx.distance(3), unseen=tx.plural("unseen", 28)),
    ]
    assert describe(h, tx, top=2)[2:] == describe(h, tx, top=2, best=(discard(one), "expert"))[3:]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("East exposes the bonus tile Flower 4 (Bamboo) and takes a replacement.", "You expose the bonus tile Flower 4 (Bamboo) (HK-3.2).")),
        ("fr", ("Est expose la tuile bonus Fleur 4 (Bambou) et prend un remplacement.", "Vous exposez la tuile bonus Fleur 4 (Bambou) (HK-3.2).")),
    ],
)
def test_hk_3_2_a_bonus_tile_is_named_without_a_pile_of_brackets(lang: str, words: tuple[str, str]) -> None:
    """HK-3.2 in the log: "North exposes Flower 4 (Bamboo) (bonus tile)" stacked two brackets
    after a flower's name; the kind of tile now comes before it."""
    tx = Texts(lang)
    flower = tx.tile(tile("4f"))
    assert tx("ev.bonus", who=tx("wind.0"), tile=flower) == words[0]
    assert tx("ev.bonus.you", tile=flower) == words[1]


@pytest.mark.parametrize(
    ("argv", "en", "fr"),
    [
        (["--option", "minfan=2"], "hkmj play: option minfan='2': expected one of 0, 1, 3",
         "hkmj play\u00a0: option minfan='2'\u00a0: attendu parmi 0, 1, 3"),
        (["--option", "base=0"], "hkmj play: option base=0: expected a whole number 1-1000",
         "hkmj play\u00a0: option base=0\u00a0: un nombre entier de 1 à 1000 est attendu"),
        (["--option", "foo"], "hkmj play: option 'foo': expected key=value, e.g. minfan=3",
         "hkmj play\u00a0: option «\u00a0foo\u00a0»\u00a0: attendu clé=valeur, par exemple minfan=3"),
        (["--option", "limit=8", "--option", "limit=10"], "hkmj play: option 'limit' given twice",
         "hkmj play\u00a0: option «\u00a0limit\u00a0» donnée deux fois"),
        (["--option", "tabel=half"], "hkmj play: unknown option 'tabel' for hk rules (options: minfan, limit, table, payment, base)",
         "hkmj play\u00a0: option «\u00a0tabel\u00a0» inconnue pour les règles hk (options\u00a0: minfan, limit, table, payment, base)"),
        (["--rules", "mcr", "--option", "minfan=3"], "hkmj play: unknown option 'minfan': mcr rules have no house options",
         "hkmj play\u00a0: option «\u00a0minfan\u00a0» inconnue\u00a0: les règles mcr n'ont pas d'option de la maison"),
        # two options in one, as a comma list: each its own --option (it said "option minfan='3,limit=8':
        # expected one of 0, 1, 3", as if the value were wrong)
        (["--option", "minfan=3,limit=8"], "hkmj play: option 'minfan=3,limit=8': one option per --option: --option minfan=3 --option limit=8",
         "hkmj play\u00a0: option «\u00a0minfan=3,limit=8\u00a0»\u00a0: une option par --option\u00a0: --option minfan=3 --option limit=8"),
        (["--rules", "zz"], "hkmj play: unknown ruleset 'zz': expected one of hk, mcr, classical",
         "hkmj play\u00a0: jeu de règles «\u00a0zz\u00a0» inconnu\u00a0: attendu parmi hk, mcr, classical"),
    ],
)
def test_a_bad_rules_option_is_refused_in_the_tables_language(argv: list[str], en: str, fr: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj play --lang fr`` said every other mistake of its command line in French, but a bad
    ``--option`` or ``--rules`` in English; both languages now, exit status 2, before any table opens."""
    from hkmj.cli import main

    for lang, words in (("en", en), ("fr", fr)):
        assert main(["play", "--lang", lang, "--seed", "1", *argv]) == 2
        assert capsys.readouterr().err == words + "\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    "argv",
    [["--option", "minfan=2"], ["--option", "foo"], ["--rules", "zz"], ["--option", "tabel=half"], ["--rules", "mcr", "--option", "minfan=3"]],
)
def test_every_command_words_a_bad_rules_option_alike(argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj play --lang fr`` said "valeurs possibles", "écrivez clé=valeur" and "règles « zz »
    inconnues : choisissez parmi" where ``hkmj score`` and ``simulate`` said "attendu parmi",
    "attendu clé=valeur" and "jeu de règles « zz » inconnu"; one sentence now, after each command's name."""
    from hkmj.cli import main

    said = {}
    for command in (["play", "--seed", "1"], ["score", "234s567p88m111z777z", "--win", "1z"], ["simulate", "--hands", "1"], ["bot-match", "--hands", "1"]):
        assert main([*command, "--lang", lang, *argv]) == 2
        err = capsys.readouterr().err
        prefix = f"hkmj {command[0]}{FR_COLON if lang == 'fr' else ':'} "
        assert err.startswith(prefix), err
        said[command[0]] = err.removeprefix(prefix)
    assert len(set(said.values())) == 1, said


def test_play_and_simulate_word_an_unknown_bot_alike(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot was "robot inconnu « foo » : choisissez parmi" in ``hkmj play`` and "robot
    « foo » inconnu : attendu parmi" in ``hkmj simulate``; the second, in both."""
    from hkmj.cli import main

    assert main(["play", "--bots", "strong,foo,greedy", "--seed", "1", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "hkmj play\u00a0: robot «\u00a0foo\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert\n"
    assert main(["simulate", "--bots", "foo,greedy,random,random", "--hands", "1", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "hkmj simulate\u00a0: robot «\u00a0foo\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert\n"


def test_simulate_takes_and_shows_the_bots_as_the_french_table_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj play --bots glouton,hasard,fort`` plays, but ``hkmj simulate --bots
    glouton,...`` was 'robot « glouton » inconnu', and its French summary named the bots
    'greedy', 'random' where the table, the replay and the review say glouton, hasard; simulate
    takes either name, and its French summary says the French one (the English one, greedy)."""
    from hkmj.cli import main

    argv = ["simulate", "--bots", "glouton,hasard,fort,greedy", "--hands", "1", "--seed", "1", "--quiet"]
    assert main([*argv, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "robots glouton, hasard, fort, glouton," in out
    assert "joueur 1 glouton " in out and "joueur 2 hasard " in out and "greedy" not in out
    assert main([*argv, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "bots greedy, random, strong, greedy," in out and "player 3 strong " in out


def test_bot_match_takes_and_shows_the_built_in_bots_as_the_french_table_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj bot-match --fill hasard`` was '--fill « hasard » : choisissez parmi random,
    greedy...', and ``--bot glouton`` was run as a command; both are the built-in bots, and the
    French result table names them glouton, hasard (greedy, random in English)."""
    from hkmj.cli import main

    argv = ["bot-match", "--bot", "glouton", "--bot", "fort", "--fill", "hasard", "--hands", "1", "--quiet"]
    assert main([*argv, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1] for line in out.splitlines()[2:]] == ["glouton", "fort", "hasard", "hasard"]
    assert main([*argv, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1] for line in out.splitlines()[2:]] == ["greedy", "strong", "random", "random"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "A false Mahjong costs 320 to each other player, 640 to a discarder (HK-5.7)"),
     ("fr", "Un faux Mahjong coûte 320 à chaque autre joueur, 640 à un défausseur (HK-5.7)")],
)
def test_hk_5_7_the_help_gives_the_whole_false_mahjong_penalty(lang: str, words: str) -> None:
    """HK-5.7: the help (?) said a false Mahjong costs the penalty "to each player", where the
    confirmation and the end screen say each other player, and double to a discarder; it now says
    the same, with the table's own amounts (``--option base=5``: 320 and 640)."""
    body = " ".join(Texts(lang, penalty=320)("help.body").split())
    assert words in body


THREE_CHOWS = ("111m34p67p88s12z66z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
"""East (the human) holds 3-4 and 6-7 Circles; North, on its left, draws and discards 5 Circles."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_4_2_three_chows_on_offer_fit_the_action_bar_at_80x24(make_session: Make, lang: str) -> None:
    """HK-4.2 at 80×24: with two or three chows on offer, one button per chow pushed Pass, Hint
    and Help past the right edge ("Hint [h]   H"). The chows now share one ``Chow [c]`` button
    when they don't fit; pressing it asks which chow, as the key does, and every button is whole."""
    from hkmj.tui.app import BarItem, bar_width

    tx = Texts(lang)
    s = make_session(hands=THREE_CHOWS, draws="1s1s5p", replacements="", teach=True, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # discard the drawn 9 Characters
        for _ in range(20):
            await pilot.pause()
            if s.view().offered == tile("5p") and s.human_pending():
                break
        await pilot.pause()
        table = app.screen
        bar: list[BarItem] = [(c, a, "") for c, a in table._bar]  # type: ignore[attr-defined]
        text = screen_text(app)
        row = next(line for line in text.split("\n") if tx("btn.pass") in line)
        for label in (tx("btn.chow.any"), tx("btn.pass"), tx("btn.hint"), tx("btn.help")):
            assert label in row, (label, row)
        labels = (tx("btn.chow.any"), tx("btn.pass"), tx("btn.hint"), tx("btn.help"))
        assert bar_width([(c, a, label) for (c, a, _), label in zip(bar, labels, strict=True)]) <= 80
        chow_button = next(b for b in app.screen.query("ActionButton") if str(b.label) == tx("btn.chow.any"))
        await pilot.click(f"#{chow_button.id}")
        await pilot.pause()
        choices = table.pending_choices  # type: ignore[attr-defined]
        assert [c.low for c in choices] == [tile("3p"), tile("4p"), tile("5p")]
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
        assert [(m.kind, m.tile) for m in s.view().melds[s.seat]] == [("chow", tile("4p"))]


def test_the_action_bar_keeps_one_button_per_chow_when_they_fit() -> None:
    """On a wide terminal each chow keeps its own button (a click picks it); at 80 columns the
    chows fold first, then the kongs, and the hint and help buttons go last."""
    from hkmj.engine.actions import PASS
    from hkmj.tui.app import bar_width, fit_bar

    tx = Texts()
    bar = [("chow", None, "Chow 3-4-5 Circles [c]"), ("chow", None, "Chow 4-5-6 Circles [c]"), ("chow", None, "Chow 5-6-7 Circles [c]"),
           ("pass", PASS, tx("btn.pass")), ("hint", None, tx("btn.hint")), ("help", None, tx("btn.help"))]
    assert fit_bar(bar, 140, tx) == bar
    folded = fit_bar(bar, 80, tx)
    assert [label for _, _, label in folded] == [tx("btn.chow.any"), tx("btn.pass"), tx("btn.hint"), tx("btn.help")]
    assert bar_width(folded) <= 80
    assert [c for c, _, _ in fit_bar(bar, 30, tx)] == ["chow", "pass"]


EVERY_CLAIM = ("555m34m111p999p11s7z", "2233446677889s", "2233446677888p", "2233446677888m")
"""East (the human) holds 5-5-5 and 3-4 Characters, 111p 999p 11s; North, on its left, discards the
fourth 5 Characters: Mahjong, kong, pung and one chow on one discard (HK-4.2 to HK-4.4, HK-5.1)."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_4_every_claim_on_one_discard_keeps_pass_in_the_action_bar_at_80x24(make_session: Make, lang: str) -> None:
    """HK-4 at 80×24: a discard one may take for Mahjong, a kong, a pung and a chow showed
    "Kong 5 Characters [k]   Pung [p]   Chow 3-4-5 Characters [c]   Mahjong! [m]" and no Pass
    button (past the right edge; in French too). The lone kong and chow now drop their tiles,
    every legal claim and Pass fit whole, and the chow button still claims that chow."""
    tx = Texts(lang)
    s = make_session(hands=EVERY_CLAIM, draws="7z7z5m", replacements="", lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # discard the drawn Red dragon
        for _ in range(20):
            await pilot.pause()
            if s.view().offered == tile("5m") and s.human_pending():
                break
        await pilot.pause()
        row = next(line for line in screen_text(app).split("\n") if tx("btn.pung") in line)
        for label in (tx("btn.kong.any"), tx("btn.pung"), tx("btn.chow.any"), tx("btn.mahjong"), tx("btn.pass")):
            assert label in row, (label, row)
        chow_button = next(b for b in app.screen.query("ActionButton") if str(b.label) == tx("btn.chow.any"))
        await pilot.click(f"#{chow_button.id}")
        await pilot.pause()
        await pilot.pause()
        assert [(m.kind, m.tile) for m in s.view().melds[s.seat]] == [("chow", tile("3m"))]


ZERO_FAN_WIN = {
    "hands": ("2f123m456p789s55s1p9m", "2233445566778m", "2233445566778p", "223344999s2345z"),
    "draws": "5s",
    "replacements": "1p",
}
"""A scripted deal: East (the player, Flower 2) discards 9 Characters and wins on South's 5 Bamboo
with 123m 456p 789s, a pung of 5 Bamboo and a pair of 1 Circles, a hand of no element (HK-6)."""


async def win_on_the_offered_5s(s: Session, app: PlayApp, pilot: Any) -> None:
    """Play :data:`ZERO_FAN_WIN` to its end screen: discard 9m, let the bots play, declare Mahjong."""
    await pilot.pause()
    assert s.try_discard(tile("9m")).done
    while s.bots_pending():
        s.step()
    assert s.view().offered == tile("5s")
    await pilot.press("m")
    for _ in range(4):
        await pilot.pause()

@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_6_a_zero_fan_win_says_why_its_element_table_is_empty_at_80x24(make_session: Make, lang: str) -> None:
    """HK-6 has no minimum: 123m 456p 789s, a pung of 5 Bamboo and a pair of 1 Circles, won on a
    discard with Flower 2 at East's seat, scores no element at all. The end screen showed an empty
    table (a heading, then "Total fan 0") that a newcomer could take for a fault; it now says that
    no element counts and that a 0-fan hand still wins."""
    tx = Texts(lang)
    s = make_session(**ZERO_FAN_WIN, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await win_on_the_offered_5s(s, app, pilot)
        assert isinstance(app.screen, EndScreen)
        assert app.screen.summary.items == () and app.screen.summary.fan == 0 and app.screen.summary.base == 1
        text = joined(re.sub("[│▁▂▃▄▅▆▇█]", " ", screen_text(app)))
        assert tx("end.total_fan") in text
        assert joined(tx("end.no_element")) in text


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_key_that_does_nothing_says_so_at_80x24(make_session: Make, lang: str) -> None:
    """A key of no tile and no command (``x``) did nothing and said nothing: the log now says the
    key does nothing here and how tiles are picked; a tile's letter still selects it, with no note.
    A capital of a key's letter (``A``, ``P``: Caps Lock on) said the same, "the letter under a
    tile picks it", which left the player pressing ``P`` for a pung none the wiser: it now says the
    keys are small letters, which one to press, and asks whether Caps Lock is on; ``X`` (no key's
    capital) keeps the first note."""
    tx = Texts(lang)
    s = make_session(teach=True, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        for key in ("x", "X"):
            await pilot.press(key)
            await pilot.pause()
            assert tx("key.unused", press=key)[:60] in screen_text(app), key
        for key in ("A", "P"):
            await pilot.press(key)
            await pilot.pause()
            said = tx("key.caps", press=key, lower=key.lower())
            assert f"{key.lower()} (" in said and said[:60] in screen_text(app), key
            assert joined(said) in words_on_screen(app), key
        table = app.table
        assert len(table.hand_tiles()) in (13, 14)
        await pilot.press("a")  # a tile's letter selects the tile, with no note
        await pilot.pause()
        assert table.selected == 0
        assert tx("key.unused", press="a")[:20] not in screen_text(app)



@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_6_the_totals_never_break_a_players_name_at_80x24(make_session: Make, lang: str) -> None:
    """The end-of-hand totals were wrapped wherever the line was full: "... · Bot 2" on one line
    and "(strong) -8" on the next. Each player's name stays on one line with its total."""
    s = make_session(**ZERO_FAN_WIN, kinds=("strong", "strong", "greedy"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await win_on_the_offered_5s(s, app, pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("end")
        for _ in range(2):
            await pilot.pause()
        lines = screen_text(app).split("\n")
        summary = app.screen.summary
        assert any(Texts(lang)("end.totals") in line for line in lines), "\n".join(lines)
        for r in summary.seats:
            assert any(f"{r.name} {r.total:+d}" in line for line in lines), (r.name, "\n".join(lines))


@pytest.mark.parametrize(("lang", "length", "hands", "starts"), [
    ("en", "hands", 4, "Hand 1/4 · prevailing East"),
    ("fr", "hands", 4, "Donne 1/4 · vent Est"),
    ("en", "game", None, "Hand 1 · prevailing East"),
    ("en", "round", None, "Hand 1 · prevailing East"),
])
def test_hk_7_the_header_counts_the_hands_of_a_match_of_n_hands(lang: str, length: str, hands: int | None, starts: str) -> None:
    """``hkmj play --hands 4`` said "Hand 1" to the end, and a newcomer could not tell how many
    hands were left; a match of N hands now says "Hand 1/4". A round or a full game (HK-7) has
    no fixed number of hands (the dealer may repeat), so it says "Hand 1"."""
    from hkmj.bots import make_bot

    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=5, length=length, hands=hands, lang=lang)  # type: ignore[arg-type]
    s.start_hand()
    assert s.header().startswith(starts), s.header()
    assert len(s.header(78)) <= 78


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_4_2_a_key_that_picks_no_chow_says_the_numbers_at_80x24(make_session: Make, lang: str) -> None:
    """HK-4.2: with three chows listed ("Which chow? [1] 3-4-5 … [3] 5-6-7"), a tile's letter (a)
    answered "the letter under a tile picks it" — untrue while a chow is chosen by its number —
    and a number past the list (4) did nothing and said nothing, and so did Enter (a newcomer's
    "take it"). All three now say to press 1 to 3 or Esc; 2 then takes the chow 4-5-6."""
    tx = Texts(lang)
    hands = ("3467m234p56s88s66z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands=hands, draws="1z2z5m9p9p9p", teach=True, lang=lang)  # North (on your left) discards 5m
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.table.handle(s.try_discard(tile("9m")))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert len(app.table.pending_choices) == 3
        for key, shown in (("a", "a"), ("4", "4"), ("enter", tx("key.enter"))):
            await pilot.press(key)
            await pilot.pause()
            said = joined(re.sub("[│▁▂▃▄▅▆▇█]", " ", screen_text(app)))
            assert tx("key.unused.choice", press=shown, n=3) in said, said
            assert tx("key.unused", press=shown) not in said
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
    (chow,) = s.view().melds[0]
    assert chow.kind == "chow" and list(chow.tiles) == [tile("4m"), tile("5m"), tile("6m")], chow


@pytest.mark.asyncio
@pytest.mark.parametrize(("rules", "rule"), [("hk", "HK-4.3"), ("mcr", "MCR-4.1"), ("classical", "CL-3.1")])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("hints", [False, True])
async def test_hk_4_5_a_refusal_longer_than_the_log_shows_its_first_line_at_80x24(make_session: Make, lang: str, rules: str, rule: str, hints: bool) -> None:
    """HK-4.3, HK-4.5 (MCR-4.1, CL-3.1): at a teaching table North discards 3 Circles, which you
    hold once, and you press p. The refusal is three notes: "You hold only one 3 Circles: a pung
    needs two in your hand.", the rule, and the pairs-solitaire warning — six or seven rows, and
    the log has five at 80×24: it showed the last five, so the answer itself, the first line, was
    out of sight above (only PgUp found it). The log now shows a refusal from its first line; with
    the hint panel open (which then gives way to the log) too."""
    from hkmj.rulesets import get_ruleset

    s = make_session(draws="9p9p3p1m", rules=get_ruleset(rules), lang=lang, teach=True)
    tx = s.tx
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # the 9 Characters drawn last; South, West and North discard
        assert s.view().offered == tile("3p") and s.human_pending(), s.status()
        if hints:
            await open_hints(app, pilot, tx)
        await press(pilot, "p")
        await pilot.pause()
        said = words_on_screen(app)
        log = app.table.query_one("#log")
        width, height = log.scrollable_content_region.width, log.scrollable_content_region.height
    first = joined(tx("no.pung_one", tile=tx.tile(tile("3p"))))
    rows = sum(len(Text(n).wrap(Console(width=80), width)) for n in (first, tx("rule.pung"), tx("teach.pairs")))
    assert rows > height  # more than the log shows: the case under test
    assert first in said and rule in said, said


@pytest.mark.asyncio
async def test_mcr_5_4_french_log_lines_never_start_with_a_sign_at_80x24(make_session: Make) -> None:
    """French puts a space before ``: ; ! ? »`` and after ``«``, and a line never starts with the
    sign nor ends on ``«`` (the help keeps that rule since it was fixed there). The log did not:
    at an MCR table in French, a false Mahjong after a concealed kong (MCR-5.4) wrapped as "… sans
    pouvoir gagner ni réclamer" / "; vous payez 10 à chaque joueur (MCR-5.4).", the semicolon
    opening the line. Every log line now keeps its sign on the line before, at 80×24 and after a
    resize."""
    from hkmj.rulesets import get_ruleset
    from hkmj.tui.render import KEY_LABELS

    s = make_session(rules=get_ruleset("mcr"), lang="fr")
    app = PlayApp(s, delay=0)

    def bad_lines() -> list[str]:
        lines = [strip.text.rstrip() for strip in app.table.query_one("#log").lines]
        return [x for x in lines if re.match(r"\s*[:;!?»]", x) or x.endswith("«")]

    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # 9 Characters
        await press(pilot, "p")  # South's Green dragon
        row, _ = s.hand_row()
        await press(pilot, KEY_LABELS[row.index(tile("1z"))], "enter")
        await press(pilot, "k")  # the concealed kong of 1 Characters; MCR's replacement comes from the end of the wall
        await press(pilot, "m", "m")  # declared, confirmed: not a winning hand, a false Mahjong (MCR-5.4)
        assert s.dead_hand, s.status()
        said = " ".join(strip.text for strip in app.table.query_one("#log").lines)
        assert "vous payez 10 à chaque joueur (MCR-5.4)" in " ".join(said.split())
        assert bad_lines() == []
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert bad_lines() == []
