"""docs/record-format.md on an added kong's rob window at a table that asks every seat (HK-4.10,
HK-5.5): the record asks every other seat, with a pass, before the kong stands. The page said an
added kong nobody may rob "stands at once", which a referee written from it read as no window."""

from __future__ import annotations

from pathlib import Path

from hkmj.bots import make_bot
from hkmj.engine import Hand
from hkmj.engine.play import play_hand

PAGE = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def test_hk_4_10_ask_all_rob_window_asks_every_seat_and_the_page_says_so() -> None:
    hand = Hand.from_seed(7, ask_all=True)  # deal 7: West adds 9p to its pung, nobody may rob it
    play_hand(hand, [make_bot("greedy", s) for s in range(4)])
    at = next(i for i, e in enumerate(hand.events) if e["type"] == "kong" and e["action"].startswith("added"))
    kong = hand.events[at]
    owner = kong["seat"]
    assert kong["offers"] == [None if s == owner else ["pass"] for s in range(4)]
    after = [e["type"] for e in hand.events[at + 1 : at + 6]]
    assert after == ["answer", "answer", "answer", "claim", "replacement"]
    claim = hand.events[at + 4]
    assert claim["on"] == "added_kong" and claim["seat"] is None and claim["claim"] is None
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert "at a table that asks every seat (`ask_all`) its rob window asks them too" in text
    assert "at a discard as at an added kong's rob window" in text
