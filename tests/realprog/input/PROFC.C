/* PROFC.C: include/profdos.h under Microsoft C 5.1, for the compatibility
   corpus (public domain).  hot() runs its loop 450 times, cold() the same
   loop 150 times (both counts above 127, so both compares take a 16-bit
   immediate and the loops' code is the same bytes); ten rounds of both,
   each round a frame, then a mark, bracketed by START and STOP.  What it
   prints does not depend on profil (the statuses are not printed: without
   profil every one reads FFh):
   sink = 10 x (0+1+...+449 + 0+1+...+149) = 10 x (101025 + 11175) = 1122000. */
#include <stdio.h>
#include "PROFDOS.H"

static unsigned long sink;

void hot(void)
{
    unsigned i;
    for (i = 0; i < 450; i++)
        sink += i;
}

void cold(void)
{
    unsigned i;
    for (i = 0; i < 150; i++)
        sink += i;
}

int main(void)
{
    int round;
    profdos_start();
    for (round = 0; round < 10; round++) {
        profdos_frame();
        hot();
        cold();
    }
    profdos_mark("done");
    profdos_stop();
    printf("sink %lu\n", sink);
    return 0;
}
