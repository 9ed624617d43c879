/*
 * tests/check_window.c: `run --window` (lib/window.c, lib/window_sdl.c).
 * With SDL's dummy drivers (no X): the same bytes as a headless run, at
 * any --speed.  Without a display, or with DISPLAY naming one nobody
 * serves: one line, nothing run.  Under Xvfb
 * (started here; skipped with a message when Xvfb, xdotool, xwd or Xlib's
 * header are missing): keys typed by xdotool reach the program, the
 * window's screenshot (xwd) shows the emulated screen's pixels, a held key
 * repeats in emulated time, the control keys stop sampling and drop a
 * mark, closing the window writes the profile, and its recording replays
 * to the same .PRF, .prc and .prx.
 */
#include "testutil.h"

#include <stdint.h>

#include "../formats/recording.h"

#define KEYS "a{F1}{WAIT 1000}b{CTRL-C}hix{BKSP}{ENTER}ok{ENTER}"
#define DUMMY "env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "

/* The window only shows, plays, takes keys and sleeps: keys.com typed by
 * --keys under --trace gives the .PRF, .prc and .prx of the headless run,
 * paced at 4 times the wall clock and as fast as the host can. */
START_TEST(a_window_run_gives_the_headless_bytes)
{
    static const char *const speeds[] = { "4", "max" };
    int st = system(PROFIL_BIN " run -q --trace --keys '" KEYS "' -o " TMP "/head.PRF " FIX("keys.com")
                    " > /dev/null 2>&1");
    ck_assert_int_eq(st, 0);
    for (int i = 0; i < 2; i++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, DUMMY PROFIL_BIN " run -q --window --speed %s --trace --keys '" KEYS "' -o " TMP
                 "/win.PRF " FIX("keys.com") " > " TMP "/win.out 2> " TMP "/win.err", speeds[i]);
        st = system(cmd);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "--speed %s: status %d", speeds[i], st);
        same_file_bytes(TMP "/head.PRF", TMP "/win.PRF");
        same_file_bytes(TMP "/head.prc", TMP "/win.prc");
        same_file_bytes(TMP "/head.prx", TMP "/win.prx");
    }
}
END_TEST

/* No display: one line naming DISPLAY and WAYLAND_DISPLAY, status 125,
 * no .PRF. */
START_TEST(no_display_is_one_line)
{
    unlink(TMP "/nodisp.PRF");
    int st = system("env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER " PROFIL_BIN " run -q --window -o " TMP
                    "/nodisp.PRF " FIX("window.com") " < /dev/null > /dev/null 2> " TMP "/nodisp.err");
    char err[1024];
    slurp(TMP "/nodisp.err", err, sizeof err);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == PROFIL_EXIT_FAILED, "status %d: %s", st, err);
    ck_assert_str_eq(err, "profil: --window: no display: neither DISPLAY (X11) nor WAYLAND_DISPLAY (Wayland) is set\n");
    ck_assert(!file_exists(TMP "/nodisp.PRF"));
    /* DISPLAY names a display nobody serves: the same, at once, never a
     * window of SDL's offscreen driver that nobody sees or closes (under
     * make asan: SDL's libdbus leaks when SDL_Init fails; not profil's). */
    if (!file_exists(P_tmpdir "/.X11-unix/X99")) {     /* where X servers keep their sockets */
        st = system("env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:99 "
                    "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 timeout -s KILL 20 " PROFIL_BIN
                    " run -q --window -o " TMP "/nodisp.PRF " FIX("window.com") " < /dev/null > /dev/null 2> " TMP
                    "/nodisp.err");
        slurp(TMP "/nodisp.err", err, sizeof err);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == PROFIL_EXIT_FAILED, "status %d: %s", st, err);
        ck_assert_msg(strncmp(err, "profil: --window: no display: nothing answers at DISPLAY=:99 (", 62) == 0 &&
                      strchr(err, '\n') == err + strlen(err) - 1, "%s", err);
        ck_assert(!file_exists(TMP "/nodisp.PRF"));
    }
    st = system(PROFIL_BIN " run -q --speed 2 " FIX("window.com") " > /dev/null 2> " TMP "/nodisp.err");
    slurp(TMP "/nodisp.err", err, sizeof err);
    ck_assert_str_eq(err, "profil: --speed and --window-keys go with --window\n");
}
END_TEST

/* Without a sound device (SDL_AUDIODRIVER unset: SDL tries its drivers,
 * ALSA's says "no card" in eight lines of its own on stderr): stderr has
 * profil's one line "no sound: ..." (SDL's reason) and the run's own,
 * nothing else; where a sound server answers, only the run's. */
START_TEST(no_sound_device_is_one_line)
{
    struct run_result r;
    static const char end[] = "profil: " FIX("window.com") ": timeout after 0.500 s emulated\n";
    static const char nosound[] = "profil: --window: no sound: ";
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    unsetenv("SDL_AUDIODRIVER");
    run_profil_limited(&r, 30, "run -q --window --timeout 0.5 -o " TMP "/nosound.PRF " FIX("window.com"), NULL);
    unsetenv("SDL_VIDEODRIVER");
    ck_assert_msg(r.status == PROFIL_EXIT_RUN_LIMIT, "status %d: %s", r.status, r.err);
    const char *nl = strchr(r.err, '\n');
    if (strncmp(r.err, nosound, strlen(nosound)) == 0 && nl)
        ck_assert_str_eq(nl + 1, end);
    else
        ck_assert_str_eq(r.err, end);
}
END_TEST

static int have(const char *what)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s > /dev/null 2>&1", what);
    return system(cmd) == 0;
}

/* Whether the X tests can run (Xvfb, xdotool, and with `xclose` Xlib's
 * header, which tests/x11/xclose.c is then built with; with `xwd`
 * x11-apps' xwd); a message when they are skipped. */
static int x_ready(int xclose, int xwd)
{
    if (!have("Xvfb") || !have("xdotool") || (xwd && !have("xwd")) ||
        (xclose && !file_exists("/usr/include/X11/Xlib.h"))) {
        fprintf(stderr, "window: Xvfb, xdotool, xwd (x11-apps) or libx11-dev not installed: the X tests are skipped\n");
        return 0;
    }
    if (getenv("PROFIL_VALGRIND")) {    /* their keys are timed by the wall clock, for a native start-up */
        fprintf(stderr, "window: the X tests are skipped under make valgrind (.ci/run runs them natively)\n");
        return 0;
    }
    if (xclose)
        ck_assert_int_eq(system(EMBED_CC " -o " TMP "/xclose tests/x11/xclose.c -lX11"), 0);
    return 1;
}

/* One pixel of an XWD file (X11's XWDFileHeader: 25 big-endian words,
 * the window's name, ncolors 12-byte colours, then the pixels) as RGB. */
static uint32_t xwd_pixel(const uint8_t *d, size_t n, unsigned x, unsigned y, unsigned *w, unsigned *h)
{
    uint32_t f[25];
    ck_assert_uint_ge(n, 100);
    for (int i = 0; i < 25; i++)
        f[i] = (uint32_t)d[4 * i] << 24 | (uint32_t)d[4 * i + 1] << 16 | (uint32_t)d[4 * i + 2] << 8 | d[4 * i + 3];
    *w = f[4];
    *h = f[5];
    unsigned bytes = f[11] / 8, lsb = f[7] == 0;
    size_t at = f[0] + (size_t)f[19] * 12 + (size_t)y * f[12] + (size_t)x * bytes;
    ck_assert(bytes >= 3 && bytes <= 4 && at + bytes <= n);
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint32_t)d[at + i] << (8 * (lsb ? i : bytes - 1 - i));
    uint32_t rgb = 0;
    for (int c = 0; c < 3; c++) {           /* red, green, blue by their masks */
        uint32_t mask = f[14 + c], shift = 0;
        while (mask && !(mask & 1)) {
            mask >>= 1;
            shift++;
        }
        rgb = rgb << 8 | ((v >> shift) & 0xFF);
    }
    return rgb;
}

/* A shell script at `path` that starts Xvfb with a screen of `screen`
 * pixels ("1280x1024") on a display number of its own (from 300 up, by
 * the process id; the next one while that one is taken) and exports
 * DISPLAY; the caller writes the rest (the run as $RUN) and ends it with
 * xvfb_finish(). */
static FILE *xvfb_script(const char *path, const char *screen)
{
    FILE *f = fopen(path, "w");
    ck_assert(f);
    fprintf(f, "n=$((300 + $$ %% 300))\n"
          "for try in $(seq 10); do\n"
          "  Xvfb :$n -screen 0 %sx24 -nolisten tcp > /dev/null 2>&1 &\n"
          "  XPID=$!\n"
          "  sleep 1\n"
          "  kill -0 $XPID 2> /dev/null && break\n"
          "  n=$((n + 1))\n"
          "done\n"
          "export DISPLAY=:$n\n",
          screen);
    return f;
}

/* The end of a script of xvfb_script(): wait for the run started as
 * $RUN, stop Xvfb, run the script (60 s at most); the run's status. */
static int xvfb_finish(FILE *f, const char *script)
{
    char cmd[512], status[16];
    fputs("wait $RUN\necho $? > " TMP "/xvfb.status\nkill $XPID\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "timeout 60 sh %s", script);
    ck_assert_int_eq(system(cmd), 0);
    slurp(TMP "/xvfb.status", status, sizeof status);
    return atoi(status);
}

/* profil run --window under the script's display.  Under make asan: the
 * libraries SDL loads for X (libdbus, the GL drivers it dlopens) leak at
 * exit, so LeakSanitizer would turn the run's status into 1; profil's own
 * window code is checked for leaks by the dummy-driver runs above. */
#define XRUN "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 SDL_AUDIODRIVER=dummy " PROFIL_BIN \
             " run -q --window "

/* window.com (see its comment) under Xvfb: xdotool types "hi", holds 'a'
 * for 2 s, presses F11 and F12, xwd takes the window, the window is
 * closed as a window manager would close it.  The program echoed "hi" and
 * the a's (the keys reached it through IRQ1 and INT 16h),
 * every pixel of the picture is colour 1 of palette 1 bright, 55FFFFh, so
 * the window's centre and a point near its corner are too (the picture
 * fills the 4:3 window); closing wrote the .PRF as Ctrl-C does (status
 * 130); and the recording replays headless to the same .PRF and .prc. */
START_TEST(under_xvfb_keys_pixels_and_close)
{
    if (!x_ready(1, 1))
        return;
    unlink(TMP "/x.PRF");
    unlink(TMP "/x.rec");
    FILE *f = xvfb_script(TMP "/xtest.sh", "1280x1024");
    fputs(XRUN "--record " TMP "/x.rec -o " TMP "/x.PRF " FIX("window.com") " < /dev/null > " TMP "/x.out 2> " TMP
          "/x.err &\n"
          "RUN=$!\n"
          "WID=$(timeout 20 xdotool search --sync --name 'profil: window.com' | head -1)\n"
          "xdotool mousemove 640 480\n"
          "sleep 0.5\n"
          "xdotool type --delay 100 hi\n"
          "sleep 0.5\n"
          "xdotool keydown a\n"
          "sleep 2\n"
          "xdotool keyup a\n"
          "sleep 0.3\n"
          "xdotool key F11\n"
          "sleep 0.3\n"
          "xdotool key F12\n"
          "sleep 0.5\n"
          "xdotool getwindowname $WID > " TMP "/x.title\n"
          "xwd -id $WID -silent > " TMP "/x.xwd\n"
          TMP "/xclose $WID\n",
          f);
    int status = xvfb_finish(f, TMP "/xtest.sh");
    char out[256], err[1024];
    slurp(TMP "/x.out", out, sizeof out);
    slurp(TMP "/x.err", err, sizeof err);
    ck_assert_msg(strncmp(out, "hia", 3) == 0 && strspn(out + 2, "a") == strlen(out + 2), "the program echoed '%s' (%s)",
                  out, err);
    /* F11 stopped sampling, F12 dropped a mark: in the title, and neither
     * reached the program (it echoed only the a's). */
    char title[256];
    slurp(TMP "/x.title", title, sizeof title);
    ck_assert_str_eq(title, "profil: window.com - stopped - mark 1\n");
    ck_assert_msg(status == PROFIL_EXIT_INTERRUPTED, "status %d: %s", status, err);
    ck_assert(file_exists(TMP "/x.PRF"));
    uint8_t *shot;
    size_t n;
    char e[256];
    ck_assert_msg(read_file(TMP "/x.xwd", &shot, &n, e, sizeof e) == 0, "%s", e);
    unsigned w, h;
    xwd_pixel(shot, n, 0, 0, &w, &h);
    ck_assert_uint_eq(xwd_pixel(shot, n, w / 2, h / 2, &w, &h), 0x55FFFF);
    /* the picture inside mode 4's border (376 x 246: 16 pixels on the
     * left, 22 lines above, check_video's border_drawn_with_border's
     * rule), black: an eighth in is the picture's, a fiftieth the border */
    ck_assert_uint_eq(xwd_pixel(shot, n, w / 8, h / 8 + (h - w * 3 / 4) / 2, &w, &h), 0x55FFFF);
    ck_assert_uint_eq(xwd_pixel(shot, n, w / 50, h / 50 + (h - w * 3 / 4) / 2, &w, &h), 0);
    free(shot);
    /* The held 'a' in the recording: its make code again 0.5 s after it
     * was pressed (2386363 cycles), then every 0.1 s (477272), each taken
     * at the first sampling tick at or after its time (ticks 477 cycles
     * apart: --interval 100), then the break; a stop and a mark. */
    struct recording rec;
    char rerr[300];
    ck_assert_msg(recording_read(TMP "/x.rec", &rec, rerr, sizeof rerr) == 0, "%s", rerr);
    size_t first = rec.n, makes = 0, stops = 0, marks = 0;
    uint64_t last = 0;
    for (size_t i = 0; i < rec.n; i++) {
        const struct input_event *e = &rec.events[i];
        stops += e->kind == INPUT_STOP;
        marks += e->kind == INPUT_MARK;
        if (e->kind != INPUT_KEY || e->code != 0x1E)
            continue;
        if (first == rec.n)
            first = i;
        else {
            uint64_t gap = e->at - last, want = makes == 1 ? 2386363 : 477272;
            ck_assert_msg(gap + 500 >= want && gap <= want + 500, "repeat %zu after %llu cycles, want %llu +-500", makes,
                          (unsigned long long)gap, (unsigned long long)want);
        }
        ck_assert_uint_eq(e->ascii, 'a');
        makes++;
        last = e->at;
    }
    ck_assert_uint_ge(makes, 2);        /* held 2 s of wall time: at least one repeat, however busy the host */
    ck_assert_uint_eq(makes, strlen(out) - 2);
    ck_assert_uint_eq(stops, 1);
    ck_assert_uint_eq(marks, 1);
    recording_free(&rec);
    struct run_result r;
    run_profil(&r, "run -q --replay " TMP "/x.rec -o " TMP "/xr.PRF " FIX("window.com"), NULL);
    ck_assert_msg(r.status == PROFIL_EXIT_INTERRUPTED, "replay: %d %s", r.status, r.err);
    ck_assert_str_eq(r.out, out);
    same_file_bytes(TMP "/x.PRF", TMP "/xr.PRF");
    same_file_bytes(TMP "/x.prc", TMP "/xr.prc");
    same_file_bytes(TMP "/x.prx", TMP "/xr.prx");     /* the mark is in the .prx */
}
END_TEST

/* The window's geometry from `xdotool getwindowgeometry --shell` in
 * `path`: WIDTH=... and HEIGHT=... lines. */
static void xgeometry(const char *path, unsigned *w, unsigned *h)
{
    char text[256];
    slurp(path, text, sizeof text);
    const char *wp = strstr(text, "WIDTH="), *hp = strstr(text, "HEIGHT=");
    ck_assert_msg(wp && hp, "%s: %s", path, text);
    *w = (unsigned)strtoul(wp + 6, NULL, 10);
    *h = (unsigned)strtoul(hp + 7, NULL, 10);
}

/* On a 1024x768 screen (Xvfb with evilwm, which has no panels: all of it
 * is usable) the window opens at the largest 4:3 size within nine tenths of
 * it: 768 * 9 / 10 / 3 = 230 units of 4x3, 920x690.  Alt+Enter makes it
 * the whole screen, 1024x768, the picture (window.com's colour 1, 55FFFFh)
 * filling it to its corner, and again gives back 920x690; the program
 * (window.com echoes what it reads) never reads the Enters: it echoes
 * only the "q" that ends it, and the recording has the Alt (as in DOSBox,
 * it went down before anybody knew an Enter would follow) and no Enter
 * (1Ch). */
START_TEST(under_xvfb_the_window_fits_and_alt_enter_toggles_full_screen)
{
    if (!x_ready(0, 1))
        return;
    if (!have("evilwm")) {      /* full screen is a window manager's (EWMH): evilwm, the smallest that has it */
        fprintf(stderr, "window: evilwm not installed: the full-screen test is skipped\n");
        return;
    }
    unlink(TMP "/fit.rec");
    FILE *f = xvfb_script(TMP "/fittest.sh", "1024x768");
    fputs("evilwm -fn fixed > /dev/null 2>&1 &\n"      /* Xvfb has only its built-in fonts */
          "sleep 0.5\n"
          XRUN "--record " TMP "/fit.rec -o " TMP "/fit.PRF " FIX("window.com") " < /dev/null > " TMP "/fit.out 2> "
          TMP "/fit.err &\n"
          "RUN=$!\n"
          "WID=$(timeout 60 xdotool search --sync --name 'profil: window.com' | head -1)\n"
          /* on a loaded host the window may be found before the window
           * manager has framed it: ask until it has a geometry */
          "for i in $(seq 100); do\n"
          "  xdotool getwindowgeometry --shell $WID > " TMP "/fit.g0 2> /dev/null &&\n"
          "    grep -q HEIGHT= " TMP "/fit.g0 && break; sleep 0.2\n"
          "done\n"
          "sleep 0.5\n"
          "xdotool getwindowgeometry --shell $WID > " TMP "/fit.g0\n"
          "xdotool key alt+Return\n"
          "sleep 1\n"
          "xdotool getwindowgeometry --shell $WID > " TMP "/fit.g1\n"
          "xwd -id $WID -silent > " TMP "/fit.xwd\n"
          "xdotool key alt+KP_Enter\n"
          "sleep 1\n"
          "xdotool getwindowgeometry --shell $WID > " TMP "/fit.g2\n"
          "xdotool key q\n",
          f);
    int status = xvfb_finish(f, TMP "/fittest.sh");
    char out[256], err[1024];
    slurp(TMP "/fit.out", out, sizeof out);
    slurp(TMP "/fit.err", err, sizeof err);
    ck_assert_msg(status == 0, "status %d: %s", status, err);
    ck_assert_str_eq(out, "q");
    unsigned w, h;
    xgeometry(TMP "/fit.g0", &w, &h);
    ck_assert_msg(w == 920 && h == 690, "the window opened at %ux%u", w, h);
    xgeometry(TMP "/fit.g1", &w, &h);
    ck_assert_msg(w == 1024 && h == 768, "full screen is %ux%u", w, h);
    /* The picture drawn again at the new size (the window's content is
     * lost when it is resized), though the program changed nothing. */
    uint8_t *shot;
    size_t n;
    char e[256];
    ck_assert_msg(read_file(TMP "/fit.xwd", &shot, &n, e, sizeof e) == 0, "%s", e);
    /* the canvas 376 x 246 at 1024 x 768: the picture's bottom right
     * corner at (336 x 1024 / 376, 222 x 768 / 246) = (915, 693) */
    ck_assert_uint_eq(xwd_pixel(shot, n, 905, 685, &w, &h), 0x55FFFF);
    ck_assert_uint_eq(xwd_pixel(shot, n, 1000, 750, &w, &h), 0);
    ck_assert_msg(w == 1024 && h == 768, "xwd took %ux%u", w, h);
    free(shot);
    xgeometry(TMP "/fit.g2", &w, &h);
    ck_assert_msg(w == 920 && h == 690, "back from full screen at %ux%u", w, h);
    struct recording rec;
    char rerr[300];
    ck_assert_msg(recording_read(TMP "/fit.rec", &rec, rerr, sizeof rerr) == 0, "%s", rerr);
    size_t alts = 0, enters = 0;
    for (size_t i = 0; i < rec.n; i++) {
        alts += rec.events[i].kind == INPUT_KEY && rec.events[i].code == 0x38;
        enters += rec.events[i].kind == INPUT_KEY && (rec.events[i].code & 0x7F) == 0x1C;
    }
    ck_assert_uint_eq(alts, 2);
    ck_assert_uint_eq(enters, 0);
    recording_free(&rec);
}
END_TEST

/* The control keys act apart from the keyboard's queue: forever.com
 * never reads a key, so after the 15 the BIOS's buffer holds and the one
 * in port 60h, the keyboard holds the rest of 40 typed keys; F11 then
 * still stops sampling at once (the title says so, the recording has the
 * stop), and closing the window writes the profile (status 130). */
START_TEST(control_keys_pass_unread_keys)
{
    if (!x_ready(1, 0))
        return;
    unlink(TMP "/k.PRF");
    unlink(TMP "/k.rec");
    FILE *f = xvfb_script(TMP "/ktest.sh", "1280x1024");
    fputs(XRUN "--record " TMP "/k.rec -o " TMP "/k.PRF " FIX("forever.com") " < /dev/null > /dev/null 2> " TMP
          "/k.err &\n"
          "RUN=$!\n"
          "WID=$(timeout 20 xdotool search --sync --name 'profil: forever.com' | head -1)\n"
          "xdotool mousemove 640 480\n"
          "sleep 0.5\n"
          "xdotool type --delay 30 abcdefghijklmnopqrstuvwxyzabcdefghijklmn\n"
          "sleep 0.5\n"
          "xdotool key F11\n"
          "sleep 0.5\n"
          "xdotool getwindowname $WID > " TMP "/k.title\n"
          TMP "/xclose $WID\n",
          f);
    int status = xvfb_finish(f, TMP "/ktest.sh");
    char title[256], err[1024];
    slurp(TMP "/k.title", title, sizeof title);
    slurp(TMP "/k.err", err, sizeof err);
    ck_assert_str_eq(title, "profil: forever.com - stopped\n");
    ck_assert_msg(status == PROFIL_EXIT_INTERRUPTED, "status %d: %s", status, err);
    ck_assert(file_exists(TMP "/k.PRF"));
    struct recording rec;
    char rerr[300];
    ck_assert_msg(recording_read(TMP "/k.rec", &rec, rerr, sizeof rerr) == 0, "%s", rerr);
    size_t stops = 0, makes = 0;
    for (size_t i = 0; i < rec.n; i++) {
        stops += rec.events[i].kind == INPUT_STOP;
        makes += rec.events[i].kind == INPUT_KEY && !(rec.events[i].code & 0x80);
    }
    ck_assert_uint_eq(stops, 1);
    ck_assert_msg(makes < 40, "%zu of the 40 keys sent", makes);     /* the others were held */
    recording_free(&rec);
}
END_TEST

/* The window's work is bounded whatever raster the guest programs:
 * raster1.com (its comment) ends a 6845 frame at every sampling tick and
 * describes a 2040x4064 picture; at --speed max for 1 emulated second
 * it costs the window no more CPU than forever.com in the BIOS's
 * 60 Hz mode (within 0.5 s; each drew and uploaded that picture 10,000
 * times an emulated second, 10 s of CPU for 0.05 s), and says once that
 * the picture is too large to show. */
START_TEST(a_tiny_raster_costs_no_more_than_a_normal_one)
{
    struct run_result r;
    double cpu[2];
    static const char *const programs[2] = { "raster1.com", "forever.com" };
    for (int i = 0; i < 2; i++) {
        char args[512];
        snprintf(args, sizeof args, "run -q --window --speed max --timeout 1 -o " TMP "/raster.PRF " FIXTURE_DIR "%s",
                 programs[i]);
        double before = children_cpu_seconds();
        setenv("SDL_VIDEODRIVER", "dummy", 1);
        setenv("SDL_AUDIODRIVER", "dummy", 1);
        run_profil_limited(&r, 30, args, NULL);
        unsetenv("SDL_VIDEODRIVER");
        unsetenv("SDL_AUDIODRIVER");
        cpu[i] = children_cpu_seconds() - before;
        ck_assert_msg(r.status == PROFIL_EXIT_RUN_LIMIT, "%s: status %d: %s", programs[i], r.status, r.err);
        if (i == 0)
            ck_assert_str_eq(r.err, "profil: --window: the card shows 2040x4064 pixels, more than the window shows "
                                    "(1048576); not shown\nprofil: " FIX("raster1.com") ": timeout after 1.000 s "
                                    "emulated\n");
    }
    ck_assert_msg(cpu[0] <= 2 * cpu[1] + 0.5, "raster1.com %.2f s of CPU, forever.com %.2f s", cpu[0], cpu[1]);
}
END_TEST

/* A lost display is a closed window: `xdotool windowkill` makes the X
 * server drop profil's connection (Xlib's default would exit 1 at once,
 * no profile, whatever --error-exitcode says); the run says so in one
 * line, writes a profile that reads back, and exits 130 as when the
 * window is closed. */
START_TEST(a_lost_display_is_a_closed_window)
{
    if (!x_ready(0, 0))
        return;
    unlink(TMP "/lost.PRF");
    FILE *f = xvfb_script(TMP "/losttest.sh", "1280x1024");
    fputs(XRUN "-o " TMP "/lost.PRF " FIX("forever.com") " < /dev/null > /dev/null 2> " TMP "/lost.err &\n"
          "RUN=$!\n"
          "WID=$(timeout 20 xdotool search --sync --name 'profil: forever.com' | head -1)\n"
          "sleep 0.5\n"
          "xdotool windowkill $WID\n",
          f);
    int status = xvfb_finish(f, TMP "/losttest.sh");
    char err[2048];
    slurp(TMP "/lost.err", err, sizeof err);
    ck_assert_msg(status == PROFIL_EXIT_INTERRUPTED, "status %d: %s", status, err);
    ck_assert_msg(strstr(err, "profil: --window: the display was lost (an X error); the run stops as when the window "
                              "is closed\n") != NULL && !strstr(err, "XIO"), "%s", err);
    struct run_result r;
    run_profil(&r, "show " TMP "/lost.PRF", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
}
END_TEST

Suite *window_suite(void)
{
    Suite *s = suite_create("window");
    TCase *tc = tcase_create("window");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_window_run_gives_the_headless_bytes);
    tcase_add_test(tc, no_display_is_one_line);
    tcase_add_test(tc, no_sound_device_is_one_line);
    tcase_add_test(tc, a_tiny_raster_costs_no_more_than_a_normal_one);
    tcase_add_test(tc, under_xvfb_keys_pixels_and_close);
    tcase_add_test(tc, under_xvfb_the_window_fits_and_alt_enter_toggles_full_screen);
    tcase_add_test(tc, control_keys_pass_unread_keys);
    tcase_add_test(tc, a_lost_display_is_a_closed_window);
    suite_add_tcase(s, tc);
    return s;
}
