"""``hkmj review`` of a ready hand whose every winning tile is already out (HK-1: four of each
tile): the review measured the shape only and said "ready on 5 Bamboo" of a hand whose four 5
Bamboo were all in sight; it now says every winning tile is out, in English and French, while
the tile on offer still counts as one that can come (it may be claimed)."""

from __future__ import annotations

import pytest

from hkmj.engine import Discard, Pass
from hkmj.engine.testing import QUIET, act, play_quietly, stacked_hand
from hkmj.review import Decision, Loaded, analyse
from hkmj.review_words import words
from hkmj.tiles import tile


def _decisions() -> list[Decision]:
    """East waits on 5 Bamboo alone (123m 456m 789m 345p 5s); South, West and North each discard a
    5 Bamboo, which East lets go (HK-5.7 would let it win), so its fourth copy is East's own; East
    then draws 9 Circles and discards it, keeping the wait on nothing."""
    hand = stacked_hand(["123m456m789m345p5s1z", "258m369p145s1234z", QUIET[2], "147m258p356s2345z"], draws="8s8s1p9p")
    for line in ("E discard 1z", "S discard 5s", "E pass", "W discard 5s", "E pass", "N discard 5s", "E pass", "E discard 9p"):
        act(hand, line)
    play_quietly(hand, 4)
    return analyse(Loaded(list(hand.events)), "E").decisions


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_the_review_says_every_winning_tile_is_out(lang: str) -> None:
    w = words(lang)
    ds = _decisions()
    five, nine = w.tile(tile("5s")), w.tile(tile("9p"))
    last_pass = ds[3]
    assert last_pass.played == Pass() and last_pass.offered == tile("5s")
    # the last 5 Bamboo is on offer: the hand can still win on it; once passed, none is left
    assert last_pass.shape("before", lang) == w("dist.waits", tiles=five)
    assert last_pass.shape("after", lang) == w("dist.waits.out", tiles=five)
    d = ds[4]
    assert d.played == Discard(tile("9p")) and d.best.action == Discard(tile("5s"))
    assert d.shape("after", lang) == w("dist.waits.out", tiles=five)
    assert d.shape("advised", lang) == w("dist.waits", tiles=nine)
    assert ("every winning tile is already out" if lang == "en" else "toutes les tuiles gagnantes sont déjà sorties") in d.shape("after", lang)
    # the expert no longer calls the dead wait "ready" with a 0% chance to win
    assert d.mine.note.startswith("ready; every winning tile is out"), d.mine
    assert words(lang).note(d.mine.note) is not None
    assert d.mine.win is not None and d.mine.win > 0.0
