"""The one-pass group fans agree with the fans' own predicates (MCR-6).

The scorer reads the fans of the pung, reading and wait scopes — the ones that look at the
groups, the pair and the wait of a reading (MCR-6.5, 6.9 to 6.11, 6.14 to 6.16, 6.18,
6.21, 6.24, 6.28, 6.52, 6.54, 6.57, 6.70, 6.71, 6.73, 6.75) — in one pass over the groups
(``hkmj.scoring.mcr._group_fans``). Each fan's predicate in ``MCR_FANS`` stays its
definition; this checks the two give the same counts on every reading of seeded hands.
"""

from __future__ import annotations

import random
from collections import Counter

from hkmj.scoring.mcr import _FAN_GROUP_SCOPES, MCR_FANS, _group_fans, validate_mcr
from hkmj.scoring.mcr_generate import random_mcr_hand
from hkmj.scoring.mcr_shape import KNITTED, STANDARD, shapes


def test_mcr_6_group_fans_in_one_pass_match_their_predicates() -> None:
    rng = random.Random(20261201)
    seen: Counter[str] = Counter()
    readings = 0
    for _ in range(4000):
        win = random_mcr_hand(rng)
        _hand, found = shapes(win, *validate_mcr(win))
        for s in found:
            if s.kind not in (STANDARD, KNITTED):
                continue
            readings += 1
            fast: dict[int, int] = {}
            _group_fans(s, fast)
            reference = {}
            for i, f in enumerate(MCR_FANS):
                if f.scope in _FAN_GROUP_SCOPES:
                    n = f.count(s)
                    if n:
                        reference[i] = int(n)
            assert fast == reference, (win, s.kind, s.chows, s.pungs, s.pair)
            seen.update(MCR_FANS[i].id for i in fast)
    assert readings > 2000
    # every fan of these scopes occurs, so the agreement covers each of them
    assert sorted(seen) == sorted(f.id for f in MCR_FANS if f.scope in _FAN_GROUP_SCOPES), seen
