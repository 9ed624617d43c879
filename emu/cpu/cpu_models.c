/*
 * emu/cpu/cpu_models.c: the table of CPU models, one row each
 * (cpu_models.h); the only place that knows which model is which.
 */
#include "cpu_models.h"

#include <string.h>

static const struct cpu_model_row models[CPU_MODELS] = {
    [CPU_8088] = { .name = "8088", .bus_bytes = 1, .queue = 4, .isa = CPU_ISA_8086, .own_clocks = 1,
                   .bus_plans = 1, .resume_all_prefixes = 0 },
    [CPU_8086] = { .name = "8086", .bus_bytes = 2, .queue = 6, .isa = CPU_ISA_8086, .own_clocks = 1,
                   .bus_plans = 1, .resume_all_prefixes = 0 },
    [CPU_186] = { .name = "186", .bus_bytes = 2, .queue = 6, .isa = CPU_ISA_186, .own_clocks = 0,
                  .bus_plans = 0, .resume_all_prefixes = 1 },
    [CPU_286] = { .name = "286", .bus_bytes = 2, .queue = 6, .isa = CPU_ISA_286, .own_clocks = 0,
                  .bus_plans = 0, .resume_all_prefixes = 1 },
};

const struct cpu_model_row *cpu_model_row(enum cpu_model model)
{
    return (unsigned)model < CPU_MODELS ? &models[model] : NULL;
}

const char *cpu_model_name(enum cpu_model model)
{
    return (unsigned)model < CPU_MODELS ? models[model].name : "?";
}

int cpu_model_parse(const char *name, enum cpu_model *out)
{
    for (unsigned i = 0; i < CPU_MODELS; i++)
        if (strcmp(name, models[i].name) == 0) {
            *out = (enum cpu_model)i;
            return 0;
        }
    return -1;
}
