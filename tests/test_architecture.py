"""docs/architecture.md matches the code: data flows one way (each layer imports only the layers
to its left), the core is pure (no I/O, no clocks, no global random state) and the layout it
draws names every module of ``src/hkmj``."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "hkmj"
LAYERS = ("tiles", "hand", "scoring", "rulesets", "engine", "bots")
"""The layers of docs/architecture.md in order; everything else in ``hkmj`` is an adapter."""
CORE = LAYERS[:5]
"""The pure core: tiles, hand, scoring, rulesets and the engine."""


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> int:
    """A module's place in the flow (adapters after every layer)."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else len(LAYERS)


@functools.cache
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of a file's syntax tree, parsed once for all the tests of this module."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


@functools.cache
def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of a file, function-level ones included, relative ones resolved."""
    package = _module(path).split(".") if path.name == "__init__.py" else _module(path).split(".")[:-1]
    out: list[tuple[int, str]] = []
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            out.append((node.lineno, module))
            out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if node.module is None]
    return out


def _files(layers: tuple[str, ...]) -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if _layer(_module(p)) < len(LAYERS) and _module(p).split(".")[1] in layers)


@pytest.mark.parametrize("path", _files(LAYERS), ids=lambda p: _module(p))
def test_each_layer_imports_only_the_layers_to_its_left(path: Path) -> None:
    """tiles → hand → scoring → rulesets → engine → players → adapters: no module of a layer
    imports a later one, not even inside a function."""
    own = _layer(_module(path))
    later = [f"line {line}: {m}" for line, m in _imports(path) if m.startswith("hkmj.") and _layer(m) > own]
    assert not later, f"{_module(path)} imports a later layer: {later}"


_IO_MODULES = {
    "os", "io", "pathlib", "time", "datetime", "socket", "subprocess", "logging", "asyncio", "shutil", "tempfile",
    "argparse", "threading", "multiprocessing", "concurrent", "queue", "signal", "secrets", "sqlite3", "urllib", "http",
}
"""Files, clocks, processes, sockets, the command line and the system's randomness (``secrets``):
none is the core's business (the command line's ``--rules`` is :mod:`hkmj.rules_args`)."""

_LIBRARIES: dict[str, tuple[str, ...]] = {
    "textual": ("hkmj.tui.app",),
    "rich": ("hkmj.tui.",),
    "starlette": ("hkmj.server.",),
    "uvicorn": ("hkmj.server.",),
    "websockets": ("hkmj.server.",),
    "sqlalchemy": ("hkmj.server.",),
    "alembic": ("hkmj.server.",),
    "numpy": ("hkmj.env", "hkmj.env.aec", "hkmj.env.parallel", "hkmj.env.single", "hkmj.env.encoding"),
    "pettingzoo": ("hkmj.env.",),
    "gymnasium": ("hkmj.env.",),
    "ray": ("hkmj.scale",),
    "openskill": ("hkmj.arena",),
    "matplotlib": ("hkmj.arena", "hkmj.research_commands"),
}
"""Each UI, server, learning or research library and the adapter modules that may import it (a
name ending in ``.``: that package, every module of it). docs/architecture.md: Textual only in the terminal app (the
session, texts and hints never import it), the server's libraries only in the server, NumPy never in
the environment's compiled plane writer and step bookkeeping (``planes.py``, ``core.py``)."""


@pytest.mark.parametrize("library", sorted(_LIBRARIES))
def test_each_ui_server_or_research_library_stays_in_its_adapter(library: str) -> None:
    """No layer of the core or the bots imports a UI, server or research library, and each adapter's
    libraries stay in that adapter: the core compiles and runs without any of them installed."""
    allowed = _LIBRARIES[library]
    found = [
        f"{_module(p)} line {line}"
        for p in sorted(SRC.rglob("*.py"))
        for line, m in _imports(p)
        if m.split(".")[0] == library
        and not any(_module(p) == a.rstrip(".") or (a.endswith(".") and _module(p).startswith(a)) for a in allowed)
    ]
    assert not found, f"{library} imported outside {allowed}: {found}"


PURE_ADAPTERS = (
    "botproto.py", "server/export.py", "server/help.py", "tui/texts.py", "tui/rules_texts.py", "tui/hints.py",
    "env/planes.py", "env/core.py",
)
"""Adapter modules that say they are pure (docs/architecture.md, their docstrings): the bot
protocol's redaction, a table log's replay, the help page, the terminal's words and hints, the
environment's compiled plane writer and step bookkeeping. The caller does their I/O."""


@pytest.mark.parametrize("path", _files(CORE) + [SRC / m for m in PURE_ADAPTERS], ids=lambda p: _module(p))
def test_the_core_does_no_io_reads_no_clock_and_keeps_no_global_random_state(path: Path) -> None:
    """The pure core (HK-2.8: a hand is a function of its seed), and the adapters' modules that
    say they are pure, import no file, clock or process module, never print or open a file, and
    draw only from ``random.Random`` instances."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    io = [m for _, m in _imports(path) if m.split(".")[0] in _IO_MODULES]
    calls = [
        f"line {n.lineno}: {ast.unparse(n.func)}"
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Name) and n.func.id in ("print", "open", "input"))
            or (
                isinstance(n.func, ast.Attribute)
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "random"
                and n.func.attr != "Random"
            )
        )
    ]
    assert not io and not calls, f"{_module(path)}: {io + calls}"


def test_the_layout_of_architecture_md_names_every_module() -> None:
    """Every module of ``src/hkmj`` outside the terminal and server adapters (drawn as folders)
    is named in the layout of docs/architecture.md, and every name there exists."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    layout = text[text.index("```\nsrc/hkmj/") : text.index("```", text.index("```\nsrc/hkmj/") + 3)]
    named = set(re.findall(r"\b(\w+)\.py\b", layout))
    modules = {p.stem for p in SRC.rglob("*.py") if p.parent.name not in ("tui", "server", "versions", "migrations")}
    missing = sorted(modules - named - {"__init__", "__main__"})
    assert not missing, f"docs/architecture.md's layout does not name: {missing}"
    unknown = sorted(named - {p.stem for p in SRC.rglob("*.py")})
    assert not unknown, f"docs/architecture.md's layout names modules that do not exist: {unknown}"


def test_the_readme_layout_names_only_files_that_exist() -> None:
    """The README's Layout block names modules and data files of ``src/hkmj`` (and the folders
    beside it) that exist: none renamed or removed since."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("```\nsrc/hkmj/", text.index("## Layout"))
    layout = text[start : text.index("```", start + 3)]
    tree = [p for top in ("src", "tests", "bench", "docs") for p in (ROOT / top).rglob("*")]
    files = {p.name for p in tree if p.is_file()}
    folders = {p.name for p in tree if p.is_dir()} | {"src", "tests", "bench", "docs"}
    named = set(re.findall(r"\b([\w-]+\.(?:py|json|jsonl|md))\b", layout))
    unknown = sorted(named - files)
    assert not unknown, f"the README's layout names files that do not exist: {unknown}"
    dirs = set(re.findall(r"^\s*(\w+)/", layout, re.M))
    assert dirs <= folders, f"the README's layout names folders that do not exist: {sorted(dirs - folders)}"


def _compiled_modules() -> list[str]:
    """The modules setup.py compiles with mypyc (its ``CORE`` list)."""
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    return [p[len("src/") : -len(".py")].replace("/", ".").removesuffix(".__init__") for p in re.findall(r'"(src/hkmj/[^"]+\.py)"', setup)]


@pytest.mark.parametrize("module", _compiled_modules())
def test_every_frozen_dataclass_of_the_compiled_core_can_be_copied_and_pickled(module: str) -> None:
    """A mypyc-compiled frozen dataclass cannot be rebuilt by pickle's default (it sets each field
    on an empty object, which a frozen class refuses), so an environment holding one could not be
    copied or sent to a worker process on the compiled build: each defines ``__reduce__``."""
    import dataclasses
    import importlib

    mod = importlib.import_module(module)
    frozen = [
        c for c in vars(mod).values()
        if isinstance(c, type) and c.__module__ == module and dataclasses.is_dataclass(c) and c.__dataclass_params__.frozen  # type: ignore[attr-defined]
    ]
    assert [c.__name__ for c in frozen if c.__reduce__ is object.__reduce__] == []


def _private_state(package: str) -> set[str]:
    """The private attributes (``self._x = ...``) the classes of ``hkmj.<package>`` keep."""
    return {
        n.attr
        for p in (SRC / package).rglob("*.py")
        for n in _nodes(p)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name)
        and n.value.id == "self" and n.attr.startswith("_") and not n.attr.endswith("__")
    }


@pytest.mark.parametrize("package", [layer for layer in LAYERS if (SRC / layer).is_dir()])
def test_no_module_reads_another_layer_s_private_state(package: str) -> None:
    """Adapters (and later layers) use a layer's public surface only: no module outside
    ``hkmj.<package>`` reads a private attribute its classes keep (``hand._offer_from``: the
    environment's plane writer read five of the engine's, where ``Hand.offered_by``,
    ``offered_tile``, ``drawn_tile``, ``live_count`` and ``dead_count`` say the same), so the
    engine can change its inside without breaking an adapter."""
    private = _private_state(package)
    reads = [
        f"{_module(p)} line {n.lineno}: {ast.unparse(n)}"
        for p in sorted(SRC.rglob("*.py"))
        if not p.is_relative_to(SRC / package)
        for n in _nodes(p)
        if isinstance(n, ast.Attribute) and n.attr in private and not (isinstance(n.value, ast.Name) and n.value.id in ("self", "cls"))
    ]
    assert not reads, f"reads of hkmj.{package}'s private state: {reads}"


_ASKS_WHICH_RULESET: dict[str, str] = {
    "hkmj.bots.expert": "its optional models (reader, danger, learned value) were fitted on Hong Kong play only",
    "hkmj.review": "a review says when its values are the advisor's Hong Kong model's, not the table's points (classical, HK payment options)",
    "hkmj.server.help": "a help page's link leaves out ?rules= for the default ruleset",
    "hkmj.tui.texts": "the house options a Hong Kong table states",
    "hkmj.tui.rules_texts": "the words of an MCR table's dead hand",
}
"""The modules outside ``hkmj.rulesets`` that still compare a ruleset's name, and why. Everything
else asks the ruleset (its hooks and data) instead of which ruleset it is."""


def test_only_the_listed_adapters_ask_which_ruleset_they_have() -> None:
    """docs/architecture.md (rulesets as a value): the engine, the scorers, records, summaries and
    the command line never compare a ruleset's name to ``"hk"``, ``"mcr"`` or ``"classical"``;
    what differs is a hook or a datum of the ``Ruleset`` (``rule_refs``, ``round_seats``,
    ``summary_value``, ``result_dict(outcome, lang)``, ``describe_win``)."""
    names = {"hk", "mcr", "classical"}
    asking = set()
    for p in sorted(SRC.rglob("*.py")):
        if p.parent.name == "rulesets":
            continue
        for n in _nodes(p):
            if isinstance(n, ast.Compare):
                sides = [n.left, *n.comparators]
                values = [s.value for s in sides if isinstance(s, ast.Constant)]
                values += [e.value for s in sides if isinstance(s, (ast.Tuple, ast.Set, ast.List)) for e in s.elts if isinstance(e, ast.Constant)]
                if names & {v for v in values if isinstance(v, str)}:
                    asking.add(_module(p))
    assert asking <= set(_ASKS_WHICH_RULESET), f"ask the Ruleset instead of its name: {sorted(asking - set(_ASKS_WHICH_RULESET))}"


_KEYED_BY_RULESET: dict[str, str] = {
    "hkmj.bots.strong": "PLAN_NAMES: a bot's plans (its own strategy words) named at each table; the rulesets know no bot plan",
}
"""The modules outside ``hkmj.rulesets`` that still keep a dict keyed by ruleset name, and why."""


def test_a_rulesets_own_words_are_its_data_not_a_dict_keyed_by_its_name() -> None:
    """docs/architecture.md (rulesets as a value): what differs by ruleset is the ruleset's data.
    ``cli._RULES_FR`` (the French title in a sentence) and ``tui.rules_texts.REFS`` (the rule
    references) were dicts keyed by ``"hk"``/``"mcr"``/``"classical"``; they are now
    ``Ruleset.title_fr_in_sentence`` and ``Ruleset.rule_refs``. No other module keeps one."""
    names = {"hk", "mcr", "classical"}
    keyed = {
        _module(p)
        for p in sorted(SRC.rglob("*.py"))
        if p.parent.name != "rulesets"
        for n in _nodes(p)
        if isinstance(n, ast.Dict) and n.keys and all(isinstance(k, ast.Constant) and k.value in names for k in n.keys)
    }
    assert keyed <= set(_KEYED_BY_RULESET), f"make it the ruleset's data: {sorted(keyed - set(_KEYED_BY_RULESET))}"


def test_the_command_line_reads_its_options_without_importing_the_server() -> None:
    """``hkmj --version``, ``hkmj score`` and every other command build the whole parser (``hkmj serve``'s
    limits included, :mod:`hkmj.server.limits`) without importing the server's libraries: importing
    Starlette, SQLAlchemy and uvicorn for the parser made every command start three times slower."""
    import subprocess
    import sys

    heavy = ["alembic", "gymnasium", "matplotlib", "numpy", "psycopg", "sqlalchemy", "starlette", "uvicorn"]
    code = (
        "import sys, hkmj.cli\n"
        "for lang in ('en', 'fr'): hkmj.cli.build_parser(lang=lang)\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", f"building hkmj's parser imported {out.strip()}"
