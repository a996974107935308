"""The samples of docs/env.md run as pasted (a researcher's first hour starts from them).

Every ``python`` block of the page before its "Throughput" section: the AEC loop, the
Gymnasium reset, the parallel loop and the first learner (HK-4 turn order and claims, HK-6
rewards, as those samples use them).
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def _samples() -> list[str]:
    text = PAGE.read_text(encoding="utf-8").split("\n## Throughput", 1)[0]
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_page_has_the_samples_a_researcher_starts_from() -> None:
    samples = _samples()
    assert len(samples) == 3
    assert "agent_iter" in samples[0] and "SingleSeatEnv" in samples[0]
    assert "parallel_env" in samples[1]
    assert "np.outer" in samples[2]  # the first learner


@pytest.mark.parametrize("index", range(3))
def test_each_sample_runs_as_pasted(index: int) -> None:
    code = _samples()[index]
    out = io.StringIO()
    namespace: dict[str, object] = {"__name__": "__sample__"}
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/env.md sample {index + 1}", "exec"), namespace)
    if index == 0:  # the AEC episode played to its end; the Gymnasium seat dealt
        assert namespace["e"].agents == []  # type: ignore[attr-defined]
        assert namespace["obs"]["action_mask"].any()  # type: ignore[index]
    elif index == 1:
        assert namespace["p"].agents == []  # type: ignore[attr-defined]
        infos = namespace["infos"]
        assert all(set(i) == {"totals", "ranking"} for i in infos.values())  # type: ignore[attr-defined]
    else:
        lines = out.getvalue().splitlines()
        assert len(lines) == 50 and all(line.startswith("episode ") for line in lines)
        assert namespace["w"].any()  # type: ignore[attr-defined]  # some episode moved the weights


def test_the_planes_picture_script_runs_from_any_folder(tmp_path: Path) -> None:
    """docs/env.md: "A real observation (`python docs/img/env_planes.py` ...)". The script wrote
    to ``docs/img/env-planes.png`` relative to the current folder, so run from anywhere but the
    repository's root it stopped with a traceback (no such folder); it now writes beside itself,
    or to the file given, from any folder."""
    import os
    import subprocess
    import sys

    pytest.importorskip("matplotlib")
    script = PAGE.parent / "img" / "env_planes.py"
    out = tmp_path / "planes.png"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PAGE.parents[1] / "src"), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, str(script), str(out)], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "python docs/img/env_planes.py" in PAGE.read_text(encoding="utf-8")
    # the row labels are whole: the longest, "discards by seat, in order (32 rows each) [22-149]", was
    # drawn from beyond the left edge ("iscards by seat..."), in the picture docs/env.md shows too
    from PIL import Image

    for picture in (out, PAGE.parent / "img" / "env-planes.png"):
        with Image.open(picture) as im:
            gray = im.convert("L")
            edge = [gray.getpixel((x, y)) for x in range(3) for y in range(gray.height)]
        assert min(edge) > 200, f"{picture.name}: a label runs past the left edge"
