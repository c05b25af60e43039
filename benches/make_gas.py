"""make_gas.py N OUT.toml — N discs flying in a closed box of four [[wall]]s, no
gravity, e = 1: a scene every collision method takes (Sedgewick & Wayne's needs no
gravity, no boxes and no overlaps), so `impulse bench` can time all three."""
import random
import sys

n = int(sys.argv[1])
out = sys.argv[2]
rng = random.Random(4)
cols = int(n ** 0.5) + 1
half = cols * 1.1 / 2 + 1
lines = ['# %d discs in a box of walls, no gravity, e = 1 (benches/make_gas.py)' % n, '',
         '[world]', 'gravity = [0.0, 0.0]', 'dt = 0.016666666666666666', '',
         '[solver]', 'relaxation_iterations = 15', '']
for i in range(n):
    r = 0.2 + 0.2 * rng.random()
    x = -half + 1 + (i % cols) * 1.1
    y = -half + 1 + (i // cols) * 1.1
    lines += ['[[body]]', 'name = "d%d"' % i, 'shape = "circle"', 'radius = %r' % r, 'mass = %r' % (r * r),
              'position = [%r, %r]' % (x, y), 'velocity = [%r, %r]' % (rng.uniform(-2, 2), rng.uniform(-2, 2)), '']
corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
for k in range(4):
    a, b = corners[k], corners[(k + 1) % 4]
    lines += ['[[wall]]', 'name = "w%d"' % k, 'from = [%r, %r]' % a, 'to = [%r, %r]' % b, '']
open(out, 'w').write("\n".join(lines))
