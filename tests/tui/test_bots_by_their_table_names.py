"""``hkmj play --bots`` and the names the French table shows: the table says "Robot 1 (fort)",
"Robot 3 (glouton)" (and ``hkmj review --seat "Robot 3 (glouton)"`` takes that name), but ``hkmj
play --bots fort,fort,glouton`` was refused with "robot « fort » inconnu : attendu parmi random,
greedy, strong, expert": a French player could not ask for the bots the screen had named. The
names the table shows, in either language, now choose those bots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hkmj.tui.command import resolve_bots
from hkmj.tui.texts import BOT_NAMES, Texts

_SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_play_bots_take_the_names_the_french_table_shows(lang: str) -> None:
    assert resolve_bots("fort,Glouton,hasard", lang) == (["strong", "greedy", "random"], [])
    assert resolve_bots("expert,fort,greedy", lang) == (["expert", "strong", "greedy"], [])
    tx = Texts("fr")
    for bot, shown in BOT_NAMES["fr"].items():
        if bot != "minimum":  # the server's placeholder, no bot of hkmj play
            assert resolve_bots(",".join([tx.bot_name(bot)] * 3), lang)[0] == [bot] * 3, shown
    with pytest.raises(ValueError, match="fortt"):
        resolve_bots("fortt,greedy,random", lang)


def test_play_bots_fort_fort_glouton_is_no_unknown_bot() -> None:
    """The real command: without a terminal it stops at "needs a terminal", past the bots' names."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}, "PYTHONPATH": _SRC, "LANG": "fr_FR.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "hkmj", "play", "--bots", "fort,fort,glouton"], env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, check=False
    )
    assert done.returncode == 2 and "inconnu" not in done.stderr and "terminal" in done.stderr, done.stderr


def test_resume_with_the_bots_french_names_agrees_with_the_saved_match(tmp_path: Path) -> None:
    """``--resume FILE --bots fort,fort,glouton`` names the saved match's strong,strong,greedy."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}, "PYTHONPATH": _SRC, "LANG": "C.UTF-8"}
    saved = tmp_path / "m.jsonl"
    saved.write_text(
        '{"type":"match_start","rules":"hk","options":{},"seed":3,"length":"game","hands":null,"max_hands":null,"teaching":false,'
        '"ask_all":true,"seat_draw":["E","S","W","N"],"play":{"bots":["strong","strong","greedy"],"bot_seeds":[13,14,15],"lang":"en","glyphs":false}}\n'
    )
    def resume(bots: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "hkmj", "play", "--resume", str(saved), "--bots", bots],
            env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, check=False,
        ).stderr

    assert "contradicts" in resume("greedy,greedy,greedy")
    said = resume("fort,fort,glouton")
    assert "contradicts" not in said and "terminal" in said, said
