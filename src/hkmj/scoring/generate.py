"""Random winning hands for tests and benchmarks (pure: pass a ``random.Random``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hkmj.scoring.model import Meld, PlayerHand, Win
from hkmj.tiles import HONOUR, N_KINDS, ORPHANS, Tile


def _random_groups(
    rng: random.Random, stock: list[int], kinds: Sequence[Tile], pung_rate: float
) -> list[tuple[str, Tile]] | None:
    groups: list[tuple[str, Tile]] = []
    for _ in range(4):
        for _attempt in range(20):
            if rng.random() < pung_rate:
                t = rng.choice(kinds)
                if stock[t] >= 3:
                    stock[t] -= 3
                    groups.append(("pung", t))
                    break
            else:
                t = rng.choice(kinds)
                if t >= HONOUR or t % 9 > 6:
                    continue
                if stock[t] and stock[t + 1] and stock[t + 2]:
                    for k in range(3):
                        stock[t + k] -= 1
                    groups.append(("chow", t))
                    break
        else:
            return None
    return groups


def random_winning_hand(rng: random.Random, kinds: Sequence[Tile] = tuple(range(N_KINDS)), pung_rate: float = 0.5) -> Win:
    """A random valid winning hand: mostly four groups and a pair, some seven pairs and
    thirteen orphans, with random declared melds, kongs, bonus tiles, winds and win type.

    ``kinds`` limits the tiles of groups and pairs (e.g. honours and one suit, to reach
    limit hands often); ``pung_rate`` is the chance that a group is a pung.
    """
    while True:
        stock = [4] * N_KINDS
        roll = rng.random()
        melds: list[Meld] = []
        concealed: list[Tile] = []
        if roll < 0.04:
            concealed = list(ORPHANS) + [rng.choice(ORPHANS)]
        elif roll < 0.12:
            concealed = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
        else:
            groups = _random_groups(rng, stock, kinds, pung_rate)
            if groups is None:
                continue
            pair_choices = [t for t in kinds if stock[t] >= 2]
            if not pair_choices:
                continue
            pair = rng.choice(pair_choices)
            stock[pair] -= 2
            concealed = [pair, pair]
            for kind, t in groups:
                r = rng.random()
                if kind == "pung" and r < 0.12 and stock[t] >= 1:
                    stock[t] -= 1
                    melds.append(Meld("kong" if rng.random() < 0.5 else "ckong", t))
                elif r < 0.35:
                    melds.append(Meld(kind, t))
                else:
                    concealed.extend((t, t, t) if kind == "pung" else (t, t + 1, t + 2))
        win_tile = rng.choice(concealed)
        win_type = rng.choice(("self_draw", "discard", "discard", "robbed_kong"))
        total = sum(1 for t in concealed if t == win_tile) + sum(m.tiles.count(win_tile) for m in melds)
        if win_type == "robbed_kong" and total != 1:
            win_type = "discard"
        seat = rng.randrange(4)
        discarder = None if win_type == "self_draw" else rng.choice([s for s in range(4) if s != seat])
        flowers = tuple(sorted(rng.sample(range(1, 5), rng.choice((0, 0, 0, 1, 1, 2, 4)))))
        seasons = tuple(sorted(rng.sample(range(1, 5), rng.choice((0, 0, 0, 1, 1, 2, 4)))))
        flags: set[str] = set()
        if win_type == "self_draw":
            if rng.random() < 0.05:
                flags.add("last_wall_tile")
            elif rng.random() < 0.05 and melds and melds[-1].is_kong:
                flags.add("kong_replacement")  # never with the last wall tile
        elif win_type == "discard" and rng.random() < 0.05:
            flags.add("final_discard")
        rng.shuffle(concealed)
        return Win(
            concealed=tuple(concealed),
            win_tile=win_tile,
            win=win_type,
            seat=seat,
            prevailing=rng.randrange(4),
            discarder=discarder,
            melds=tuple(melds),
            flowers=flowers,
            seasons=seasons,
            flags=frozenset(flags),
        )


def random_concealed(rng: random.Random, n: int = 13) -> list[int]:
    """Count vector of ``n`` random tiles drawn from the 136 playing tiles."""
    wall = [t for t in range(N_KINDS) for _ in range(4)]
    counts = [0] * N_KINDS
    for t in rng.sample(wall, n):
        counts[t] += 1
    return counts


__all__ = ["random_concealed", "random_winning_hand"]


def other_hands(win: Win, rng: random.Random, bonus_rate: float = 0.0) -> list[PlayerHand | None]:
    """Three 13-tile non-winner hands drawn from the tiles ``win`` does not hold (``None`` at the
    winner's seat), for a classical deal (CL-7: every player scores). On a robbed kong the robbed
    player shows the exposed pung the tile was added to (CL-3.4), holding 10 concealed tiles.
    Each bonus tile the winner does not hold goes to each other player in turn with probability
    ``bonus_rate`` (0: none, and no draws from ``rng`` for them)."""
    left = [4] * N_KINDS
    for t in win.concealed:
        left[t] -= 1
    for m in win.melds:
        for t in m.tiles:
            left[t] -= 1
    robbed = win.discarder if win.win == "robbed_kong" else None
    if robbed is not None:
        left[win.win_tile] -= 3
    pool = [t for t in range(N_KINDS) for _ in range(left[t])]
    rng.shuffle(pool)
    flowers = [b for b in range(1, 5) if b not in win.flowers]
    seasons = [b for b in range(1, 5) if b not in win.seasons]
    hands: list[PlayerHand | None] = [None, None, None, None]
    k = 0
    for s in range(4):
        if s == win.seat:
            continue
        fl: tuple[int, ...] = ()
        se: tuple[int, ...] = ()
        if bonus_rate:
            fl = tuple(b for b in flowers if rng.random() < bonus_rate)
            se = tuple(b for b in seasons if rng.random() < bonus_rate)
            flowers = [b for b in flowers if b not in fl]
            seasons = [b for b in seasons if b not in se]
        n = 10 if s == robbed else 13
        melds = (Meld("pung", win.win_tile),) if s == robbed else ()
        hands[s] = PlayerHand(tuple(pool[k : k + n]), melds, fl, se)
        k += n
    return hands
