/*
 * tests/check_svcprof.c: time per DOS and BIOS service (sampler/svcprof): the
 * .prx's "services" section, `hist --by service`, the run summary's
 * service lines, and time in a program's own INT handler staying the
 * program's.  Figures from emu/costs.h (docs/costs.md), under --timing
 * table; interrupts are off in the fixtures, so no timer runs.
 */
#include "testutil.h"

#include "../emu/services.h"
#include "../formats/prc.h"
#include "../formats/prx.h"

/* svctime.com, by emu/costs.h:
 *   INT 21h/40h, 1000 bytes to handle 1 (the console): COST_DOS_CALL 350
 *     + 1000 x (COST_DOS_CON_CHAR 120 + COST_TTY_CHAR 900) = 1020350
 *   INT 10h/0Eh: COST_BIOS_CALL 120 + COST_TTY_CHAR 900 = 1020, x 10 = 10200
 *   INT 16h/01h: 120; INT 16h/00h, a key from stdin: 120 + COST_KBD_CHAR 150 = 270
 *   INT 21h/4Ch: 350 */
static const struct { const char *label; uint64_t calls, cycles; } svctime[] = {
    { "INT 21h/40h write", 1, 1020350 }, { "INT 10h/0Eh teletype", 10, 10200 },
    { "INT 21h/4Ch exit", 1, 350 }, { "INT 16h/00h get key", 1, 270 }, { "INT 16h/01h key ready", 1, 120 },
};

static void key_file(void)
{
    if (system("mkdir -p " TMP " && printf k > " TMP "/key.txt") != 0)
        ck_abort_msg("cannot write " TMP "/key.txt");
}

static void read_prx(const char *path, struct prx *x)
{
    char err[600];
    ck_assert_msg(prx_read_file(path, x, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_nonnull(x->services);
}

/* svctime.com under `mode` (--trace, --stacks), a key on stdin, its .prx read. */
static void run_svctime(struct run_result *r, const char *mode, struct prx *x)
{
    char args[300];
    key_file();
    snprintf(args, sizeof args, "run --timing table %s -o " TMP "/svc.PRF " FIX("svctime.com"), mode);
    run_profil(r, args, TMP "/key.txt");
    ck_assert_int_eq(r->status, 0);
    read_prx(TMP "/svc.prx", x);
}

static const struct prx_service *find(const struct prx *x, const char *label)
{
    for (size_t i = 0; i < x->nservices; i++)
        if (strcmp(x->services[i].label, label) == 0)
            return &x->services[i];
    ck_abort_msg("no service row \"%s\"", label);
    return NULL;
}

/* Trace: each service's calls and cycles exactly, busiest first. */
START_TEST(trace_counts_each_service)
{
    struct run_result r;
    struct prx x;
    run_svctime(&r, "--trace", &x);
    ck_assert_uint_eq(x.nservices, 5);
    for (size_t i = 0; i < 5; i++) {
        ck_assert_str_eq(x.services[i].label, svctime[i].label);    /* in this order: by cycles */
        ck_assert_uint_eq(x.services[i].calls, svctime[i].calls);
        ck_assert_uint_eq(x.services[i].cycles, svctime[i].cycles);
        ck_assert_uint_eq(x.services[i].insns, 0);
    }
    uint32_t id = x.services[0].id;
    ck_assert_uint_eq(SVC_VEC(id), 0x21);
    ck_assert_uint_eq(SVC_AH(id), 0x40);
    ck_assert(id & SVC_HAS_AH);
    /* The summary: the write is 1020350 of 1033066 cycles (98.8%), the
     * teletype 10200 (0.99%, under the 1% shown). */
    ck_assert_msg(strstr(r.err, "profil:   INT 21h/40h write           98.8%\n") != NULL, "%s", r.err);
    ck_assert_ptr_null(strstr(r.err, "teletype"));
    prx_free(&x);
}
END_TEST

/* Sampling (--stacks writes the .prx): one tick per 476 cycles (-i 100).
 * The write's span is the INT 21h (71 cycles; a tick in it goes to the
 * stub) and its 1020350: 1020421 / 476 = 2143.7 ticks; the calls and
 * cycles are the same as in the trace. */
START_TEST(sampling_counts_samples_per_service)
{
    struct run_result r;
    struct prx x;
    run_svctime(&r, "--stacks", &x);
    const struct prx_service *w = find(&x, "INT 21h/40h write");
    ck_assert_msg(w->samples == 2143 || w->samples == 2144, "%llu samples", (unsigned long long)w->samples);
    ck_assert_uint_eq(w->cycles, 1020350);
    /* teletype: 10 x (71 + 1020) = 10910 cycles -> 22.9 ticks */
    const struct prx_service *t = find(&x, "INT 10h/0Eh teletype");
    ck_assert_msg(t->samples == 22 || t->samples == 23, "%llu samples", (unsigned long long)t->samples);
    /* all samples: 1033066 cycles / 476 = 2170.3 */
    ck_assert_uint_eq(x.service_samples, 2170);
    ck_assert_msg(strstr(r.err, "profil:   INT 21h/40h write           98.") != NULL, "%s", r.err);
    ck_assert_msg(strstr(r.err, "profil:   INT 10h/0Eh teletype         1.") != NULL, "%s", r.err);
    prx_free(&x);
}
END_TEST

/* hist --by service: text, csv, json; and what it refuses. */
START_TEST(hist_by_service)
{
    struct run_result r;
    struct prx x;
    run_svctime(&r, "-q --trace", &x);
    prx_free(&x);
    run_profil(&r, "hist " TMP "/svc.prx --by service", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "     1020350   98.8%        1") != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, "       10200    1.0%       10") != NULL, "%s", r.out);
    /* 1031290 = the five services' cycles */
    ck_assert_msg(strstr(r.out, "5 service(s): 1031290 of 1033066 cycles in DOS and BIOS services (99.8%") != NULL,
                  "%s", r.out);
    run_profil(&r, "hist " TMP "/svc.prx --by service --format csv", NULL);
    ck_assert_msg(strncmp(r.out, "service,id,calls,samples,cycles,instructions,percent\n\"INT 21h/40h write\",", 73) == 0,
                  "%s", r.out);
    run_profil(&r, "hist " TMP "/svc.prx --by service --format json --metric instructions", NULL);
    ck_assert_msg(strstr(r.out, "\"metric\": \"instructions\"") != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, "{\"service\": \"INT 10h/0Eh teletype\", \"id\": ") != NULL, "%s", r.out);
    run_profil(&r, "hist " TMP "/svc.prx --by service --format svg", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --format svg: --by service is printed as text, csv or json\n");
}
END_TEST

/* A plain sampling run has no .prx: hist FILE.PRF --by service reads the
 * services from NAME.prc beside it (the same rows); without it, it says
 * where they are. */
START_TEST(hist_by_service_of_a_prf)
{
    struct run_result r;
    key_file();
    struct profil_options o = fixture_options(FIX("svctime.com"), TMP "/plain.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, TMP "/key.txt");
    ck_assert_int_eq(r.status, 0);
    ck_assert(!file_exists(TMP "/plain.prx"));
    run_profil(&r, "hist " TMP "/plain.PRF --by service", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: exact counts from " TMP "/plain.prc\n");
    /* 2143 or 2144 of 2170 samples (see sampling_counts_samples_per_service) */
    ck_assert_msg(strstr(r.out, "   98.8%        1      1020350            0  INT 21h/40h write\n") != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, " of 2170 samples in DOS and BIOS services") != NULL, "%s", r.out);
    /* A bad service row in the .prc is named, and the .prc is not used. */
    static char text[16384];
    char err[600];
    struct prc c;
    slurp(TMP "/plain.prc", text, sizeof text);
    char *row = strstr(text, "[153174016, \"INT 21h/40h write\"");
    ck_assert_ptr_nonnull(row);
    memset(row, ' ', (size_t)(strchr(row, ']') - row + 1));     /* the row becomes [1, 2, 3] */
    memcpy(row, "[1, 2, 3]", 9);
    FILE *f = fopen(TMP "/plain.prc", "w");
    fputs(text, f);
    fclose(f);
    ck_assert_int_eq(prc_read_file(TMP "/plain.prc", &c, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "service row 0 is not [id, service, samples, calls, cycles, instructions]") != NULL,
                  "%s", err);
    if (remove(TMP "/plain.prc") != 0)
        ck_abort();
    run_profil(&r, "hist " TMP "/plain.PRF --by service", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "profil: " TMP "/plain.PRF: a .PRF has DOS and BIOS time as two rows; the time per "
                                "service is in the NAME.prc beside it (or a .prx) that profil run writes\n") != NULL,
                  "%s", r.err);
}
END_TEST

/* A .prx without "services" (written before they were counted) still
 * reads; --by service says why it cannot list them; a bad row is named. */
START_TEST(older_prx_and_bad_rows)
{
    static const char head[] = "{\"format\": \"profil-prx\", \"version\": 3, \"instructions\": 1, \"cycles\": 1, "
                               "\"layout\": {\"clock_grain\": 1, \"bucket_size\": 1, \"bucket_num\": 1, "
                               "\"prog_low_pa\": 1, \"prog_high_pa\": 2, \"dos_pa\": 1}, \"addresses\": []";
    struct prx x;
    struct run_result r;
    char err[600];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    FILE *f = fopen(TMP "/old.prx", "w");
    fprintf(f, "%s}", head);
    fclose(f);
    ck_assert_msg(prx_read_file(TMP "/old.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_null(x.services);
    prx_free(&x);
    run_profil(&r, "hist " TMP "/old.prx --by service", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --by service: " TMP "/old.prx has no time per service (written before profil "
                            "counted it: run the program again)\n");
    f = fopen(TMP "/old.prx", "w");
    fprintf(f, "%s, \"services\": {\"samples\": 3, \"rows\": [[1, 2, 3]]}}", head);
    fclose(f);
    ck_assert_int_eq(prx_read_file(TMP "/old.prx", &x, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "service row 0 is not [id, service, samples, calls, cycles, instructions]") != NULL,
                  "%s", err);
    f = fopen(TMP "/old.prx", "w");
    fprintf(f, "%s, \"services\": {\"rows\": []}}", head);
    fclose(f);
    ck_assert_int_eq(prx_read_file(TMP "/old.prx", &x, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "\"services\" lacks its \"samples\" or \"rows\"") != NULL, "%s", err);
}
END_TEST

/* svchook.com: the program's INT 10h handler spins 1000 x LOOP (17 cycles,
 * 5 for the last) before jumping to the BIOS: 10 x ~17000 cycles of the
 * program's.  INT 10h/0Eh is still 10 calls of 1020 cycles; in sampling,
 * its span is the handler's JMP FAR [CS:old] (a tick in it goes to the
 * stub; its cycles as the trace counts them, the 5-byte instruction run 10
 * times) and 1020: 10 x (jmp + 1020) / 476 ticks, about 22, not the ~360
 * of the handler's loop. */
START_TEST(guest_handler_time_stays_the_programs)
{
    struct run_result r;
    struct prx x;
    struct profil_options o = fixture_options(FIX("svchook.com"), TMP "/hook.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.trace = 1;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_prx(TMP "/hook.prx", &x);
    const struct prx_service *t = find(&x, "INT 10h/0Eh teletype");
    ck_assert_uint_eq(t->calls, 10);
    ck_assert_uint_eq(t->cycles, 10200);
    ck_assert_uint_eq(find(&x, "INT 21h/25h set vector")->calls, 2);
    uint64_t jmp = 0;
    for (size_t i = 0; i < x.n; i++)
        if (x.e[i].cls == PRX_PROGRAM && x.e[i].insns == 10 && x.e[i].length == 5)
            jmp = x.e[i].cycles;
    ck_assert_uint_gt(jmp, 0);
    double ticks = (double)(jmp + 10 * 1020) / 476.0;
    prx_free(&x);
    o = fixture_options(FIX("svchook.com"), TMP "/hook.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.stacks = 1;
    run_session(&r, &o, NULL);
    read_prx(TMP "/hook.prx", &x);
    t = find(&x, "INT 10h/0Eh teletype");
    ck_assert_msg((double)t->samples >= ticks - 1 && (double)t->samples <= ticks + 1, "%llu samples, %.1f ticks",
                  (unsigned long long)t->samples, ticks);
    prx_free(&x);
}
END_TEST

/* The summary names services only when DOS and the I/O system take 2% of
 * the run or more.  hotloop.com: 1.2% (dos 0.1%, io 1.1%): no line.
 * print.com (docs/costs.md's example): 200 x INT 21h/09h of 10 characters,
 * 200 x (71 + 350 + 10 x (120 + 900)) = 2124200 cycles -> 4462.6 of the
 * run's 5219 samples, 85.5%; 300 x INT 10h/0Eh, 300 x (71 + 120 + 900) =
 * 327300 -> 687.6 samples, 13.2%. */
START_TEST(summary_lines_when_services_matter)
{
    struct run_result r;
    run_profil(&r, "run --timing table -o " TMP "/h.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "profil:   INT ") == NULL, "%s", r.err);
    run_profil(&r, "run --timing table -o " TMP "/p.PRF " FIX("print.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "profil:   INT 21h/09h write string    85.5%\n"
                                "profil:   INT 10h/0Eh teletype        13.2%\n") != NULL, "%s", r.err);
}
END_TEST

/* A read that waits for a key: the key comes at 400 ms ({WAIT 400}), the
 * program asks at about 216 ms (after the write).  The wait loop (STI,
 * HLT) lets the timer in: IRQ0 pending since 164.8 ms, then every
 * 54.925 ms (65536 PIT clocks) at 219.7, 274.6, 329.6 and 384.5 ms: 5
 * calls of INT 08h; the key's IRQ1 one of INT 09h.  INT 16h/00h asks again
 * after each, but it is one call, and the time it sleeps is its own: all
 * the run's cycles but the program's, the other services' and some
 * hundreds of guest instructions in the I/O system (the loop's STI and
 * JMP, the stubs' IRETs). */
START_TEST(a_wait_for_a_key_is_one_call)
{
    struct run_result r;
    struct prx x;
    struct profil_options o = fixture_options(FIX("svctime.com"), TMP "/wait.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.trace = 1;
    o.keys = "{WAIT 400}k";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_prx(TMP "/wait.prx", &x);
    const struct prx_service *k = find(&x, "INT 16h/00h get key");
    ck_assert_uint_eq(k->calls, 1);
    ck_assert_uint_eq(find(&x, "INT 08h timer")->calls, 5);
    ck_assert_uint_eq(find(&x, "INT 09h keyboard IRQ")->calls, 1);
    uint64_t rest = x.total_cycles;
    for (size_t i = 0; i < x.nservices; i++)
        if (&x.services[i] != k)
            rest -= x.services[i].cycles;
    for (size_t i = 0; i < x.n; i++)
        if (x.e[i].cls == PRX_PROGRAM)
            rest -= x.e[i].cycles;
    ck_assert_msg(k->cycles <= rest && k->cycles + 1000 > rest, "%llu of %llu", (unsigned long long)k->cycles,
                  (unsigned long long)rest);
    prx_free(&x);
}
END_TEST

/* The names: one table; AL where it names a subfunction. */
START_TEST(service_names)
{
    char b[48];
    service_label(service_id(0x21, 0x3F, 0x12), b, sizeof b);
    ck_assert_str_eq(b, "INT 21h/3Fh read");
    service_label(service_id(0x21, 0x44, 0x00), b, sizeof b);
    ck_assert_str_eq(b, "INT 21h/44h/00h ioctl get info");
    service_label(service_id(0x21, 0x44, 0x07), b, sizeof b);
    ck_assert_str_eq(b, "INT 21h/44h/07h ioctl");
    service_label(service_id(0x08, 0x12, 0x34), b, sizeof b);
    ck_assert_str_eq(b, "INT 08h timer");
    service_label(service_id(0x21, 0x5D, 0), b, sizeof b);
    ck_assert_str_eq(b, "INT 21h/5Dh");
    service_label(service_other(1), b, sizeof b);
    ck_assert_str_eq(b, "other DOS");
}
END_TEST

Suite *svcprof_suite(void)
{
    Suite *s = suite_create("svcprof");
    TCase *tc = tcase_create("services");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, trace_counts_each_service);
    tcase_add_test(tc, sampling_counts_samples_per_service);
    tcase_add_test(tc, hist_by_service);
    tcase_add_test(tc, hist_by_service_of_a_prf);
    tcase_add_test(tc, older_prx_and_bad_rows);
    tcase_add_test(tc, guest_handler_time_stays_the_programs);
    tcase_add_test(tc, summary_lines_when_services_matter);
    tcase_add_test(tc, a_wait_for_a_key_is_one_call);
    tcase_add_test(tc, service_names);
    suite_add_tcase(s, tc);
    return s;
}
