"""The strong bot's decisions on constructed views (issue 4, "Bots"), and legality over seeded hands.

Views are built by hand (a :class:`SeatView` is a plain NamedTuple) so that each test shows the
one situation it checks: efficient discards (HK-5.1 shanten), value (HK-6 dragon pungs, one suit),
claims (HK-4.3, HK-4.5), defence (tiles passed by a threatening opponent, HK-5.5), wins (HK-5.7).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hkmj.bots import BOTS, GreedyBot, RandomBot, make_bot
from hkmj.bots.strong import StrongBot, _Ctx, _Melds, danger_table, evaluate, p_ready, threats
from hkmj.engine import PASS, PUNG, WIN, Action, Hand, SeatView, play_hand
from hkmj.engine.actions import chow, discard, kong
from hkmj.scoring import Meld
from hkmj.tiles import counts_of, parse_tiles, tile


def view(
    hand: str,
    *,
    seat: int = 1,
    prevailing: int = 0,
    phase: str = "turn",
    turn: int | None = None,
    melds: Sequence[Sequence[str]] = ((), (), (), ()),
    discards: Sequence[str] = ("", "", "", ""),
    bonus: Sequence[str] = ("", "", "", ""),
    live: int = 60,
    offered: str | None = None,
    last_discarder: int | None = None,
) -> SeatView:
    """A view for ``seat`` holding ``hand`` (mpsz); melds as ``"pung 555m"`` texts, ponds as mpsz."""
    ponds = tuple(tuple(parse_tiles(d)) for d in discards)
    meld_sets = tuple(tuple(Meld.parse(m) for m in ms) for ms in melds)
    concealed = tuple(counts_of(parse_tiles(hand)))
    if last_discarder is None:
        last_discarder = next((s for s in ((seat - k) % 4 for k in range(1, 5)) if ponds[s]), None)
    last = ponds[last_discarder][-1] if last_discarder is not None and ponds[last_discarder] else None
    return SeatView(
        seat=seat,
        prevailing=prevailing,
        phase=phase,
        turn=seat if turn is None else turn,
        to_act=True,
        concealed=concealed,
        drawn=None,
        melds=meld_sets,
        bonus=tuple(tuple(parse_tiles(b)) for b in bonus),
        discards=ponds,
        concealed_counts=tuple(sum(concealed) if s == seat else 13 - 3 * len(meld_sets[s]) for s in range(4)),
        live=live,
        dead=14,
        scores=(0, 0, 0, 0),
        last_discard=last,
        last_discarder=last_discarder,
        offered=None if offered is None else tile(offered),
    )


def discards_of(v: SeatView) -> list[Action]:
    return [discard(t) for t, n in enumerate(v.concealed) if n]


def choose(v: SeatView, legal: Sequence[Action], seed: int = 0) -> Action:
    a = StrongBot(seed).choose(v, legal)
    assert a in legal
    return a


# ---------------------------------------------------------------- discards (HK-5.1 efficiency)


def test_discards_an_isolated_honour_before_breaking_a_chow() -> None:
    # 123m 456p 789s 11m 35s + North (no value for South at an East table): North goes, ready on 4s
    v = view("123m11m456p789s35s4z")
    assert choose(v, discards_of(v)) == discard(tile("4z"))


def test_counts_visible_tiles_when_choosing_which_shape_to_break() -> None:
    # 123m 456m + White pair + 12s (waits 3s) + 89s (waits 7s) + 35p (waits 4p): one shape must go.
    # Three 3s are on the table, so 12s is nearly dead: break it, not 89s or 35p.
    v = view("123m456m55z12s89s35p", discards=("3s", "3s", "3s", ""))
    assert choose(v, discards_of(v)) in (discard(tile("1s")), discard(tile("2s")))
    # with the 7s gone instead, 89s goes
    w = view("123m456m55z12s89s35p", discards=("7s", "7s", "7s", ""))
    assert choose(w, discards_of(w)) in (discard(tile("8s")), discard(tile("9s")))


def test_keeps_a_dragon_pair_over_a_plain_pair() -> None:
    # one of three pairs must go (HK-6: a Red pung is 1 fan, a pung of 1p or North is 0)
    v = view("123m456p78s77z44z11p")
    assert choose(v, discards_of(v)) != discard(tile("7z"))


def test_pursues_mixed_one_suit_when_close() -> None:
    # Characters, a White pair, North, and 34p + 8s. Counting improving tiles alone drops North
    # (greedy does); for mixed one suit (HK-6, 3 fan) North is worth keeping and 8s goes.
    v = view("123m456m78m55z4z34p8s")
    assert GreedyBot(0).choose(v, discards_of(v)) == discard(tile("4z"))
    assert choose(v, discards_of(v)) == discard(tile("8s"))
    ctx = _Ctx(v)
    c = list(v.concealed)
    c[tile("8s")] -= 1
    outlook = evaluate(ctx, c, _Melds((), ctx.hval))
    assert outlook.plan == "mixed_one_suit" and outlook.std == 1


# ---------------------------------------------------------------- claims (HK-4)


def test_does_not_break_a_ready_concealed_hand_for_a_useless_pung() -> None:
    # ready on 1s/4s; a pung of 5p would not bring the hand closer (HK-4.3)
    v = view("123m456p789s55p23s", phase="claim", turn=3, discards=("", "", "", "5p"), offered="5p")
    assert choose(v, [PASS, PUNG]) == PASS


def test_claims_a_dragon_pung() -> None:
    # HK-6: a dragon pung is 1 fan; the claim does not slow the hand
    v = view("24m57p68s77z3z1p9s9p", phase="claim", turn=3, discards=("", "", "", "7z"), offered="7z")
    assert choose(v, [PASS, PUNG]) == PUNG


def test_chows_only_when_it_lowers_shanten() -> None:
    # the chow 345p (with 34p, from the left, HK-4.2) completes a group and breaks nothing
    v = view("123m456m78s34p99p5z", phase="claim", turn=0, discards=("5p", "", "", ""), offered="5p")
    assert choose(v, [PASS, chow(tile("3p"))]) == chow(tile("3p"))
    # ready on North alone: the chow 345p (breaking 456p) leaves it ready as before, so pass
    w = view("123m456m789s456p4z", phase="claim", turn=0, discards=("3p", "", "", ""), offered="3p")
    assert choose(w, [PASS, chow(tile("3p"))]) == PASS


def test_wins_whenever_mahjong_is_legal() -> None:
    # HK-5.5: a win on a discard, a self-drawn win, a robbed kong
    claim = view("123m456p789s55p23s", phase="claim", turn=3, discards=("", "", "", "4s"), offered="4s")
    assert choose(claim, [PASS, WIN]) == WIN
    own = view("123m456p789s55p234s")
    assert choose(own, [WIN, *discards_of(own)]) == WIN
    rob = view("123m456p789s55p23s", phase="rob", turn=2, offered="1s")
    assert choose(rob, [PASS, WIN]) == WIN


def test_never_declares_mahjong_when_it_is_not_legal() -> None:
    # HK-5.7: the bot declares only what the engine lists
    v = view("123m456p789s55p239s")
    a = choose(v, discards_of(v))
    assert a != WIN


# ---------------------------------------------------------------- defence


THREAT = {
    # South shows three melds (HK-4.8): likely ready (p_ready 0.8)
    "melds": ((), ("pung 777z", "chow 345s", "pung 222p"), (), ()),
    # North discarded 6m after South's last turn and South did not win on it: 6m is safe vs South
    "discards": ("1m", "9m1z", "3z", "6m"),
    "last_discarder": 3,
}


def test_prefers_a_tile_passed_by_a_threatening_opponent() -> None:
    # a far hand (shanten >= 2) against a likely ready opponent folds: 6m and West were discarded
    # after South's last turn (by North and West) and South did not win on them
    v = view("6m258m147p369s1356z", seat=0, live=30, **THREAT)  # type: ignore[arg-type]
    danger, top = danger_table(v, _unseen(v))
    assert top >= 0.5
    assert danger[tile("6m")] == danger[tile("3z")] == 0.0 < danger[tile("5m")]
    assert choose(v, discards_of(v)) in (discard(tile("6m")), discard(tile("3z")))


def test_an_honour_with_every_copy_visible_is_safe() -> None:
    # the fourth West (3z) is ours: nobody can wait on it
    melds = ((), ("pung 777z", "chow 345s", "pung 222p"), (), ())
    v = view("3z258m147p369s156z", seat=0, live=30, melds=melds, discards=("1m", "9m3z", "3z3z1s", "4p"))
    danger, _ = danger_table(v, _unseen(v))
    assert danger[tile("3z")] == 0.0
    assert choose(v, discards_of(v)) == discard(tile("3z"))


def test_threat_model() -> None:
    assert p_ready(4, 8) == 1.0 and p_ready(3, 8) > p_ready(2, 8) > p_ready(1, 8) > p_ready(0, 8)
    assert p_ready(2, 14) > p_ready(2, 6)  # late in the wall
    v = view("6m258m147p369s1357z", seat=0, live=30, **THREAT)  # type: ignore[arg-type]
    south = next(t for t in threats(v, _unseen(v)) if t.seat == 1)
    assert south.waits[tile("6m")] == 0.0  # passed after South's turn
    assert south.waits[tile("5m")] > 0.0


def _unseen(v: SeatView) -> list[int]:
    return v.unseen()


# ---------------------------------------------------------------- kongs


def test_declares_a_concealed_kong_that_keeps_the_hand() -> None:
    # HK-3.3: four Whites in hand, ready either way; the kong brings a replacement draw
    v = view("5555z123m456p789s1p")
    legal = [*discards_of(v), kong(tile("5z"), "concealed")]
    assert choose(v, legal) == kong(tile("5z"), "concealed")


# ---------------------------------------------------------------- whole hands


class Checked:
    """A player proxy asserting that every action returned is one of the legal actions."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(view, legal)  # type: ignore[attr-defined]
        assert a in legal, (a, legal)
        self.decisions += 1
        return a


@pytest.mark.parametrize("seed", range(8))
def test_only_legal_actions_over_seeded_hands(seed: int) -> None:
    makers = [StrongBot, StrongBot, GreedyBot, RandomBot] if seed % 2 else [StrongBot] * 4
    players = [Checked(makers[(s + seed) % 4](seed * 10 + s)) for s in range(4)]
    # ask_all: every seat answers every discard, often with "pass" as its only action
    hand = Hand.from_seed(1000 + seed, prevailing=seed % 4, ask_all=seed >= 6)
    result = play_hand(hand, players)
    assert result.kind in ("win", "draw")  # never a false Mahjong (HK-5.7)
    assert sum(p.decisions for p in players) > 0


def test_deterministic_given_its_seed() -> None:
    def run() -> list[dict[str, object]]:
        hand = Hand.from_seed(77)
        play_hand(hand, [StrongBot(1), StrongBot(2), StrongBot(3), StrongBot(4)])
        return hand.events

    assert run() == run()


def test_registered_by_name() -> None:
    assert "strong" in BOTS
    assert isinstance(make_bot("strong", 3), StrongBot)
