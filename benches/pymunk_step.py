"""pymunk_step.py SCENE.toml: Chipmunk2D (through pymunk) on the bodies of an
impulse pile scene (`benches/make_pile.py N`), timed as benches/scale.rs times
impulse and rapier2d: from the start until the pile has formed (the top disc's
free fall and two seconds more, as benches/scale.rs counts them), then five
rounds of a run of steps, the median reported, in ms per step, as a JSON line.

Chipmunk gets the scene's bodies (discs with mass r² and inertia m·r²/2,
static boxes), gravity, dt, restitution and friction, and as many solver
iterations as the scene's relaxation passes; bodies never sleep, as impulse
steps every body every frame.
"""
import json
import math
import statistics
import sys
import time
import tomllib

import pymunk

ROUNDS = 5
BODY_STEPS_PER_RUN = 200_000


def space_of(scene):
    space = pymunk.Space()
    space.gravity = tuple(scene["world"]["gravity"])
    space.iterations = scene["solver"]["relaxation_iterations"]
    for b in scene["body"]:
        x, y = b["position"]
        if b.get("static"):
            body = space.static_body
            w, h = b["size"]
            shape = pymunk.Poly(body, [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)])
        else:
            r, m = b["radius"], b["mass"]
            body = pymunk.Body(m, pymunk.moment_for_circle(m, 0, r))
            body.position = (x, y)
            body.velocity = tuple(b.get("velocity", (0.0, 0.0)))
            shape = pymunk.Circle(body, r)
            space.add(body)
        shape.elasticity = b["restitution"]
        shape.friction = b["friction"]
        space.add(shape)
    return space


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: pymunk_step.py SCENE.toml")
    with open(sys.argv[1], "rb") as f:
        scene = tomllib.load(f)
    dt = scene["world"]["dt"]
    bodies = len(scene["body"])
    steps = max(BODY_STEPS_PER_RUN // bodies, 5)
    space = space_of(scene)
    top = max(b["position"][1] for b in scene["body"] if not b.get("static"))
    g = math.hypot(*scene["world"]["gravity"])
    warm_up = math.ceil(math.sqrt(2 * top / g) / dt) + math.ceil(2 / dt)
    for _ in range(warm_up):
        space.step(dt)
    times = []
    for _ in range(ROUNDS):
        # Chipmunk's space cannot be copied cheaply, so the rounds go on from
        # where the last one left the pile (at rest, the same work each round).
        start = time.perf_counter()
        for _ in range(steps):
            space.step(dt)
        times.append((time.perf_counter() - start) * 1e3 / steps)
    print(json.dumps({"scene": sys.argv[1], "bodies": bodies, "warm_up_frames": warm_up, "steps": steps, "pymunk": pymunk.version,
                      "pymunk_ms": round(statistics.median(times), 4)}))


if __name__ == "__main__":
    main()
