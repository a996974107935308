"""What the Hong Kong table of ``hkmj score`` tells a scorer settling an argument at a real table:
where its elements and limit come from (HK-6) and how each loser's payment is made (HK-6's
payment scheme, or house option ``payment=half-shooter``), in English and in French; a seat that
pays nothing reads 0, not +0."""

from __future__ import annotations

import pytest

from hkmj.cli import main

# South wins on West's 1z (HK-6's worked example: base 8), self-drawn, and a limit hand
DISCARD = ["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S"]
SELF_DRAWN = ["score", "234s567p88m111z777z", "--win", "1z", "--seat", "S"]
ORPHANS = ["score", "19m19p19s1234567z1z", "--win", "1z", "--from", "N"]


def table(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert main(argv) == 0
    return capsys.readouterr().out.splitlines()


def test_hk_6_the_discard_payments_say_the_discarder_pays_twice_the_others_once(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6: on a discard the discarder pays 2 × base, each other loser 1 ×; the heading says so."""
    lines = table(capsys, DISCARD)
    assert lines[0].startswith("Element (HK-6) ")
    assert "Base points (HK-6)                   8" in lines
    at = lines.index("Payments (HK-6: the discarder pays 2 × base, the others 1 ×):")
    assert lines[at + 1 :] == ["  E     -8", "  S    +32  winner", "  W    -16  discarder", "  N     -8"]


def test_hk_6_the_self_drawn_payments_say_each_loser_pays_twice(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6: self-drawn, each of the three losers pays 2 × base (base 16: 32 each)."""
    lines = table(capsys, SELF_DRAWN)
    at = lines.index("Payments (HK-6: self-drawn, each loser pays 2 × base):")
    assert lines[at + 1 :] == ["  E    -32", "  S    +96  winner", "  W    -32", "  N    -32"]


def test_hk_6_a_limit_hand_cites_its_rule_and_half_shooter_its_option(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6 limits; house option payment=half-shooter: the discarder alone pays 4 × base, and the
    two others, who pay nothing, read 0 rather than +0."""
    lines = table(capsys, [*ORPHANS, "--option", "payment=half-shooter"])
    assert "Limit hand (HK-6): Thirteen orphans" in lines
    at = lines.index("Payments (payment=half-shooter: the discarder alone pays 4 × base):")
    assert lines[at + 1 :] == ["  E   +256  winner", "  S      0", "  W      0", "  N   -256  discarder"]


def test_hk_6_the_payment_headings_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """The same headings in French, with the space French puts before a colon."""
    lines = table(capsys, [*DISCARD, "--lang", "fr"])
    assert lines[0].startswith("Élément (HK-6) ")
    assert "Paiements (HK-6\u00a0: le défausseur paie 2 × la base, les autres 1 ×)\u00a0:" in lines
    lines = table(capsys, [*SELF_DRAWN, "--lang", "fr"])
    assert "Paiements (HK-6\u00a0: tuile piochée, chaque perdant paie 2 × la base)\u00a0:" in lines
    lines = table(capsys, [*ORPHANS, "--option", "payment=half-shooter", "--lang", "fr"])
    assert "Main limite (HK-6)\u00a0: Treize Orphelins" in lines
    assert "Paiements (payment=half-shooter\u00a0: le défausseur paie seul 4 × la base)\u00a0:" in lines


@pytest.mark.parametrize(
    ("option", "name", "said"),
    [
        ("--flower", "plum", "'plum' is flower 1: give its number only, --flower 1"),
        ("--flower", "Chrysanthemum", "'Chrysanthemum' is flower 3: give its number only, --flower 3"),
        ("--season", "Winter", "'Winter' is season 4: give its number only, --season 4"),
        ("--season", "fall", "'fall' is season 3: give its number only, --season 3"),
        ("--flower", "autumn", "'autumn' is a season: give it with --season 3"),
        ("--season", "Orchid", "'Orchid' is a flower: give it with --flower 2"),
        ("--flower", "Prunier", "'Prunier' is flower 1: give its number only, --flower 1"),
    ],
)
def test_hk_1_3_a_bonus_tile_by_the_name_on_it_is_told_its_number(
    capsys: pytest.CaptureFixture[str], option: str, name: str, said: str
) -> None:
    """HK-1.3: a player reads "Plum" or "Autumn" on a real bonus tile; ``--flower plum`` was
    answered "'plum' is not a whole number (digits 0-9)", which does not say which number it is.
    It is now told the number, and the option for a tile of the other kind (status 2)."""
    with pytest.raises(SystemExit) as stop:
        main(["score", "123m456p789s11z777z", "--win", "9s", option, name])
    assert stop.value.code == 2
    assert capsys.readouterr().err.rstrip().endswith(f"argument {option}: {said}")


def test_hk_1_3_a_bonus_tile_by_its_name_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """The French names, and the answer in French."""
    with pytest.raises(SystemExit):
        main(["score", "123m456p789s11z777z", "--win", "9s", "--season", "Été", "--lang", "fr"])
    assert "«\u00a0Été\u00a0» est la saison 2\u00a0: donnez seulement son numéro, --season 2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["m123p456s789z11z777", "--win", "9s"], "hand 'm123p456s789z11z777': 'm123': the suit letter comes after its digits: write '123m'"),
        (["m1 m2 m3", "--win", "9s"], "'m1': the suit letter comes after its digits: write '1m'"),
        (["123m456p789s11z777z", "--win", "s9"], "--win 's9': 's9': the suit letter comes after its digits: write '9s'"),
        (["123m456p789s11z", "--meld", "pung z777", "--win", "9s"], "'z777': the suit letter comes after its digits: write '777z'"),
        # a letter typed twice is not a letter written first
        (["123mm456p", "--win", "9s"], "'m': suit letter 'm' with no digits before it"),
        # nor a stray letter before groups written right
        (["m234s567p88m111z777z", "--win", "9s"], "'m': suit letter 'm' with no digits before it"),
    ],
)
def test_hk_1_4_a_suit_letter_written_before_its_digits_is_told_the_order(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """HK-1.4: digits, then their suit letter. ``m123`` (the letter first, as some score sheets
    write it) was answered "suit letter 'm' with no digits before it", without the way to write it."""
    assert main(["score", *argv]) == 1
    assert capsys.readouterr().err.rstrip().endswith(said)


def test_hk_1_4_the_suit_letter_first_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123m456p789s11z777z", "--win", "s9", "--lang", "fr"]) == 1
    err = capsys.readouterr().err
    assert "«\u00a0s9\u00a0»\u00a0: la lettre de famille vient après ses chiffres\u00a0: écrivez «\u00a09s\u00a0»" in err


@pytest.mark.parametrize(
    ("meld", "right"),
    [("concealed kong 1111p", "ckong 1111p"), ("Closed Kong 1111p", "ckong 1111p"), ("exposed pung 555m", "pung 555m"),
     ("ankan 1111p", "ckong 1111p"), ("pon 555m", "pung 555m"), ("kong caché 1111p", "ckong 1111p")],
)  # fmt: skip
def test_hk_4_8_a_meld_kind_in_other_words_is_told_ours(capsys: pytest.CaptureFixture[str], meld: str, right: str) -> None:
    """HK-4.8: a declared concealed kong is a meld of its own kind, ``ckong``; ``--meld "concealed
    kong 1111p"`` was answered only "expected '<chow|pung|kong|ckong> <tiles>'", which leaves a
    newcomer to guess that "concealed kong" is ``ckong``."""
    assert main(["score", "123m456p789s11z", "--win", "9s", "--meld", meld]) == 1
    said = f"--meld {meld!r}: write it {right!r} (the kinds are chow, pung, kong and ckong, in small letters)"
    assert capsys.readouterr().err.rstrip().endswith(said)


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        ("一二三萬456p789s11z777z", "'一二三萬': write it '123m' (digits, then the suit letter m, p or s)"),
        ("123m456p七八九索11z777z", "'七八九索': write it '789s' (digits, then the suit letter m, p or s)"),
        ("123m四五六筒789s11z777z", "'四五六筒': write it '456p' (digits, then the suit letter m, p or s)"),
        ("123m456p789s11z中中中", "'中': write the Red dragon as 7z (winds 1z-4z, dragons 5z-7z)"),
        ("123m456p789s東東777z", "'東': write the East wind as 1z (winds 1z-4z, dragons 5z-7z)"),
        ("123m456p789s11z发发发", "'发': write the Green dragon as 6z (winds 1z-4z, dragons 5z-7z)"),
    ],
)
def test_hk_1_4_tiles_typed_as_painted_are_told_their_notation(capsys: pytest.CaptureFixture[str], hand: str, said: str) -> None:
    """HK-1.4: a Hong Kong table's tiles carry Chinese characters; ``一二三萬`` was answered
    "unknown suit '一' (use m, p, s, z or f)" and ``中`` "unknown suit '中'", as if they were
    suit letters. Each is now told its mpsz notation, as ``Rd`` and ``east`` are."""
    assert main(["score", hand, "--win", "9s"]) == 1
    assert capsys.readouterr().err.rstrip().endswith(said)


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        ("123m456p789s eee 777z", "'eee': write the East wind as 1z (winds 1z-4z, dragons 5z-7z)"),
        ("123m456p789s www 777z", "'www': write the West wind as 3z (winds 1z-4z, dragons 5z-7z)"),
        ("123m456p789s nn 777z", "'nn': write the North wind as 4z (winds 1z-4z, dragons 5z-7z)"),
        ("123m456p789s nine 777z", "'n': unknown suit 'n' (use m, p, s, z or f)"),  # a word, not a wind letter
    ],
)
def test_hk_1_4_wind_letters_in_lower_case_are_told_their_notation(capsys: pytest.CaptureFixture[str], hand: str, said: str) -> None:
    """HK-1.4: ``EEE`` was told "write the East wind as 1z", but ``eee`` (the same letters typed
    without the shift key) "unknown suit 'e'", as if e were meant as a suit letter."""
    assert main(["score", hand, "--win", "9s"]) == 1
    assert capsys.readouterr().err.rstrip().endswith(said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_6_the_score_help_says_what_each_way_of_winning_means(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """HK-6, HK-4.9, HK-4.10: --help listed the flags (last_wall_tile, final_discard,
    kong_replacement, heavenly, earthly) without saying what they mean, so a newcomer could not
    tell final_discard from last_wall_tile, nor what heavenly is; it now says each in a line."""
    with pytest.raises(SystemExit):
        main(["score", "--help", "--lang", lang])
    text = " ".join(capsys.readouterr().out.split())
    if lang == "en":
        for said in ("a self-draw unless --from SEAT names the discarder", "last_wall_tile: you drew the last tile of the live wall",
                     "final_discard: you took the discard made after it (HK-4.9)", "heavenly: East won on the dealt tiles",
                     "earthly: you won on East's very first discard", "you took the tile SEAT added to a pung (HK-4.10)"):  # fmt: skip
            assert said in text
    else:
        for said in ("final_discard : vous avez pris la défausse qui l'a suivie (HK-4.9)",
                     "earthly : vous avez gagné sur la toute première défausse de l'Est"):  # fmt: skip
            assert said in text


def test_hk_1_4_a_meld_s_tiles_may_be_spaced_as_a_hand_s_are(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-1.4: the hand takes ``1m 2m 3m`` (spaces between tiles); ``--meld "chow 3m 4m 5m"`` was
    refused with "expected '<chow|pung|kong|ckong> <tiles>'". It now scores as ``chow 345m``."""
    spaced = table(capsys, ["score", "123m456p789s11z", "--win", "9s", "--meld", "chow 3m 4m 5m"])
    assert spaced == table(capsys, ["score", "123m456p789s11z", "--win", "9s", "--meld", "chow 345m"])


@pytest.mark.parametrize(
    ("meld", "said"),
    [("345m", "say which group it is: 'chow 345m'"), ("777z", "say which group it is: 'pung 777z'"),
     ("1111p", "say which group it is: 'kong 1111p' (or 'ckong 1111p' when declared concealed)")],
)  # fmt: skip
def test_hk_4_a_meld_given_without_its_kind_is_told_the_kind(capsys: pytest.CaptureFixture[str], meld: str, said: str) -> None:
    """HK-4.2-4.4: ``--meld 345m`` (the tiles, not the kind) was answered only "expected
    '<chow|pung|kong|ckong> <tiles>'"; it is now told the group its tiles make."""
    assert main(["score", "123m456p789s11z", "--win", "9s", "--meld", meld]) == 1
    assert capsys.readouterr().err.rstrip().endswith(f"--meld {meld!r}: {said}")


def test_hk_1_4_a_full_width_digit_is_told_the_digit(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-1.4: ASCII digits. A Chinese or Japanese keyboard in full-width mode types ``１２３m``,
    answered only "unexpected character '１'", which looks like a 1; it now names the cause."""
    assert main(["score", "１２３m456p789s11z777z", "--win", "9s"]) == 1
    assert capsys.readouterr().err.rstrip().endswith("'１': unexpected character '１': a full-width digit: write 1")


@pytest.mark.parametrize(("bonus", "example"), [("flower plum", "flower 1"), ("flower Autumn", "season 3")])
def test_cl_1_a_bonus_tile_of_another_seat_by_its_name_gets_its_number(
    capsys: pytest.CaptureFixture[str], bonus: str, example: str
) -> None:
    """HK-1.3 (the classical game's bonus tiles, CL-1): ``--other "W: ..., flower plum"`` was
    answered "needs a number 1-4, e.g. 'flower 2'", a number that is not the plum's; the example
    is now the tile's own number (and kind)."""
    other = f"W: 1789p45s2z666z, kong 7777m, {bonus}"
    argv = ["score", "--rules", "classical", "88m567p234s111z", "--meld", "pung 777z", "--win", "1z", "--from", "W",
            "--seat", "S", "--other", other]  # fmt: skip
    assert main(argv) == 2
    assert capsys.readouterr().err.rstrip().endswith(f"{bonus!r} needs a number 1-4, e.g. '{example}'")


def test_hk_6_the_base_says_whose_table_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6: 11 fan is base 64 by the rules' table; under house options (docs/house-options.md)
    the base is the house's (limit=8, table=half: 64 too, from another table), and the line says so
    rather than passing a house figure off as HK-6's."""
    hand = ["score", "11m22m33m44m55m66m77m", "--win", "7m", "--from", "S"]
    assert "Base points (HK-6)                  64" in table(capsys, hand)
    assert "Base points (house table)           64" in table(capsys, [*hand, "--option", "limit=8", "--option", "table=half"])
    assert "Base points (house table)          320" in table(capsys, [*hand, "--option", "base=5"])
    assert "Points de base (HK-6)               64" in table(capsys, [*hand, "--lang", "fr"])


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_3_3_a_winning_tile_given_in_a_kong_is_told_the_replacement_wins(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    """HK-3.3: a kong takes a replacement, and that replacement (not the kong's tile) may win.
    ``--win 5z`` with ``--meld "ckong 5555z"`` was answered only "--win 5z is not in the concealed
    hand", leaving the scorer to guess why; the answer now says it."""
    assert main(["score", "123m456p789s11z", "--meld", "ckong 5555z", "--win", "5z", "--rules", rules]) == 1
    said = ": a kong never holds the winning tile; a win after a kong is on its replacement tile"
    assert capsys.readouterr().err.rstrip().endswith(said)


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        ("123m456p789s11zGdGdGd", "'Gd': write the Green dragon as 6z"),
        ("123m456p789s11zWdWdWd", "'Wd': write the White dragon as 5z"),  # not the West wind
        ("123m456p789s11zGGG", "'G': write the Green dragon as 6z"),
        ("123m456p789s11zRRR", "'R': write the Red dragon as 7z"),
        ("123m456p789s11zWWW", "'W': write the West wind as 3z"),
    ],
)
def test_hk_1_4_dragons_as_score_sheets_abbreviate_them(capsys: pytest.CaptureFixture[str], hand: str, said: str) -> None:
    """HK-1.4: dragons are 5z-7z. ``Wd`` (White dragon) was answered "write the West wind as 3z",
    a wrong tile, and ``Gd``, ``GGG``, ``RRR`` "unknown suit 'G'"; each is now told its dragon."""
    assert main(["score", hand, "--win", "9s"]) == 1
    assert capsys.readouterr().err.rstrip().endswith(f"{said} (winds 1z-4z, dragons 5z-7z)")
