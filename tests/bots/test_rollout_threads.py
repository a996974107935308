"""The rollout's shared distance-vector tables stay consistent when two threads fill them at
once (the server's bot worker and a review's thread both run bots; HK-5.1 shanten reads them)."""

from __future__ import annotations

import threading
import time

import pytest

from hkmj.bots import rollout


class _SlowList(list[tuple[int, ...]]):
    """A list whose append lets the other thread run first: the widest window for a race."""

    def append(self, item: tuple[int, ...]) -> None:
        time.sleep(0.001)
        super().append(item)


def test_two_threads_interning_new_vectors_at_once_give_each_its_own_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollout, "_VECS", _SlowList(rollout._VECS))
    monkeypatch.setattr(rollout, "_VEC_ID", dict(rollout._VEC_ID))
    made = [[(900 + k, i, 0) for i in range(40)] for k in range(2)]
    got: list[list[int]] = [[], []]
    start = threading.Barrier(2)

    def intern_all(k: int) -> None:
        start.wait()
        got[k] = [rollout._intern(v) for v in made[k]]

    threads = [threading.Thread(target=intern_all, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(2):
        for vec, i in zip(made[k], got[k], strict=True):
            assert rollout._VECS[i] == vec
            assert rollout._VEC_ID[vec] == i
    assert len({i for ids in got for i in ids}) == 80
