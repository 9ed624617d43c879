/*
 * lib/window_none.c: --window in libprofil.a, the library without the
 * window (Makefile, docs/api.md): an embedder that links it links no SDL,
 * and a session that asks for a window fails before it runs, saying which
 * library has one.  libprofil-window.a and the tree's programs link
 * lib/window.c instead.
 */
#include "session_internal.h"

enum profil_error window_open(struct profil_session *s)
{
    return session_fail(s, PROFIL_ERR_SETUP,
                        "--window: this library has no window (link libprofil-window: pkg-config profil-window)");
}
