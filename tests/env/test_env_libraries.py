"""What the training libraries researchers use look for on our side (docs/env.md, "Training libraries").

Each test was a failure before its fix (the docstrings say what). They check our side's
contract directly, so they need only the ``env`` extra; the libraries themselves
(Stable-Baselines3, sb3-contrib) are exercised when installed (``pytest.importorskip``).
HK-7 (a match of ``hands`` hands), HK-2.1 (the learner's ``player``).
"""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
from gymnasium.utils.env_checker import check_env

from hkmj.env import RULES, SingleSeatEnv


def _play(g: gym.Env, seed: int, steps: int, rng: np.random.Generator) -> None:
    """Random legal play, checking ``action_masks()`` against the observation's mask at every step."""
    base = g.unwrapped
    assert isinstance(base, SingleSeatEnv)
    obs, _ = g.reset(seed=seed)
    for _ in range(steps):
        masks = base.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (75,)
        assert np.array_equal(masks, obs["action_mask"] == 1)
        legal = np.flatnonzero(masks)
        action = int(rng.choice(legal)) if legal.size else 0
        obs, _reward, terminated, truncated, _info = g.step(action)
        if terminated or truncated:
            assert not base.action_masks().any()  # the final observation: nothing to decide
            obs, _ = g.reset()


@pytest.mark.parametrize("rules", RULES)
def test_action_masks_equals_the_observation_mask_at_every_step(rules: str) -> None:
    """Was: no ``action_masks()``, so sb3-contrib's ``MaskablePPO`` refused the environment
    ("Environment does not support action masking. Consider using ActionMasker wrapper") and
    every user wrote the same wrapper; now the method is there, reached through
    ``gymnasium.make``'s wrappers with ``get_wrapper_attr`` as vector environments do."""
    g = gym.make("hkmj/SingleSeat-v0", rules=rules, opponents=("random",) * 3, hands=2)
    assert callable(g.get_wrapper_attr("action_masks"))
    _play(g, seed=11, steps=300, rng=np.random.default_rng(0))


def test_action_masks_is_a_copy_and_survives_pickling() -> None:
    """The returned mask is the caller's to change; copies of the environment keep theirs."""
    g = SingleSeatEnv(opponents=("random",) * 3)
    obs, _ = g.reset(seed=4)
    m = g.action_masks()
    m[:] = False
    assert np.array_equal(g.action_masks(), obs["action_mask"] == 1) and g.action_masks().any()
    for twin in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert np.array_equal(twin.action_masks(), g.action_masks())
    assert not SingleSeatEnv().action_masks().any()  # before reset(): nothing is legal yet


@pytest.mark.parametrize("rules", RULES)
def test_rgb_array_renders_the_learner_planes(rules: str) -> None:
    """Was: ``render_mode="rgb_array"`` refused with a ``ValueError``, and Stable-Baselines3's
    ``make_vec_env("hkmj/SingleSeat-v0")`` passes exactly that by default (it retries only on a
    ``TypeError``), so it failed as is; now the frame is the learner's planes as an image, and
    Gymnasium's ``check_env`` passes on it without a warning."""
    g = gym.make("hkmj/SingleSeat-v0", rules=rules, render_mode="rgb_array")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before render\(\)"):  # tests/env/test_env_errors.py
        g.unwrapped.render()
    obs, _ = g.reset(seed=3)
    frame = g.render()
    # both sides multiples of 16 (imageio-ffmpeg's macro_block_size rescaled the 636 x 136 frame, with a warning)
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.shape == (640, 144, 3)
    assert not frame[159 * 4 :].any() and not frame[:, 34 * 4 :].any()  # the padding is black
    planes = obs["observation"]
    cells = frame[: 159 * 4 : 4, : 34 * 4 : 4]  # one pixel per cell
    assert np.array_equal(cells[planes == 0], np.tile([30, 30, 70], ((planes == 0).sum(), 1)))
    assert np.array_equal(cells[planes == 1], np.tile([253, 231, 37], ((planes == 1).sum(), 1)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(g.unwrapped)
    with pytest.raises(ValueError, match=r"render_mode='rgbarray': expected None, 'human', 'ansi' or 'rgb_array'"):
        SingleSeatEnv(render_mode="rgbarray")


def test_stable_baselines3_check_env_and_maskable_ppo_run_as_is() -> None:
    """With the libraries installed: SB3's own ``check_env`` passes (its one remark, that the
    159 x 34 planes are neither an image nor a vector, is advice: ``MultiInputPolicy`` flattens
    them), ``make_vec_env`` builds the environment by id, and ``MaskablePPO`` finds the masks
    without a wrapper and trains a few steps."""
    pytest.importorskip("stable_baselines3")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    from stable_baselines3.common.env_util import make_vec_env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sb3_check_env(gym.make("hkmj/SingleSeat-v0"))
    assert [str(w.message) for w in caught if "unconventional shape" not in str(w.message)] == []
    v = make_vec_env("hkmj/SingleSeat-v0", n_envs=2, seed=0, env_kwargs={"opponents": ("random",) * 3})
    assert is_masking_supported(v)
    obs = v.reset()
    assert np.array_equal(get_action_masks(v), obs["action_mask"] == 1)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", v, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=128)
