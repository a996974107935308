"""Why a declared hand is no Mahjong, measured with the ruleset's own winning shapes (issue 14):
at MCR a hand one tile from a knitted hand (MCR-5.2.4 honours and knitted tiles, MCR-5.2.5 a
knitted straight with a group and a pair) is one tile from winning, not "6 tiles from ready"
as the standard shapes alone measured it. Hong Kong and classical texts keep their words."""

from __future__ import annotations

import pytest

from hkmj.engine.testing import QUIET, act, stacked_hand
from hkmj.engine.wall import stacked_wall
from hkmj.hand import shanten
from hkmj.record import reason_in
from hkmj.rulesets import get_ruleset
from hkmj.server.table import why_not_winning
from hkmj.tiles import counts_of, parse_tiles, tile
from hkmj.tui.session import Session
from hkmj.tui.testing import TsumogiriBot
from hkmj.tui.texts import Texts

KNIT = "147m258p36s12345z9m"
"""East's 14 tiles: discarding 9m leaves 147m258p36s12345z, ready on 9s, 6z and 7z (MCR-5.2.4);
the standard shapes put it 6 tiles from ready."""


def _session(rules: str, lang: str, teach: bool, hands: tuple[str, ...] = (KNIT, *QUIET[1:])) -> Session:
    wall = stacked_wall(list(hands), dead_wall=rules != "mcr")
    return Session(
        [TsumogiriBot(), TsumogiriBot(), TsumogiriBot()],
        ["script"] * 3,
        seed=5,  # the human (player 0) draws East
        walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None,
        length="hands",
        hands=1,
        rules=get_ruleset(rules),
        lang=lang,
        teach=teach,
    )


def test_mcr_5_2_4_the_engines_reason_measures_the_knitted_shape() -> None:
    """MCR-5.2.4, MCR-5.4: the false Mahjong's reason (kept in the record) said "it is 6 tiles
    from ready" of a hand a discard from a knitted wait; it now says one tile from winning."""
    hand = stacked_hand([KNIT, *QUIET[1:]], rules=get_ruleset("mcr"))
    false = act(hand, "E mahjong")[0]
    assert false["type"] == "false_mahjong" and false["dead_hand"]
    assert false["reason"].endswith("(MCR-5.2); it is ready: one tile from winning"), false["reason"]
    fr = reason_in(false["reason"], "fr", get_ruleset("mcr"))
    assert fr.endswith(Texts("fr", "mcr").distance(0)), fr


def test_mcr_5_2_5_a_claimed_tile_one_short_of_a_knitted_straight() -> None:
    """MCR-5.2.5: 147m258p36s123p11z with a claimed 5z lacks only 9s for a knitted straight,
    123p and a pair of East winds: one tile from winning, in every language."""
    counts = counts_of(parse_tiles("147m258p36s123p11z"))
    why = why_not_winning(counts, 0, tile("5z"), get_ruleset("mcr"))
    for lang in ("en", "fr"):
        tx = Texts(lang, "mcr")
        assert why[lang] == tx("why.not_winning", hand=tx("why.hand_with", tile=tx.tile(tile("5z"))), dist=tx.distance(0))
    c = list(counts)
    c[tile("5z")] += 1
    assert shanten(c, 0) > 0  # the standard shapes alone put it further


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("teach", [True, False])
def test_mcr_5_2_4_the_terminal_says_one_tile_from_winning(lang: str, teach: bool) -> None:
    """MCR-5.2.4: the terminal's refusal (teaching table) and its false Mahjong (a dead hand,
    MCR-5.4) measured standard shapes only; both now say the hand is ready, one tile from winning."""
    s = _session("mcr", lang, teach)
    s.start_hand()
    out = s.try_mahjong(confirmed=True)
    text = " ".join(n.text for n in out.notes)
    tx = Texts(lang, "mcr")
    said = tx("why.not_winning", hand=tx("why.hand"), dist=tx.distance(0))
    assert (tx.refused(said) if teach else said) in text, text  # a refusal's sentence follows its rule number
    assert tx.distance(6) not in text


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_hong_kong_and_classical_keep_their_words(rules: str) -> None:
    """HK-5.1-5.4, CL-2.4: no knitted shape wins there, so the same hand is still 6 tiles from
    ready, word for word, in the engine's reason, the table's reasons and the terminal."""
    ruleset = get_ruleset(rules)
    hand = stacked_hand([KNIT, *QUIET[1:]], rules=ruleset)
    false = next(e for e in act(hand, "E mahjong") if e["type"] == "false_mahjong")
    assert false["reason"].endswith("; it is 6 tiles from ready")
    counts = counts_of(parse_tiles(KNIT))
    why = why_not_winning(counts, 0, None, ruleset)
    for lang in ("en", "fr"):
        tx = Texts(lang, rules)
        assert why[lang] == tx("why.not_winning", hand=tx("why.hand"), dist=tx.distance(6))
        s = _session(rules, lang, True)
        s.start_hand()
        text = " ".join(n.text for n in s.try_mahjong().notes)
        assert tx.refused(tx("why.not_winning", hand=tx("why.hand"), dist=tx.distance(6))) in text, text
    assert why_not_winning(counts, 0, None) == why_not_winning(counts, 0, None, get_ruleset("hk"))


FIFTH = "1111m234p567p9999s"
"""East's 14 tiles, ready in shape after a discard only on a fifth copy: 1111m234p567p999s and
111m234p567p9999s each wait on nothing but a fifth 9 Bamboo or 1 Characters (HK-1: four copies of
each tile). It is a tile from ready (trade a 1m or a 9s for a tile to wait on), not ready."""
FIFTH_DEAL = (FIFTH, *QUIET[1:3], "447m258p366s2345z")
"""The quiet deal (:data:`~hkmj.engine.testing.QUIET`) with East's :data:`FIFTH`; North holds no
1m nor 9s."""


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_1_a_false_mahjong_ready_only_on_a_fifth_copy_is_a_tile_from_ready(rules: str) -> None:
    """HK-1, HK-5.7, MCR-5.4: the explanation of a false Mahjong measured the shape alone and
    told a hand waiting only on a fifth copy "ready: one tile from winning", in the engine's
    reason (kept in the record), the table's reasons (the browser) and the terminal, where the
    review says "1 tile from ready" (one measure for all: ``distance_and_waits``), EN and FR."""
    from hkmj.hand.knitted import distance_and_waits

    ruleset = get_ruleset(rules)
    counts = counts_of(parse_tiles(FIFTH))
    assert shanten(counts, 0) == 0 and distance_and_waits(counts, 0) == (1, ())
    hand = stacked_hand(list(FIFTH_DEAL), rules=ruleset)
    false = next(e for e in act(hand, "E mahjong") if e["type"] == "false_mahjong")
    assert false["reason"].endswith("; it is 1 tile from ready"), false["reason"]
    assert reason_in(false["reason"], "fr", ruleset).endswith(Texts("fr", rules).distance(1))
    thirteen = counts_of(parse_tiles(FIFTH[:-2] + "s"))  # 1111m234p567p999s and a claimed 9s
    for why in (why_not_winning(counts, 0, None, ruleset), why_not_winning(thirteen, 0, tile("9s"), ruleset)):
        for lang in ("en", "fr"):
            tx = Texts(lang, rules)
            assert tx.distance(1) in why[lang], why[lang]
            assert tx.distance(0) not in why[lang]
    for lang in ("en", "fr"):
        tx = Texts(lang, rules)
        for teach in (True, False):
            s = _session(rules, lang, teach, FIFTH_DEAL)
            s.start_hand()
            text = " ".join(n.text for n in s.try_mahjong(confirmed=True).notes)
            said = tx("why.not_winning", hand=tx("why.hand"), dist=tx.distance(1))
            assert (tx.refused(said) if teach else said) in text, text
            assert tx.distance(0) not in text, text
