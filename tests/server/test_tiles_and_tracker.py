"""Tile faces (all 42 + back) and the physical-tile tracker against the engine."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from hkmj.engine import Hand
from hkmj.engine.wall import random_wall
from hkmj.server.svg import NAMES, face
from hkmj.server.tracker import Tracker, commitment, physical_wall, pid_kind, pid_str
from hkmj.tiles import tile_str, tiles_of, wind_letter


def test_every_face_is_its_own_svg() -> None:
    assert len(NAMES) == 43
    docs = [face(n) for n in NAMES]
    assert len(set(docs)) == 43
    for d in docs:
        root = ET.fromstring(d)
        assert root.tag.endswith("svg") and root.get("viewBox") == "0 0 60 80"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk1_wind_faces_use_the_wind_letters_people_read(lang: str) -> None:
    """HK-1: a wind tile's face carries hkmj.tiles' wind letter (French O for Ouest), the same
    letters as the terminal; the seat letters in a bonus tile's corner follow the same table."""
    for seat in range(4):
        root = ET.fromstring(face(f"{seat + 1}z", lang))
        assert [e.text for e in root.iter() if e.tag.endswith("text")] == [wind_letter(seat, lang)]
    assert ">O<" in face("3f", "fr") and ">W<" in face("3f", "en")
    with pytest.raises(KeyError):
        face("1z", "de")


def test_physical_ids_are_unique_and_copies_do_not_follow_wall_order() -> None:
    wall, _ = random_wall(random.Random(3))
    ids = physical_wall(wall, random.Random(4))
    assert sorted(ids) == list(range(144))
    assert [pid_kind(p) for p in ids] == wall
    firsts = [next(p & 3 for p in ids if pid_kind(p) == k) for k in range(34)]
    assert len(set(firsts)) > 1  # the first copy met in the wall is not always copy 0
    assert len(commitment("salt", ids)) == 64 and pid_str(ids[0]).startswith(tile_str(wall[0]) + ":")


def test_tracker_follows_the_engine_through_random_hands() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        h = Hand(*random_wall(rng))
        tr = Tracker(physical_wall(h.wall, random.Random(seed)), h.dice)
        for ev in h.events:
            tr.feed(ev)
        tr.dealt()
        n = len(h.events)
        while True:
            for s in range(4):
                assert sorted(pid_kind(p) for p in tr.hands[s]) == tiles_of(h.hands[s])
                assert [sorted(pid_kind(x) for x in ids) for _, ids in tr.melds[s]] == [sorted(m.tiles) for m in h.melds[s]]
                assert [pid_kind(x) for x in tr.ponds[s]] == list(h.discards[s])
                v, own = h.view(s), tr.own(s)
                assert (v.drawn is None) == (own["drawn"] is None)
            assert tr.public()["live"] == h.live_count and tr.public()["dead"] == h.dead_count
            if h.over:
                break
            s = h.pending()[0]
            legal = h.legal_actions(s)
            h.apply(s, legal[rng.randrange(len(legal))])
            for ev in h.events[n:]:
                tr.feed(ev)
            n = len(h.events)
        assert tr.phase == "over"


def _dealt(seed: int) -> tuple[random.Random, Hand, Tracker]:
    """A seeded hand and its tracker, fed the deal."""
    rng = random.Random(seed)
    h = Hand(*random_wall(rng))
    tr = Tracker(physical_wall(h.wall, random.Random(seed)), h.dice, rng=random.Random(seed))
    for ev in h.events:
        tr.feed(ev)
    tr.dealt()
    return rng, h, tr


def test_an_added_kong_shows_the_rob_phase_whether_or_not_anyone_can_rob() -> None:
    """Issue 9: the phase after an added kong must not tell whether some seat waits on its tile."""
    seen = {True: 0, False: 0}
    for seed in range(400):
        rng, h, tr = _dealt(seed)
        n = len(h.events)
        while not h.over:
            s = h.pending()[0]
            legal = h.legal_actions(s)
            added = [a for a in legal if str(a).startswith("added kong")]
            pungs = [a for a in legal if str(a) == "pung"]
            h.apply(s, (added or pungs or legal)[0] if rng.random() < 0.9 else legal[rng.randrange(len(legal))])
            for ev in h.events[n:]:
                tr.feed(ev)
                if ev["type"] == "kong" and ev["action"].startswith("added"):
                    robbable = any(o is not None for o in ev["offers"])
                    seen[robbable] += 1
                    assert tr.public()["phase"] == "rob" and tr.public()["offered"] is not None
            n = len(h.events)
        assert tr.phase == "over"
    assert seen[False] > 0


def test_a_discard_takes_a_random_copy_of_its_tile_not_the_lowest() -> None:
    """Issue 9: which physical copy leaves a hand carries no information about those kept."""
    lowest = total = 0
    for seed in range(200):
        rng, h, tr = _dealt(seed)
        n = len(h.events)
        while not h.over:
            s = h.pending()[0]
            legal = h.legal_actions(s)
            h.apply(s, legal[rng.randrange(len(legal))])
            for ev in h.events[n:]:
                before = list(tr.hands[ev["seat"]]) if ev["type"] == "discard" else []
                pub, _ = tr.feed(ev)
                if ev["type"] == "discard" and pub is not None:
                    k = pid_kind(tr.ponds[ev["seat"]][-1])
                    same = sorted(p for p in before if pid_kind(p) == k)
                    if len(same) == 2:
                        total += 1
                        lowest += tr.ponds[ev["seat"]][-1] == same[0]
            n = len(h.events)
    assert total > 200 and 0.35 < lowest / total < 0.65, (lowest, total)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_a_reveals_end_is_a_list_of_the_one_event_that_ended_the_hand(rules: str) -> None:
    """docs/protocol.md, *The state frame*: the reveal's ``end`` is a list of one event (the win,
    the penalised false Mahjong or the exhaustive draw, HK-5.7, HK-7.1), as the tracker keeps it;
    the page described it as the event itself, so a client that read ``end["type"]`` broke."""
    from pathlib import Path

    from hkmj.rulesets import get_ruleset

    page = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert "`end` (a list of one event, the one that ended the hand:" in page
    for seed in range(12):
        rng = random.Random(seed)
        ruleset = get_ruleset(rules)
        h = Hand(*random_wall(rng), rules=ruleset)
        tr = Tracker(physical_wall(h.wall, random.Random(seed)), h.dice, dead_wall=ruleset.dead_wall > 0)
        for ev in h.events:
            tr.feed(ev)
        tr.dealt()
        n = len(h.events)
        while not h.over:
            s = h.pending()[0]
            legal = h.legal_actions(s)
            h.apply(s, legal[rng.randrange(len(legal))])
            for ev in h.events[n:]:
                tr.feed(ev)
            n = len(h.events)
        assert len(tr.end) == 1 and tr.end[0]["type"] in ("win", "false_mahjong", "exhaustive_draw")
