"""make_pile.py N OUT.toml [ROWS] [--solver SCENE.toml]: N discs over a walled box, falling into a pile.

The scene the speed figures use (BENCHMARKS.md): impulse reads it as a scene
file, and the peers (benches/scale.rs for rapier2d, benches/pymunk_step.py for
Chipmunk) build the same bodies from it. Disc k has a radius in 0.5 to 0.9 m,
a mass of r² kg and a small sideways speed, drawn from random.Random(7), so the
same N always gives the same file.

The discs start in a square block, about √N columns wide and as many rows
deep, so a larger N makes a taller pile. With ROWS, the block is ROWS rows
deep and as wide as N needs: every N then makes a pile of the same depth, so
its bottom bears the same weight, and only the number of discs grows.

The pile is solved with the texts' options (15 passes, no warm start), or
with SCENE.toml's [solver] table: given a scene `impulse new` wrote, the
options a user's own scene starts from.
"""
import random
import sys


def solver_of(scene):
    """The [solver] table of a scene file, as its lines."""
    lines, inside = [], False
    for line in open(scene):
        if line.startswith("["):
            inside = line.strip() == "[solver]"
        if inside and line.strip():
            lines.append(line.rstrip("\n"))
    if not lines:
        sys.exit(f"make_pile.py: {scene} has no [solver] table")
    return lines + [""]


def pile(n, rows=None, solver=None):
    rng = random.Random(7)
    columns = int(n ** 0.5) + 1 if rows is None else -(-n // rows)
    width = columns * 2.2 + 4
    # The side walls reach twice the block's height (a square block is as tall as it is wide).
    tall = width if rows is None else rows * 2.2 + 4
    out = ["[world]", "gravity = [0.0, -9.8]", "dt = 0.016666666666666666", ""]
    out += solver or ["[solver]", "relaxation_iterations = 15", "correction_rate = 0.8", ""]
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
    args = sys.argv[1:]
    solver = None
    if "--solver" in args:
        at = args.index("--solver")
        if at + 1 == len(args):
            sys.exit("make_pile.py: --solver needs a scene file, e.g. one `impulse new` wrote")
        solver = solver_of(args[at + 1])
        del args[at:at + 2]
    if len(args) not in (2, 3):
        sys.exit("usage: make_pile.py N OUT.toml [ROWS] [--solver SCENE.toml]")
    rows = int(args[2]) if len(args) == 3 else None
    with open(args[1], "w") as f:
        f.write(pile(int(args[0]), rows, solver))
