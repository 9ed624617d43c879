#!/bin/sh
# tools/browser_test.sh PROFIL BUILD: `make browser-test`.  Writes the HTML
# report of hotloop.com traced (--timing table: tests/check_html.c derives
# its figures) and opens it in headless Chromium, which runs the page's
# script; then checks the DOM it leaves: the tables, the flame graph's
# frames as drawn (unzoomed, and zoomed on heavy by #frame-2 with its link
# to heavy's code), clicks (a table sorted by a heading, a frame zoomed by
# a click), that every link's target is on the page, and that the console
# reported no error.  A page made to throw must be caught, so the
# console check is known to work.  The frame timeline on vsync.com and on
# loading.com (a long loading frame clipped beside 60 one-period frames,
# a drag selecting frames).  Skipped (exit 0, one line) without
# chromium.
set -eu
[ $# -eq 2 ] || { echo "usage: tools/browser_test.sh PROFIL BUILD" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "browser-test: skipped (chromium is not installed: apt-get install chromium)"
    exit 0
fi
profil=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fix=$(cd "$2/fixtures" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "$2" && pwd)/browser-test
rm -rf "$out"
mkdir -p "$out"
cd "$out"
"$profil" run -q --trace --timing table -o HOT.PRF "$fix/hotloop.com" >/dev/null 2>&1
"$profil" report --source --map "$fix/hotloop.lst" -o report.html HOT.prx 2>/dev/null
cp "$fix/vsync.com" vsync.com     # a copy with no map beside it: its code named by CS:IP
"$profil" run -q --trace --timing table -o VSYNC.PRF vsync.com >/dev/null 2>&1
cp "$fix/tpdemo.exe" TPDEMO.EXE
cp "$top/tests/fixtures/TPDEMO.PAS" TPDEMO.PAS
"$profil" run -q --trace --timing table -o TPDEMO.PRF TPDEMO.EXE >/dev/null 2>&1
"$profil" report --source -o source.html TPDEMO.prx 2>/dev/null
"$profil" report -o frames.html VSYNC.prx 2>/dev/null
mkdir -p drive
"$profil" run -q --timing table --drive C="$out/drive" -o LOAD.PRF "$fix/loading.com" >/dev/null 2>&1
"$profil" report -o loading.html LOAD.prx 2>/dev/null

failed=0
fail() {
    echo "browser-test: FAIL: $*"
    failed=1
}
is() {      # is GOT WANT WHAT
    [ "$1" = "$2" ] || fail "$3: $1"
}

# dump URL NAME: the DOM after the page's script ran, in NAME.dom; the
# browser's log (console messages among it) in NAME.log.
dump() {
    timeout 90 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$out/profile" \
        --enable-logging=stderr --v=0 --dump-dom "$1" >"$2.dom" 2>"$2.log" || fail "$2: chromium exited $?"
}
console_errors() {
    grep -E 'Uncaught|ERROR:CONSOLE|CONSOLE\(' "$1.log" || true
}
# page URL NAME: dump, and the console must have reported no error.
page() {
    dump "$1" "$2"
    e=$(console_errors "$2")
    [ -z "$e" ] || fail "$2: console: $e"
}
# with_script PAGE NAME SCRIPT: NAME.html, PAGE with SCRIPT (taken as it
# is, no escapes) run at the end of its body, as a reader's clicks.
with_script() {
    SCRIPT=$3 awk '{ i = index($0, "</body>"); if (i) $0 = substr($0, 1, i - 1) "<script>" ENVIRON["SCRIPT"] "</script>" substr($0, i) } 1' \
        "$1" >"$2.html"
}
# scripted_page PAGE NAME SCRIPT: with_script, then page.
scripted_page() {
    with_script "$@"
    page "file://$out/$2.html" "$2"
}
has() {     # has NAME TEXT WHAT
    grep -qF -- "$2" "$1.dom" || fail "$1: $3 (no '$2')"
}
# links_resolve NAME: every in-page link of NAME.dom has its target.
links_resolve() {
    for id in $(grep -o 'href="#[^"]*"' "$1.dom" | sed 's/href="#\(.*\)"/\1/' | sort -u); do
        grep -q "id=\"$id\"" "$1.dom" || fail "$1: a link to #$id, which is not on the page"
    done
}
frames() {
    grep -o 'class="fr[ "][^>]*>[^<]*' "$1.dom" | sed 's/.*data-frame="\([0-9]*\)".*>\(.*\)/\1 \2/'
}
bars() {
    grep -o 'class="fbar[^"]*" data-frame="[0-9]*"' "$1.dom" | sed 's/class="\([^"]*\)" data-frame="\([0-9]*\)"/\2 \1/' | tr '\n' ','
}

page "file://$out/report.html" whole
page "file://$out/report.html#frame-2" zoomed
for n in whole zoomed; do
    has $n '<tr id="sym-00070"><td class="l" data-v="heavy"><a href="#code-00070">heavy</a></td><td class="l">00070-0007F</td><td>301200</td><td>5104200</td>' "the symbol table"
    has $n '<tr id="a-0007D" class="hot"><td>0007D</td><td>0186:017D</td><td>E2FE</td><td>300000</td><td>5098800</td>' "heavy's code"
done
# Unzoomed: the entry, DOS's write string, heavy, light and the timer's
# handler (call trees name DOS and BIOS frames by service) under heavy (the handler under light and the inner one are under 0.05%: not drawn).
is "$(frames whole | tr '\n' ',')" "0 0186:0100,1 INT 21h/09h write string,2 heavy,6 INT 08h timer,3 light," "whole: frames drawn"
has whole 'data-frame="2" data-link="code-00070" title="heavy: 5111667 cycles (74.1%), self 5104200"' "heavy's frame"
has whole '<span id="flame-info">Click a frame.</span>' "the info line"
# Zoomed on heavy: the entry above it (an ancestor), heavy full width, its handler.
is "$(frames zoomed | tr '\n' ',')" "0 0186:0100,2 heavy,6 INT 08h timer," "zoomed: frames drawn"
has zoomed 'class="fr focus" data-frame="2" data-link="code-00070"' "heavy in focus"
has zoomed 'left: 0%; width: 100%; top: 18px;' "heavy full width under the entry"
has zoomed '<span id="flame-info">heavy: 5111667 cycles (74.1%) with its callees, 5104200 self. <a href="#code-00070" id="flame-link">its code</a></span>' "the frame's link to its symbol's code"
links_resolve zoomed
links=$(grep -o 'href="#[^"]*"' zoomed.dom | wc -l)

# Clicks, as a reader makes them: the symbol table's "instructions"
# heading twice (ascending: the 4 of "(no symbol)" first, heavy's 301200
# last), then light's frame: zoomed, with its handler (2751 of its 1703951
# cycles: drawn now), and its link.
scripted_page report.html clicked \
    'var h = document.querySelectorAll("#symbol-table th")[2]; h.click(); h.click(); document.querySelector("#flame-graph [data-frame=\"3\"]").click();'
is "$(sed -n '/id="symbol-table"/,/<\/table>/p' clicked.dom | grep -o 'data-v="[^"]*"' | sed 's/data-v="\(.*\)"/\1/' | tr '\n' ',')" \
    "(no symbol),round,light,heavy," "clicked: the symbol table sorted by instructions"
is "$(frames clicked | tr '\n' ',')" "0 0186:0100,3 light,4 INT 08h timer," "clicked: frames drawn after a click on light"
has clicked '<span id="flame-info">light: 1703951 cycles (24.7%) with its callees, 1701200 self. <a href="#code-00080" id="flame-link">its code</a></span>' "light's info and link after the click"

# The source view (tpdemo.exe with TPDEMO.PAS beside it, tests/check_tdinfo.c
# derives the counts): WORK's row links to its first line, line 6 (its LOOP,
# 4 x (4 x 17 + 5) = 292 cycles, 22.2%) is hot, every link has its target.
page "file://$out/source.html" source
has source '<a class="src" href="#src-TPDEMO.PAS-5">TPDEMO.PAS:5</a>' "WORK's link to its source"
has source '<tr id="src-TPDEMO.PAS-6" class="hot"><td>6</td><td>20</td><td>292</td><td>22.2%</td>' "line 6, hot"
links_resolve source
# The runtime unit SYSTEM (no symbols: a group) opens on a click on its
# name to its one run of executed code, 00020-00025: 4 calls x (MOV CX,3,
# 2 LOOPs, RET) = 20 instructions, 4 x (4 + 2 x 17 + 5 + 20) = 252
# cycles; closed, its rows are not shown.
has source '<details class="group"><summary><a href="#code-00020">SYSTEM</a></summary>' "SYSTEM, a group"
scripted_page source.html group \
    'var d = document.querySelector("details.group"), t = d.querySelector("table.group-rows"); function seen() { return (t.checkVisibility ? t.checkVisibility() : t.offsetHeight > 0) ? "shown" : "hidden"; } document.body.setAttribute("data-closed", seen()); d.querySelector("summary").click(); document.body.setAttribute("data-open", seen());'
has group 'data-closed="hidden"' "the group's rows hidden before the click"
has group 'data-open="shown"' "the group's rows shown after a click"
has group '<details class="group" open="">' "the group open after a click"
has group '<tr><td class="l">00020-00025</td><td>20</td><td>252</td><td>19.2%</td></tr>' "SYSTEM's run"

# The frame timeline (vsync.com, the program at CS 0185h as every fixture
# here): 7 bars (6 frames and the unfinished 7th) and the retrace period's
# line.  A click on frame 3 (3 units of work, two retrace periods) shows its
# own table, busiest first: .spin (the LOOP at 0185:0139) ran 3 x 1765 =
# 5295 times for 3 x (1764 x 17 + 5) = 89979 cycles, 56.5% of the frame's
# 159296 +-27; and its own flame graph: the frame, the program, .spin.
spin_row='<tr><td class="l">0185:0139</td><td>5295</td><td>89979</td><td>56.5%</td></tr>'
spin_frame='title="0185:0139: 89979 cycles (56.5%), self 89979"'
scripted_page frames.html frame3 'document.querySelector("#frame-timeline [data-frame=\"3\"]").click();'
page "file://$out/frames.html#f-3" framehash
for n in frame3 framehash; do
    is "$(bars $n)" "1 fbar,2 fbar,3 fbar slow sel,4 fbar,5 fbar,6 fbar slow,7 fbar unfinished," "$n: bars"
    has $n 'id="frame-period"' "the retrace period's line"
    has $n 'title="the retrace period: 79648 cycles, 16.688 ms"' "the CGA's period, 912 x 262 dots / 3"
    has $n '<p id="frame-info">Frame 3: from cycle ' "frame 3's line"
    has $n "<tbody>$spin_row" "frame 3's table, .spin first"
    has $n "$spin_frame" "frame 3's flame graph, .spin under the program"
    has $n 'title="frame 3: 1592' "frame 3's root in its flame graph"
done
# Zoom: the slider to 2 frames from the 3rd (frames 3 and 4), then the
# wheel out with the pointer at the left edge (frame 3 stays first):
# ceil(2 x 1.25) = 3 frames, 3 to 5.
scripted_page frames.html framezoom \
    'var z = document.getElementById("frame-zoom"), p = document.getElementById("frame-pan"); z.value = 2; z.dispatchEvent(new Event("input")); p.value = 2; p.dispatchEvent(new Event("input")); window.zoomed = document.getElementById("frame-range").textContent; var l = document.getElementById("frame-timeline"); l.dispatchEvent(new WheelEvent("wheel", { deltaY: 100, clientX: l.getBoundingClientRect().left, cancelable: true })); document.body.setAttribute("data-slider", window.zoomed);'
has framezoom 'data-slider="frames 3-4 of 7"' "the slider: frames 3 and 4"
has framezoom '<span id="frame-range">frames 3-5 of 7</span>' "the wheel: frames 3 to 5"
is "$(bars framezoom)" "3 fbar slow,4 fbar,5 fbar," "framezoom: bars after the wheel"

# A loading frame beside gameplay (loading.com: frame 1 a 6.3 s load of
# DOS reads, marked; frames 2-61 one retrace period, 79648 +-28 cycles;
# 62 unfinished).  The scale stops at 4 x the median of the unmarked
# finished frames (79651), and 1.1 x that is the top: a 16.7 ms bar is
# 1 / 4.4 of the 160-pixel timeline, 36 pixels (at least 30), where a
# linear scale to the load would give it 0.4; the load's bar is clipped,
# marked so and shaded.  A drag from frame 10's bar to frame 20's shows
# frames 10-20.
page "file://$out/loading.html" loading
scripted_page loading.html loaddrag \
    'var l = document.getElementById("frame-timeline"); function h(k) { return Math.round(document.querySelector("#frame-timeline [data-frame=\"" + k + "\"]").getBoundingClientRect().height); } function x(k) { var r = document.querySelector("#frame-timeline [data-frame=\"" + k + "\"]").getBoundingClientRect(); return r.left + r.width / 2; } document.body.setAttribute("data-h", h(1) + "," + h(2) + "," + l.getBoundingClientRect().height); var a = x(10), b = x(20); l.dispatchEvent(new MouseEvent("mousedown", { clientX: a, bubbles: true })); window.dispatchEvent(new MouseEvent("mouseup", { clientX: b, bubbles: true }));'
is "$(bars loading | cut -d, -f1-3)" "1 fbar slow marked clipped,2 fbar,3 fbar" "loading: bars"
is "$(bars loading | tr ',' '\n' | grep -c fbar)" 62 "loading: bars, not 62"
has loading 'marked: INT 21h/3Fh read ' "the loading frame's title says what it spent on"
has loading '(clipped)' "the loading frame's title says it is clipped"
hs=$(grep -o 'data-h="[0-9,]*"' loaddrag.dom | sed 's/data-h="\(.*\)"/\1/')
h2=$(echo "$hs" | cut -d, -f2)
[ -n "$h2" ] && [ "$h2" -ge 30 ] || fail "loaddrag: a 16.7 ms bar beside the 6 s load is under 30 pixels (load, frame 2, timeline: $hs)"
has loaddrag '<span id="frame-range">frames 10-20 of 62</span>' "the drag from frame 10 to 20"
is "$(bars loaddrag | cut -d, -f1)" "10 fbar" "loaddrag: the first bar after the drag"

# The console check catches an error: a page that throws.
with_script report.html broken 'undefinedFunction();'
dump "file://$out/broken.html" broken
[ -n "$(console_errors broken)" ] || fail "an uncaught error in the page was not seen in the browser's log"

if [ $failed -ne 0 ]; then
    echo "browser-test: failed (pages and logs in $out)"
    exit 1
fi
echo "browser-test: ok ($("$browser" --version 2>/dev/null | head -1): $(frames whole | wc -l) frames drawn," \
     "$(frames zoomed | wc -l) zoomed, $links in-page links all resolved, sorting and zoom by clicks, a group opened;" \
     "7 frame bars, frame 3's own table and flame graph by a click and by #f-3, zoom by the slider and" \
     "the wheel; a 16.7 ms bar of ${h2:-?} px beside a clipped, marked 6 s load, a drag showing frames 10-20;" \
     "no console error)"
