/*
 * tests/x11/xclose.c: close an X window as a window manager's close button
 * does (a WM_PROTOCOLS client message with WM_DELETE_WINDOW), for
 * tests/check_window.c under Xvfb, which has no window manager (xdotool's
 * windowclose destroys the window instead).  Usage: xclose WINDOW-ID.
 * Built by the test itself with -lX11.
 */
#include <X11/Xlib.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    Display *d = XOpenDisplay(NULL);
    if (!d || argc != 2)
        return 2;
    XEvent e = { 0 };
    e.xclient.type = ClientMessage;
    e.xclient.window = (Window)strtoul(argv[1], NULL, 0);
    e.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
    e.xclient.data.l[1] = CurrentTime;
    XSendEvent(d, e.xclient.window, False, NoEventMask, &e);
    XCloseDisplay(d);
    return 0;
}
