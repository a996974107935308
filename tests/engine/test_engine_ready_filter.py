"""The engine's cheap readiness filter (issue 13 speed-up) never hides a wait (HK-5.1-5.4)."""

from __future__ import annotations

import random

from hkmj.engine.state import _special_may_be_ready, _standard_may_be_ready
from hkmj.hand import seven_pairs_shanten, standard_shanten, thirteen_orphans_shanten, waits
from hkmj.tiles import N_KINDS, ORPHANS


def _hands(n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(N_KINDS) for _ in range(4)]
    out = []
    for _ in range(n):
        h = [0] * N_KINDS
        for t in rng.sample(wall, size):
            h[t] += 1
        out.append(h)
    return out


def _ready_hands(n: int, melds: int, seed: int) -> list[list[int]]:
    """Waiting hands: a random complete shape (groups and a pair) minus one random tile."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = [0] * N_KINDS
        for _ in range(4 - melds):
            if rng.random() < 0.5:
                t = rng.choice([s * 9 + v for s in range(3) for v in range(7)])
                for x in (t, t + 1, t + 2):
                    h[x] += 1
            else:
                h[rng.randrange(N_KINDS)] += 3
        h[rng.randrange(N_KINDS)] += 2
        if max(h) > 4:
            continue
        h[rng.choice([t for t in range(N_KINDS) if h[t]])] -= 1
        out.append(h)
    return out


def test_hk5_1_filter_rejects_only_hands_that_are_not_ready() -> None:
    for melds in range(5):
        size = 13 - 3 * melds
        for h in _hands(3000, size, melds) + _ready_hands(500, melds, melds):
            if not _standard_may_be_ready(h):
                assert standard_shanten(h, melds) > 0
                assert all(standard_shanten([*h[:t], h[t] + 1, *h[t + 1 :]], melds) >= 0 for t in range(N_KINDS))


def test_hk5_1_filter_keeps_every_ready_standard_hand() -> None:
    for melds in range(5):
        for h in _ready_hands(500, melds, 10 + melds):
            assert standard_shanten(h, melds) == 0
            assert _standard_may_be_ready(h)
            assert waits(h, melds)


def test_hk5_3_hk5_4_special_filter_equals_seven_pairs_or_orphans_readiness() -> None:
    rng = random.Random(4)
    orphan_wall = [t for t in ORPHANS for _ in range(4)] + [4, 13]
    hands = _hands(3000, 13, 21)
    for _ in range(2000):
        h = [0] * N_KINDS
        for t in rng.sample(orphan_wall, 13):
            h[t] += 1
        hands.append(h)
    for _ in range(1000):
        h = [0] * N_KINDS
        kinds = rng.sample(range(N_KINDS), 7)
        for t in kinds:
            h[t] += 2
        h[kinds[0]] -= 1
        hands.append(h)
    for h in hands:
        assert _special_may_be_ready(h) == (seven_pairs_shanten(h) <= 0 or thirteen_orphans_shanten(h) <= 0)


def test_hk5_1_engine_suit_keys_follow_every_move() -> None:
    """The suit keys the engine updates move by move (deal, draws, discards, claims, kongs, wins)
    always equal the keys read afresh from each seat's concealed tiles, and its cached waits are exact."""
    from hkmj.bots import make_bot
    from hkmj.engine import Hand
    from hkmj.engine.state import _keys
    from hkmj.rulesets import get_ruleset

    for rules in (get_ruleset("hk"), get_ruleset("mcr")):
        for k in range(60):
            hand = Hand.from_seed(k, rules=rules)
            bots = [make_bot("greedy" if k % 2 else "random", k * 4 + i) for i in range(4)]
            while hand.result is None:
                for s in range(4):
                    assert hand._keys[s] == _keys(hand.hands[s])
                    if hand._wc[s] is not None:
                        # the ruleset's waits: MCR's knitted ones too (MCR-5.2.4, MCR-5.2.5)
                        assert sorted(hand._wc[s]) == rules.hand_waits(hand.hands[s], len(hand.melds[s]))
                seat = hand.pending()[0]
                hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
            for s in range(4):
                assert hand._keys[s] == _keys(hand.hands[s])


def test_hk5_1_suit_facts_groups_test_equals_the_distance_tables() -> None:
    """The engine's direct split test (pungs first, then chows; HK-5.1, HK-5.2) agrees with the
    distance tables of hkmj.hand on whether a suit is complete groups with at most a pair, for
    seeded random suits of every size up to 14 tiles, honours included (no chows); and it counts
    the suit's pairs, kinds and simples."""
    from hkmj.engine.state import _SuitFacts
    from hkmj.hand.tables import distance, honour_distance

    rng = random.Random(51)
    for suited, n in ((True, 9), (False, 7)):
        facts = _SuitFacts(suited)
        pool = [v for v in range(n) for _ in range(4)]
        bad_seen = good_seen = 0
        for size in range(15):
            for _ in range(300):
                counts = [0] * n
                for v in rng.sample(pool, size):
                    counts[v] += 1
                key = sum(c * 5**v for v, c in enumerate(counts))
                q, r = divmod(size, 3)
                vec = distance(tuple(counts)) if suited else honour_distance(tuple(counts))
                bad = r == 1 or bool(vec[q if r == 0 else q + 5])
                assert facts[key] & 7 == int(bad), (suited, counts)
                assert facts[key] >> 3 & 15 == sum(c >= 2 for c in counts)  # pairs (HK-5.3)
                assert facts[key] >> 7 & 15 == sum(c > 0 for c in counts)  # kinds held
                assert facts[key] >> 11 == int(suited and any(counts[1:8]))  # a simple held (HK-5.4)
                bad_seen += bad
                good_seen += not bad
        assert bad_seen and good_seen  # both answers occur in the sample
