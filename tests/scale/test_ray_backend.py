"""``--backend ray`` (issue 13): the same seed gives the same results on Ray as in local processes.

One local Ray instance (``ray.init(num_cpus=2)``) serves every test of the module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

pytest.importorskip("ray")

import ray

from hkmj.arena import run_arena
from hkmj.scale import map_ordered
from hkmj.simulate import run
from hkmj.tiles import tile_str


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # Ray gives its raylet 30 s to register, a limit a loaded machine (the suite runs on every
    # core) can miss: one more start then, after a clean shutdown.
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    except Exception as e:
        if "timed out during startup" not in str(e):
            raise
        ray.shutdown()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_simulate_on_ray_equals_local_for_any_worker_count(local_ray: None) -> None:
    bots = ("greedy", "random", "random", "greedy")
    local = run(160, 9, bots, workers=1)
    on_ray = run(160, 9, bots, workers=2, backend="ray")
    assert local.hands == on_ray.hands == 160
    assert replace(local, seconds=0.0) == replace(on_ray, seconds=0.0)


def test_arena_on_ray_equals_local(local_ray: None) -> None:
    a = run_arena(["random", "greedy"], deals=3, seed=4)
    b = run_arena(["random", "greedy"], deals=3, seed=4, workers=2, backend="ray")
    assert a.history == b.history


def test_ray_results_come_back_in_job_order(local_ray: None) -> None:
    tiles = [33, 0, 17, 9, 26, 27]
    assert list(map_ordered(tile_str, tiles, workers=2, backend="ray")) == ["7z", "1m", "9p", "1p", "9s", "1z"]


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="backend 'spark'"):
        list(map_ordered(tile_str, [1], backend="spark"))


def test_a_local_ray_instance_that_cannot_start_is_retried_once_then_named_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ray raises a bare ``Exception`` when its raylet misses the 30 s start-up limit on a loaded
    machine: ``--backend ray`` tries once more, then says what failed (exit status 2)."""
    from hkmj.cli import main

    calls: list[dict[str, object]] = []

    def failing_init(**kwargs: object) -> None:
        calls.append(kwargs)
        raise Exception("The current node timed out during startup. This could happen because ...")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", failing_init)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    assert main(["simulate", "--hands", "4", "--backend", "ray", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "hkmj simulate: cannot start a new local Ray instance: The current node timed out during startup" in err, err
    assert "Traceback" not in err and len(calls) == 2


def test_an_address_where_nothing_listens_is_named_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--address`` with no Ray head behind it: Ray itself retries for minutes; the command says
    at once that nothing answers there (exit status 2)."""
    import socket

    from hkmj.cli import main

    def no_init(**kwargs: object) -> None:
        raise AssertionError("ray.init reached")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", no_init)
    # a port held bound but not listening: nothing answers on it, and no other process (this
    # module's Ray, a test server on another core) can start listening there meanwhile
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
            assert main(["simulate", "--hands", "4", "--backend", "ray", "--address", address, "--quiet"]) == 2
            err = capsys.readouterr().err
            assert f"hkmj simulate: cannot connect to Ray at {address}: nothing answers at 127.0.0.1:{port}" in err, err
