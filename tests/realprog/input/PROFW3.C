/* PROFW3.C: include/profdos.h under Microsoft C 5.1 at warning level 3
   (CL /W3 /c), for the compatibility corpus (public domain): every
   function and macro of the header used once, so that each of its
   definitions is compiled; the case expects no warning. */
#include "PROFDOS.H"

int main(void)
{
    unsigned char s = profdos_version();
    s |= profdos_start();
    s |= profdos_clear();
    s |= profdos_frame();
    s |= profdos_mark("m");
    s |= profdos_enter("z");
    s |= profdos_leave("z");
    s |= profdos_dump("D.PRF");
    s |= profdos_stop();
    return s == PROFDOS_NOT_PRESENT ? 1 : 0;
}
