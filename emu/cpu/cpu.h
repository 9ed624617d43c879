/*
 * emu/cpu/cpu.h: the libx86emu wrapper as the machine sees it.
 *
 * Owns the x86emu_t, the memory/port callback (flat 1 MiB, wrapping, ROM
 * read-only, ports to our device models only), and the per-instruction
 * hook that settles each instruction's clock cost and calls
 * machine_boundary() when a deadline passed or CS:IP is a host-service trap.
 * Register access for the rest of the program is cpu_get()/cpu_set() in
 * machine.h.
 */
#ifndef PROFIL_EMU_CPU_H
#define PROFIL_EMU_CPU_H

#include <stdint.h>

struct machine;
struct exact_counts;
struct call_observer;

enum cpu_exit { CPU_EXIT_STOP, CPU_EXIT_HLT, CPU_EXIT_MAX_INSN };

int cpu_create(struct machine *m);
void cpu_destroy(struct machine *m);
/* Run until machine_stop(), HLT, or the instruction limit. */
enum cpu_exit cpu_run(struct machine *m);
/* Instructions executed so far (a REP string operation counts once). */
uint64_t cpu_insn_count(struct machine *m);
/* Charge the last instruction's cycles now instead of at the next
 * boundary (a run that stopped after it); returns them. */
uint64_t cpu_settle(struct machine *m);
/* --timing bus (emu/cpu/biu.h): time each instruction with the prefetch queue
 * and the bus from now on, the queue holding `queued` bytes from CS:IP. */
int cpu_set_bus_model(struct machine *m, unsigned queued);
/* --timing bus with no result taken from the memo: every instruction and
 * REP string played clock by clock, as biu_plan() and biu_run() give it.
 * The memo's results are exact (emu/cpu/biu_memo.h), so a run gives the
 * same clocks either way: the tests and the loader's fuzz target compare
 * the two.  After cpu_set_bus_model(). */
void cpu_bus_play_every(struct machine *m);
/* The bus model's memo so far: its lookups and misses (biu_memo_stats);
 * 0 and 0 without the bus model. */
void cpu_bus_memo_stats(struct machine *m, uint64_t *lookups, uint64_t *misses);
/* Installs the machine's observers, m->exact (the trace's counts) and
 * m->calls (the call tree's), either NULL, and picks the per-instruction
 * hook that does the least for them.  The only writer of the two: the
 * sampling hook does not look at them, so an observer set any other way
 * would count nothing. */
void cpu_observe(struct machine *m, struct exact_counts *exact, const struct call_observer *calls);
/* m->exact's touched list was installed (sampler/frames.c): picks the hook
 * that keeps it.  (The table clock's trace hooks without the list do not
 * look at it; every other path does.) */
void cpu_exact_listed(struct machine *m);
/* m->card_lo or m->card_span changed (machine_set_video). */
void cpu_card_changed(struct machine *m);
/* --timing bus: m->video_waits changed (machine_set_video_waits). */
void cpu_video_waits_changed(struct machine *m);
/* The address of the instruction executing now (for messages from port
 * and memory callbacks, which run in its middle). */
void cpu_current_insn(struct machine *m, uint16_t *cs, uint16_t *ip);

#endif
