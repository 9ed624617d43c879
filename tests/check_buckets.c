/*
 * tests/check_buckets.c: the sample log of run --samples
 * (formats/samplelog.h), the bucket language and re-bucketing of hist
 * --buckets (formats/buckets.h, report/rebucket.h), profil merge and run --append
 * (report/merge.h), with figures derived by hand from the fixtures:
 *
 * tightlp.com (--timing table, tests/check_sampling.c derives it): its
 * loop, offsets 10h-1Fh, gets 46811 samples, io 1, dos 1, nothing else.
 * hotloop.com traced: per call heavy runs 10 NOPs + MOV + 3000 LOOPs + RET
 * = 3012 instructions, light MOV + 1000 LOOPs + RET = 1002; 100 calls each:
 * 301200 and 100200.  The rest of the program: 4 before the loop, 4 per
 * round (CALL, CALL, DEC, JNZ) x 100, 5 after it (MOV, MOV, INT, MOV, INT)
 * = 409.  prog_low_pa is 0196h (the fixed memory layout), so load-module
 * offset 70h is linear 19D0h = 6608.
 */
#include "testutil.h"

#include "../formats/buckets.h"
#include "../formats/prc.h"
#include "../formats/samplelog.h"
#include "../formats/symtab.h"

#include <time.h>
#include <zlib.h>

#include "genmap.h"

#define TIGHT "run -q --timing table "

static void must_run(const char *args)
{
    struct run_result r;
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == 0, "%s: exit %d: %s", args, r.status, r.err);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* 40,000 buckets over a map of 40,000 one-byte symbols (tests/genmap.h:
 * S0000000 at offset 0, S0000001 at 1, ...): 20,000 by SYMBOL, 20,000 by
 * two symbols' addresses split BY SYMBOL, and a group of all 40,000; the
 * names looked up in sets and the splits by binary search (issue 34: 3 s
 * of CPU, 55 s with 120,000 and one group), under 1 s of CPU. */
START_TEST(forty_thousand_buckets_parse_fast)
{
    enum { N = 40000 };
    size_t maplen, len = 0, cap = (size_t)N * 64 + (size_t)N * 8 + 64;
    char *maptext = gen_map(N, &maplen), *text = malloc(cap), err[300];
    ck_assert(maptext && text);
    struct symtab map;
    ck_assert_msg(symtab_parse(maptext, maplen, &map, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(map.nsym, N);
    for (unsigned i = 0; i < N / 2; i++)
        len += (size_t)snprintf(text + len, cap - len, "BUCKET b%u = SYMBOL S%07u\n", i, i);
    for (unsigned i = N / 2; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, "BUCKET b%u = S%07u .. S%07u + 1 BY SYMBOL\n", i, i, i);
    len += (size_t)snprintf(text + len, cap - len, "GROUP all = b0");
    for (unsigned i = 1; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, ", b%u", i);
    len += (size_t)snprintf(text + len, cap - len, "\n");
    struct bucketset set;
    clock_t before = clock();
    int rc = bucketset_parse(text, len, "big.bkt", &map, 0x196, &set, err, sizeof err);
    double cpu = (double)(clock() - before) / CLOCKS_PER_SEC;
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_msg(cpu < cpu_budget(1.0), "40,000 buckets took %.2f s of CPU", cpu);
    ck_assert_uint_eq(set.nbucket, N);
    ck_assert_uint_eq(set.nrow, N);
    ck_assert_uint_eq(set.ngroup, 1);
    ck_assert_uint_eq(set.group[0].n, N);
    ck_assert_uint_eq(set.group[0].member[N - 1], N - 1);
    /* Linear 1960h + i is symbol i's byte: its bucket's row. */
    long row = bucketset_find(&set, 0x1960 + 123);
    ck_assert_int_ge(row, 0);
    ck_assert_str_eq(set.row[row].name, "b123");
    row = bucketset_find(&set, 0x1960 + 30000);
    ck_assert_int_ge(row, 0);
    ck_assert_str_eq(set.row[row].name, "b30000/S0030000");
    bucketset_free(&set);
    /* A name defined twice, or a member listed twice, is still found (and where). */
    ck_assert_int_eq(bucketset_parse("BUCKET a = +0 .. +1\nGROUP a = a\n", 32, "t.bkt", &map, 0x196, &set, err,
                                     sizeof err), -1);
    ck_assert_str_eq(err, "t.bkt:2:7: 'a' is defined already (bucket, line 1)");
    ck_assert_int_eq(bucketset_parse("BUCKET a = +0 .. +1\nGROUP g = a, a\n", 35, "t.bkt", &map, 0x196, &set, err,
                                     sizeof err), -1);
    ck_assert_str_eq(err, "t.bkt:2:14: bucket 'a' is in the group already");
    symtab_free(&map);
    free(maptext);
    free(text);
}
END_TEST

/* ---- bombs (issue 34) -------------------------------------------------------- */

/* A sample log of `zeros` zero bytes deflated: each byte a sample (IP + 0,
 * class io, CS unchanged), its header claiming `claim` samples. */
static void write_bomb(const char *path, uint64_t claim, uint64_t zeros)
{
    static uint8_t in[1 << 16];
    size_t cap = (size_t)(zeros / 1000 + 4096), outn = 0;
    uint8_t *out = calloc(1, SAMPLELOG_HEADER_BYTES + cap);     /* no run id: bytes 36-43 zero */
    ck_assert_ptr_nonnull(out);
    z_stream z = { 0 };
    ck_assert_int_eq(deflateInit(&z, 9), Z_OK);
    z.next_out = out + SAMPLELOG_HEADER_BYTES;
    z.avail_out = (uInt)cap;
    for (uint64_t left = zeros; ; ) {
        size_t n = left < sizeof in ? (size_t)left : sizeof in;
        left -= n;
        z.next_in = in;
        z.avail_in = (uInt)n;
        int rc = deflate(&z, left ? Z_NO_FLUSH : Z_FINISH);
        ck_assert(rc == Z_OK || rc == Z_STREAM_END);
        ck_assert_uint_eq(z.avail_in, 0);
        if (!left) {
            ck_assert_int_eq(rc, Z_STREAM_END);
            break;
        }
    }
    outn = cap - z.avail_out;
    deflateEnd(&z);
    memcpy(out, SAMPLELOG_MAGIC, 8);
    const uint16_t words[8] = { SAMPLELOG_VERSION, 0, 100, 1, 1, 0x196, 0x197, 0xC0 };
    for (int k = 0; k < 8; k++) {
        out[8 + 2 * k] = (uint8_t)words[k];
        out[9 + 2 * k] = (uint8_t)(words[k] >> 8);
    }
    for (int k = 0; k < 8; k++)
        out[24 + k] = (uint8_t)(claim >> (8 * k));
    for (int k = 0; k < 4; k++)
        out[32 + k] = (uint8_t)(outn >> (8 * k));
    char err[300];
    ck_assert_msg(write_file_atomic(path, out, SAMPLELOG_HEADER_BYTES + outn, err, sizeof err) == 0, "%s", err);
    free(out);
}

/* 256 Mi samples in 256 KB (a thousandfold inflation; a 1 MiB log made so
 * held a billion, 14 s of CPU for hist --buckets): refused, whether its
 * header claims them (at once) or claims the most a log holds, 2^26, and
 * its stream goes on past them (when the 2^26+1st decodes).  Both, with
 * the one of a claim that no stream of its size could hold, in under 3 s
 * of CPU. */
START_TEST(sample_log_bombs_are_refused)
{
    struct run_result r;
    write_text(TMP "/bomb.bkt", "BUCKET low = 0000:0000 .. 1000:0000\n");
    write_bomb(TMP "/bomb1.prs", 1ull << 28, 1ull << 28);
    write_bomb(TMP "/bomb2.prs", SAMPLELOG_MAX_SAMPLES, 1ull << 28);
    write_bomb(TMP "/bomb3.prs", SAMPLELOG_MAX_SAMPLES, 1000);
    double before = children_cpu_seconds();
    run_profil(&r, "hist " TMP "/bomb1.prs --buckets " TMP "/bomb.bkt", NULL);
    ck_assert_int_ne(r.status, 0);
    ck_assert_str_eq(r.err, "profil: " TMP "/bomb1.prs: it claims more samples than a sample log holds (67,108,864)\n");
    run_profil(&r, "hist " TMP "/bomb2.prs --buckets " TMP "/bomb.bkt", NULL);
    ck_assert_int_ne(r.status, 0);
    ck_assert_str_eq(r.err, "profil: " TMP "/bomb2.prs: its samples do not decode to the count its header gives "
                            "(damaged)\n");
    run_profil(&r, "hist " TMP "/bomb3.prs --buckets " TMP "/bomb.bkt", NULL);
    ck_assert_int_ne(r.status, 0);
    ck_assert_str_eq(r.err, "profil: " TMP "/bomb3.prs: it claims more samples than its compressed bytes can hold "
                            "(damaged)\n");
    double cpu = children_cpu_seconds() - before;
    ck_assert_msg(cpu < cpu_budget(3.0), "the bombs took %.2f s of CPU", cpu);
    /* The same stream, honest and at the limit, is read: 2^26 samples, all io. */
    write_bomb(TMP "/bomb4.prs", SAMPLELOG_MAX_SAMPLES, SAMPLELOG_MAX_SAMPLES);
    struct prf l;
    uint64_t n;
    char err[300];
    ck_assert_msg(samplelog_read_file(TMP "/bomb4.prs", &l, &n, NULL, NULL, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, SAMPLELOG_MAX_SAMPLES);
}
END_TEST

/* A run never writes a log it could not read back: past 2^26 samples the
 * writer keeps none and says so. */
START_TEST(sample_log_writer_stops_at_the_limit)
{
    struct samplelog w;
    struct prf l = { .clock_grain = 100, .bucket_num = 1, .bucket_size = 1, .prog_low_pa = 0x196,
                     .prog_high_pa = 0x197, .dos_pa = 0xC0 };
    char err[300];
    samplelog_init(&w);
    for (uint64_t i = 0; i <= SAMPLELOG_MAX_SAMPLES; i++)
        samplelog_add(&w, 0x0070, 0x0010, 0);
    ck_assert_uint_eq(w.count, SAMPLELOG_MAX_SAMPLES);
    ck_assert_int_eq(samplelog_write_file(TMP "/over.prs", &w, &l, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, TMP "/over.prs: more than 67108864 samples, the most a sample log holds; not written (a "
                          "larger -i takes fewer)");
    ck_assert(!file_exists(TMP "/over.prs"));
    samplelog_free(&w);
}
END_TEST

/* ---- the sample log ------------------------------------------------------- */

static struct sample got[8];
static size_t ngot;
static void collect(void *ctx, const struct sample *s)
{
    (void)ctx;
    if (ngot < 8)
        got[ngot] = *s;
    ngot++;
}

/* Samples with forward and backward IP steps, CS changes both ways and
 * all four classes come back as they went in. */
START_TEST(samplelog_round_trip)
{
    static const struct sample in[6] = { { 0x0186, 0x0113, 3 }, { 0x0186, 0x0113, 3 }, { 0x0186, 0x0110, 3 },
                                         { 0x0070, 0xFFF0, 0 }, { 0xF000, 0x0005, 2 }, { 0x00C0, 0x0010, 1 } };
    struct samplelog w;
    struct prf l = { .clock_grain = 100, .bucket_num = 3, .bucket_size = 1, .prog_low_pa = 0x196,
                     .prog_high_pa = 0x198, .dos_pa = 0xC0 }, back;
    char err[300];
    uint64_t n;
    samplelog_init(&w);
    for (int i = 0; i < 6; i++)
        samplelog_add(&w, in[i].cs, in[i].ip, in[i].cls);
    ck_assert_int_eq(system("mkdir -p " TMP), 0);
    ck_assert_int_eq(samplelog_write_file(TMP "/rt.prs", &w, &l, "00c0ffee12345678", err, sizeof err), 0);
    samplelog_free(&w);
    ngot = 0;
    char run[17];
    ck_assert_msg(samplelog_read_file(TMP "/rt.prs", &back, &n, run, collect, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(run, "00c0ffee12345678");     /* version 2's run id, at bytes 36-43 */
    ck_assert_uint_eq(n, 6);
    ck_assert_uint_eq(ngot, 6);
    for (int i = 0; i < 6; i++)
        ck_assert_msg(got[i].cs == in[i].cs && got[i].ip == in[i].ip && got[i].cls == in[i].cls,
                      "sample %d: %04X:%04X class %u", i, got[i].cs, got[i].ip, got[i].cls);
    ck_assert_uint_eq(back.prog_low_pa, 0x196);
    ck_assert_uint_eq(back.dos_pa, 0xC0);
    ck_assert_uint_eq(back.bucket_num, 3);
    /* One byte less: the stream no longer decodes to 6 samples. */
    uint8_t *buf;
    size_t len;
    ck_assert_int_eq(read_file(TMP "/rt.prs", &buf, &len, err, sizeof err), 0);
    buf[len - 1] ^= 0xFF;       /* zlib's check value */
    ck_assert_int_eq(write_file_atomic(TMP "/bad.prs", buf, len, err, sizeof err), 0);
    free(buf);
    ck_assert_int_eq(samplelog_read_file(TMP "/bad.prs", &back, &n, NULL, NULL, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, TMP "/bad.prs: its samples do not decode to the count its header gives (damaged)");
}
END_TEST

/* run --samples: NAME.prs beside the .PRF, the same bytes on every run;
 * re-bucketed BY 16 it gives the .PRF's own buckets (46811 in the loop). */
START_TEST(samples_rebucket_tightlp)
{
    struct run_result r;
    uint8_t *a, *b;
    size_t na, nb;
    char err[300];
    must_run(TIGHT "--samples -o " TMP "/ts1.PRF " FIX("tightlp.com"));
    must_run(TIGHT "--samples -o " TMP "/ts2.PRF " FIX("tightlp.com"));
    ck_assert_int_eq(read_file(TMP "/ts1.prs", &a, &na, err, sizeof err), 0);
    ck_assert_int_eq(read_file(TMP "/ts2.prs", &b, &nb, err, sizeof err), 0);
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(a, b, na);
    free(a);
    free(b);
    write_text(TMP "/t16.bkt", "# the program in paragraphs, and DOS\n"
                               "BUCKET prog = +0 .. +0x30 BY 16\n"
                               "BUCKET dos  = 00C0:0000 .. 0196:0000   ; between dos_pa and the program\n"
                               "GROUP  all  = prog, dos\n");
    run_profil(&r, "hist " TMP "/ts1.PRF --buckets " TMP "/t16.bkt --format csv", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_str_eq(r.out, "kind,name,start,end,samples,percent\n"
                            "row,\"prog/+0000\",6496,6512,0,0.000\n"
                            "row,\"prog/+0010\",6512,6528,46811,99.996\n"
                            "row,\"prog/+0020\",6528,6544,0,0.000\n"
                            "row,\"dos\",3072,6496,1,0.002\n"
                            "none,\"io\",,,1,0.002\n"
                            "none,\"dos\",,,0,0.000\n"
                            "none,\"high\",,,0,0.000\n"
                            "none,\"program\",,,0,0.000\n"
                            "group,\"all\",,,46812,99.998\n");
    /* The same counts from the log itself, with the map's symbols: outer
     * up to the JNZ's end (+0x18) holds them all, as the last tick (46811
     * x 476 = 22282036) comes before STI (at 22282467), the first after
     * the last NOP (36-39): every tick's next instruction is in the loop. */
    write_text(TMP "/tsym.bkt", "BUCKET loop = outer .. outer + 8\nBUCKET rest = +0 .. outer, outer + 8 .. +0x30\n");
    run_profil(&r, "hist " TMP "/ts1.prs --map " FIX("tightlp.map") " --buckets " TMP "/tsym.bkt", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "       46811 100.0%  loop                         +0010-+0017\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "           0   0.0%  rest                         +0000-+000F and 1 more "
                                        "range(s)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "       46813 samples\n"));
}
END_TEST

/* The sample log carries its run's id (version 2: bytes 36-43, the id's
 * 64 bits little-endian), the same as the NAME.prc beside it; a log left
 * by another run beside a .PRF (here: a run with --samples, then one that
 * stops after 100000 instructions, whose totals, so its id, differ) is
 * refused by hist --buckets, which names both files and both ids. */
START_TEST(sample_log_of_another_run_is_refused)
{
    struct run_result r;
    struct prc c;
    uint8_t *buf;
    size_t len;
    char err[300], id[17];
    must_run(TIGHT "--samples -o " TMP "/sr.PRF " FIX("tightlp.com"));
    ck_assert_msg(prc_read_file(TMP "/sr.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(read_file(TMP "/sr.prs", &buf, &len, err, sizeof err), 0);
    ck_assert_uint_eq(buf[8] | buf[9] << 8, 2);
    uint64_t v = 0;
    for (int k = 0; k < 8; k++)
        v |= (uint64_t)buf[36 + k] << (8 * k);
    snprintf(id, sizeof id, "%016llx", (unsigned long long)v);
    ck_assert_str_eq(id, c.run);
    free(buf);
    write_text(TMP "/sr.bkt", "BUCKET prog = +0 .. +0x30\n");
    run_profil(&r, "hist " TMP "/sr.PRF --buckets " TMP "/sr.bkt", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    char old[17];
    snprintf(old, sizeof old, "%s", c.run);
    prc_free(&c);
    run_profil(&r, TIGHT "--max-instructions 100000 -o " TMP "/sr.PRF " FIX("tightlp.com"), NULL);
    ck_assert_msg(r.status == 124, "%s", r.err);       /* the limit's status */
    ck_assert_msg(prc_read_file(TMP "/sr.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_str_ne(c.run, old);
    char want[600];
    snprintf(want, sizeof want, "profil: " TMP "/sr.PRF: the sample log beside it is another run's: " TMP "/sr.prs and "
             TMP "/sr.prc are from different runs (run %s and run %s); nothing re-bucketed (run the program again with "
             "--samples)\n", old, c.run);
    prc_free(&c);
    run_profil(&r, "hist " TMP "/sr.PRF --buckets " TMP "/sr.bkt", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, want);
    ck_assert_str_eq(r.out, "");
    /* The log itself, named, is one run's: read. */
    run_profil(&r, "hist " TMP "/sr.prs --buckets " TMP "/sr.bkt", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
}
END_TEST

/* A trace's exact counts, re-bucketed: heavy 301200, light 100200, the
 * rest of the program 409 (the header's derivation). */
START_TEST(trace_rebucket_hotloop)
{
    struct run_result r;
    must_run("run -q --trace -o " TMP "/ht.PRF " FIX("hotloop.com"));
    write_text(TMP "/h.bkt", "BUCKET main = +0 .. heavy\nBUCKET heavy = SYMBOL heavy\nbucket light = symbol light\n"
                             "GROUP work = heavy, light\n");
    run_profil(&r, "hist " TMP "/ht.PRF --map " FIX("hotloop.map") " --buckets " TMP "/h.bkt --metric instructions "
               "--format csv", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"main\",6496,6608,409,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"heavy\",6608,6624,301200,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"light\",6624,6630,100200,"));
    ck_assert_ptr_nonnull(strstr(r.out, "none,\"program\",,,0,"));
    ck_assert_ptr_nonnull(strstr(r.out, "group,\"work\",,,401400,"));
    /* BY SYMBOL over the whole .text (86h bytes): before round (0Ah bytes:
     * MOV AH, MOV DX, INT 21h, MOV SI) 4 instructions; round, the loop and
     * the end, 400 + 5; the messages none; then heavy and light. */
    write_text(TMP "/hs.bkt", "BUCKET c = +0 .. +0x86 BY SYMBOL\n");
    run_profil(&r, "hist " TMP "/ht.prx --map " FIX("hotloop.map") " --buckets " TMP "/hs.bkt --metric instructions "
               "--format csv", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/+0000\",6496,6506,4,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/round\",6506,6527,405,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/hello\",6527,6591,0,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/done\",6591,6608,0,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/heavy\",6608,6624,301200,"));
    ck_assert_ptr_nonnull(strstr(r.out, "row,\"c/light\",6624,6630,100200,"));
}
END_TEST

/* ---- the language's errors, at their line and column ------------------------ */

START_TEST(bucket_errors_at_line_and_column)
{
    static const struct { const char *text, *err; } cases[] = {
        { "BUCKET heavy = SYMBOL heavy\n# both\nBUCKET both  = heavy .. light, +0x80 .. +0x90\n",
          "t.bkt:3:16: this range (+0070-+007F) overlaps one of bucket 'heavy' (line 1, +0070-+007F): a sample would "
          "count twice" },
        { "BUCKET a = SYMBOL heavvy\n", "t.bkt:1:19: no symbol 'heavvy' in the map" },
        { "\n\n  bucket a = +10 .. +10\n", "t.bkt:3:14: empty range: it ends at +000A, not after its start +000A" },
        { "BUCKET a = +0 .. +16\nGROUP g = a, b\n",
          "t.bkt:2:14: no bucket 'b' above (a group lists buckets defined before it)" },
        { "BUCKET a = +0 .. +16\nGROUP g = a, a\n", "t.bkt:2:14: bucket 'a' is in the group already" },
        { "BUCKET a = +0 .. +16\nBUCKET a = +16 .. +32\n", "t.bkt:2:8: 'a' is defined already (bucket, line 1)" },
        { "BUCKET a = +0 .. +16 BY 0\n", "t.bkt:1:25: want BY and a step of 1 byte or more, or BY SYMBOL" },
        { "BUCKIT a = +0 .. +16\n", "t.bkt:1:1: want BUCKET or GROUP, not 'BUCKIT'" },
        { "BUCKET a = 0040:006C .. 0040:0070 x\n",
          "t.bkt:1:35: want ',' and another range, BY, or the end of the line" },
        { "BUCKET a = G000:0 .. 0040:0070\n",
          "t.bkt:1:12: want SEG:OFF, two hexadecimal numbers up to FFFF (e.g. 0040:006C)" },
        { "BUCKET a = SEGMENT .data\n", "t.bkt:1:20: no segment '.data' in the map" },
        { "BUCKET a = FFFF:0010 .. FFFF:0020\n", "t.bkt:1:25: FFFF:0020 is past the 1 MiB address space" },
        { "BUCKET a = 0040:0010 .. 0040:0000\n", "t.bkt:1:12: empty range: it ends at 00400, not after its start "
                                                 "00410" },
        { "BUCKET a = +0 .. +1048576 BY 1\n", "t.bkt:1:18: +1048576 is past the 1 MiB address space" },
        { "# nothing\n", "t.bkt: no BUCKET defined" },
    };
    struct symtab t;
    struct bucketset s;
    char err[400];
    ck_assert_int_eq(symtab_read_file(FIX("hotloop.map"), &t, err, sizeof err), 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int rc = bucketset_parse(cases[i].text, strlen(cases[i].text), "t.bkt", &t, 0x196, &s, err, sizeof err);
        ck_assert_msg(rc == -1, "case %zu parsed", i);
        ck_assert_str_eq(err, cases[i].err);
    }
    /* Without a map, a symbol is an error at its column. */
    ck_assert_int_eq(bucketset_parse("BUCKET a = +0 .. light\n", 23, "t.bkt", NULL, 0x196, &s, err, sizeof err), -1);
    ck_assert_str_eq(err, "t.bkt:1:18: a symbol needs a map (hist --map FILE.MAP)");
    /* And the command prints it as one line, exit 2. */
    struct run_result r;
    write_text(TMP "/e.bkt", "BUCKET heavy = SYMBOL heavy\nBUCKET x = +0x75 .. +0x76\n");
    must_run(TIGHT "--samples -o " TMP "/hs.PRF " FIX("hotloop.com"));
    run_profil(&r, "hist " TMP "/hs.PRF --map " FIX("hotloop.map") " --buckets " TMP "/e.bkt", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/e.bkt:2:12: this range (+0075-+0075) overlaps one of bucket 'heavy' "
                            "(line 1, +0070-+007F): a sample would count twice\n");
    ck_assert_str_eq(r.out, "");
    symtab_free(&t);
}
END_TEST

/* Rows, pieces and lookups of a set that parses. */
START_TEST(bucket_rows_and_lookup)
{
    struct symtab t;
    struct bucketset s;
    char err[400];
    static const char text[] = "BUCKET code = SEGMENT .text BY 64   # 86h bytes: 40h, 40h, 6\n"
                               "BUCKET bda = 0040:0000 .. 0050:0000\n"
                               "GROUP g = bda, code ; comment\n";
    ck_assert_int_eq(symtab_read_file(FIX("hotloop.map"), &t, err, sizeof err), 0);
    ck_assert_msg(bucketset_parse(text, sizeof text - 1, "t.bkt", &t, 0x196, &s, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.nbucket, 2);
    ck_assert_uint_eq(s.nrow, 4);
    ck_assert_str_eq(s.row[0].name, "code/+0000");
    ck_assert_str_eq(s.row[2].name, "code/+0080");
    ck_assert_uint_eq(s.row[2].hi - s.row[2].lo, 6);
    ck_assert_str_eq(s.row[3].name, "bda");
    ck_assert_int_eq(bucketset_find(&s, 0x1960 + 0x85), 2);
    ck_assert_int_eq(bucketset_find(&s, 0x1960 + 0x86), -1);
    ck_assert_int_eq(bucketset_find(&s, 0x400), 3);
    ck_assert_int_eq(bucketset_find(&s, 0x4FF), 3);
    ck_assert_int_eq(bucketset_find(&s, 0x500), -1);
    ck_assert_uint_eq(s.ngroup, 1);
    ck_assert_uint_eq(s.group[0].n, 2);
    bucketset_free(&s);
    symtab_free(&t);
}
END_TEST

/* ---- merge and --append --------------------------------------------------- */

static void read_prc(const char *path, struct prc *c)
{
    char err[400];
    ck_assert_msg(prc_read_file(path, c, err, sizeof err) == 0, "%s", err);
}

/* A run merged with itself: every count doubled, exactly in the .prc; the
 * loop's 93622 wraps to 28086 in the .PRF, as a run's counters do.
 * run --append twice writes the same bytes. */
START_TEST(merge_self_doubles_and_append_twice)
{
    struct run_result r;
    struct prf p;
    struct prc c, one;
    char err[400];
    must_run(TIGHT "-o " TMP "/m1.PRF " FIX("tightlp.com"));
    run_profil(&r, "merge " TMP "/m1.PRF " TMP "/m1.PRF -o " TMP "/m2.PRF", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: wrote " TMP "/m2.PRF (24 bytes): 2 profiles, 93626 samples in all, "
                                        "exact in " TMP "/m2.prc\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "1 counter(s) passed 65535 and wrapped"));
    ck_assert_int_eq(prf_read_file(TMP "/m2.PRF", &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.bucket[1], 93622 - 65536);
    ck_assert_uint_eq(p.hit_io, 2);
    ck_assert_uint_eq(p.hit_dos, 2);
    ck_assert_uint_eq(p.bucket[0] + p.bucket[2] + p.hit_high, 0);
    prf_free(&p);
    read_prc(TMP "/m1.prc", &one);
    read_prc(TMP "/m2.prc", &c);
    ck_assert_uint_eq(c.bucket[1], 2 * 46811);
    ck_assert_uint_eq(c.samples, 2 * one.samples);
    ck_assert_uint_eq(c.cycles, 2 * one.cycles);
    ck_assert_uint_eq(c.instructions, 2 * one.instructions);
    prc_free(&c);
    prc_free(&one);
    /* hist reads the sum's exact counts. */
    run_profil(&r, "show " TMP "/m2.PRF", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "     1  00010     93622  100.0%  (the .PRF holds 28086: wrapped)\n"));
    /* --append twice onto nothing: the first writes, the second adds. */
    unlink(TMP "/ap.PRF");
    unlink(TMP "/ap.prc");
    must_run(TIGHT "--append -o " TMP "/ap.PRF " FIX("tightlp.com"));
    run_profil(&r, "run --timing table --append -o " TMP "/ap.PRF " FIX("tightlp.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: added to " TMP "/ap.PRF (24 bytes): 93626 samples in all\n"));
    uint8_t *a, *b;
    size_t na, nb;
    static const char *const pairs[2][2] = { { TMP "/ap.PRF", TMP "/m2.PRF" }, { TMP "/ap.prc", TMP "/m2.prc" } };
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(read_file(pairs[k][0], &a, &na, err, sizeof err), 0);
        ck_assert_int_eq(read_file(pairs[k][1], &b, &nb, err, sizeof err), 0);
        ck_assert_msg(na == nb && memcmp(a, b, na) == 0, "%s differs from %s", pairs[k][0], pairs[k][1]);
        free(a);
        free(b);
    }
}
END_TEST

/* Another layout: one line naming the file and the difference, nothing
 * written; --append refuses before running; -o may not be an input. */
START_TEST(merge_layout_mismatch)
{
    struct run_result r;
    must_run(TIGHT "-o " TMP "/l1.PRF " FIX("tightlp.com"));
    must_run(TIGHT "-b 2 -o " TMP "/l2.PRF " FIX("tightlp.com"));
    unlink(TMP "/l3.PRF");
    run_profil(&r, "merge " TMP "/l1.PRF " TMP "/l2.PRF -o " TMP "/l3.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: merge: " TMP "/l2.PRF: not the layout of " TMP "/l1.PRF: "
                                        "bucket_size is 2, not 1; nothing written\n"));
    ck_assert_int_ne(access(TMP "/l3.PRF", F_OK), 0);
    run_profil(&r, "run --timing table -b 2 --append -o " TMP "/l1.PRF " FIX("tightlp.com"), NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " TMP "/l1.PRF: --append: not this run's layout: this run's bucket_size is 2, "
                            "not 1; nothing was run\n");
    /* The same layout words, another clock: told before anything runs. */
    run_profil(&r, "run --append -o " TMP "/l1.PRF " FIX("tightlp.com"), NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " TMP "/l1.PRF: --append: not this run's layout: this run's clock model is bus, "
                            "not table; nothing was run\n");
    run_profil(&r, "merge " TMP "/l1.PRF " TMP "/l1.PRF -o " TMP "/l1.PRF", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: merge: -o " TMP "/l1.PRF would overwrite the input " TMP "/l1.PRF; nothing "
                            "written\n");
    run_profil(&r, "merge " TMP "/l1.PRF " TMP "/l1.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
}
END_TEST

/* Without exact counts only the 16-bit words can be added: a sum that
 * fits is written (no .prc), one past 65535 is refused, naming it. */
START_TEST(merge_without_exact_counts)
{
    struct run_result r;
    char err[400];
    uint16_t b1[3] = { 0, 40000, 5 }, b2[3] = { 0, 25000, 7 };
    struct prf p = { 100, 3, 1, 0x196, 0x198, 0xC0, 1, 1, 0, b1, NULL, NULL, NULL, 0 };
    ck_assert_int_eq(prf_write_file(TMP "/w1.PRF", &p, err, sizeof err), 0);
    p.bucket = b2;
    ck_assert_int_eq(prf_write_file(TMP "/w2.PRF", &p, err, sizeof err), 0);
    unlink(TMP "/w1.prc");
    unlink(TMP "/w2.prc");
    write_text(TMP "/w3.prc", "{\"format\": \"profil-prc\", \"version\": 1}\n");  /* an older sum's, say */
    run_profil(&r, "merge " TMP "/w1.PRF " TMP "/w2.PRF -o " TMP "/w3.PRF", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_int_eq(prf_read_file(TMP "/w3.PRF", &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.bucket[1], 65000);
    ck_assert_uint_eq(p.bucket[2], 12);
    ck_assert_uint_eq(p.hit_io, 2);
    prf_free(&p);
    ck_assert_int_ne(access(TMP "/w3.prc", F_OK), 0);   /* the stale one is gone */
    run_profil(&r, "merge " TMP "/w3.PRF " TMP "/w1.PRF -o " TMP "/w4.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: merge: " TMP "/w1.PRF: bucket 1 (00010): 65000 + 40000 = 105000 "
                                        "passes 65535, a .PRF counter's limit, and without exact counts (NAME.prc) "
                                        "on every side the sum cannot be kept; nothing written\n"));
}
END_TEST

Suite *buckets_suite(void)
{
    Suite *s = suite_create("buckets");
    TCase *c = tcase_create("buckets");
    tcase_set_timeout(c, 120);
    tcase_add_test(c, samplelog_round_trip);
    tcase_add_test(c, samples_rebucket_tightlp);
    tcase_add_test(c, sample_log_of_another_run_is_refused);
    tcase_add_test(c, trace_rebucket_hotloop);
    tcase_add_test(c, bucket_errors_at_line_and_column);
    tcase_add_test(c, bucket_rows_and_lookup);
    tcase_add_test(c, merge_self_doubles_and_append_twice);
    tcase_add_test(c, merge_layout_mismatch);
    tcase_add_test(c, merge_without_exact_counts);
    tcase_add_test(c, sample_log_bombs_are_refused);
    tcase_add_test(c, forty_thousand_buckets_parse_fast);
    tcase_add_test(c, sample_log_writer_stops_at_the_limit);
    suite_add_tcase(s, c);
    return s;
}
