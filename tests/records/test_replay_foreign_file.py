"""``hkmj replay`` given a JSON Lines file of another program (an mjai log, the messages a bot
saved, any file whose lines have a ``type``): docs/record-format.md says a record begins with
``match_start`` (a single hand's with ``hand_start``), and ``hkmj replay --help`` promises exit
status 2 for a file that is no record. It said instead, in three lines and with exit status 1,
that the record "diverged at line 1 (hand 0)" (what a tampered record gets), while ``hkmj
review`` said of the same file, in one line, what it is not. Both now say the same sentence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

_SRC = str(Path(__file__).resolve().parents[2] / "src")


def _hkmj(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}, "PYTHONPATH": _SRC, "LANG": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "hkmj", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","bakaze":"E"}\n', "start_game"),
        ('{"type":"hello","protocol":"hkmj-bot/1","player":0,"rules":"hk"}\n{"type":"hand_start","seat":1}\n', "hello"),
        ('{"type": "win"}\n', "win"),
    ],
    ids=["mjai", "bot-messages", "a-win-alone"],
)
def test_replay_names_a_file_of_another_program_as_review_does(tmp_path: Path, lang: str, text: str, kind: str) -> None:
    path = tmp_path / "other.jsonl"
    path.write_text(text)
    replayed = _hkmj("replay", "other.jsonl", "--lang", lang, cwd=tmp_path)
    reviewed = _hkmj("review", "other.jsonl", "--lang", lang, cwd=tmp_path)
    assert reviewed.returncode == 2 and replayed.returncode == 2, (replayed.stdout, replayed.stderr)
    assert replayed.stdout == "" and replayed.stderr.count("\n") == 1, replayed.stderr
    assert replayed.stderr.replace("hkmj replay", "hkmj review") == reviewed.stderr
    assert f"'{kind}'" in replayed.stderr or f"«\u00a0{kind}\u00a0»" in replayed.stderr


def test_a_record_with_a_stray_line_after_its_start_still_diverges(tmp_path: Path) -> None:
    """A record of hkmj (its first line match_start) with a foreign line inside is an edited
    record: that stays a divergence at that line (exit 1), as docs/record-format.md says."""
    assert _hkmj("simulate", "--hands", "1", "--seed", "2", "--quiet", "--record", "g.jsonl", cwd=tmp_path).returncode == 0
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    (tmp_path / "e.jsonl").write_text("\n".join([lines[0], '{"type": "zzz"}', *lines[1:]]) + "\n")
    done = _hkmj("replay", "e.jsonl", cwd=tmp_path)
    assert done.returncode == 1 and "diverged at line 2" in done.stdout, (done.stdout, done.stderr)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_play_resume_names_a_file_of_another_program_as_replay_does(tmp_path: Path, lang: str) -> None:
    """``hkmj play --resume`` of an mjai log said "this record was not saved by hkmj play (its
    first line names no bots) ...; hkmj replay other.jsonl --show shows it", sending the newcomer to
    a command that says the file is no record; it now says replay's and review's sentence."""
    (tmp_path / "other.jsonl").write_text('{"type":"start_game","names":["a","b","c","d"]}\n')
    resumed = _hkmj("play", "--resume", "other.jsonl", "--lang", lang, cwd=tmp_path)
    replayed = _hkmj("replay", "other.jsonl", "--lang", lang, cwd=tmp_path)
    assert resumed.returncode == 2 and "replay" not in resumed.stderr, resumed.stderr
    said = replayed.stderr.split(" ", 2)[2]  # after "hkmj replay:"
    assert resumed.stderr.endswith(said) and resumed.stderr.startswith("hkmj play"), resumed.stderr
