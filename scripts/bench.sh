#!/usr/bin/env bash
# Runs the criterion benches and prints the figures of BENCHMARKS.md's table:
# the machine, the date and the commit, each bench's mean, and the ratios the
# budgets are stated in. Copy them into the table by hand: a figure belongs
# with the machine it was measured on.
#
# Usage: scripts/bench.sh [BENCH...]    (default: step peer timeline render scale tui)
# `scale` is the growth table: pile scenes of 250 to 64,000 discs (or the
# sizes in SCALE_SIZES, e.g. SCALE_SIZES="1000 4000"), square blocks that make
# taller piles as they grow, or with SCALE_ROWS=20 piles 20 rows deep at every size
# (benches/make_pile.py), or with SCALE_OPTIONS=new solved with the options
# `impulse new` writes (30 passes, warm start) instead of the texts' 15 passes;
# impulse and rapier2d timed in turns
# (benches/scale.rs), and Chipmunk2D through pymunk (benches/pymunk_step.py,
# installed into a virtual environment under the target folder). A scene
# beside its pile, pileN.formed.toml, saved after the warm-up
# (target/release/impulse run target/bench-scenes/pile64000.toml --frames 760
# --save-frame target/bench-scenes/pile64000.formed.toml), starts impulse there.
# `tui` plays the debugger in tmux at 200×60 on the issue's drop scenes
# (1,000, 4,000 and 10,000 discs): frames in 10 s, how long the pause and then
# four steps back (F) take to be answered and to show their frame, and peak
# memory (/usr/bin/time -v), with the load average as the run ends.
# The benches take a few minutes on two cores (`scale` longer); run them on a
# quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -gt 0 ]; then benches=("$@"); else benches=(step peer timeline render scale tui); fi
target="${CARGO_TARGET_DIR:-target}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# The benches are a package of their own (benches/Cargo.toml).
scale_table() {
    # Absolute: cargo runs the bench from its own package's folder.
    mkdir -p "$target/bench-scenes"
    local venv="$target/bench-venv" scenes sizes rows="${SCALE_ROWS:-}" options="${SCALE_OPTIONS:-}" solver=()
    read -r -a sizes <<< "${SCALE_SIZES:-250 1000 4000 16000 64000}"
    scenes="$(cd "$target/bench-scenes" && pwd)"
    if [ "$options" = new ]; then
        cargo build --release --quiet
        rm -f "$scenes/new.toml"
        "$target/release/impulse" new "$scenes/new.toml" > /dev/null
        solver=(--solver "$scenes/new.toml")
    elif [ -n "$options" ]; then
        echo "SCALE_OPTIONS is new (the options \`impulse new\` writes) or unset (the texts'), not $options" >&2
        return 2
    fi
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pymunk==7.3.1
    local files=() runs=()
    for n in "${sizes[@]}"; do
        local file="$scenes/pile$n${rows:+-rows$rows}${options:+-$options}.toml"
        python3 benches/make_pile.py "$n" "$file" $rows "${solver[@]}"
        files+=("$file")
        # A pile saved after its warm-up (see benches/scale.rs) spares impulse the hour
        # a crushed pile of 64,000 discs takes to form.
        if [ -f "${file%.toml}.formed.toml" ]; then runs+=("$file=${file%.toml}.formed.toml"); else runs+=("$file"); fi
    done
    echo
    if [ -n "$rows" ]; then echo "piles $rows rows deep"; else echo "piles from square blocks (taller as they grow)"; fi
    if [ -n "$options" ]; then echo "solved with the options \`impulse new\` writes"; fi
    local lines="$scenes/lines.jsonl"
    cargo bench -p impulse-bench --bench scale -- "${runs[@]}" | tee "$lines"
    for f in "${files[@]}"; do "$venv/bin/python" benches/pymunk_step.py "$f" | tee -a "$lines"; done
    python3 - "$lines" <<'PY'
import json, sys
rows = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    rows.setdefault(r["bodies"], {}).update(r)
print("\n| discs | impulse ms/step | rapier2d (iterations: the scene's passes) | pymunk (the same) | impulse ÷ best peer | impulse µs per body |")
print("|---|---|---|---|---|---|")
for bodies in sorted(rows):
    r = rows[bodies]
    best = min(r["rapier2d_ms"], r["pymunk_ms"])
    print(f"| {bodies - 3:,} | {r['impulse_ms']:.3f} | {r['rapier2d_ms']:.3f} | {r['pymunk_ms']:.3f} | "
          f"{r['impulse_ms'] / best:.2f}× | {r['impulse_ms'] * 1e3 / bodies:.2f} |")
PY
}

# The status line, read as tmux shows it.
status() { tmux capture-pane -p -t bench-tui-$$ | tail -n 1; }

# After `key`: milliseconds until the status line changes (the key is
# answered; while playing, until it no longer says ▶, as each frame changes
# it), then until it no longer says a frame is being recorded (the record is
# shown), as "answered/shown".
key_ms() {
    local before start answered
    before="$(status)"
    start=$(date +%s%N)
    tmux send-keys -t bench-tui-$$ "$1"
    while [ "$(status)" = "$before" ] || status | grep -q "▶"; do sleep 0.005; done
    answered=$(( ($(date +%s%N) - start) / 1000000 ))
    while status | grep -q recording; do sleep 0.005; done
    echo "$answered/$(( ($(date +%s%N) - start) / 1000000 ))"
}

tui_table() {
    cargo build --release --quiet
    mkdir -p "$target/bench-scenes"
    local scenes
    scenes="$(cd "$target/bench-scenes" && pwd)"
    echo "| discs | frames in 10 s | pause: answered/shown ms | F (a frame back) ×4: answered/shown ms | peak RSS | load average |"
    echo "|---|---|---|---|---|---|"
    for n in 1000 4000 10000; do
        python3 benches/make_pile.py "$n" "$scenes/drop$n.toml"
        tmux kill-session -t bench-tui-$$ 2>/dev/null || true
        tmux new-session -d -s bench-tui-$$ -x 200 -y 60 \
            "/usr/bin/time -v $target/release/impulse scene $scenes/drop$n.toml 2> $scenes/time$n.txt"
        sleep 3
        # Play asks for 60 frames a second (1×) until told otherwise.
        tmux send-keys -t bench-tui-$$ ' '
        sleep 1
        local first last pause rss
        first="$(status | sed -n 's/^ *frame \([0-9]*\).*/\1/p')"
        sleep 10
        last="$(status | sed -n 's/^ *frame \([0-9]*\).*/\1/p')"
        pause="$(key_ms ' ')"
        back=()
        for _ in 1 2 3 4; do back+=("$(key_ms F)"); done
        # q, and y if it asks (the session may be gone already).
        tmux send-keys -t bench-tui-$$ q
        sleep 1
        tmux send-keys -t bench-tui-$$ y 2>/dev/null || true
        while tmux has-session -t bench-tui-$$ 2>/dev/null; do sleep 0.2; done
        rss="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$scenes/time$n.txt")"
        echo "| $n | $((last - first)) | $pause | ${back[*]} | $((rss / 1024)) MB | $(cut -d' ' -f1-3 /proc/loadavg) |"
    done
}

started="$(date +%s)"
for bench in "${benches[@]}"; do
    if [ "$bench" = scale ]; then scale_table 2>&1 | tee -a "$log"; continue; fi
    if [ "$bench" = tui ]; then tui_table 2>&1 | tee -a "$log"; continue; fi
    cargo bench -p impulse-bench --bench "$bench" 2>&1 | tee -a "$log"
done

echo
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores, $(uname -sr), $(rustc --version)"
echo "date:    $(date -u +%F)"
echo "commit:  $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src benches Cargo.toml || echo ' (with uncommitted changes)')"
# What the benches print about their scenes, and the traced/untraced ratio taken in turns (benches/step.rs).
grep -hE "^after [0-9]+ frames|one frame records|^in turns" "$log" || true

# The means of the criterion benches this run made; criterion's folder keeps earlier runs' too.
python3 - "$target/criterion" "$started" <<'PY'
import json, pathlib, sys

root, started = pathlib.Path(sys.argv[1]), float(sys.argv[2])
means = {}
for bench in root.glob("**/new/benchmark.json"):
    if bench.stat().st_mtime < started:
        continue
    full_id = json.loads(bench.read_text())["full_id"]
    estimates = json.loads((bench.parent / "estimates.json").read_text())
    means[full_id] = estimates["mean"]["point_estimate"] / 1e6  # ns → ms

for name in sorted(means):
    print(f"{means[name]:10.3f} ms  {name}")

def ratio(what, a, b):
    if a in means and b in means:
        print(f"{means[a] / means[b]:10.2f} ×   {what}")

print()
ratio("untraced step of 1,000 discs ÷ rapier2d at 15 iterations (budget ≤ 1.0×)",
      "step 1000 discs/impulse (untraced)", "step 1000 discs/rapier2d, 15 solver iterations")
ratio("untraced step of 1,000 discs ÷ rapier2d at 4 iterations",
      "step 1000 discs/impulse (untraced)", "step 1000 discs/rapier2d, 4 solver iterations")
ratio("traced (record_frame_expecting, the TUI) ÷ untraced, 200 bodies (budget ≤ 3×)",
      "step 200 bodies/record_frame_expecting (sized from the last frame)", "step 200 bodies/untraced (NoTrace)")
ratio("traced (record_frame_into, impulse run) ÷ untraced, 200 bodies",
      "step 200 bodies/record_frame_into (a frame done with, its room kept)", "step 200 bodies/untraced (NoTrace)")
ratio("warm_start = true ÷ false, pile of 200 discs at rest",
      "pile of 200 discs at rest/warm_start = true", "pile of 200 discs at rest/warm_start = false")
PY

# Start-up of `impulse lessons` (budget ≤ 10 ms), when perf is there.
if command -v perf >/dev/null 2>&1; then
    cargo build --release --quiet
    perf stat -r 40 "$target/release/impulse" lessons 2>&1 >/dev/null | grep -E "seconds time elapsed" \
        | sed 's/^ */impulse lessons: /'
fi
