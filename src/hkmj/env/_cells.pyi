"""Types of ``hkmj.env._cells`` (``_cells.c``): the C cell writer and mask of the compiled wheel."""

from collections.abc import Sequence
from typing import Any

LAYOUT: tuple[int, ...]

class Cells:
    def __init__(self, flat: Any) -> None: ...
    def reset(self) -> None: ...
    def write(self, *view: Any) -> None:
        """``PlaneWriter._write``'s 17 arguments, in its order."""

def mask(indices: Sequence[int], size: int, /) -> bytearray: ...
