/*
 * lib/window_sdl.c: SDL2 for `run --window` (see window_sdl.h): the
 * window, its texture, the host keys as set-1 scan codes, the sound.
 */
#include "window_sdl.h"

#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef __APPLE__
#include <dlfcn.h>
#endif
#if defined(SDL_VIDEO_DRIVER_X11) && !defined(__APPLE__)
#define WINDOW_X11 1
#include <SDL2/SDL_syswm.h>
#endif

struct host_window {
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Texture *tex;
    unsigned tw, th;
    uint32_t *rgb;
    SDL_AudioDeviceID audio;
    int played;                 /* sound was queued before */
    int alt_enter;              /* Enter went down with Alt: its release is not the program's either */
    int stale;                  /* the window shows not what rgb holds: drawn again even if unchanged */
    volatile int lost;          /* an X error, or the X connection lost: the window is gone */
    void *alsa;                 /* libasound, held with its error handler silenced */
};

#ifndef __APPLE__
/* ALSA prints its errors to stderr itself (eight lines for "no card",
 * snd_lib_error's default handler) before SDL's ALSA driver reports the
 * failure that profil says in one line ("no sound: ..."); SDL sets no
 * handler of its own.  So while the sound is open the handler is one
 * that says nothing, set in the libasound SDL will load (the same
 * library, held open here); nothing when there is no libasound. */
static void alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...)
{
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    (void)fmt;
}

typedef void (*alsa_handler)(const char *, int, const char *, int, const char *, ...);

static void alsa_silence(struct host_window *w, int on)
{
    if (on && !w->alsa)
        w->alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (!w->alsa)
        return;
    int (*set)(alsa_handler) = (int (*)(alsa_handler))dlsym(w->alsa, "snd_lib_error_set_handler");
    if (set)
        set(on ? alsa_quiet : NULL);    /* NULL: ALSA's default again */
    if (!on) {
        dlclose(w->alsa);
        w->alsa = NULL;
    }
}
#else
static void alsa_silence(struct host_window *w, int on)
{
    (void)w;
    (void)on;
}
#endif

#ifdef WINDOW_X11
/* An X error or a lost connection ends a run as a closed window does
 * (docs/window.md), not through Xlib's default handlers (exit 1, no
 * profile).  The functions are looked up in the libX11 SDL loaded (no
 * link of our own); a protocol error finds its window through the
 * Display's extension data (XEHeadOfExtensionList), tagged X_WINDOW_TAG;
 * a lost connection through the exit handler's own pointer (libX11 1.7's
 * XSetIOErrorExitHandler, after which Xlib's calls on that Display do
 * nothing). */
#define X_WINDOW_TAG 0x70726F66     /* "prof" */

static void *x11_function(const char *name)
{
    void *lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    void *f = lib ? dlsym(lib, name) : NULL;
    if (lib)
        dlclose(lib);           /* SDL holds it loaded */
    return f;
}

static struct host_window *x11_window_of(Display *d)
{
    XExtData **(*head)(XEDataObject) = (XExtData **(*)(XEDataObject))x11_function("XEHeadOfExtensionList");
    XExtData *(*find)(XExtData **, int) = (XExtData *(*)(XExtData **, int))x11_function("XFindOnExtensionList");
    XEDataObject o;
    o.display = d;
    XExtData *e = head && find ? find(head(o), X_WINDOW_TAG) : NULL;
    return e ? (struct host_window *)(void *)e->private_data : NULL;
}

static int x11_error(Display *d, XErrorEvent *e)
{
    (void)e;
    struct host_window *w = x11_window_of(d);
    if (w)
        w->lost = 1;
    return 0;
}

static int x11_io_error(Display *d)
{
    (void)d;
    return 0;                   /* said by the run (window.c): one line */
}

static void x11_io_exit(Display *d, void *w)
{
    (void)d;
    ((struct host_window *)w)->lost = 1;
}

static int x11_keep_private(XExtData *e)
{
    (void)e;                    /* the window is freed by host_window_close() */
    return 0;
}

/* The handlers on the window's X Display; nothing when it is not X's or
 * libX11 lacks them (before 1.7: Xlib's own handlers stay). */
static void x11_watch(struct host_window *w)
{
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(w->win, &info) || info.subsystem != SDL_SYSWM_X11)
        return;
    Display *d = info.info.x11.display;
    XErrorHandler (*set_error)(XErrorHandler) = (XErrorHandler (*)(XErrorHandler))x11_function("XSetErrorHandler");
    XIOErrorHandler (*set_io)(XIOErrorHandler) = (XIOErrorHandler (*)(XIOErrorHandler))x11_function("XSetIOErrorHandler");
    void (*set_exit)(Display *, XIOErrorExitHandler, void *) =
        (void (*)(Display *, XIOErrorExitHandler, void *))x11_function("XSetIOErrorExitHandler");
    int (*add)(XExtData **, XExtData *) = (int (*)(XExtData **, XExtData *))x11_function("XAddToExtensionList");
    XExtData **(*head)(XEDataObject) = (XExtData **(*)(XEDataObject))x11_function("XEHeadOfExtensionList");
    XExtData *tag = calloc(1, sizeof *tag);     /* Xlib frees it with the Display */
    if (!set_error || !set_io || !set_exit || !add || !head || !tag) {
        free(tag);
        return;
    }
    *tag = (XExtData){ .number = X_WINDOW_TAG, .free_private = x11_keep_private, .private_data = (XPointer)(void *)w };
    XEDataObject o;
    o.display = d;
    add(head(o), tag);
    set_error(x11_error);
    set_io(x11_io_error);
    set_exit(d, x11_io_exit, w);
}
#endif

/* SDL's scancodes (USB HID usage ids) to PC/XT set 1.  The 83-key
 * keyboard's own keys as IBM's Technical Reference numbers them; of the
 * keys it lacks, F11/F12 keep the 101-key keyboard's 57h/58h (profil's
 * control keys by default, never sent to the program), and the others
 * become their twin: right Ctrl/Alt/Shift as the left ones, the arrow
 * and Insert/Home/PgUp block as the keypad's (the XT's only ones), keypad
 * Enter and / as Enter and /.  0: not sent. */
static uint8_t set1_of(SDL_Scancode sc)
{
    static const struct { SDL_Scancode sc; uint8_t code; } map[] = {
        { SDL_SCANCODE_ESCAPE, 0x01 }, { SDL_SCANCODE_1, 0x02 }, { SDL_SCANCODE_2, 0x03 },
        { SDL_SCANCODE_3, 0x04 }, { SDL_SCANCODE_4, 0x05 }, { SDL_SCANCODE_5, 0x06 }, { SDL_SCANCODE_6, 0x07 },
        { SDL_SCANCODE_7, 0x08 }, { SDL_SCANCODE_8, 0x09 }, { SDL_SCANCODE_9, 0x0A }, { SDL_SCANCODE_0, 0x0B },
        { SDL_SCANCODE_MINUS, 0x0C }, { SDL_SCANCODE_EQUALS, 0x0D }, { SDL_SCANCODE_BACKSPACE, 0x0E },
        { SDL_SCANCODE_TAB, 0x0F }, { SDL_SCANCODE_Q, 0x10 }, { SDL_SCANCODE_W, 0x11 }, { SDL_SCANCODE_E, 0x12 },
        { SDL_SCANCODE_R, 0x13 }, { SDL_SCANCODE_T, 0x14 }, { SDL_SCANCODE_Y, 0x15 }, { SDL_SCANCODE_U, 0x16 },
        { SDL_SCANCODE_I, 0x17 }, { SDL_SCANCODE_O, 0x18 }, { SDL_SCANCODE_P, 0x19 },
        { SDL_SCANCODE_LEFTBRACKET, 0x1A }, { SDL_SCANCODE_RIGHTBRACKET, 0x1B }, { SDL_SCANCODE_RETURN, 0x1C },
        { SDL_SCANCODE_KP_ENTER, 0x1C }, { SDL_SCANCODE_LCTRL, 0x1D }, { SDL_SCANCODE_RCTRL, 0x1D },
        { SDL_SCANCODE_A, 0x1E }, { SDL_SCANCODE_S, 0x1F }, { SDL_SCANCODE_D, 0x20 }, { SDL_SCANCODE_F, 0x21 },
        { SDL_SCANCODE_G, 0x22 }, { SDL_SCANCODE_H, 0x23 }, { SDL_SCANCODE_J, 0x24 }, { SDL_SCANCODE_K, 0x25 },
        { SDL_SCANCODE_L, 0x26 }, { SDL_SCANCODE_SEMICOLON, 0x27 }, { SDL_SCANCODE_APOSTROPHE, 0x28 },
        { SDL_SCANCODE_GRAVE, 0x29 }, { SDL_SCANCODE_LSHIFT, 0x2A }, { SDL_SCANCODE_BACKSLASH, 0x2B },
        { SDL_SCANCODE_Z, 0x2C }, { SDL_SCANCODE_X, 0x2D }, { SDL_SCANCODE_C, 0x2E }, { SDL_SCANCODE_V, 0x2F },
        { SDL_SCANCODE_B, 0x30 }, { SDL_SCANCODE_N, 0x31 }, { SDL_SCANCODE_M, 0x32 }, { SDL_SCANCODE_COMMA, 0x33 },
        { SDL_SCANCODE_PERIOD, 0x34 }, { SDL_SCANCODE_SLASH, 0x35 }, { SDL_SCANCODE_KP_DIVIDE, 0x35 },
        { SDL_SCANCODE_RSHIFT, 0x36 }, { SDL_SCANCODE_KP_MULTIPLY, 0x37 }, { SDL_SCANCODE_PRINTSCREEN, 0x37 },
        { SDL_SCANCODE_LALT, 0x38 }, { SDL_SCANCODE_RALT, 0x38 }, { SDL_SCANCODE_SPACE, 0x39 },
        { SDL_SCANCODE_CAPSLOCK, 0x3A }, { SDL_SCANCODE_F1, 0x3B }, { SDL_SCANCODE_F2, 0x3C },
        { SDL_SCANCODE_F3, 0x3D }, { SDL_SCANCODE_F4, 0x3E }, { SDL_SCANCODE_F5, 0x3F }, { SDL_SCANCODE_F6, 0x40 },
        { SDL_SCANCODE_F7, 0x41 }, { SDL_SCANCODE_F8, 0x42 }, { SDL_SCANCODE_F9, 0x43 }, { SDL_SCANCODE_F10, 0x44 },
        { SDL_SCANCODE_NUMLOCKCLEAR, 0x45 }, { SDL_SCANCODE_SCROLLLOCK, 0x46 }, { SDL_SCANCODE_KP_7, 0x47 },
        { SDL_SCANCODE_HOME, 0x47 }, { SDL_SCANCODE_KP_8, 0x48 }, { SDL_SCANCODE_UP, 0x48 },
        { SDL_SCANCODE_KP_9, 0x49 }, { SDL_SCANCODE_PAGEUP, 0x49 }, { SDL_SCANCODE_KP_MINUS, 0x4A },
        { SDL_SCANCODE_KP_4, 0x4B }, { SDL_SCANCODE_LEFT, 0x4B }, { SDL_SCANCODE_KP_5, 0x4C },
        { SDL_SCANCODE_KP_6, 0x4D }, { SDL_SCANCODE_RIGHT, 0x4D }, { SDL_SCANCODE_KP_PLUS, 0x4E },
        { SDL_SCANCODE_KP_1, 0x4F }, { SDL_SCANCODE_END, 0x4F }, { SDL_SCANCODE_KP_2, 0x50 },
        { SDL_SCANCODE_DOWN, 0x50 }, { SDL_SCANCODE_KP_3, 0x51 }, { SDL_SCANCODE_PAGEDOWN, 0x51 },
        { SDL_SCANCODE_KP_0, 0x52 }, { SDL_SCANCODE_INSERT, 0x52 }, { SDL_SCANCODE_KP_PERIOD, 0x53 },
        { SDL_SCANCODE_DELETE, 0x53 }, { SDL_SCANCODE_F11, 0x57 }, { SDL_SCANCODE_F12, 0x58 },
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (map[i].sc == sc)
            return map[i].code;
    return 0;
}

/* The window's first size: the largest 4:3 one within nine tenths of the
 * first display's usable bounds (less the desktop's panels), the tenth
 * left for the window's frame, which a window manager tells only once
 * the window is shown; 640x480 when SDL does not know the bounds, at
 * least 320x240. */
#define WINDOW_MIN_W 320
#define WINDOW_MIN_H 240
static void window_size(int *w, int *h)
{
    SDL_Rect usable;
    int units = 160;                /* 4:3 units of 4 x 3 pixels */
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
        int across = usable.w * 9 / 10 / 4, down = usable.h * 9 / 10 / 3;
        units = across < down ? across : down;
    }
    if (units < WINDOW_MIN_W / 4)
        units = WINDOW_MIN_W / 4;
    *w = 4 * units;
    *h = 3 * units;
}

int host_window_open(struct host_window **out, const char *title, unsigned rate, char *err, size_t errn)
{
    *out = NULL;
#ifndef __APPLE__                   /* macOS has its own (Cocoa) */
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY") && !getenv("SDL_VIDEODRIVER")) {
        snprintf(err, errn, "--window: no display: neither DISPLAY (X11) nor WAYLAND_DISPLAY (Wayland) is set");
        return -1;
    }
    /* The display named, never a fallback of SDL's (offscreen, dummy,
     * KMS/DRM): a window nobody sees takes no keys and is never closed.
     * SDL_VIDEODRIVER, when set, is the user's choice. */
    const char *driver = getenv("SDL_VIDEODRIVER");
    if (!driver || !driver[0])
        SDL_SetHint(SDL_HINT_VIDEODRIVER, !getenv("DISPLAY") ? "wayland" : !getenv("WAYLAND_DISPLAY") ? "x11"
                                                                                               : "x11,wayland");
#else
    const char *driver = "";
#endif
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (driver && driver[0])
            snprintf(err, errn, "--window: %s", SDL_GetError());
        else
            snprintf(err, errn, "--window: no display: nothing answers at%s%s%s%s (%s)",
                     getenv("DISPLAY") ? " DISPLAY=" : "", getenv("DISPLAY") ? getenv("DISPLAY") : "",
                     getenv("WAYLAND_DISPLAY") ? " WAYLAND_DISPLAY=" : "",
                     getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "", SDL_GetError());
        SDL_Quit();
        return -1;
    }
    struct host_window *w = calloc(1, sizeof *w);
    if (!w) {
        SDL_Quit();
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (rate) {
        alsa_silence(w, 1);
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            fprintf(stderr, "profil: --window: no sound: %s\n", SDL_GetError());
            rate = 0;
        }
    }
    int ww, wh;
    window_size(&ww, &wh);
    w->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, ww, wh, SDL_WINDOW_RESIZABLE);
    if (w->win)
        SDL_SetWindowMinimumSize(w->win, WINDOW_MIN_W, WINDOW_MIN_H);
    w->ren = w->win ? SDL_CreateRenderer(w->win, -1, 0) : NULL;
    if (!w->ren) {
        snprintf(err, errn, "--window: %s", SDL_GetError());
        host_window_close(w);
        return -1;
    }
#ifdef WINDOW_X11
    x11_watch(w);
#endif
    if (rate) {
        SDL_AudioSpec want = { .freq = (int)rate, .format = AUDIO_U8, .channels = 1, .samples = 1024 }, got;
        w->audio = SDL_OpenAudioDevice(NULL, 0, &want, &got, 0);
        if (w->audio)
            SDL_PauseAudioDevice(w->audio, 0);
        else
            fprintf(stderr, "profil: --window: no sound: %s\n", SDL_GetError());
    }
    *out = w;
    return 0;
}

void host_window_close(struct host_window *w)
{
    if (!w)
        return;
    if (w->audio)
        SDL_CloseAudioDevice(w->audio);
    if (w->lost) {              /* its X connection is gone: nothing of SDL's video is called again */
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        alsa_silence(w, 0);
        free(w->rgb);
        free(w);
        return;
    }
    if (w->tex)
        SDL_DestroyTexture(w->tex);
    if (w->ren)
        SDL_DestroyRenderer(w->ren);
    if (w->win)
        SDL_DestroyWindow(w->win);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    alsa_silence(w, 0);
    free(w->rgb);
    free(w);
    SDL_Quit();
}

double host_window_refresh(const struct host_window *w)
{
    SDL_DisplayMode mode;
    int at = SDL_GetWindowDisplayIndex(w->win);
    if (at < 0 || SDL_GetCurrentDisplayMode(at, &mode) != 0 || mode.refresh_rate <= 0)
        return 60.0;
    return mode.refresh_rate > 240 ? 240.0 : (double)mode.refresh_rate;
}

void host_window_title(struct host_window *w, const char *title)
{
    if (!w->lost)
        SDL_SetWindowTitle(w->win, title);
}

int host_window_show(struct host_window *w, const uint8_t *pixels, unsigned width, unsigned height,
                     const uint8_t palette[768], double aspect)
{
    if (!width || !height || w->lost)
        return -1;
    if (!w->tex || w->tw != width || w->th != height) {
        if (w->tex)
            SDL_DestroyTexture(w->tex);
        free(w->rgb);
        w->rgb = calloc((size_t)width * height, sizeof *w->rgb);
        w->stale = 1;
        w->tex = SDL_CreateTexture(w->ren, SDL_PIXELFORMAT_XRGB8888, SDL_TEXTUREACCESS_STREAMING, (int)width,
                                   (int)height);
        w->tw = width;
        w->th = height;
        if (!w->rgb || !w->tex) {
            w->tw = w->th = 0;
            return -1;
        }
    }
    uint32_t changed = 0;
    for (size_t i = 0; i < (size_t)width * height; i++) {
        const uint8_t *c = palette + 3 * pixels[i];
        uint32_t v = (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
        changed |= w->rgb[i] ^ v;
        w->rgb[i] = v;
    }
    if (!changed && !w->stale)
        return 0;               /* the window shows it already: no upload, no present */
    w->stale = 0;
    SDL_UpdateTexture(w->tex, NULL, w->rgb, (int)(width * sizeof *w->rgb));
    int ww, wh;
    SDL_GetRendererOutputSize(w->ren, &ww, &wh);
    SDL_Rect dst = { 0, 0, ww, (int)(ww / aspect) };
    if (dst.h > wh) {
        dst.h = wh;
        dst.w = (int)(wh * aspect);
    }
    dst.x = (ww - dst.w) / 2;
    dst.y = (wh - dst.h) / 2;
    SDL_SetRenderDrawColor(w->ren, 0, 0, 0, 255);
    SDL_RenderClear(w->ren);
    SDL_RenderCopy(w->ren, w->tex, NULL, &dst);
    SDL_RenderPresent(w->ren);
    return 0;
}

size_t host_window_poll(struct host_window *w, struct host_key *keys, size_t max, int *closed)
{
    size_t n = 0;
    SDL_Event e;
    if (w->lost) {
        *closed = 2;
        return 0;
    }
    while (n < max && SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT || (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE)) {
            *closed = 1;
        } else if (e.type == SDL_WINDOWEVENT || e.type == SDL_RENDER_TARGETS_RESET ||
                   e.type == SDL_RENDER_DEVICE_RESET) {
            w->stale = 1;       /* shown, uncovered, resized, full screen: drawn again */
        } else if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) &&
                   (e.key.keysym.scancode == SDL_SCANCODE_RETURN || e.key.keysym.scancode == SDL_SCANCODE_KP_ENTER) &&
                   (e.type == SDL_KEYDOWN ? (e.key.keysym.mod & KMOD_ALT) != 0 : w->alt_enter)) {
            /* Alt+Enter: full screen and back, as in DOSBox; the Enter is
             * not the program's (the Alt before it was). */
            w->alt_enter = e.type == SDL_KEYDOWN;
            if (e.type == SDL_KEYDOWN && !e.key.repeat)
                SDL_SetWindowFullscreen(w->win, SDL_GetWindowFlags(w->win) & SDL_WINDOW_FULLSCREEN ? 0
                                                : SDL_WINDOW_FULLSCREEN_DESKTOP);
        } else if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && !e.key.repeat) {
            uint8_t code = set1_of(e.key.keysym.scancode);
            if (code)
                keys[n++] = (struct host_key){ code, e.type == SDL_KEYDOWN };
        }
    }
    return n;
}

int host_window_play(struct host_window *w, const uint8_t *samples, size_t n)
{
    if (!w->audio || !n)
        return 0;
    int dry = SDL_GetQueuedAudioSize(w->audio) == 0, underrun = dry && w->played;
    if (dry) {                  /* a cushion of the level the sound starts at: the device's buffer */
        uint8_t cushion[4096];
        memset(cushion, samples[0], sizeof cushion);
        SDL_QueueAudio(w->audio, cushion, sizeof cushion);
    }
    w->played = 1;
    SDL_QueueAudio(w->audio, samples, (Uint32)n);
    return underrun;
}

size_t host_window_queued(const struct host_window *w)
{
    return w->audio ? SDL_GetQueuedAudioSize(w->audio) : 0;
}

double host_window_seconds(void)
{
    return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

void host_window_sleep(double seconds)
{
    if (seconds > 0)
        SDL_Delay((Uint32)(seconds * 1000.0));
}
