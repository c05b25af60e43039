"""make_pile.py N OUT.toml [ROWS]: N discs over a walled box, falling into a pile.

The scene the speed figures use (BENCHMARKS.md): impulse reads it as a scene
file, and the peers (benches/scale.rs for rapier2d, benches/pymunk_step.py for
Chipmunk) build the same bodies from it. Disc k has a radius in 0.5 to 0.9 m,
a mass of r² kg and a small sideways speed, drawn from random.Random(7), so the
same N always gives the same file.

The discs start in a square block, about √N columns wide and as many rows
deep, so a larger N makes a taller pile. With ROWS, the block is ROWS rows
deep and as wide as N needs: every N then makes a pile of the same depth, so
its bottom bears the same weight, and only the number of discs grows.
"""
import random
import sys


def pile(n, rows=None):
    rng = random.Random(7)
    columns = int(n ** 0.5) + 1 if rows is None else -(-n // rows)
    width = columns * 2.2 + 4
    # The side walls reach twice the block's height (a square block is as tall as it is wide).
    tall = width if rows is None else rows * 2.2 + 4
    out = ["[world]", "gravity = [0.0, -9.8]", "dt = 0.016666666666666666", "",
           "[solver]", "relaxation_iterations = 15", "correction_rate = 0.8", ""]
    # A floor and two side walls, as static boxes.
    for name, at, size in [("floor", (0.0, -1.0), (width + 2, 2.0)),
                           ("left", (-width / 2 - 1, tall), (2.0, 2 * tall + 4)),
                           ("right", (width / 2 + 1, tall), (2.0, 2 * tall + 4))]:
        out += ["[[body]]", f'name = "{name}"', 'shape = "box"', "size = [%r, %r]" % size,
                "static = true", "position = [%r, %r]" % at, "restitution = 0.2", "friction = 0.3", ""]
    for k in range(n):
        radius = 0.5 + 0.4 * rng.random()
        x = -width / 2 + 2 + (k % columns) * 2.2 + rng.uniform(-0.1, 0.1)
        y = 1.5 + (k // columns) * 2.2
        out += ["[[body]]", f'name = "d{k}"', 'shape = "circle"', "radius = %r" % radius,
                "mass = %r" % (radius * radius), "position = [%r, %r]" % (x, y),
                "velocity = [%r, 0.0]" % rng.uniform(-1, 1), "restitution = 0.2", "friction = 0.3", ""]
    return "\n".join(out)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: make_pile.py N OUT.toml [ROWS]")
    rows = int(sys.argv[3]) if len(sys.argv) == 4 else None
    with open(sys.argv[2], "w") as f:
        f.write(pile(int(sys.argv[1]), rows))
