"""HK-1: tiles, notation, names and glyphs."""

from __future__ import annotations

import pytest

from hkmj.tiles import (
    DRAGONS,
    EAST,
    RED,
    WINDS,
    NotationError,
    format_tiles,
    full_set,
    glyph,
    is_honour,
    is_terminal,
    name,
    parse_tiles,
    tile,
)


def test_hk1_144_tiles() -> None:
    tiles = full_set()
    assert len(tiles) == 144
    assert len(set(tiles)) == 42
    assert sum(1 for t in tiles if t >= 34) == 8


def test_hk1_2_winds_and_dragons_four_copies_each_are_the_honours_and_1_9_the_terminals() -> None:
    """HK-1.2: East, South, West, North and White, Green, Red, four copies each (28 tiles), are
    the honours; the 1 and 9 of each suit, and only they, are the terminals."""
    tiles = full_set()
    assert [parse_tiles(t)[0] for t in ("1z", "2z", "3z", "4z")] == list(WINDS)
    assert [parse_tiles(t)[0] for t in ("5z", "6z", "7z")] == list(DRAGONS)
    assert all(tiles.count(t) == 4 for t in (*WINDS, *DRAGONS))
    assert [t for t in range(34) if is_honour(t)] == [*WINDS, *DRAGONS]
    assert sum(1 for t in tiles if is_honour(t)) == 28
    assert {format_tiles([t]) for t in range(34) if is_terminal(t)} == {"1m", "9m", "1p", "9p", "1s", "9s"}
    assert not any(is_terminal(t) for t in (*WINDS, *DRAGONS))


def test_hk1_4_mpsz_round_trip() -> None:
    text = "123m456p789s1234567z1234f5678f"
    assert format_tiles(parse_tiles(text)) == "123m456p789s1234567z12345678f"
    assert parse_tiles(format_tiles(parse_tiles(text))) == parse_tiles(text)
    assert parse_tiles("1z7z") == [EAST, RED]
    assert format_tiles(parse_tiles("9m1m")) == "19m"
    assert format_tiles(parse_tiles("9m1m"), sort=False) == "91m"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("8x", "'8x': unknown suit 'x'"),
        ("123m8z", "unknown tile 8z"),
        ("0m", "unknown tile 0m"),
        ("12", "digits with no suit letter"),
        ("m", "suit letter 'm' with no digits"),
        ("1m!", "unexpected character '!'"),
        ("9f", "bonus tiles run 1f-8f"),
        ("9M", "'9M': suit letters are lowercase: write '9m'"),
        ("123mEE", "'E': write the East wind as 1z (winds 1z-4z, dragons 5z-7z)"),
        ("Wh", "'Wh': write the White dragon as 5z"),
        ("W", "'W': write the West wind as 3z"),
        ("1sO", "'O': write the West wind as 3z"),
        ("Gr", "'Gr': write the Green dragon as 6z"),
        # an honour by its name (as --from takes it), the French table's letters, a bonus tile as
        # the table shows it: each named with its notation (it said "unknown suit 'e'", "'R'", "'F'")
        ("east", "'east': write the East wind as 1z"),
        ("123msouth", "'south': write the South wind as 2z"),
        ("Rouge", "'Rouge': write the Red dragon as 7z"),
        ("1sRo", "'Ro': write the Red dragon as 7z"),
        ("Bl", "'Bl': write the White dragon as 5z"),
        ("123mF1", "'F1': write Flower 1 (Plum) as 1f (flowers 1f-4f, seasons 5f-8f)"),
        ("S3", "'S3': write Season 3 (Autumn) as 7f"),
        # a tile's glyph, copied from a --glyphs table (it said "unexpected character")
        ("123m\U0001f004", "'\U0001f004': write the Red dragon as 7z"),
        ("\U0001f007", "'\U0001f007': write 1 Characters as 1m (digits, then the suit letter m, p or s)"),
        ("\U0001f022", "'\U0001f022': write Flower 1 (Plum) as 1f"),
        # a declared group pasted among the tiles (HK-5.1): its meld (it said "suit letter 'p' with
        # no digits before it", "unknown suit 'k'")
        ("111z pung 777z", "'pung 777z' is a declared group: give it in melds as 'pung 777z'"),
        ("123mKong 1 1 1 1z", "'Kong 1111z' is a declared group: give it in melds as 'kong 1111z'"),
        ("123m chow123p", "'chow 123p' is a declared group: give it in melds as 'chow 123p'"),
        ("123m pong 555s", "'pong 555s' is a declared group: give it in melds as 'pung 555s'"),
        ("123m pung", "'p': suit letter 'p' with no digits before it"),
        # a list pasted with separators (HK-1.4): how to write it (it said only "unexpected character ','")
        ("234s, 567p", "',': unexpected character ',': separate tiles with spaces, e.g. '234s 567p'"),
        ("1 2 3 4 5 6;7m", "';': unexpected character ';': separate tiles with spaces"),
    ],
)
def test_hk1_4_bad_notation_names_the_bad_part(text: str, part: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_tiles(text)
    assert part in str(e.value)


def test_hk1_names_and_glyphs() -> None:
    assert name(tile("5p")) == "5 Circles"
    assert name(tile("5p"), "fr") == "5 Cercles"
    assert name(tile("7z")) == "Red dragon"
    assert name(tile("1z"), "fr") == "Vent Est"
    assert name(tile("1f")) == "Flower 1 (Plum)"
    assert name(tile("8f"), "fr") == "Saison 4 (Hiver)"
    assert glyph(tile("1z")) == "\U0001f000"
    assert glyph(tile("7z")) == "\U0001f004"
    assert glyph(tile("1m")) == "\U0001f007"
    assert glyph(tile("1s")) == "\U0001f010"
    assert glyph(tile("1p")) == "\U0001f019"
    assert glyph(tile("5f")) == "\U0001f026"


@pytest.mark.parametrize("text", ["1m", "9p", "5s", "1z", "4z", "5z", "6z", "7z", "1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"])
def test_hk1_each_glyph_is_the_tile_its_name_says(text: str) -> None:
    """HK-1.3: with ``--glyphs`` each tile is drawn with the Unicode glyph of the tile it is named
    as. Unicode orders the flowers Plum, Orchid, Bamboo, Chrysanthemum, and hkmj numbers them
    Plum 1, Orchid 2, Chrysanthemum 3, Bamboo 4: Flower 3 (Chrysanthemum) was drawn as the
    Bamboo glyph and Flower 4 (Bamboo) as the Chrysanthemum one, while the log named them."""
    import unicodedata

    t = tile(text)
    drawn = unicodedata.name(glyph(t)).removeprefix("MAHJONG TILE ")  # NINE OF CIRCLES, RED DRAGON, BAMBOO
    said = name(t).upper()  # 9 CIRCLES, RED DRAGON, FLOWER 4 (BAMBOO)
    numbers = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
    if "(" in said:
        assert drawn == said[said.index("(") + 1 : -1]
    elif said[0].isdigit():
        assert drawn.startswith(numbers[int(said[0]) - 1] + " OF " + said.split()[1])
    else:
        assert drawn == said  # EAST WIND, RED DRAGON
