/*
 * lib/window_sdl.h: the host's window, keyboard and sound for `run
 * --window`: the one module that calls SDL2 (lib/window_sdl.c), behind
 * this small interface, so that nothing else of profil needs SDL or a
 * display.  It knows nothing of the emulated machine: it shows a picture
 * of palette indexes, reports the host's keys as PC/XT scan codes (set 1,
 * docs/window.md), plays 8-bit samples and tells the wall clock.
 */
#ifndef PROFIL_LIB_WINDOW_SDL_H
#define PROFIL_LIB_WINDOW_SDL_H

#include <stddef.h>
#include <stdint.h>

struct host_window;

/* A host key: its set-1 scan code (codes of the 101-key keyboard's keys
 * the 83-key XT lacks: F11 57h, F12 58h; the other added keys as their
 * XT twins: right Ctrl as Ctrl, the arrow block as the keypad's), and
 * whether it went down.  The host's own repeats are not reported. */
struct host_key {
    uint8_t code;
    uint8_t down;
};

/* Open a window titled `title`, the largest 4:3 one that fits the
 * display (Alt+Enter: full screen and back), and the sound at `rate` Hz
 * (0: none; without a device, one line on stderr and none of the sound
 * libraries' own).  -1 with a one-line reason in err: no
 * display (neither DISPLAY nor WAYLAND_DISPLAY nor SDL_VIDEODRIVER set),
 * or SDL's own. */
int host_window_open(struct host_window **out, const char *title, unsigned rate, char *err, size_t errn);
void host_window_close(struct host_window *w);
void host_window_title(struct host_window *w, const char *title);
/* Show width x height palette indexes (palette: 256 RGB triples), scaled
 * to fit the window with a display aspect of `aspect` (width / height,
 * 4/3 for the PC's monitors), centred on black. */
int host_window_show(struct host_window *w, const uint8_t *pixels, unsigned width, unsigned height,
                     const uint8_t palette[768], double aspect);
/* The keys since the last call, in order, at most max (the rest wait);
 * *closed set when the window was closed (1), or its display lost (2: an
 * X error or a lost connection; nothing is shown after it). */
size_t host_window_poll(struct host_window *w, struct host_key *keys, size_t max, int *closed);
/* Queue samples (8-bit unsigned mono); 1 when the sound had run dry
 * before them (an underrun), 0 otherwise.  When the queue is empty (at
 * the start, after an underrun) 4096 samples (93 ms) of the first one's level go
 * first, so the device's buffer of 1024 does not run dry between frames.
 * Nothing without sound. */
int host_window_play(struct host_window *w, const uint8_t *samples, size_t n);
/* Samples queued and not yet played. */
size_t host_window_queued(const struct host_window *w);
/* The refresh rate of the window's display in Hz (60 when SDL does not
 * know it, at most 240). */
double host_window_refresh(const struct host_window *w);
/* The host's monotonic clock in seconds, and a sleep (pacing only: never
 * reaches the emulated machine). */
double host_window_seconds(void);
void host_window_sleep(double seconds);

#endif
