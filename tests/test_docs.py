"""What a reader follows in the README and docs/ leads somewhere: every relative link and
anchor resolves, every repository path a page names exists, and the pages speak in plain
words, without the names of internal work; the tables of the reference pages (error codes,
message types, record fields, house options, limits and defaults) are those of the program
(the commands themselves are checked in tests/test_new_user.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _prose(text: str) -> str:
    """The page without its fenced code blocks (a link or heading in a code sample is not one)."""
    return re.sub(r"^\s*```.*?^\s*```", "", text, flags=re.S | re.M)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*]", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page: one per heading (repeats numbered ``-1``, ``-2``) and
    any explicit ``<a id=...>``."""
    out: set[str] = set()
    seen: dict[str, int] = {}
    for line in _prose(page.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            slug = _slug(heading.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
        out.update(re.findall(r"<a (?:name|id)=\"([^\"]+)\"", line))
    return out


def _links() -> list[tuple[str, str]]:
    """(page, target) for every relative Markdown link of the README and docs/."""
    out: list[tuple[str, str]] = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", _prose(page.read_text(encoding="utf-8"))):
            if not re.match(r"[a-z][a-z0-9+.-]*:", target):
                out.append((str(page.relative_to(ROOT)), target))
    return out


@pytest.mark.parametrize(("page", "target"), _links())
def test_every_relative_link_in_the_docs_resolves(page: str, target: str) -> None:
    """A link of the README or a guide opens a file of the repository, and its ``#anchor`` a
    heading of that page."""
    path, _, anchor = target.partition("#")
    file = (ROOT / page).parent / path if path else ROOT / page
    assert file.exists(), f"{page}: link to {target}: no such file"
    if anchor and file.suffix == ".md":
        assert anchor in anchors(file), f"{page}: link to {target}: no such heading in {path or page}"


_PATH = re.compile(r"(?<![\w/.<-])((?:\.\./|docs/|src/|tests/|bench/|examples/|build_backend/|\.ci/)[\w./+-]*\w)")
"""A repository path as the pages write them (``docs/env.md``, ``src/hkmj/bots/rollout.py``,
``../examples/simple_bot.py``)."""


def test_every_repository_path_the_docs_name_exists() -> None:
    """A file or folder a page names by its path (in a sentence or a code sample) is in the
    repository: no path of a working copy, of a deleted file or outside the repository."""
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in _PATH.finditer(text):
            name = match.group(1)
            if not ((page.parent / name).exists() or (ROOT / name).exists()):
                missing.append(f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}: {name}")
    assert not missing, "paths not in the repository:\n" + "\n".join(missing)


_INTERNAL = re.compile(
    r"/work/|/tmp/wt/|\bstop \d+\b|\bthis stop\b|\bthe stop\b|\bstop's\b|\bthe brief\b|\bbrief's\b|\bthis branch\b|\bbranch's\b|\bcoordinator\b|"
    r"\b[Mm]ain's final\b|\bmain at [0-9a-f]{7}\b|\bmain [0-9a-f]{7}\b|\b[Ii]ssues? #?\d+\b|"
    r"\b(?:envpath|envcore|envengine2?|envobs|envaudit|envfast4?|srvleft|selfplay[45]|scorefast2?|mcrfast|expert3[lv]|danger4|docaudit)\b"
)
"""Words of the project's internal work (its work sessions, working copies, branch names and
the numbers of its private tracker's issues) that mean nothing to a reader."""

PLAIN_PAGES = PAGES
"""Every user page, docs/env.md's Throughput section included."""


@pytest.mark.parametrize("page", [str(p.relative_to(ROOT)) for p in PLAIN_PAGES])
def test_user_docs_use_no_internal_names(page: str) -> None:
    """Plain words: no working-copy path, work-session number or branch name in a page."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found = [f"{page}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in _INTERNAL.finditer(text)]
    assert not found, "internal names:\n" + "\n".join(found)


def test_help_uses_no_internal_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hkmj --help`` and every command's help speak to a user: no tracker number, work-session
    number or branch name."""
    import argparse

    from hkmj.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command, p in {"hkmj": parser, **sub.choices}.items():
        text = " ".join(p.format_help().split())
        found = [m.group(0) for m in _INTERNAL.finditer(text)]
        assert not found, f"hkmj {command} --help: {found}"


def test_readme_quick_start_is_two_commands_and_ci_runs_the_second() -> None:
    """The README's Quick start is exactly two shell lines: install and play at a teaching table,
    install the test tools and run the tests; `.ci/run` installs and tests with the same words."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Quick start") : readme.index("\n## ", readme.index("## Quick start") + 1)]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "the Quick start has no sh block"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert lines == ["pip install -e . && hkmj play --teach", 'pip install -e ".[test]" && python -m pytest']
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert 'pip install -q -e ".[test]"' in ci and "python -m pytest" in ci


RULES_PAGES = {"HK": ROOT / "docs" / "rules.md", "MCR": ROOT / "docs" / "rules-mcr.md", "CL": ROOT / "docs" / "rules-classical.md"}
"""The rules pages and the prefix of their rule numbers (``R-1``..``R-11`` are the Rulings at the
end of docs/rules.md)."""


def rule_numbers() -> set[str]:
    """Every rule number the rules pages define: a section (``## HK-4``), its numbered items
    (``HK-4.7``), a numbered sub-heading (``### CL-5.1``), a fan's table row (``| MCR-6.27 |``)
    and the Rulings ``R-n``."""
    out: set[str] = set()
    for prefix, page in RULES_PAGES.items():
        section = None
        for line in page.read_text(encoding="utf-8").splitlines():
            heading = re.match(rf"#+\s+{prefix}-(\d+)(?:\.(\d+))?\b", line)
            if heading:
                if heading.group(2):
                    out.add(f"{prefix}-{heading.group(1)}.{heading.group(2)}")
                else:
                    section = heading.group(1)
                    out.add(f"{prefix}-{section}")
                continue
            if line.startswith("## "):
                section = None
            row = re.match(rf"\|\s*{prefix}-(\d+\.\d+)\s*\|", line)
            if row:
                out.add(f"{prefix}-{row.group(1)}")
            item = re.match(r"(\d+)\.\s", line)
            if item and section:
                out.add(f"{prefix}-{section}.{item.group(1)}")
    ruling = re.findall(r"\*\*(R-\d+)\*\*", RULES_PAGES["HK"].read_text(encoding="utf-8"))
    return out | set(ruling)


_CITATION = re.compile(r"(?<![\w-])(HK|MCR|CL|R)-(\d+(?:\.\d+)?)(?:\s*(?:\.\.|…|–)\s*(?:\1-)?(\d+(?:\.\d+)?))?")
"""A rule number as the pages and the code cite it (``HK-4.7``), or a range (``HK-1..HK-7``,
``CL-1 … CL-7``, ``MCR-5..8``, ``HK-2.2–HK-2.7``): both ends are checked."""


def test_every_cited_rule_number_exists_in_the_rules_pages() -> None:
    """A rule number cited in the README, a guide, the help, an error message, a docstring or a
    test (``HK-4.7``, ``MCR-6.27``, ``CL-7.4``, ``R-9``) is defined by a rules page: none cites a
    rule that was never written (``CL-8``, ``CL-5.6`` were)."""
    known = rule_numbers()
    assert {"HK-4.7", "HK-6", "MCR-6.81", "CL-5.1", "CL-7.7", "R-9"} <= known
    files = [*PAGES, *(ROOT / "src").rglob("*"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").glob("*.py")]
    unknown = []
    for file in files:
        if file.suffix not in (".md", ".py", ".js", ".html") or file.name == "test_docs.py":
            continue
        text = file.read_text(encoding="utf-8")
        for m in _CITATION.finditer(text):
            prefix, first, last = m.groups()
            cited = [f"{prefix}-{first}"]
            if last:
                whole = last if "." in last or "." not in first else f"{first.split('.')[0]}.{last}"
                cited.append(f"{prefix}-{whole}")
            for number in cited:
                if number not in known:
                    unknown.append(f"{file.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {number}")
    assert not unknown, "rule numbers no rules page defines:\n" + "\n".join(unknown)


_TEST_NAME_RULE = re.compile(r"\btest_(hk|mcr|cl)_?(\d+)(?:_(\d+))?_")
"""A rule number in a test's name (``test_hk4_5_...``, ``test_mcr_8_1_...``, ``test_cl3_2_...``)."""


def test_every_rule_of_the_rules_pages_is_cited_by_a_test() -> None:
    """Every numbered rule of the three rules pages (a section, an item, a fan's row, a Ruling
    ``R-n``) is cited by at least one test, in its name, its docstring or a data file of cases:
    a rule nobody cites is a rule nothing checks (HK-1.2, MCR-5.3, MCR-7.1, MCR-7.3, MCR-8.3,
    CL-3.2 and CL-4.6 were)."""
    cited: set[str] = set()
    for file in (ROOT / "tests").rglob("*"):
        if file.suffix not in (".py", ".jsonl", ".json", ".txt") or file.name == "test_docs.py":
            continue
        text = file.read_text(encoding="utf-8")
        for m in _CITATION.finditer(text):
            cited.add(f"{m.group(1)}-{m.group(2)}")
        for m in _TEST_NAME_RULE.finditer(text):
            prefix = m.group(1).upper()
            cited.add(f"{prefix}-{m.group(2)}" + (f".{m.group(3)}" if m.group(3) else ""))
    uncited = sorted(rule_numbers() - cited)
    assert not uncited, "rules no test cites: " + ", ".join(uncited)


def _bench_options(script: Path) -> set[str]:
    """The options a bench script's parser declares (``--rules`` and ``--option`` too when it
    takes them from ``add_rules_arguments``)."""
    source = script.read_text(encoding="utf-8")
    options = set(re.findall(r"""["'](--[a-z][\w-]*)["']""", source))
    return options | ({"--rules", "--option"} if "add_rules_arguments(" in source else set())


def test_every_bench_command_in_the_docs_names_options_the_script_has() -> None:
    """``python bench/NAME.py --flag ...`` in the README or a guide (a figure's command) runs a
    script of bench/ with options it declares: a figure's command cannot name a renamed flag."""
    wrong = []
    checked = 0
    for page in PAGES:
        text = page.read_text(encoding="utf-8").replace("\\\n", " ")
        for m in re.finditer(r"python (bench/\w+\.py)([^`\n]*)", text):
            script = ROOT / m.group(1)
            assert script.exists(), f"{page.relative_to(ROOT)}: {m.group(1)}: no such script"
            checked += 1
            flags = set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", m.group(2)))
            wrong += [f"{page.relative_to(ROOT)}: {m.group(0).strip()}: {f}" for f in sorted(flags - _bench_options(script))]
    assert checked > 100 and not wrong, "options the script does not have:\n" + "\n".join(wrong)


def test_every_python_name_the_docs_give_exists() -> None:
    """A dotted name a page gives in code (``hkmj.scoring.classical.score_deal``,
    ``hkmj.bots.advice.make_advisor``) is a module or an attribute of one: a renamed function
    cannot stay in the docs. ``hkmj.env._cells`` is the C extension only the compiled wheel
    builds."""
    import importlib

    names = {m.group(1): page for page in PAGES for m in re.finditer(r"`(hkmj(?:\.[A-Za-z_]\w*)+)", page.read_text(encoding="utf-8"))}
    assert len(names) > 30
    missing = []
    for name, page in sorted(names.items()):
        if name == "hkmj.env._cells":
            continue
        parts = name.split(".")
        found: object = importlib.import_module("hkmj")
        for i, part in enumerate(parts[1:], 2):
            if hasattr(found, part):
                found = getattr(found, part)
                continue
            try:
                found = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                missing.append(f"{page.relative_to(ROOT)}: {name}")
                break
    assert not missing, "names that do not exist:\n" + "\n".join(missing)


def test_every_page_the_help_names_exists() -> None:
    """``hkmj COMMAND --help`` sends the reader to pages of docs/ (``see docs/house-options.md``)
    that are in the repository, and to their headings (``docs/server.md, Threat model``)."""
    import argparse

    from hkmj.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    named = []
    for p in (parser, *sub.choices.values()):
        text = " ".join(p.format_help().split())
        named += re.findall(r"(docs/[\w-]+\.md)(?:, ([A-Z][\w ]+?)\))?", text)
    assert len(named) > 10
    for page, heading in named:
        assert (ROOT / page).exists(), f"--help names {page}: no such page"
        if heading:
            assert _slug(heading) in anchors(ROOT / page), f"--help names {page}, {heading}: no such heading"


def test_bench_scripts_help_uses_no_internal_names() -> None:
    """A benchmark's docstring is its ``--help``, read by whoever re-measures a figure: no
    tracker issue, work-session or branch name (``the issue's figure``, ``issue 14``)."""
    import ast

    found = []
    for script in sorted((ROOT / "bench").glob("*.py")):
        doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
        found += [f"{script.name}: {m.group(0)}" for m in re.finditer(rf"{_INTERNAL.pattern}|\bthe issue's\b", doc)]
    assert not found, "internal names in bench --help:\n" + "\n".join(found)


def test_the_code_names_no_tracker_issue() -> None:
    """A module's docstring is what ``help()`` shows a user of the Python API, and comments are read
    by contributors: neither points to a private tracker's issue number (``(issue 14)``)."""
    found = []
    for file in sorted((ROOT / "src").rglob("*")):
        if file.suffix in (".py", ".js", ".c", ".html"):
            text = file.read_text(encoding="utf-8")
            found += [f"{file.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(r"\b[Ii]ssues? #?\d+\b", text)]
    assert not found, "\n".join(found)


def test_the_readme_counts_the_scoring_cases_the_data_file_holds() -> None:
    """The README's layout says how many Hong Kong scoring cases ``tests/data/scoring_cases.jsonl``
    holds (one a line): the count follows the file."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    stated = re.search(r"tests/data/scoring_cases\.jsonl \(HK, ([\d,]+) cases", readme)
    assert stated is not None
    lines = [line for line in (ROOT / "tests" / "data" / "scoring_cases.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert int(stated.group(1).replace(",", "")) == len(lines)


def test_every_test_a_page_cites_exists() -> None:
    """A test a page names as its evidence (docs/server.md's threat model: ``test_threats.py::
    test_http_requests_are_rate_limited_per_address``; ``test_seed_worked_example_...``) is a
    test function of that file under tests/: a renamed test cannot leave a threat without its
    proof."""
    sources: dict[str, str] = {}
    for path in (ROOT / "tests").rglob("*.py"):  # two folders may hold files of one name
        sources[path.name] = sources.get(path.name, "") + path.read_text(encoding="utf-8")
    every = "\n".join(sources.values())
    missing = []
    cited = 0
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for file, name in re.findall(r"([\w]+\.py)::(test_\w+)", text):
            cited += 1
            if not re.search(rf"def {name}\(", sources.get(file, "")):
                missing.append(f"{page.relative_to(ROOT)}: {file}::{name}")
        for name in re.findall(r"(?<![:\w])`(test_\w+)`", text):
            cited += 1
            if not re.search(rf"def {name}\(", every):
                missing.append(f"{page.relative_to(ROOT)}: {name}")
    assert cited > 50 and not missing, "tests the docs cite that do not exist:\n" + "\n".join(missing)


def test_every_limit_a_rate_limited_refusal_names_is_documented() -> None:
    """docs/protocol.md, *Which limit*: one row per ``limit`` word the server may send with
    ``rate_limited`` (``LIMITS``), and no row for a word it never sends."""
    from hkmj.server.protocol import LIMITS

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("### Which limit", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|", section.split("|---", 1)[1], re.M)  # below the header row
    assert sorted(rows) == sorted(LIMITS), rows


def test_every_option_a_page_names_belongs_to_a_command_or_a_script() -> None:
    """A `--flag` a page names on its own (``the `--keep-days` (90)``, a bench script's
    ``--no-fail``) is an option of some ``hkmj`` command or of a script of bench/ or examples/:
    a renamed or removed option cannot stay in a sentence that does not name its command
    (``hkmj COMMAND --flag`` is checked against that command in tests/test_new_user.py)."""
    import argparse

    from hkmj.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    every = {o for p in (parser, *sub.choices.values()) for a in p._actions for o in a.option_strings}
    for script in [*(ROOT / "bench").glob("*.py"), *(ROOT / "examples").glob("*.py")]:
        every |= _bench_options(script)
    every |= {"--system-site-packages", "--no-deps", "--bogus"}  # python -m venv, pip wheel; docs/play.md's unknown option on purpose
    named = {(str(page.relative_to(ROOT)), flag) for page in PAGES for flag in re.findall(r"`(--[a-z][\w-]*)", page.read_text(encoding="utf-8"))}
    assert len(named) > 150
    wrong = sorted(f"{page}: {flag}" for page, flag in named if flag not in every)
    assert not wrong, "options no command or script has:\n" + "\n".join(wrong)

def test_the_server_pages_give_the_defaults_hkmj_serve_has() -> None:
    """docs/server.md's table of limits (``| `--max-tables` | 500 |``, two options sharing a row:
    ``5000, 64``; seconds as ``10 s``) and docs/protocol.md's *Which limit* (``--create-rate`` (10))
    state the defaults ``hkmj serve`` has: a changed default cannot leave the pages behind."""
    import argparse

    from hkmj.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    defaults = {o: a.default for a in sub.choices["serve"]._actions for o in a.option_strings}
    stated: list[tuple[str, str, str]] = []
    server = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    for names, values in re.findall(r"^\| ((?:`--[\w-]+`(?:, )?)+) \| ([\d, s]+) \|", server, re.M):
        options = re.findall(r"`(--[\w-]+)`", names)
        numbers = [v.strip().removesuffix(" s") for v in values.split(",")]
        assert len(options) == len(numbers), names
        stated += [("docs/server.md", o, n) for o, n in zip(options, numbers, strict=True)]
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    stated += [("docs/protocol.md", o, n) for o, n in re.findall(r"`(--[\w-]+)` \((\d+)\)", protocol)]
    assert len(stated) > 25
    wrong = [f"{page}: {option} {number}, the default is {defaults.get(option)}" for page, option, number in stated if defaults.get(option) != float(number)]
    assert not wrong, "\n".join(wrong)


def test_a_result_type_the_docs_spell_out_has_those_fields() -> None:
    """``HandResult(kind, payments, seat, ...)`` or ``Advice(action, value, win, note)`` in a page
    lists the fields of that dataclass or named tuple, in order and all of them: docs/engine.md listed six of
    ``HandResult``'s eight."""
    import dataclasses

    import hkmj.bots.advice
    import hkmj.engine
    import hkmj.scoring

    modules = (hkmj.engine, hkmj.scoring, hkmj.bots.advice)
    checked = 0
    wrong = []
    for page in PAGES:
        text = " ".join(page.read_text(encoding="utf-8").split())
        for name, args in re.findall(r"`([A-Z][A-Za-z]+)\(([a-z_]+(?:, [a-z_]+)+)\)`", text):
            cls = next((getattr(m, name) for m in modules if hasattr(m, name)), None)
            if cls is None or not (dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")):
                continue  # a dataclass or a named tuple
            checked += 1
            fields = list(cls._fields) if hasattr(cls, "_fields") else [f.name for f in dataclasses.fields(cls)]
            if args.split(", ") != fields:
                wrong.append(f"{page.relative_to(ROOT)}: {name}({args}); its fields: {', '.join(fields)}")
    assert checked >= 2 and not wrong, "\n".join(wrong)


def test_a_test_count_a_page_gives_is_what_pytest_collects() -> None:
    """``tests/bots/test_rollout.py`` (10 tests) in docs/bots.md: the count is the number of tests
    pytest collects from that file today (parametrized cases included), so a test added or
    removed cannot leave the page behind."""
    import os
    import subprocess
    import sys

    stated: dict[str, set[tuple[str, int]]] = {}
    for page in PAGES:
        for file, n in re.findall(r"`(tests/[\w/]+\.py)` \((\d+) tests", page.read_text(encoding="utf-8")):
            stated.setdefault(file, set()).add((str(page.relative_to(ROOT)), int(n)))
    assert len(stated) >= 5
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-n", "0", *sorted(stated)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    collected = {file: int(n) for file, n in re.findall(r"^(tests/[\w/]+\.py): (\d+)$", run.stdout, re.M)}
    wrong = [f"{page}: {file} ({n} tests): pytest collects {collected.get(file)}" for file, pages in sorted(stated.items()) for page, n in sorted(pages) if collected.get(file) != n]
    assert not wrong, "\n".join(wrong) + "\n" + run.stdout[-2000:]


def test_the_state_frames_config_row_names_every_table_option_and_ruleset() -> None:
    """docs/protocol.md, *The state frame*: the ``config`` row names every field of a table's
    config a frame carries (``TableConfig`` but its ``names``, which frames leave out) and every
    ruleset ``rules`` may hold (it named ``hk`` and ``mcr`` only, after the classical game came)."""
    import dataclasses

    from hkmj.rulesets import RULESETS
    from hkmj.server.protocol import TableConfig

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `config` |"))
    fields = {f.name for f in dataclasses.fields(TableConfig)} - {"names"}
    cell = row.split("|")[2].strip()
    while "(" in cell:  # the fields' explanations aside
        cell = re.sub(r"\([^()]*\)", "", cell)
    named = set(re.findall(r"`(\w+)`", cell))
    assert named == fields, (sorted(fields - named), sorted(named - fields))
    rules = re.search(r"`rules` \(([^)]*)\)", row)
    assert rules is not None
    assert set(re.findall(r"`(\w+)`", rules.group(1))) == set(RULESETS)


@pytest.mark.parametrize("name", ["env", "SingleSeatEnv"])
def test_the_environments_signatures_in_docs_env_md_are_whole(name: str) -> None:
    """docs/env.md gives ``env(...)`` and ``SingleSeatEnv(...)`` with every parameter and its
    default, as the code has them (both left out ``options``, and ``SingleSeatEnv`` its
    ``render_mode``)."""
    import ast
    import inspect

    pytest.importorskip("pettingzoo")
    import hkmj.env

    text = " ".join((ROOT / "docs" / "env.md").read_text(encoding="utf-8").split())
    m = re.search(rf"`{name}\((rules=[^`]*)\)`", text)
    assert m is not None, name
    stated_args = re.sub(r"\*,\s*", "", m.group(1))  # keyword-only marker: the names are what count
    call = ast.parse(f"f({stated_args})", mode="eval").body
    assert isinstance(call, ast.Call)
    stated = {k.arg: ast.literal_eval(k.value) if not isinstance(k.value, ast.BinOp) else eval(ast.unparse(k.value)) for k in call.keywords}
    params = inspect.signature(getattr(hkmj.env, name)).parameters
    actual = {k: p.default for k, p in params.items() if k != "self"}
    assert stated == actual


def test_the_readme_layout_names_every_page_of_docs() -> None:
    """The README's layout lists the pages of docs/ (``docs/  rules.md, rules-mcr.md, ...``): a
    new page is listed there, and a listed page exists."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("```", 2)[1]
    listing = layout.split("\ndocs/", 1)[1]
    listed = set(re.findall(r"([\w-]+\.md)", listing))
    assert listed == {p.name for p in (ROOT / "docs").glob("*.md")}


def test_the_readmes_bare_commands_state_the_defaults_the_commands_have() -> None:
    """The README's ``hkmj play`` and ``hkmj serve`` without options say what they do by default
    (``against strong, strong, greedy``; ``http://127.0.0.1:8000, SQLite file ./hkmj.db``): the
    same bots, address, port and database as the commands' own defaults."""
    import argparse

    from hkmj.cli import build_parser
    from hkmj.tui.command import DEFAULT_BOTS

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    defaults = {name: {a.dest: a.default for a in sub.choices[name]._actions} for name in ("play", "serve")}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = re.search(r"^hkmj play +# .* against (\w+), (\w+), (\w+)$", readme, re.M)
    assert play is not None
    assert ",".join(play.groups()) == (defaults["play"]["bots"] or DEFAULT_BOTS)
    serve = re.search(r"^hkmj serve +# http://([\d.]+):(\d+), SQLite file \./([\w.]+)$", readme, re.M)
    assert serve is not None
    host, port, db = serve.groups()
    assert (host, int(port), f"sqlite:///{db}") == (defaults["serve"]["host"], defaults["serve"]["port"], defaults["serve"]["db"])


def test_every_option_of_a_bench_script_says_what_it_does() -> None:
    """``python bench/bench_scale.py --help`` listed ``--hands HANDS``, ``--seed SEED``,
    ``--bots BOTS`` and ``--no-fail`` with no word: whoever re-measures a README figure could
    not tell what an option changes or its default. Every option of every bench script has
    its help."""
    import ast

    bare = []
    for script in sorted((ROOT / "bench").glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument" and not any(k.arg == "help" for k in node.keywords):
                bare.append(f"{script.name}:{node.lineno}")
    assert not bare, "bench options without a help: " + ", ".join(bare)


def test_the_readmes_bot_ladder_rows_are_docs_bots_md_rows() -> None:
    """The README's two ladder tables (``| strong vs greedy | 6,000 | +1.06 | [+0.60, +1.52] |``,
    ``| expert vs strong | 7 | 6,000 | +0.36 | [−0.13, +0.86] |``) give figures docs/bots.md, the
    record of every ladder run, holds in its latest row of the same pairing, seed and hands: a re-run
    figure (the expert's rows against strong, after the strong model's change of 2026-12-04)
    cannot change on one page only."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    bots = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")

    def cells(line: str) -> list[str]:
        return [c.strip().strip("*") for c in line.strip().strip("|").split("|")]

    rows = [cells(line) for line in bots.splitlines() if re.match(r"\| (strong|expert|greedy) vs ", line)]
    checked = 0
    for line in readme.split("## Bots", 1)[1].split("\n## ", 1)[0].splitlines():
        if not re.match(r"\| (strong|expert|greedy) vs ", line):
            continue
        stated = cells(line)
        pairing, *keys, diff, ci = stated  # pairing, [seed,] hands, A - B, interval
        checked += 1
        same = [row for row in rows if row[0].split(",")[0] == pairing and all(k in row for k in keys)]
        assert same, f"README row {line.strip()!r}: docs/bots.md has no row of that pairing, seed and hands"
        latest = same[-1]  # a re-run's row comes after the one it supersedes
        assert diff in latest and ci in latest, f"README row {line.strip()!r}: docs/bots.md's latest says {' | '.join(latest)}"
    assert checked == 6


def test_the_error_table_of_docs_protocol_md_is_every_code_the_server_sends() -> None:
    """docs/protocol.md, *Errors*: one row per error code of ``ERRORS`` (every code the server
    may send, by websocket or HTTP), and no row for a code it never sends: ``forbidden_origin``
    (HTTP 403) had no row."""
    from hkmj.server.protocol import ERRORS

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("\n## Errors", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|", section.split("|---", 1)[1], re.M)
    assert sorted(rows) == sorted(ERRORS), sorted(set(rows) ^ set(ERRORS))


def test_the_message_tables_of_docs_protocol_md_are_the_types_the_server_knows() -> None:
    """docs/protocol.md, *Client → server*: one row per message type the server reads
    (``CLIENT_TYPES``), none for a type it does not."""
    from hkmj.server.protocol import CLIENT_TYPES

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("\n## Client → server", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|", section.split("|---", 1)[1], re.M)
    assert rows == list(CLIENT_TYPES), rows


def _option_table(section: str) -> str:
    """The table of house options of a section (``| option | values ... |`` to its last row)."""
    if "| option |" not in section:
        return ""
    return section.split("| option |", 1)[1].split("\n\n", 1)[0]


def test_docs_house_options_md_gives_each_rulesets_options_defaults_and_values() -> None:
    """docs/house-options.md: each ruleset's table of options (``| `minfan` | `0`, `1`, `3` |``,
    default first; a range as ``| `base` | `1` … `1000` |``, or ``| `limit` | `1000`, or `100` …
    `100000` |``) names exactly the options the ruleset has, with its default and its values or
    bounds, as ``hkmj score --option`` and ``GET /api/info`` check them."""
    from hkmj.rulesets import rulesets_info

    text = (ROOT / "docs" / "house-options.md").read_text(encoding="utf-8")
    sections = re.split(r"^## .*\(`--rules (\w+)`\)$", text, flags=re.M)
    stated = dict(zip(sections[1::2], sections[2::2], strict=True))
    assert sorted(stated) == sorted(rulesets_info())
    wrong = []
    for name, info in rulesets_info().items():
        rows = {key: re.findall(r"`([^`]+)`", values) for key, values in re.findall(r"^\| `(\w+)` \| ([^|]+) \|", _option_table(stated[name]), re.M)}
        if sorted(rows) != sorted(o["key"] for o in info["options"]):
            wrong.append(f"{name}: options {sorted(rows)}")
            continue
        for o in info["options"]:
            values = rows[o["key"]]
            want = [o["default"], *(c for c in o["choices"] if c != o["default"])] if o["choices"] else None
            if want is not None and values != want:
                wrong.append(f"{name} {o['key']}: {values}, the ruleset's: {want}")
            if want is None and (values[0] != o["default"] or values[-2:] != [str(o["low"]), str(o["high"])]):
                wrong.append(f"{name} {o['key']}: {values}, the ruleset's: default {o['default']}, {o['low']} … {o['high']}")
    assert not wrong, "\n".join(wrong)


def test_every_field_a_record_holds_is_in_docs_record_format_md() -> None:
    """docs/record-format.md, *Events*: every event type a match record holds has a row, and every
    field of it is named in that row, under each ruleset (a win's fields differ by ruleset); the
    table names no event type the engine never writes (the false-Mahjong ones, rare in a bots'
    match, are checked by name)."""
    from hkmj.bots import make_bot
    from hkmj.engine import play_match
    from hkmj.rulesets import get_ruleset

    text = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| (.*) \|$", text.split("\n## Events", 1)[1], re.M))
    engine = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "src" / "hkmj" / "engine").glob("*.py"))
    assert all(f'"type": "{name}"' in engine for name in rows), sorted(n for n in rows if f'"type": "{n}"' not in engine)
    missing = []
    for rules in ("hk", "mcr", "classical"):
        bots = [make_bot("greedy", seed) for seed in range(4)]
        events = play_match(bots, 3, length="hands", hands=3, rules=get_ruleset(rules)).events
        for event in events:
            row = rows.get(event["type"])
            if row is None:
                missing.append(f"{rules}: no row for {event['type']}")
                continue
            missing += [f"{rules}: {event['type']}.{key}" for key in event if key != "type" and f"`{key}`" not in row]
    assert not missing, sorted(set(missing))


def test_a_command_the_docs_say_writes_no_record_has_no_record_option() -> None:
    """The README said "`hkmj bot-match` and `hkmj arena` write no record" while ``hkmj bot-match
    --record FILE`` saves its match (docs/record-format.md, re-checked by
    tests/records/test_docs_referee.py): a command a page says writes no record has no ``--record``."""
    import argparse

    from hkmj.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    def no_record(text: str) -> list[str]:
        """The commands ``text`` says write no record."""
        text = " ".join(text.split())
        found = re.finditer(r"((?:`hkmj [\w-]+`(?:,| and| or)? ?)+) (?:writes?|saves?|keeps?) no record", text)
        return [name for m in found for name in re.findall(r"`hkmj ([\w-]+)`", m.group(1))]

    assert no_record("`hkmj bot-match` and `hkmj arena` write no record.") == ["bot-match", "arena"]  # the README's old words
    said = [(page.name, name) for page in PAGES for name in no_record(page.read_text(encoding="utf-8"))]
    wrong = [f"{page}: hkmj {name}" for page, name in said if "--record" in sub.choices[name]._option_string_actions]
    assert not wrong, "pages say these write no record, but they take --record: " + ", ".join(wrong)


def test_only_the_rules_pages_name_the_french_source_texts_by_number() -> None:
    """The rules pages say what "seed `001`" is (one of the French source texts the rules were
    written from, not in this repository); docs/house-options.md wrote "no dead wall (seed 001:
    every tile is played)" and "a dead hand (seed 001)", a number that tells a reader nothing
    there: another page cites the rule itself (MCR-3.1, MCR-5.4)."""
    rules_pages = set(RULES_PAGES.values())
    found = []
    for page in PAGES:
        if page in rules_pages:
            continue
        text = page.read_text(encoding="utf-8")
        found += [f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in re.finditer(r"\bseeds? `?00\d\b", text)]
    assert not found, "a source text named by its number outside the rules pages:\n" + "\n".join(found)


def _terminal_text_pattern(template: str) -> str:
    """A text of the terminal's tables as a pattern: each ``{field}`` any words, each rule number
    any ruleset's (the MCR and classical tables cite their own through ``Ruleset.cite``)."""
    rule = r"(?:HK|MCR|CL)-\d+(?:\\\.\d+)*"
    out = ""
    for part in re.split(r"(\{[^}]*\})", template):
        out += ".+?" if part.startswith("{") else re.sub(rule, r"(?:HK|MCR|CL)-[\\d.]+", re.escape(part))
    return out


@pytest.mark.parametrize(("start", "end"), [("## Hints (h)", "## End of hand"), ("## End of hand", "## Saving and resuming")])
def test_the_words_docs_play_md_quotes_from_the_screen_are_the_terminals(start: str, end: str) -> None:
    """docs/play.md quotes the hint panel, the teaching table and the end of a hand in double
    quotes: each quote is one of the terminal's texts (``hkmj.tui.texts``, the MCR and classical
    tables of ``hkmj.tui.rules_texts``), its ``{fields}`` filled, or a piece of one; ``…`` stands
    for words left out. The page quoted the teaching tip as "you may chow this because West is on
    your left" (the table says "You may chow 1 Bamboo because West is on your left (HK-4.2).")
    and an MCR hand no wait of which reaches 8 points as "ready in shape, but no wait scores the
    8-point minimum" (the browser's words; the terminal says "ready in shape only: no wait
    scores ...")."""
    from hkmj.tui import rules_texts, texts

    tables = [texts.EN, rules_texts._MCR_EN, rules_texts._CL_EN]
    known = [" ".join(t.split()).rstrip(".") for table in tables for t in table.values()]
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    section = " ".join(_prose(page[page.index(start) : page.index(end)]).split())
    quotes = re.findall(r'"([^"]+)"', section)
    assert len(quotes) >= 3

    def said(quote: str) -> bool:
        text = quote.rstrip(".")
        piece = re.sub(r"(?:HK|MCR|CL)-\d+(?:\\\.\d+)*", r"(?:HK|MCR|CL)-[\\d.]+", re.escape(text))
        piece = piece.replace(r"\(…\)", ".*").replace("…", ".*")
        if any(re.search(piece, t) for t in known):
            return True
        return any(len(re.sub(r"\{[^}]*\}", "", t)) >= 10 and re.fullmatch(_terminal_text_pattern(t).replace("…", ".*"), text) for t in known)

    wrong = [q for q in quotes if not said(q)]
    assert not wrong, "docs/play.md quotes words the terminal does not say:\n" + "\n".join(wrong)


def test_every_test_file_a_page_names_by_its_name_alone_exists() -> None:
    """A page names a test file without its folder (``test_review_fr.py``, ``test_threats.py``,
    ``test_tiles_and_tracker.py::test_...``): a file of that name is under tests/ (the paths with
    their folder are checked above), so a renamed or removed test file cannot stay cited."""
    files = {path.name for path in (ROOT / "tests").rglob("test_*.py")}
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"(?<![\w/.-])(test_\w+\.py)\b", text):
            if m.group(1) not in files:
                missing.append(f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(1)}")
    assert len(files) > 100 and not missing, "test files the pages name that are not under tests/:\n" + "\n".join(missing)
