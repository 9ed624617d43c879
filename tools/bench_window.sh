#!/usr/bin/env bash
# make bench-window: the host CPU a paced --window run uses, and the sound's
# underruns (issue 27).  SDL's dummy video and audio drivers (no display
# needed), so it measures profil's own work: emulation, drawing each frame,
# rendering and queueing the sound, pacing.  Then, under Xvfb, how fast
# --speed max runs in a window against headless, for FIXTURE and the
# others named (issue 42).  Usage: PROFIL FIXTURE SECONDS [FIXTURE...].
set -eu
profil=$1 fixture=$2 seconds=$3
shift 3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
TIMEFORMAT='%R %U %S'
times=$( { time env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "$profil" run -q --window --timeout "$seconds" -o "$out/BENCH.PRF" "$fixture" > /dev/null 2> "$out/err" \
    || [ $? = 124 ]; } 2>&1 )
read -r wall user sys <<< "$times"
underruns=$(sed -n 's/.*the sound ran dry \([0-9]*\) times.*/\1/p' "$out/err")
awk -v s="$seconds" -v w="$wall" -v u="$user" -v y="$sys" -v n="${underruns:-0}" 'BEGIN {
    printf "bench-window: %s s emulated in %.2f s of wall time; CPU %.2f s (user %.2f, sys %.2f): %.1f%% of a core; %d sound underruns\n",
        s, w, u + y, u, y, 100 * (u + y) / w, n }'
# --speed max in a window under Xvfb (1024x768, no GPU: Mesa's software
# renderer) against the same run headless: emulated seconds per host
# second of wall time, and the CPU each took.  Skipped without Xvfb.
command -v Xvfb > /dev/null 2>&1 || { echo "bench-window: Xvfb not installed: --speed max not measured"; exit 0; }
n=$((300 + $$ % 300))
Xvfb :$n -screen 0 1024x768x24 -nolisten tcp > /dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2> /dev/null; rm -rf "$out"' EXIT
sleep 1
speed() {       # the program, then the run's extra arguments
    local program=$1 t
    shift
    t=$( { time env DISPLAY=:$n SDL_AUDIODRIVER=dummy "$profil" run -q "$@" --timeout "$seconds" \
        -o "$out/MAX.PRF" "$program" > /dev/null 2>&1 || [ $? = 124 ]; } 2>&1 )
    read -r wall user sys <<< "$t"
    awk -v l="${program##*/} ${*:-headless}" -v s="$seconds" -v w="$wall" -v u="$user" -v y="$sys" 'BEGIN {
        printf "bench-window: %s: %s s emulated in %.2f s of wall time (%.1fx real time), %.2f s of CPU\n",
        l, s, w, s / w, u + y }'
}
for program in "$fixture" "$@"; do
    speed "$program"
    speed "$program" --window --speed max
done
