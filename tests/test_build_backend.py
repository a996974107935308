"""The in-tree build backend: wheels get the mypyc-compiled core, editable installs stay pure."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _backend(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.chdir(ROOT)
    spec = importlib.util.spec_from_file_location("hkmj_build", ROOT / "build_backend" / "hkmj_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _has_mypy(requires: list[str]) -> bool:
    return any(r.startswith("mypy") for r in requires)


def test_a_wheel_build_asks_for_mypy_to_compile_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HKMJ_MYPYC", raising=False)
    assert _has_mypy(_backend(monkeypatch).get_requires_for_build_wheel())


def test_an_editable_install_stays_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HKMJ_MYPYC", raising=False)
    assert not _has_mypy(_backend(monkeypatch).get_requires_for_build_editable())


def test_hkmj_mypyc_0_builds_a_pure_python_wheel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HKMJ_MYPYC", "0")
    assert not _has_mypy(_backend(monkeypatch).get_requires_for_build_wheel())


def test_pyproject_uses_the_in_tree_backend() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'build-backend = "hkmj_build"' in text and 'backend-path = ["build_backend"]' in text


def test_the_compiled_modules_import_nothing_the_isolated_build_lacks() -> None:
    """setup.py CORE (engine and plane writer included, issue 13) is type-checked by mypyc in the
    wheel's isolated build environment, which holds mypy, orjson and mypy_extensions only: no
    numpy, gymnasium or pettingzoo."""
    import ast
    import re

    core = re.findall(r'"(src/hkmj/[\w/]+\.py)"', (ROOT / "setup.py").read_text())
    assert "src/hkmj/engine/state.py" in core and "src/hkmj/env/planes.py" in core
    for path in core:
        tree = ast.parse((ROOT / path).read_text())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        roots = {name.split(".")[0] for name in imported}
        assert not roots & {"numpy", "gymnasium", "pettingzoo"}, path
    # hkmj/env/planes.py sits in a package whose __init__ imports numpy and gymnasium: mypy reads
    # that package for its types, so the build must follow such modules silently (a clean
    # machine's wheel build failed with "Cannot find implementation or library stub").
    assert '"--follow-imports=silent"' in (ROOT / "setup.py").read_text()


def test_the_c_cell_writer_is_built_with_the_compiled_core_only_and_needs_no_numpy_headers() -> None:
    """hkmj.env._cells (issue 13) is compiled only where mypyc runs (a compiler is there), from C that
    includes Python's headers alone (the buffer protocol, no numpy); a pure install runs the Python writer."""
    import re

    setup = (ROOT / "setup.py").read_text()
    compiled_branch = setup[setup.index('if os.environ.get("HKMJ_MYPYC") == "1":') :]
    assert 'Extension("hkmj.env._cells", ["src/hkmj/env/_cells.c"]' in compiled_branch
    source = (ROOT / "src" / "hkmj" / "env" / "_cells.c").read_text()
    assert set(re.findall(r"#include [<\"]([\w./]+)[>\"]", source)) == {"Python.h", "string.h"}
    assert (ROOT / "src" / "hkmj" / "env" / "_cells.pyi").exists()  # mypy --strict reads its types


def test_every_rulesets_scorer_is_compiled_with_the_core() -> None:
    """Each game of src/hkmj/rulesets/ has its scorer in src/hkmj/scoring/ (HK-6, MCR-5..8,
    CL-5..CL-7), and the compiled wheel compiles all of them: bench/bench_classical.py holds a
    classical deal to 0.2× the speed of one Hong Kong hand in the same run, and a pure
    classical.py beside a compiled hong_kong.py measured 0.10×. The classical scorer was once
    taken out of the wheel because its compiled ``Deal`` read ``winner=True`` as seat 1 and
    refused a mistyped field with a bare ``TypeError`` (CL-4); its ``Deal``, ``PlayerHand`` and
    ``ClassicalOptions`` now take their fields as objects and refuse those in the scorer's
    words, compiled as in pure Python (tests/test_seat_numbers.py, test_score_strictness.py,
    run against the wheel by .ci/compiled)."""
    import re

    core = set(re.findall(r'"(src/hkmj/[\w/]+\.py)"', (ROOT / "setup.py").read_text()))
    games = sorted(p.stem for p in (ROOT / "src" / "hkmj" / "rulesets").glob("*.py") if p.stem not in {"__init__", "base"})
    assert games == ["classical", "hong_kong", "mcr"]
    assert {f"src/hkmj/scoring/{g}.py" for g in games} <= core
