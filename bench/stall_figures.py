"""What a stalling seat can cost the others in a hand: its turns and the claims it is offered.

Plays ``--hands`` Hong Kong hands with the engine (each from its own seed; the stalling seat is
seat ``seed % 4``, so every seat, the dealer too, takes its share), three greedy bots at the
other seats (what the server fills open seats with and plays turned-away seats with). The
stalling seat never claims, never wins and plays one of three ways:

* ``drawn``: the server's timeout play, what a seat that lets every turn time out plays (it
  discards the tile it drew, else its last tile, and passes every claim);
* ``greedy``: the greedy bot's discards, what a seat that plays its turns at once and lets its
  claim windows time out plays;
* ``claims``: discards that keep the most claims open (pairs first: a pung may be claimed from
  any seat), the most claim windows such a seat can be asked to decide.

For each it prints, per hand, the seat's turns, the claim windows it is offered (in all, and
before its 4th and 6th turns: a seat misses at most ``2 × away_after`` turns a hand, 4 with the
default ``away_after`` 2, the shortest missed-played pattern to the seat's fourth missed turn has
6 turns), every claim window of the hand, and the decisions the others wait for (``waited``:
every stalling seat's turns, and the windows offering a claim to at least one of them: with the
grace per decision, what stalling seats that answer nothing cost); mean and maximum. These are
the figures of docs/server.md, *Stalling*:

    python bench/stall_figures.py                 # 400 hands, seeds 0-399 (a few seconds)
    python bench/stall_figures.py --stallers 3    # three stalling seats, one greedy bot
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence

from hkmj.bots import make_bot
from hkmj.engine import Action, Discard, Hand, SeatView
from hkmj.engine.actions import PASS, Win

Policy = Callable[[SeatView, Sequence[Action]], Action]


def drawn(view: SeatView, legal: Sequence[Action]) -> Action:
    """The server's timeout play (``Table.auto_action``)."""
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return PASS
    for a in discards:
        if a.tile == view.drawn:
            return a
    return discards[-1]


def claim_kinds(counts: Sequence[int]) -> int:
    """How many claims a concealed hand keeps open: each kind held twice (a pung from any of the
    three others, weighted 3) and each kind that completes a chow with two held tiles (from the
    seat on the left only, weighted 1)."""
    score = 3 * sum(1 for c in counts if c >= 2)
    for t in range(27):
        r = t % 9
        if any(
            counts[t + a] and counts[t + b]
            for a, b in ((-2, -1), (-1, 1), (1, 2))
            if 0 <= r + a <= 8 and 0 <= r + b <= 8
        ):
            score += 1
    return score


def most_claims(view: SeatView, legal: Sequence[Action]) -> Action:
    """The discard that keeps the most claims open (ties: the drawn tile, then the last)."""
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return PASS
    counts = list(view.concealed)

    def kept(a: Discard) -> tuple[int, bool]:
        counts[a.tile] -= 1
        score = claim_kinds(counts)
        counts[a.tile] += 1
        return score, a.tile == view.drawn

    return max(discards, key=kept)


def greedy_turns(seed: int) -> Policy:
    bot = make_bot("greedy", seed)

    def choose(view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase != "turn":
            return PASS
        return bot.choose(view, [a for a in legal if not isinstance(a, Win)])

    return choose


def one_hand(seed: int, policy: Policy, stallers: int = 1) -> tuple[int, int, int, int, int, int]:
    """The (first) stalling seat's turns, claims offered (in all, before its 4th and 6th turns),
    every claim window of the hand, and the decisions the others wait for: every stalling seat's
    turns and the claim windows that offer a claim to at least one of them."""
    hand = Hand.from_seed(seed)
    me = seed % 4
    stalling = {(me + i) % 4 for i in range(stallers)}
    bots = {s: make_bot("greedy", seed * 4 + s) for s in range(4) if s not in stalling}
    turns = offered = before4 = before6 = windows = waited = 0
    was_turn = True
    while not hand.over:
        pending = hand.pending()
        on_turn = hand.phase.name == "TURN"
        if was_turn and not on_turn:  # a claim window opens (every window follows a turn)
            windows += 1
            waited += any(s in stalling for s in pending)
            if me in pending:
                offered += 1
                before4 += turns < 4
                before6 += turns < 6
        was_turn = on_turn
        seat = pending[0]
        legal = hand.legal_actions(seat)
        if seat in stalling:
            if hand.phase.name == "TURN":
                turns += seat == me
                waited += 1
            hand.apply(seat, policy(hand.view(seat), legal))
        else:
            hand.apply(seat, bots[seat].choose(hand.view(seat), legal))
    return turns, offered, before4, before6, windows, waited


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400, help="hands to play, seeds 0 to HANDS-1 (default 400)")
    ap.add_argument("--stallers", type=int, default=1, choices=(1, 2, 3), help="stalling seats at the table (default 1)")
    args = ap.parse_args()
    policies: dict[str, Callable[[int], Policy]] = {
        "drawn": lambda s: drawn,
        "greedy": greedy_turns,
        "claims": lambda s: most_claims,
    }
    print(f"{args.hands} hands, {args.stallers} stalling seat(s); per hand: mean (max)")
    print(f"{'policy':8} {'turns':>11} {'offered':>11} {'<4th turn':>11} {'<6th turn':>11} {'windows':>11} {'waited':>11}")
    for name, make in policies.items():
        rows = [one_hand(seed, make(seed), args.stallers) for seed in range(args.hands)]
        cols = list(zip(*rows, strict=True))
        cells = [f"{statistics.fmean(c):5.2f} ({max(c):2d})" for c in cols]
        print(f"{name:8} " + " ".join(f"{c:>11}" for c in cells))


if __name__ == "__main__":
    main()
