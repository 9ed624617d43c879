#!/usr/bin/env bash
# make bench-window: the host CPU a paced --window run uses, and the sound's
# underruns (issue 27).  SDL's dummy video and audio drivers (no display
# needed), so it measures profil's own work: emulation, drawing each frame,
# rendering and queueing the sound, pacing.  Usage: PROFIL FIXTURE SECONDS.
set -eu
profil=$1 fixture=$2 seconds=$3
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
