"""Render docs/img/env-planes.png from a real observation (seed 7, after 40 random steps).

    python docs/img/env_planes.py [OUT.png]

writes the picture beside this script (docs/img/env-planes.png), from any folder, or to OUT.png."""
import sys
from pathlib import Path

import matplotlib
import numpy as np
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from hkmj.env import raw_env, ROWS, N_ROWS
from hkmj.tiles import tile_str
e = raw_env(); e.reset(seed=7)
rng = np.random.default_rng(7)
for _ in range(40):
    a = e.agent_selection
    e.step(int(rng.choice(np.flatnonzero(e.observe(a)["action_mask"]))))
a = e.agent_selection
obs = e.observe(a)
p = obs["observation"]
fig, ax = plt.subplots(figsize=(10, 16))
ax.imshow(p, aspect="auto", cmap="viridis", vmin=-1, vmax=1, interpolation="nearest")
ax.set_xticks(range(34)); ax.set_xticklabels([tile_str(t) for t in range(34)], rotation=90, fontsize=7)
ticks = []
for name, start, n in ROWS:
    ax.axhline(start - 0.5, color="w", lw=0.6)
    ticks.append((start + (n - 1) / 2, f"{name} [{start}-{start + n - 1}]" if n > 1 else f"{name} [{start}]"))
from hkmj.env.encoding import MELDS, DISCARDS, MAX_DISCARDS
who = ("self", "right", "opposite", "left")
for r in range(4):
    for base, size, what in ((MELDS, 4, "melds"), (DISCARDS, MAX_DISCARDS, "discards")):
        if r:
            ax.axhline(base + size * r - 0.5, color="w", lw=0.4, ls="--")
        ax.text(33.3, base + size * r + size / 2 - 0.5, f"{what}: {who[r]}", color="w", fontsize=7, ha="right", va="center")
ax.set_yticks([t for t, _ in ticks]); ax.set_yticklabels([l for _, l in ticks], fontsize=7)
h = e.current_hand()
ax.set_title(f"hkmj.env observation of {a} (seed 7, after 40 random steps), {N_ROWS}×34 float32", fontsize=9)
out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("env-planes.png")
fig.tight_layout(); fig.savefig(out, dpi=90, bbox_inches="tight", pad_inches=0.15)  # the whole of every row label
print(a, e._seats, h.phase, np.flatnonzero(obs["action_mask"]))
