#!/usr/bin/env python3
"""Generate the SkySweep sprite atlas: assets/sprites/atlas.png + atlas.ron.

Run from the repository root:  python3 tools/gen_sprites.py
Optional: --preview DIR   also writes upscaled contact sheets into DIR.
Deterministic: every random choice uses a fixed seed.

The drawings live in sprites_*.py, one module per group (players, pilots 4-5, melee strikes
and bombs, shared effects, stages 1-2, 3, 4, 5, 6 and the Extra stage 7), each with a table of (name, make) pairs;
sprite_parts.py holds the pieces they share and sprite_frames.py the table helpers and boss
damage frames.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprites_fx  # noqa: E402
import sprites_pilots  # noqa: E402
import sprites_players  # noqa: E402
import sprites_s12  # noqa: E402
import sprites_s3  # noqa: E402
import sprites_s4  # noqa: E402
import sprites_s5  # noqa: E402
import sprites_s6  # noqa: E402
import sprites_s7  # noqa: E402
import sprites_strikes  # noqa: E402
from pixlib import Atlas, contact_sheet  # noqa: E402

# The atlas order: it fixes where each sprite lands in atlas.png and its line in atlas.ron.
ORDER = [sprites_players.SPRITES, sprites_fx.SPRITES, sprites_s12.ENEMIES, sprites_s3.SPRITES, sprites_s4.SPRITES,
         sprites_s12.BOSSES, sprites_s5.SPRITES, sprites_s6.SPRITES,
         sprites_pilots.SPRITES, sprites_strikes.SPRITES, sprites_s7.SPRITES]


def build():
    """The atlas, every sprite in the order of the tables (which fixes their atlas positions)."""
    atlas = Atlas(512)
    previews = []
    for name, make in (entry for table in ORDER for entry in table):
        frames = make()
        atlas.add(name, frames)
        previews.append((name, frames))
    return atlas, previews


def main():
    atlas, previews = build()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--preview" in sys.argv:
        d = sys.argv[sys.argv.index("--preview") + 1]
        os.makedirs(d, exist_ok=True)
        only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
        sel = [p for p in previews if only is None or any(p[0].startswith(o) for o in only)]
        contact_sheet(sel, scale=int(os.environ.get("SCALE", "6")), path=os.path.join(d, "sheet.png"),
                      cols_max=int(os.environ.get("COLS", "260")))
        return
    out = os.path.join(root, "assets", "sprites")
    os.makedirs(out, exist_ok=True)
    atlas.save(os.path.join(out, "atlas.png"), os.path.join(out, "atlas.ron"), "sprites/atlas.png",
               "tools/gen_sprites.py")


if __name__ == "__main__":
    main()
