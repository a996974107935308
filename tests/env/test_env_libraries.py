"""What the training libraries researchers use look for on our side (docs/env.md, "Training libraries").

Each test was a failure before its fix (the docstrings say what). They check our side's
contract directly, so they need only the ``env`` extra; the libraries themselves
(Stable-Baselines3, sb3-contrib, SuperSuit) are exercised when installed
(``pytest.importorskip``), the page's ``text`` recipes for them run as pasted but shortened.
HK-7 (a match of ``hands`` hands), HK-2.1 (the learner's ``player``).
"""

from __future__ import annotations

import copy
import pickle
import re
import warnings
from pathlib import Path

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
    g = gym.make("hkmj/SingleSeat-v1", rules=rules, opponents=("random",) * 3, hands=2)
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
    ``make_vec_env("hkmj/SingleSeat-v1")`` passes exactly that by default (it retries only on a
    ``TypeError``), so it failed as is; now the frame is the learner's planes as an image, and
    Gymnasium's ``check_env`` passes on it without a warning."""
    g = gym.make("hkmj/SingleSeat-v1", rules=rules, render_mode="rgb_array")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before render\(\)"):  # tests/env/test_env_errors.py
        g.unwrapped.render()
    obs, _ = g.reset(seed=3)
    frame = g.render()
    # both sides multiples of 16 (imageio-ffmpeg's macro_block_size rescaled a 636 x 136 frame, with a warning)
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.shape == (640, 144, 3)
    assert not frame[160 * 4 :].any() and not frame[:, 34 * 4 :].any()  # the padding is black
    planes = obs["observation"]
    cells = frame[: 160 * 4 : 4, : 34 * 4 : 4]  # one pixel per cell
    assert np.array_equal(cells[planes == 0], np.tile([30, 30, 70], ((planes == 0).sum(), 1)))
    assert np.array_equal(cells[planes == 1], np.tile([253, 231, 37], ((planes == 1).sum(), 1)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(g.unwrapped)
    with pytest.raises(ValueError, match=r"render_mode='rgbarray': expected None, 'human', 'ansi' or 'rgb_array'"):
        SingleSeatEnv(render_mode="rgbarray")


def test_stable_baselines3_check_env_and_maskable_ppo_run_as_is() -> None:
    """With the libraries installed: SB3's own ``check_env`` passes (its one remark, that the
    160 x 34 planes are neither an image nor a vector, is advice: ``MultiInputPolicy`` flattens
    them), ``make_vec_env`` builds the environment by id, and ``MaskablePPO`` finds the masks
    without a wrapper and trains a few steps."""
    pytest.importorskip("stable_baselines3")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    from stable_baselines3.common.env_util import make_vec_env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sb3_check_env(gym.make("hkmj/SingleSeat-v1"))
    assert [str(w.message) for w in caught if "unconventional shape" not in str(w.message)] == []
    v = make_vec_env("hkmj/SingleSeat-v1", n_envs=2, seed=0, env_kwargs={"opponents": ("random",) * 3})
    assert is_masking_supported(v)
    obs = v.reset()
    assert np.array_equal(get_action_masks(v), obs["action_mask"] == 1)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", v, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=128)


PAGE = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def _text_recipe(after: str) -> str:
    """The first ``text`` block of docs/env.md after the words ``after`` (the recipes that need a
    library hkmj does not install, so tests/env/test_env_docs.py does not run them)."""
    page = PAGE.read_text(encoding="utf-8")
    assert after in page
    found = re.search(r"```text\n(.*?)```", page.split(after, 1)[1], flags=re.S)
    assert found is not None
    return found.group(1)


def _run_shortened(code: str, steps: str) -> dict[str, object]:
    """Run a recipe as pasted but for ``total_timesteps=10_000``, cut to ``steps`` (one rollout)."""
    assert code.count("total_timesteps=10_000") == 1
    namespace: dict[str, object] = {"__name__": "__recipe__"}
    exec(compile(code.replace("total_timesteps=10_000", f"total_timesteps={steps}"), "docs/env.md recipe", "exec"), namespace)
    return namespace


def test_the_page_s_sb3_contrib_recipe_runs_as_pasted() -> None:
    """docs/env.md's shortest ``MaskablePPO`` recipe (a ``text`` block, so the page's sample test
    leaves it) runs as written with Stable-Baselines3 and sb3-contrib installed, one rollout of
    its four environments (4 x 512 steps) instead of 10,000 steps."""
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    namespace = _run_shortened(_text_recipe("A shortest recipe with sb3-contrib"), "2_048")
    model = namespace["model"]
    assert model.num_timesteps == 2048  # type: ignore[attr-defined]
    assert len(model.ep_info_buffer) > 0  # type: ignore[attr-defined]  # whole episodes were played


def test_supersuit_vector_environment_batches_the_masks_and_refuses_unmasked_actions() -> None:
    """docs/env.md, SuperSuit: ``pettingzoo_env_to_vec_env_v1(parallel_env())`` is a vector
    environment of the four players whose observations hold the batched masks, ``concat_vec_envs_v1``
    stacks copies, masked play runs, and a player not asked (only ``pass``, 74, in its mask) that
    is given another action makes the step raise ``ValueError`` (HK-4.7: only seats asked may claim)."""
    ss = pytest.importorskip("supersuit")
    from hkmj.env import parallel_env

    for rules in RULES:
        v = ss.concat_vec_envs_v1(
            ss.pettingzoo_env_to_vec_env_v1(parallel_env(rules=rules)), 2, num_cpus=0, base_class="gymnasium"
        )
        obs, _ = v.reset(seed=0)
        assert obs["action_mask"].shape == (8, 75) and obs["observation"].shape == (8, 160, 34)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(400):
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rewards, terminations, _, _ = v.step(acts)
            ended += int(np.sum(terminations))
            assert np.sum(rewards) == 0  # payments between the players of each copy
        assert ended > 0
    one = ss.pettingzoo_env_to_vec_env_v1(parallel_env())
    obs, _ = one.reset(seed=1)
    masks = obs["action_mask"]
    idle = [i for i in range(4) if masks[i].sum() == 1 and masks[i][74]]
    assert idle  # the dealer discards first: the other three have only pass
    acts = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    acts[idle[0]] = 0
    with pytest.raises(ValueError, match=r"nothing to do this step: pass \(74\)"):
        one.step(acts)


def test_the_page_s_supersuit_glue_lets_maskable_ppo_train_the_four_players() -> None:
    """docs/env.md, SuperSuit with ``base_class="stable_baselines3"``: without glue sb3-contrib
    cannot ask for the masks (``ConcatVecEnv`` has no ``has_attr``); the page's ``Masks`` wrapper,
    run as pasted (one rollout), lets ``MaskablePPO`` train one policy for the four players, and
    the masks it hands out are the observations'."""
    ss = pytest.importorskip("supersuit")
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from hkmj.env import parallel_env

    bare = ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(parallel_env()), 1, num_cpus=0, base_class="stable_baselines3")
    with pytest.raises(AttributeError, match="has_attr"):
        is_masking_supported(bare)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="The `render_mode` attribute is not defined")  # SB3's note, as the page says
        namespace = _run_shortened(_text_recipe("The same with SuperSuit"), "1_024")
    model, venv = namespace["model"], namespace["venv"]
    assert model.num_timesteps == 8 * 512  # type: ignore[attr-defined]  # 2 copies x 4 players, one rollout
    assert is_masking_supported(venv)  # type: ignore[arg-type]
    obs = venv.reset()  # type: ignore[attr-defined]
    assert np.array_equal(get_action_masks(venv), obs["action_mask"] == 1)  # type: ignore[arg-type]
    assert [m.tolist() for m in venv.env_method("action_masks", indices=[3])] == [(obs["action_mask"][3] == 1).tolist()]  # type: ignore[attr-defined]
