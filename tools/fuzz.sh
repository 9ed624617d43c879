#!/bin/sh
# `make fuzz`: run one libFuzzer target for SECONDS and print one line:
# its runs, runs per second and corpus, or where the failing input is.
#   sh tools/fuzz.sh TARGET BUILD_DIR SECONDS
# Seeds: fuzz/corpus/TARGET (checked in), the regression inputs of
# tests/fuzz-regressions/TARGET, and files the build already has (the
# fixtures' programs and maps, the golden .PRF), copied at run time.
# The corpus grows in BUILD_DIR/fuzz-corpus/TARGET across runs.
set -u
t=$1 b=$2 secs=$3
work=$b/fuzz-corpus/$t seeds=$b/fuzz-seeds/$t art=$b/fuzz-crashes/$t/ log=$b/fuzz-logs/$t.log
mkdir -p "$work" "$art" "$b/fuzz-logs"
rm -rf "$seeds" && mkdir -p "$seeds"
case $t in
    loader)     cp "$b"/fixtures/*.com "$b"/fixtures/*.exe "$seeds"/ ;;
    prf)        cp tests/golden/*.PRF "$seeds"/ ;;
    map_mslink) cp tests/fixtures/hotloop_ms.map tests/fixtures/hotloop_tlink.map tests/fixtures/hotloop_tp.map "$seeds"/ ;;
    map_wlink)  cp tests/fixtures/hotloop_wlink.map "$seeds"/ ;;
    map_nasm)   cp "$b"/fixtures/*.map "$seeds"/ ;;
    map_ld86)   cp tests/fixtures/ld86_prog.map "$seeds"/ ;;
    codeview)   cp tests/fixtures/codeview/HELLO.EXE "$seeds"/ ;;
    tdinfo)     cp "$b"/fixtures/tdinfo.exe "$seeds"/ ;;
    watcom)     cp "$b"/fixtures/watcom.exe "$seeds"/ ;;
    nasmlst)    cp "$b"/fixtures/*.lst "$seeds"/ ;;
esac
dirs="$work $seeds"
for d in fuzz/corpus/$t tests/fuzz-regressions/$t; do
    [ -d "$d" ] && dirs="$dirs $d"
done
# -timeout: one input may take 10 s of host time; -rss_limit_mb: 2 GiB.
"$b/fuzzer/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$art" $dirs > "$log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
if [ "$rc" = 0 ]; then
    echo "fuzz: $t: ok, ${runs:-?} runs in $secs s (${rate:-?}/s), corpus of $(ls "$work" | wc -l)"
    exit 0
fi
tail -n 40 "$log" >&2
echo "fuzz: $t: FAILED (exit $rc) after ${runs:-?} runs: the input is in $art, the log $log" >&2
exit 1
