"""An attacker of ``hkmj score`` (R-9, docs/scoring.md): every impossible hand, malformed notation,
contradictory flag and bad JSON request is thrown at the three surfaces a stranger meets — the
command line (``hkmj score HAND --win TILE``, in English, in French and with ``--json``), the JSON
lines (``hkmj score`` reading stdin) and the Python API (``score_hand``, ``score_mcr_hand``,
``score_deal``, the ``score_json`` functions) — under the three rulesets. Each must be refused in
one line naming what is wrong, citing the ruleset's own rules, never with a traceback and never
with a score; valid but unusual hands must score. The cases are data: one row, every surface."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from hkmj.scoring import InvalidHand, score_hand, score_json, score_json_mcr, score_mcr_hand
from hkmj.scoring.classical import deal_from_json, score_deal
from hkmj.scoring.classical import score_json as classical_json

RunHkmj = Callable[..., tuple[int, str, str]]
"""``hkmj`` run in this process (the ``hkmj_cli`` fixture, tests/conftest.py): (status, stdout, stderr)."""

RULES = ("hk", "mcr", "classical")
PREFIX = {"hk": "HK-", "mcr": "MCR-", "classical": "CL-"}
BASE: dict[str, Any] = {"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E"}
ABSENT = object()
"""A field left out of the request."""


@dataclass(frozen=True)
class Case:
    """One attack: the request's fields changed from :data:`BASE` (:data:`ABSENT` drops one), the
    English error as a regex per ruleset (``"*"`` for every ruleset), the rulesets it applies to,
    and the command line's status (1: the hand is impossible, 2: the command line is wrong)."""

    id: str
    change: dict[str, Any]
    error: dict[str, str]
    rules: tuple[str, ...] = RULES
    status: int = 1
    cli: bool = True

    def expected(self, rules: str) -> str:
        return self.error.get(rules, self.error.get("*", ""))


def _every(text: str) -> dict[str, str]:
    return {"*": text}


def _counted(text: str) -> dict[str, str]:
    """A tile count refused with the count rule of each ruleset (HK-5.1, MCR-5.2, CL-2.4)."""
    return {
        r: rf"{text} \(the winning tile included, {rule}\)"
        for r, rule in (("hk", r"HK-5\.1"), ("mcr", r"MCR-5\.2"), ("classical", r"CL-2\.4"))
    }


def _request(change: dict[str, Any]) -> dict[str, Any]:
    out = {**BASE, **change}
    return {k: v for k, v in out.items() if v is not ABSENT}


def _deal(request: dict[str, Any]) -> dict[str, Any]:
    """The classical request of the same hand: the winner's hand among the four (CL-5)."""
    request = dict(request)
    hand = {k: request.pop(k) for k in ("hand", "melds", "flowers", "seasons") if k in request}
    seat = request.pop("seat", ABSENT)
    at = seat if isinstance(seat, str) and seat in ("E", "S", "W", "N") else "E"
    deal: dict[str, Any] = {"hands": {s: (hand if s == at else None) for s in "ESWN"}}
    if seat is not ABSENT:
        deal["winner"] = seat
    return deal | request


def _argv(request: dict[str, Any]) -> list[str]:
    """The command line of a request (``--robbed --from W`` for a robbed kong)."""
    argv = [request["hand"], "--win", request["win_tile"], "--seat", request["seat"], "--prevailing", request["prevailing"]]
    if request["win"] == "robbed_kong":
        argv.append("--robbed")
    if "discarder" in request:
        argv += ["--from", request["discarder"]]
    for option, key in (("--meld", "melds"), ("--flower", "flowers"), ("--season", "seasons"), ("--flag", "flags")):
        for value in request.get(key, []):
            argv += [option, str(value)]
    return argv


CASES: list[Case] = [
    # --- malformed notation (HK-1.4, R-9)
    Case("empty_hand", {"hand": ""}, _counted(r"hand has 0 concealed tiles; with 0 melds it needs 14")),
    Case("spaces_only", {"hand": "   "}, _counted(r"hand has 0 concealed tiles; with 0 melds it needs 14")),
    Case("fullwidth_digit", {"hand": "２34s567p88m111z777z"}, _every(r"unexpected character '２'")),
    Case("arabic_indic_digit", {"hand": "٢34s567p88m111z777z"}, _every(r"unexpected character '٢'")),
    Case("superscript_digit", {"hand": "²34s567p88m111z777z"}, _every(r"unexpected character '²'")),
    Case("fullwidth_letter", {"hand": "234ｓ567p88m111z777z"}, _every(r"unknown suit 'ｓ' \(use m, p, s, z or f\)")),
    Case("uppercase_suit", {"hand": "234S567p88m111z777z"}, _every(r"suit letters are lowercase: write '234s'")),
    Case("honour_letter", {"hand": "234s567p88mEEE777z"}, _every(r"write the East wind as 1z")),
    Case("honour_lowercase", {"hand": "234s567p88meee777z"}, _every(r"'eee': write the East wind as 1z")),
    Case("honour_glyph", {"hand": "🀄234s567p88m111z77z"}, _every(r"write the Red dragon as 7z")),
    Case("zero_width_space", {"hand": "234s\u200b567p88m111z777z"}, _every(r"unexpected character '\\u200b'")),
    Case("nul_in_hand", {"hand": "234s567p88m\x00111z777z"}, _every(r"unexpected character '\\x00'")),
    Case("nul_in_win_tile", {"win_tile": "1z\x00"}, _every(r"unexpected character '\\x00'")),
    Case(
        "long_hand_bad_suit", {"hand": "234s 567p 88m 111z 777z 234s 567p 88m 111z 777z 23x"}, _every(r"'23x': unknown suit 'x'")
    ),
    Case("digits_without_suit", {"hand": "234s567p88m111z777z1"}, _every(r"'1': digits with no suit letter after them")),
    Case("suit_without_digits", {"hand": "m234s567p88m111z777z"}, _every(r"suit letter 'm' with no digits before it")),
    Case("red_five_as_zero", {"hand": "234s067p88m111z777z"}, _every(r"unknown tile 0p \(suits run 1-9\)")),
    Case("honour_8z", {"win_tile": "8z"}, _every(r"unknown tile 8z \(honours run 1z-7z\)")),
    Case("two_winning_tiles", {"win_tile": "1z1z"}, _every(r"expected one tile, got 2")),
    Case("no_winning_tile", {"win_tile": ""}, _every(r"expected one tile, got 0")),
    Case(
        "huge_hand",
        {"hand": "1" * 100_000 + "m", "win_tile": "1m"},
        _every(r"hand of 100,001 characters: a hand of at most 14 tiles"),
    ),
    Case("huge_meld", {"melds": ["pung " + "1" * 10_000 + "z"]}, _every(r"meld of 10,006 characters|meld 'pung 1111111")),
    # --- bonus tiles in the wrong place (HK-1.3, MCR-1.2, CL-1.2)
    Case(
        "bonus_in_hand",
        {"hand": "234s567p88m111z777z1f"},
        {
            "hk": r"1f is a bonus tile.*\(HK-1\.3\)",
            "mcr": r"1f is a bonus tile.*\(MCR-1\.2\)",
            "classical": r"1f is a bonus tile.*\(CL-1\.2\)",
        },
    ),
    Case(
        "bonus_wins",
        {"win_tile": "1f"},
        {
            "hk": r"1f: a bonus tile never wins a hand \(HK-3\.2\)",
            "mcr": r"1f: a bonus tile never wins a hand \(MCR-3\.4\)",
            "classical": r"1f: a flower or season is set aside and replaced, it never wins a hand \(CL-1\.2\)",
        },
    ),
    Case(
        "bonus_pung",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["pung 111f"]},
        {
            "hk": r"'pung 111f': bonus tiles never form melds \(HK-3\.2\)",
            "mcr": r"bonus tiles never form melds \(MCR-3\.4\)",
            "classical": r"bonus tiles never form melds \(CL-1\.2\)",
        },
    ),
    Case("duplicate_flower", {"flowers": [1, 1]}, _every(r"flowers?.*(?:1-4|flower 1 is given twice)")),
    Case("flower_5", {"flowers": [5]}, _every(r"flowers?.*1-4")),
    Case("flower_0", {"flowers": [0]}, _every(r"flowers?.*1-4")),
    Case("nine_bonus_tiles", {"flowers": [1, 2, 3, 4], "seasons": [1, 2, 3, 4, 1]}, _every(r"seasons?.*(?:1-4|season 1 is given twice)")),
    # --- impossible tiles (HK-1, MCR-1.1, CL-1.1)
    Case(
        "fifth_copy_concealed",
        {"hand": "11111m234m456p789s", "win_tile": "9s"},
        {
            "hk": r"5 copies of 1m: there are only four of each tile \(HK-1\)",
            "mcr": r"5 copies of 1m: .*\(MCR-1\.1\)",
            "classical": r"5 copies of 1m in the four hands: .*\(CL-1\.1\)",
        },
    ),
    Case(
        "fifth_copy_with_kong",
        {"hand": "1z234s567p777z8m", "win_tile": "8m", "melds": ["kong 1111z"]},
        {
            "hk": r"5 copies of 1z: .*\(HK-1\)",
            "mcr": r"5 copies of 1z: .*\(MCR-1\.1\)",
            "classical": r"5 copies of 1z in the four hands: .*\(CL-1\.1\)",
        },
    ),
    Case(
        "fifth_copy_is_the_winning_tile",
        {"hand": "234s567p88m777z1z", "melds": ["pung 111z"], "win_tile": "1z"},
        _every(r"hand has 12 concealed tiles; with 1 meld it needs 11|4 copies"),
    ),
    Case(
        "concealed_kong_also_in_hand",
        {"hand": "1111z234s567p8m", "win_tile": "8m", "melds": ["ckong 1111z"]},
        {
            "hk": r"8 copies of 1z: .*\(HK-1\)",
            "mcr": r"8 copies of 1z: .*\(MCR-1\.1\)",
            "classical": r"8 copies of 1z in the four hands",
        },
    ),
    Case(
        "two_kongs_of_one_tile",
        {"hand": "234s567p88m", "win_tile": "8m", "melds": ["kong 1111z", "pung 111z"]},
        {
            "hk": r"7 copies of 1z: .*\(HK-1\)",
            "mcr": r"7 copies of 1z: .*\(MCR-1\.1\)",
            "classical": r"7 copies of 1z in the four hands",
        },
    ),
    Case("too_many_tiles", {"hand": "234s567p88m111z777z1m"}, _counted(r"hand has 15 concealed tiles; with 0 melds it needs 14")),
    Case("too_few_tiles", {"hand": "234s567p88m111z77z"}, _counted(r"hand has 13 concealed tiles; with 0 melds it needs 14")),
    Case(
        "too_few_with_meld",
        {"hand": "234s567p88m", "win_tile": "8m", "melds": ["pung 111z"]},
        _counted(r"hand has 8 concealed tiles; with 1 meld it needs 11"),
    ),
    Case(
        "five_melds",
        {"hand": "88m", "win_tile": "8m", "melds": ["pung 111m", "pung 222m", "pung 333m", "pung 444m", "pung 555m"]},
        {
            "hk": r"5 melds: a hand has at most four groups \(HK-5\.1\)",
            "mcr": r"5 melds: a hand has at most four groups \(MCR-5\.2\)",
            "classical": r"5 melds: a hand has at most four groups \(CL-2\)",
        },
    ),
    Case("win_tile_absent", {"win_tile": "9m"}, _every(r"9m is not in the concealed hand 88m567p234s111777z")),
    Case(
        "win_tile_only_in_a_meld",
        {"hand": "234s567p88m777z", "melds": ["pung 111z"]},
        _every(r"1z is not in the concealed hand 88m567p234s777z"),
    ),
    Case(
        "chow_of_honours",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["chow 123z"]},
        {
            "hk": r"a chow is three consecutive tiles of one suit \(HK-4\.2, HK-5\.2\)",
            "mcr": r"a chow is three consecutive tiles of one suit \(MCR-5\.2\)",
            "classical": r"a chow is three consecutive tiles of one suit \(CL-2\.1\)",
        },
    ),
    Case(
        "chow_wrapping",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["chow 891m"]},
        _every(r"'chow 891m': a chow is three consecutive tiles"),
    ),
    Case(
        "kong_of_three",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["kong 111z"]},
        _every(r"'kong 111z': a kong is 4 identical tiles"),
    ),
    Case(
        "pung_of_two_kinds",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["pung 112z"]},
        _every(r"'pung 112z': a pung is 3 identical tiles"),
    ),
    Case(
        "robbed_tile_held_twice",
        {"hand": "234s567p22s111z777z", "win_tile": "2s", "win": "robbed_kong", "discarder": "W"},
        {
            "hk": r"robbed kong: the other three 2s are in the pung the 2s was robbed from, so the robbed tile must be the hand's only 2s; it holds 3 \(HK-4\.10\)",
            "mcr": r"robbed kong: the other three 2s are in the pung the 2s was robbed from, so the robbed tile must be the hand's only 2s; it holds 3 \(MCR-4\.4\)",
            "classical": r"robbed kong: the other three 2s are in the pung the 2s was robbed from, so the robbed tile must be the hand's only 2s; it holds 3 \(CL-3\.4\)",
        },
    ),
    # --- seven pairs: distinct in Hong Kong and the classical game (HK-5.3, CL-6.3 Ruling); MCR-5.2 allows four alike
    Case(
        "seven_pairs_with_four_alike",
        {"hand": "1111m22p33p44s55s66z", "win_tile": "6z"},
        {
            "hk": r"1111m2233p4455s66z has no valid reading: seven pairs are seven distinct pairs, and 1m is held four times \(HK-5\.3\)$",
            "classical": r"1111m2233p4455s66z has no valid reading: seven pairs are seven distinct pairs, and 1m is held four times \(CL-6\.3\)$",
        },
        rules=("hk", "classical"),
    ),
    Case(
        "no_reading",
        {"hand": "123m456m789m135p55p", "win_tile": "5p"},
        {
            "hk": r"has no valid reading: it is not four groups and a pair, seven pairs or thirteen orphans \(HK-5\)",
            "mcr": r"has no winning shape: .*\(MCR-5\.2\)",
            "classical": r"has no valid reading: it is not four groups and a pair nor a limit hand of CL-6",
        },
    ),
    # --- contradictory flags (R-3, HK-6, MCR-6.40 to 6.43, CL-5.3)
    Case(
        "robbed_kong_self_drawn_flag",
        {"win_tile": "2s", "win": "robbed_kong", "discarder": "W", "flags": ["last_wall_tile"]},
        {
            "hk": r"flag 'last_wall_tile' needs a self-drawn win \(HK-6\)",
            "mcr": r"flag 'last_wall_tile' needs a self-drawn win \(MCR-6\.40\)",
            "classical": r"flag 'last_wall_tile' needs a self-drawn win \(CL-5\.3\)",
        },
    ),
    Case(
        "robbed_kong_final_discard",
        {"win_tile": "2s", "win": "robbed_kong", "discarder": "W", "flags": ["final_discard"]},
        {
            "hk": r"flag 'final_discard' needs a win on a discard.* \(HK-6\)",
            "mcr": r"not a robbed kong \(MCR-6\.41\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
    ),
    Case(
        "kong_replacement_on_a_discard",
        {
            "hand": "234s567p88m11z777z",
            "win_tile": "2s",
            "win": "discard",
            "discarder": "W",
            "melds": ["kong 9999m"],
            "flags": ["kong_replacement"],
        },
        {
            "hk": r"flag 'kong_replacement' needs a self-drawn win \(HK-6\)",
            "mcr": r"flag 'kong_replacement' needs a self-drawn win \(MCR-6\.42\)",
            "classical": r"flag 'kong_replacement': the classical game has no double for a win on a kong replacement \(CL-5\.3\)",
        },
    ),
    Case(
        "kong_replacement_robbed",
        {
            "hand": "234s567p88m11z777z",
            "win_tile": "2s",
            "win": "robbed_kong",
            "discarder": "W",
            "melds": ["kong 9999m"],
            "flags": ["kong_replacement"],
        },
        {
            "hk": r"flag 'kong_replacement' needs a self-drawn win \(HK-6\)",
            "mcr": r"\(MCR-6\.42\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
    ),
    Case(
        "kong_replacement_without_kong",
        {"flags": ["kong_replacement"]},
        {
            "hk": r"flag 'kong_replacement' needs a declared kong among the melds \(R-3\)",
            "mcr": r"the hand declares no kong \(MCR-6\.42\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
    ),
    Case(
        "kong_replacement_and_last_tile",
        {
            "hand": "234s567p88m11z777z",
            "win_tile": "2s",
            "melds": ["kong 9999m"],
            "flags": ["kong_replacement", "last_wall_tile"],
        },
        {
            "hk": r"flags 'last_wall_tile' and 'kong_replacement' never go together \(R-3\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
        rules=("hk", "classical"),
    ),
    Case(
        "final_discard_self_drawn",
        {"flags": ["final_discard"]},
        {
            "hk": r"flag 'final_discard' needs a win on a discard.* \(HK-6\)",
            "mcr": r"\(MCR-6\.41\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
    ),
    Case(
        "last_tile_and_final_discard",
        {"win": "discard", "discarder": "W", "flags": ["last_wall_tile", "final_discard"]},
        {
            "hk": r"flag 'last_wall_tile' needs a self-drawn win \(HK-6\)",
            "mcr": r"\(MCR-6\.40\)",
            "classical": r"the classical game has no double for a win on .* \(CL-5\.3\): leave the flag out",
        },
    ),
    Case(
        "heavenly_and_last_tile",
        {"flags": ["last_wall_tile", "heavenly"]},
        {
            "hk": r"flag 'heavenly' never goes with 'last_wall_tile' \(R-3\)",
            "mcr": r"flag 'heavenly': MCR does not score an? heavenly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part of the classical game",
        },
    ),
    Case(
        "heavenly_non_dealer",
        {"seat": "S", "flags": ["heavenly"]},
        {
            "hk": r"flag 'heavenly': only East wins a heavenly hand \(HK-6\)",
            "mcr": r"flag 'heavenly': MCR does not score an? heavenly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part of the classical game",
        },
    ),
    Case(
        "heavenly_robbed",
        {"win_tile": "2s", "win": "robbed_kong", "discarder": "W", "flags": ["heavenly"]},
        {
            "hk": r"flag 'heavenly' never goes with a robbed kong \(R-3\)",
            "mcr": r"flag 'heavenly': MCR does not score an? heavenly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part of the classical game",
        },
    ),
    Case(
        "heavenly_with_meld",
        {"hand": "234s567p88m777z", "win_tile": "7z", "melds": ["pung 111z"], "flags": ["heavenly"]},
        {
            "hk": r"a heavenly or earthly hand has no melds: it is won on the dealt tiles \(HK-6\)",
            "mcr": r"flag 'heavenly': MCR does not score an? heavenly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part of the classical game",
        },
    ),
    Case(
        "earthly_dealer",
        {"win": "discard", "discarder": "W", "flags": ["earthly"]},
        {
            "hk": r"flag 'earthly': another seat wins on East's very first discard \(HK-6\)",
            "mcr": r"flag 'earthly': MCR does not score an? earthly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part of the classical game",
        },
    ),
    Case(
        "earthly_not_east_discard",
        {"seat": "S", "win": "discard", "discarder": "W", "flags": ["earthly"]},
        {
            "hk": r"flag 'earthly': another seat wins on East's very first discard \(HK-6\)",
            "mcr": r"flag 'earthly': MCR does not score an? earthly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part",
        },
    ),
    Case(
        "earthly_and_final_discard",
        {"seat": "S", "win": "discard", "discarder": "E", "flags": ["earthly", "final_discard"]},
        {
            "hk": r"flag 'earthly' never goes with 'final_discard' \(R-3\)",
            "mcr": r"flag 'earthly': MCR does not score an? earthly hand, which is not among its 81 fans \(MCR-5\.5\)",
            "classical": r"not part",
        },
    ),
    Case(
        "mcr_flag_elsewhere",
        {"win_tile": "2s", "flags": ["last_of_kind"]},
        {
            "hk": r"unknown flag 'last_of_kind': expected any of last_wall_tile, final_discard, kong_replacement, heavenly, earthly",
            "classical": r"flag 'last_of_kind' is not part of the classical game",
        },
        rules=("hk", "classical"),
    ),
    Case(
        "last_of_kind_held_twice",
        {"flags": ["last_of_kind"]},
        {"mcr": r"flag 'last_of_kind': the hand holds 2 other 1z concealed.*\(MCR-6\.27\)"},
        rules=("mcr",),
    ),
    Case("flag_twice", {"flags": ["last_wall_tile", "last_wall_tile"]}, _every(r"(?:a flag|--flag last_wall_tile) is given twice")),
    Case("unknown_flag", {"flags": ["bogus"]}, _every(r"flags?:? .*'bogus'"), status=2),
    # --- seats and winds (HK-2.1)
    Case("discarder_is_the_winner", {"win": "discard", "discarder": "E"}, _every(r"another seat|the winner's own seat")),
    Case("seat_x", {"seat": "X"}, _every(r"'X': expected a wind E, S, W"), status=2),
    Case("prevailing_0", {"prevailing": "0"}, _every(r"'0': expected a wind E, S, W"), status=2),
    Case("discarder_5", {"win": "discard", "discarder": "5"}, _every(r"'5': expected a wind E, S, W"), status=2),
    Case(
        "robbed_kong_without_its_seat",
        {"win_tile": "2s", "win": "robbed_kong"},
        _every(r"--robbed needs --from SEAT|robbed_kong needs"),
        status=2,
    ),
    Case("huge_win_tile", {"win_tile": "1z" * 50_000}, _every(r"'1z1z1z1z[1z]*\.\.\.': expected one tile, got 50000$")),
    Case("huge_seat", {"seat": "E" * 100_000}, _every(r"'EEEEEEEE.*expected a wind E, S, W"), status=2),
    # --- the JSON request itself: wrong types, extra or missing keys, nesting, numbers as strings, booleans as ints
    Case("seat_lowercase", {"seat": "e"}, _every(r"'e': expected a wind E, S, W or N"), cli=False),
    Case("seat_number", {"seat": 0}, _every(r" 0: expected a wind E, S, W or N"), cli=False),
    Case("seat_true", {"seat": True}, _every(r"true: expected a wind E, S, W or N"), cli=False),
    Case("seat_null", {"seat": None}, _every(r"null: expected a wind E, S, W or N"), cli=False),
    Case("seat_list", {"seat": ["E"]}, _every(r'\["E"\]: expected a wind'), cli=False),
    Case("hand_number", {"hand": 234}, _every(r"hand.*expected an mpsz string"), cli=False),
    Case("hand_null", {"hand": None}, _every(r"hand.*expected an mpsz string"), cli=False),
    Case("hand_list", {"hand": ["234s"]}, _every(r"hand.*expected an mpsz string"), cli=False),
    Case("win_tile_number", {"win_tile": 27}, _every(r"win_tile 27: expected one tile like '1z'"), cli=False),
    Case("win_tile_true", {"win_tile": True}, _every(r"win_tile true: expected one tile like '1z'"), cli=False),
    Case("discarder_number", {"win": "discard", "discarder": 3}, _every(r"discarder 3: expected a wind E, S, W or N"), cli=False),
    Case("win_true", {"win": True}, _every(r"win true: expected one of self_draw, discard, robbed_kong"), cli=False),
    Case("win_uppercase", {"win": "SELF_DRAW"}, _every(r"win 'SELF_DRAW': expected one of"), cli=False),
    Case("flowers_string_numbers", {"flowers": ["1"]}, _every(r'flowers \["1"\]: expected a list'), cli=False),
    Case("flowers_string", {"flowers": "1"}, _every(r"flowers '1': expected a list"), cli=False),
    Case("flowers_true", {"flowers": [True]}, _every(r"flowers \[true\]"), cli=False),
    Case("flowers_float", {"flowers": [1.0]}, _every(r"flowers \[1\.0\]"), cli=False),
    Case("flowers_huge", {"flowers": [10**30]}, _every(r"flowers \[1000000000000000000000000000000\]"), cli=False),
    Case("melds_string", {"melds": "pung 111m"}, _every(r"expected a list like \['pung 555m', 'chow 345s'\]"), cli=False),
    Case("meld_number", {"melds": [1]}, _every(r"meld 1: expected a string like 'pung 555m'"), cli=False),
    Case("meld_nested", {"melds": [["pung 111m"]]}, _every(r"meld \[\"pung 111m\"\]: expected a string"), cli=False),
    Case(
        "flags_string", {"flags": "last_wall_tile"}, _every(r"flags 'last_wall_tile': expected a list of flag names"), cli=False
    ),
    Case("flags_true", {"flags": True}, _every(r"flags true: expected a list of flag names"), cli=False),
    Case("flags_number", {"flags": [1]}, _every(r"flags:? \[?1\]?"), cli=False),
    Case("flags_nested_deep", {"flags": json.loads("[" * 60 + "]" * 60)}, _every(r"flags:? \[\[\[\["), cli=False),
    Case("extra_key", {"falgs": ["last_wall_tile"]}, _every(r"unknown field 'falgs'"), cli=False),
    Case(
        "missing_hand",
        {"hand": ABSENT},
        {"hk": r"missing field 'hand'", "mcr": r"missing field 'hand'", "classical": r"hand"},
        cli=False,
    ),
    Case("missing_win", {"win": ABSENT}, _every(r"missing field 'win'"), cli=False),
    Case("missing_win_tile", {"win_tile": ABSENT}, _every(r"missing field 'win_tile'"), cli=False),
    Case(
        "missing_seat",
        {"seat": ABSENT},
        {"hk": r"missing field 'seat'", "mcr": r"missing field 'seat'", "classical": r"missing field 'winner'"},
        cli=False,
    ),
    Case("missing_prevailing", {"prevailing": ABSENT}, _every(r"missing field 'prevailing'"), cli=False),
    Case("missing_discarder", {"win": "discard"}, _every(r"discarder"), cli=False),
    Case("discarder_on_self_draw", {"discarder": "W"}, _every(r"a self-drawn win has no discarder"), cli=False),
]


VALID: list[Case] = [
    Case("four_kongs", {"hand": "88m", "win_tile": "8m", "melds": ["kong 1111m", "kong 2222p", "ckong 3333s", "kong 1111z"]}, {}),
    Case(
        "four_kongs_won_on_a_replacement",
        {
            "hand": "88m",
            "win_tile": "8m",
            "melds": ["kong 1111m", "kong 2222p", "ckong 3333s", "kong 1111z"],
            "flags": ["kong_replacement"],
        },
        {},
        rules=("hk", "mcr"),
    ),
    Case("every_bonus_tile", {"flowers": [1, 2, 3, 4], "seasons": [1, 2, 3, 4]}, {}),
    Case("flower_and_season_of_one_number", {"flowers": [1], "seasons": [1]}, {}),
    Case("seven_pairs", {"hand": "11m22p33p44s55s66z77z", "win_tile": "7z"}, {}),
    Case("seven_pairs_with_four_alike", {"hand": "1111m22p33p44s55s66z", "win_tile": "6z"}, {}, rules=("mcr",)),  # MCR-5.2
    Case("thirteen_orphans", {"hand": "19m19p19s1234567z1z", "win_tile": "1z"}, {}),
    Case("nine_gates", {"hand": "11123455678999m", "win_tile": "5m"}, {}),
    Case("robbed_kong", {"win_tile": "2s", "win": "robbed_kong", "discarder": "W"}, {}),
    Case(
        "robbed_kong_last_of_kind",
        {"win_tile": "2s", "win": "robbed_kong", "discarder": "W", "flags": ["last_of_kind"]},
        {},
        rules=("mcr",),
    ),
    Case("last_of_kind", {"win_tile": "2s", "flags": ["last_of_kind"]}, {}, rules=("mcr",)),
    Case(
        "concealed_kong_replacement",
        {"hand": "234s567p88m777z", "win_tile": "2s", "melds": ["ckong 1111z"], "flags": ["kong_replacement"]},
        {},
        rules=("hk", "mcr"),
    ),
    Case("heavenly", {"flags": ["heavenly"]}, {}, rules=("hk",)),
    Case("earthly", {"seat": "S", "win": "discard", "discarder": "E", "flags": ["earthly"]}, {}, rules=("hk",)),
    Case("last_tile", {"flags": ["last_wall_tile"]}, {}),
    Case("spaced_hand", {"hand": "234s 567p 88m 111z 777z"}, {}),
]


def _params(cases: list[Case], cli_only: bool = False) -> list[Any]:
    return [pytest.param(c, r, id=f"{r}-{c.id}") for c in cases for r in c.rules if c.cli or not cli_only]


def _cites_its_own_rules(rules: str, text: str) -> None:
    refs = re.findall(r"\b(HK|MCR|CL)-\d", text)
    assert all(f"{r}-" == PREFIX[rules] for r in refs), (rules, text)


def _line(case: Case, rules: str) -> str:
    request = _request(case.change)
    return json.dumps(_deal(request) if rules == "classical" else request)


def _one_line(err: str, usage: str) -> str:
    """The one line of ``err`` that names the problem: the whole of it, or after argparse's usage
    (a usage error, status 2: ``--flag bogus``)."""
    lines = err.splitlines()
    if len(lines) > 1:
        assert lines[0].startswith(usage), err
    assert err.endswith("\n") and lines, err
    return lines[-1]


# --- the command line: one line on stderr, status 1 (impossible hand) or 2 (bad command line)


@pytest.mark.parametrize(("case", "rules"), _params(CASES, cli_only=True))
def test_r9_the_command_line_refuses_in_one_line(case: Case, rules: str, hkmj_cli: RunHkmj) -> None:
    """``hkmj score HAND ...``: the documented status, one line naming the problem, in English
    and in French (``--lang fr``), and with ``--json`` one ``{"valid": false}`` object (status 1)."""
    argv = ["score", *_argv(_request(case.change)), "--rules", rules]
    code, out, err = hkmj_cli(argv)
    assert (code, out) == (case.status, ""), (code, out, err)
    assert "Traceback" not in err
    err = _one_line(err, "usage:")
    assert re.search(case.expected(rules), err), err
    _cites_its_own_rules(rules, err)
    code, out, fr = hkmj_cli([*argv, "--lang", "fr"])
    assert (code, out) == (case.status, "")
    fr = _one_line(fr, "utilisation\u00a0:")
    assert fr.startswith(("Main gagnante non valable\u00a0: ", "Donne non valable\u00a0: ", "hkmj score\u00a0: ")), fr
    assert fr.split("\u00a0: ", 1)[1] != err.split(": ", 1)[1], "left in English"
    assert not re.search(r"(?:^|\s)'\S", fr), "French quotes what was typed in «\u00a0»"
    _cites_its_own_rules(rules, fr)
    if case.status == 1:
        code, out, err = hkmj_cli([*argv, "--json"])
        answer = json.loads(out)
        assert (code, err, set(answer), answer["valid"]) == (1, "", {"valid", "error"}, False)
        assert re.search(case.expected(rules), answer["error"]), answer


# --- the JSON lines: one {"valid": false, "error"} answer per line, the batch goes on


@pytest.mark.parametrize(("case", "rules"), _params(CASES))
def test_r9_a_json_line_is_answered_with_an_error_object(case: Case, rules: str, hkmj_cli: RunHkmj) -> None:
    """``hkmj score --rules R`` with the request on stdin: an error object naming the problem,
    then the next line (a valid request) is still scored; status 0 (the input was read)."""
    good = _line(Case("good", {}, {}), rules)
    code, out, err = hkmj_cli(["score", "--rules", rules], f"{_line(case, rules)}\n{good}\n")
    first, second = (json.loads(x) for x in out.splitlines())
    assert (code, err) == (0, "")
    assert set(first) == {"valid", "error"} and first["valid"] is False
    assert re.search(case.expected(rules), first["error"]), first
    _cites_its_own_rules(rules, first["error"])
    assert len(first["error"]) <= 200, "R-9: a long value is quoted short"
    assert second["valid"] is True


# --- the Python API: a typed exception (InvalidHand) or the score_json functions' error object


def _api(rules: str, request: dict[str, Any]) -> Any:
    if rules == "classical":
        return score_deal(deal_from_json(_deal(request)))
    hand = request.pop("hand")
    return (score_hand if rules == "hk" else score_mcr_hand)(hand, **request)


def _api_json(rules: str, request: dict[str, Any]) -> dict[str, Any]:
    return {"hk": score_json, "mcr": score_json_mcr, "classical": lambda r: classical_json(_deal(r))}[rules](request)


@pytest.mark.parametrize(("case", "rules"), _params(CASES))
def test_r9_the_python_api_raises_invalid_hand_citing_its_rules(case: Case, rules: str) -> None:
    """``score_hand``, ``score_mcr_hand``, ``score_deal(deal_from_json(...))`` raise
    :class:`InvalidHand` and the ``score_json`` functions answer ``valid: false``, with the same
    words and the ruleset's own rules: ``score_mcr_hand`` and ``score_json_mcr`` cited Hong Kong's
    (``5 copies of 1z ... (HK-1)``, ``1f is a bonus tile ... (HK-1.3)``) where ``hkmj score --rules
    mcr`` cites MCR-1.1, MCR-1.2 (docs/rules-mcr.md: an error never mixes rulesets)."""
    request = _request(case.change)
    answer = _api_json(rules, dict(request))
    assert answer["valid"] is False and re.search(case.expected(rules), answer["error"]), answer
    _cites_its_own_rules(rules, answer["error"])
    if case.cli:  # the keyword helpers take what the command line takes
        with pytest.raises(InvalidHand) as err:
            _api(rules, request)
        assert re.search(case.expected(rules), str(err.value)), str(err.value)
        _cites_its_own_rules(rules, str(err.value))
        assert "\n" not in str(err.value)


# --- valid but unusual hands score on every surface


@pytest.mark.parametrize(("case", "rules"), _params(VALID))
def test_valid_unusual_hands_score_on_every_surface(case: Case, rules: str, hkmj_cli: RunHkmj) -> None:
    """Four kongs, every bonus tile, seven pairs (with four alike under MCR-5.2 only), a robbed
    kong, a heavenly hand (HK-6)...: scored, never refused, by all three surfaces."""
    request = _request(case.change)
    code, out, err = hkmj_cli(["score", *_argv(request), "--rules", rules, "--json"])
    assert (code, err) == (0, "") and json.loads(out)["valid"] is True, out
    code, out, err = hkmj_cli(["score", "--rules", rules], _line(case, rules) + "\n")
    assert json.loads(out)["valid"] is True, out
    assert _api_json(rules, dict(request))["valid"] is True
    _api(rules, dict(request))


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    "line",
    ["", "{hand", "[1]", '"x"', "null", "1", '{"hand": NaN}', "\ufeff{}", "[" * 100_000 + "]" * 100_000, '{"seat": ' + "9" * 5000 + "}",
     json.dumps(BASE)[:-1] + ', "seat": "S"}', json.dumps(BASE) + " x", json.dumps(BASE) * 2, "\x00", '{"hand": "\\ud800"}'],
    ids=["empty_object_text", "bad_syntax", "array", "string", "null", "number", "nan", "bom", "nested_100k", "huge_int", "field_twice",
         "trailing_garbage", "two_objects", "nul", "lone_surrogate"],
)  # fmt: skip
def test_r9_a_line_that_is_no_request_is_answered(rules: str, line: str, hkmj_cli: RunHkmj) -> None:
    """Bad JSON, a non-object, nesting too deep, a huge number, a field twice: one error object
    per line (an empty line is skipped), in every ruleset."""
    code, out, err = hkmj_cli(["score", "--rules", rules], line + "\n")
    assert (code, err) == (0, "")
    if line == "":
        assert out == ""
        return
    (answer,) = (json.loads(x) for x in out.splitlines())
    assert answer["valid"] is False and answer["error"] and "Traceback" not in answer["error"]


CASE_COUNT = {
    "command line": len(_params(CASES, cli_only=True)),
    "json lines": len(_params(CASES)) + 15 * len(RULES),
    "api": len(_params(CASES)),
    "valid": len(_params(VALID)),
}
"""How many attacks each surface takes (reported; the parametrized tests are these)."""


@pytest.mark.parametrize("helper", [score_hand, score_mcr_hand], ids=["hk", "mcr"])
@pytest.mark.parametrize(
    ("fields", "error"),
    [
        (
            {"hand": "234s567p88m777z", "melds": "pung 111z"},
            r"^melds 'pung 111z': expected a list like \['pung 555m', 'chow 345s'\]$",
        ),
        ({"flags": "heavenly"}, r"^flags 'heavenly': expected a list of flag names"),
        ({"flags": 5}, r"^flags 5: expected a list of flag names"),
        ({"flowers": 1}, r"^flowers 1: expected a list of distinct numbers 1-4"),
        ({"flowers": "12"}, r"^flowers '12': expected a list of distinct numbers 1-4"),
        ({"seasons": {1: 2}}, r'^seasons \{"1": 2\}: expected a list of distinct numbers 1-4'),
    ],
    ids=["melds_str", "flags_str", "flags_int", "flowers_int", "flowers_str", "seasons_dict"],
)
def test_r9_the_keyword_helpers_name_a_field_that_is_no_list(helper: Any, fields: dict[str, Any], error: str) -> None:
    """R-9 from Python: ``score_hand(..., flags="heavenly")`` was read letter by letter ("flags ["h",
    "e", ...]: a flag is given twice"), ``melds="pung 111z"`` as nine melds, ``flowers=1`` raised
    ``TypeError: 'int' object is not iterable`` and ``seasons={1: 2}`` scored season 1: each is now
    named as the JSON request's field would be."""
    fields = {"hand": "234s567p88m111z777z", "win_tile": "1z", **fields}
    with pytest.raises(InvalidHand, match=error):
        helper(fields.pop("hand"), **fields)


@pytest.mark.parametrize("helper", [score_hand, score_mcr_hand], ids=["hk", "mcr"])
def test_r9_a_keyword_helper_takes_none_as_absent_and_any_iterable(helper: Any) -> None:
    """``None`` is an absent field, as a JSON ``null`` (R-9); a set or a generator of numbers is a list."""
    base = helper("234s567p88m111z777z", win_tile="1z")
    assert helper("234s567p88m111z777z", win_tile="1z", melds=None, flowers=None, seasons=None, flags=None) == base
    assert helper("234s567p88m111z777z", win_tile="1z", flowers={2, 1}) == helper(
        "234s567p88m111z777z", win_tile="1z", flowers=(n for n in (1, 2))
    )
