/*
 * emu/cpu/cpu_models.h: the CPU models `--cpu` offers, one row each.
 *
 * Owns every question about the model: its name, its bus width and queue
 * length, its instruction set (what the wrapper adds or takes away from
 * libx86emu's), whose clock table times it, whether the bus model has
 * plans for it, and how it resumes a REP string an interrupt stopped.
 * Code asks the row (cpu_model_row()), never the enum's order: a new
 * model (a NEC V20: the 8088's bus, the 186's instructions) is one row.
 */
#ifndef PROFIL_EMU_CPU_MODELS_H
#define PROFIL_EMU_CPU_MODELS_H

/* The models, in cpu_models.c's table order (profil.h's enum profil_cpu
 * follows it). */
enum cpu_model { CPU_8088, CPU_8086, CPU_186, CPU_286, CPU_MODELS };

/* Which instructions the model has beyond libx86emu's (a 386 in real
 * mode, with the wrapper's fixes): the 8086's (cpu_fix8086.c's fidelity
 * layer and cpu8086.c), the 186's or the 286's (libx86emu's own, with
 * the fixes cpu_fix8086.c lists for them). */
enum cpu_isa { CPU_ISA_8086, CPU_ISA_186, CPU_ISA_286 };

struct cpu_model_row {
    const char *name;           /* --cpu's name, the .prx's and .prc's "cpu" */
    unsigned bus_bytes;         /* the data bus: 1 (8088: a word is two transfers) or 2 */
    unsigned queue;             /* the prefetch queue's bytes: 4 or 6 */
    enum cpu_isa isa;
    int own_clocks;             /* timed by its own clock table (else the 8086's: "timed as an 8086") */
    int bus_plans;              /* --timing bus has its plans (biu_plans.inc), and is its default */
    /* An interrupt between a REP string's iterations pushes the address of
     * the string's first prefix (1: the 186 and later) or of its last
     * prefix only (0: the NMOS 8088/8086, which lose the earlier prefixes
     * on return; docs/timing.md). */
    int resume_all_prefixes;
};

/* The row of a model; NULL when `model` is none. */
const struct cpu_model_row *cpu_model_row(enum cpu_model model);
/* Its name, or "?" when it is none. */
const char *cpu_model_name(enum cpu_model model);
/* Parses one of the names; -1 when it is none of them. */
int cpu_model_parse(const char *name, enum cpu_model *out);

#endif
