/*
 * tests/check_disktime.c: the PC/XT fixed disk's time (emu/dos/disk_time.c,
 * docs/costs.md "The fixed disk"): seeks, a run of sectors through the
 * rotation and the 6:1 interleave, what DOS's buffers save, and a program's
 * sequential read of 20 tracks against the figures the model documents.
 *
 * In CPU cycles: a sector time S = 4679 (1/17 of a revolution at 3600 rpm,
 * 4772727 / 60 / 17), a revolution R = 17 S = 79543; the controller's
 * command C = 2386 before a run, its turnaround T = 4 S = 18716 after each
 * sector; logical sector s of a track lies in slot s x 6 mod 17, which
 * passes under the head at (slot x S) mod R.
 */
#include "testutil.h"

#include "../emu/dos/disk_time.h"
#include "../formats/prx.h"

/* Track to track 3 ms = 14318 cycles; the average, 85 ms = 405682, at a
 * third of the 306 cylinders (102); between them a straight line:
 * 2 cylinders = 14318 + 391364 / 101 = 14318 + 3874 = 18192. */
START_TEST(seeks_follow_the_drives_figures)
{
    const struct disk_geometry fixed = DISK_FIXED, *g = &fixed;
    ck_assert_uint_eq(disk_seek_cycles(g, 7, 7), 0);
    ck_assert_uint_eq(disk_seek_cycles(g, 0, 1), 14318);
    ck_assert_uint_eq(disk_seek_cycles(g, 5, 4), 14318);
    ck_assert_uint_eq(disk_seek_cycles(g, 0, 2), 18192);
    ck_assert_uint_eq(disk_seek_cycles(g, 0, 102), 405682);
    ck_assert_uint_eq(disk_seek_cycles(g, 102, 0), 405682);
}
END_TEST

/* From cycle 0, the heads on cylinder 0:
 * - sector 0 (slot 0): C, then the wait for slot 0 to come round again,
 *   R - C = 77157, so it starts at R = 79543 and the run ends at
 *   R + S + T = 102938;
 * - the whole track 0-16: each next sector's slot is 6 further, one S
 *   after the turnaround ends, so each takes 6 S = 28074 more:
 *   102938 + 16 x 28074 = 552122 (17 sectors in 6.94 revolutions);
 * - sectors 67 and 68 (the last of cylinder 0, the first of cylinder 1),
 *   from 0 with the heads on cylinder 0: 67 is sector 16 of its track,
 *   slot 11, so C then the wait to 11 S = 51469, ending at 51469 + S + T
 *   = 74864 (16 S); the 3 ms seek (14318) ends at 89182, phase 9639, past
 *   slot 0's start, so sector 68 (slot 0) waits to 2 R = 159086 and ends
 *   at 159086 + S + T = 182481: 6 S + R after sector 67, the seek costs a
 *   revolution. */
START_TEST(a_run_of_sectors_rides_the_interleave)
{
    struct disk_time t;
    disk_time_init(&t, DISK_TIME_XT);
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_FIXED, 0, 0, 1), 102938);
    t.units[DISK_UNIT_FIXED].cylinder = 0;
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_FIXED, 0, 0, 17), 552122);
    t.units[DISK_UNIT_FIXED].cylinder = 0;
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_FIXED, 0, 67, 2), 182481);
    ck_assert_uint_eq(t.units[DISK_UNIT_FIXED].cylinder, 1);
    disk_time_free(&t);
}
END_TEST

/* A 360 KB diskette on A: (DISK_FLOPPY): a sector S' = 106061 cycles,
 * a revolution R' = 9 S' = 954549, no interleave or turnaround.  From 0,
 * the motor off: track 0 (sectors 0-8) takes the command 2386 and the
 * motor's 500 ms (2386364) to 2388750, phase 2388750 - 2 R' = 479652,
 * the wait to slot 0 at 3 R' = 2863647, then 9 S' back to back: 4 R' =
 * 3818196.  At once the next track (9-17, head 1): the motor still turns,
 * the command puts the head 2386 past slot 0, so a revolution less 2386
 * to wait and R' to read: 2 R' = 1909098 (a track every two revolutions,
 * 4608 bytes in 0.4 s).  Then sector 18 (cylinder 1) from 10000000,
 * phase 10000000 - 10 R' = 454510 after the command's 2386 is 456896:
 * one step and the settle (8 + 25 ms: 157500) to 614396, the wait to
 * 11 R' (1047587 - 614396 = 433191 after the seek), + S': 11 R' + S' -
 * 10000000 = 606100.  After 37 ticks idle the motor is off again: the
 * next run pays its 500 ms again. */
START_TEST(a_diskette_turns_slower_and_starts_its_motor)
{
    struct disk_time t;
    disk_time_init(&t, DISK_TIME_XT);
    ck_assert_uint_eq(disk_seek_cycles(&t.units[DISK_UNIT_A].g, 0, 1), 157500);
    ck_assert_uint_eq(disk_seek_cycles(&t.units[DISK_UNIT_A].g, 0, 3), 157500 + 2 * 38182);
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_A, 0, 0, 9), 3818196);
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_A, 3818196, 9, 9), 1909098);
    ck_assert_uint_eq(disk_time_sectors(&t, DISK_UNIT_A, 10000000, 18, 1), 606100);
    ck_assert_uint_eq(t.units[DISK_UNIT_A].cylinder, 1);
    ck_assert_uint_eq(t.units[DISK_UNIT_FIXED].cylinder, 0);
    uint64_t later = 10606100 + 9699328;
    ck_assert_uint_ge(disk_time_sectors(&t, DISK_UNIT_A, later, 18, 1), 2386364);
    ck_assert_uint_eq(disk_unit_of_drive(0), DISK_UNIT_A);
    ck_assert_uint_eq(disk_unit_of_drive(1), DISK_UNIT_B);
    ck_assert_uint_eq(disk_unit_of_drive(2), DISK_UNIT_FIXED);
    disk_time_free(&t);
}
END_TEST

/* A file's first 100 bytes read twice.  The first time: the FAT sector
 * of its first cluster (LBA 18: 18 = 17 + 1, sector 1 of its track, slot
 * 6) from cycle 0: C, wait to 6 S = 28074, + S + T = 51469; then data
 * sector 66 (sector 15, slot 90 mod 17 = 5, at 5 S = 23395) through a
 * buffer: C to 53855, the wait to R + 23395 = 102938, + S + T = 126333.
 * The second time both are in DOS's buffers: no disk time.  Without the
 * model (--disk-time none) there is none either (DOS charges a byte). */
START_TEST(buffers_save_the_second_read)
{
    struct disk_time t;
    disk_time_init(&t, DISK_TIME_XT);
    int file = disk_time_file(&t, DISK_UNIT_FIXED, "DT.BIN", 1000);
    ck_assert_int_eq(file, 0);
    ck_assert_uint_eq(disk_time_transfer(&t, 0, file, 0, 100, 0), 126333);
    ck_assert_uint_eq(disk_time_transfer(&t, 200000, file, 0, 100, 0), 0);
    ck_assert_uint_eq(disk_time_transfer(&t, 200000, file, 100, 400, 0), 0);
    disk_time_free(&t);
    disk_time_init(&t, DISK_TIME_NONE);
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "DT.BIN", 1000), -1);
    ck_assert_uint_eq(disk_time_transfer(&t, 0, 0, 0, 100, 0), 0);
    ck_assert_uint_eq(disk_time_open(&t, 0, 0), 0);
    disk_time_free(&t);
}
END_TEST

/* A new file's first sector written whole, then closed.  The write: the
 * FAT sector (18) read into a buffer, marked written: 51469 as above;
 * the sector itself straight to the disk (66, slot 5): 126333 in all.
 * The close at 200000: the directory sector (34, sector 0 of its track,
 * slot 0) read into a buffer (C to 202386, phase 43300, the wait to 3 R
 * = 238629, + S + T = 262024) and marked written; then the buffers in
 * turn: the FAT sector to the first FAT (18, slot 6: C to 264410, phase
 * 25781, the wait to 3 R + 6 S = 266703, + S + T = 290098) and the
 * second (26, sector 9, slot 54 mod 17 = 3 at 14037: C to 292484, phase
 * 53855, the wait to 4 R + 3 S = 332209, + S + T = 355604), then the
 * directory (34: C to 357990, phase 39818, the wait to 5 R = 397715, +
 * S + T = 421110): 221110.  A second close has nothing to write: 0. */
START_TEST(a_close_writes_what_a_write_left_in_the_buffers)
{
    struct disk_time t;
    disk_time_init(&t, DISK_TIME_XT);
    int file = disk_time_file(&t, DISK_UNIT_FIXED, "NEW.BIN", 0);
    ck_assert_uint_eq(disk_time_transfer(&t, 0, file, 0, 512, 1), 126333);
    ck_assert_uint_eq(disk_time_close(&t, 200000, file), 221110);
    ck_assert_uint_eq(disk_time_close(&t, 500000, file), 0);
    disk_time_free(&t);
}
END_TEST

/* Where files lie follows the names alone: A.BIN (10000 bytes: 3
 * clusters, 24 sectors, + 256 to grow) at the data's start, 66; B.BIN
 * after it at 66 + 280 = 346; A.BIN again is the same file; A.BIN
 * deleted and made again is a new one, after B.BIN (346 + 256 = 602,
 * empty), in the deleted one's entry (number 0: entries are as many as
 * the names, however many files are made and deleted); renamed, a file
 * keeps its place under its new name. */
START_TEST(files_are_placed_by_name)
{
    struct disk_time t;
    disk_time_init(&t, DISK_TIME_XT);
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "A.BIN", 10000), 0);
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "B.BIN", 0), 1);
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "A.BIN", 99999), 0);
    ck_assert_uint_eq(t.files[0].first, 66);
    ck_assert_uint_eq(t.files[1].first, 346);
    disk_time_forget(&t, "A.BIN");
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "A.BIN", 0), 0);
    ck_assert_uint_eq(t.files[0].first, 602);
    disk_time_rename(&t, "B.BIN", "C.BIN");
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "C.BIN", 0), 1);
    ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "B.BIN", 0), 2);
    for (int i = 0; i < 1000; i++) {
        ck_assert_int_eq(disk_time_file(&t, DISK_UNIT_FIXED, "TEMP.$$$", 0), 3);
        disk_time_forget(&t, "TEMP.$$$");
    }
    ck_assert_uint_eq(t.nfiles, 4);
    disk_time_free(&t);
}
END_TEST

/* diskread.com (see its comment) reads D:\DATA.BIN, 20 tracks of 17
 * sectors (174080 bytes), a track a call.  The model's figures give, for
 * INT 21h/3Fh: 340 sectors x 6 S (the interleave) = 9545160, + 5 x R for
 * the 5 cylinders the file crosses (LBA 66-405: 68, 136, 204, 272, 340;
 * each 3 ms seek costs a revolution, as above) = 397715, + 21 calls x
 * COST_DOS_CALL 350 = 7350 (the last finds the end): 9950225 cycles, 2.08 s
 * at 4.77 MHz, 83.6 KB/s (the XT's "about 85 KB/s").  Between calls the
 * program's loop and DOS's entry (some 600 cycles) and the command (C)
 * fit in the S before the next sector's slot, so no call loses a
 * revolution.  The rest: the FAT sector's read and the first sector's
 * wait, each under R + C + S + T = 105324.  The run must be within 5%
 * of the figure (and not below it); under --disk-time none it is
 * 174080 x 8 + 7350 = 1399990 exactly. */
START_TEST(sequential_read_takes_the_models_time)
{
    struct run_result r;
    struct prx x;
    char err[600];
    ck_assert_int_eq(system("mkdir -p " TMP "/dk && head -c 174080 /dev/zero > " TMP "/dk/DATA.BIN"), 0);
    static const struct { const char *mode; uint64_t low, high; } cases[] = {
        { "", 9950225, 9950225 + 9950225 / 20 },
        { "--disk-time none", 1399990, 1399990 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[400];
        snprintf(args, sizeof args, "run -q --timing table --trace %s --drive D=" TMP "/dk -o " TMP "/dk/dr.PRF "
                 FIX("diskread.com"), cases[i].mode);
        run_profil(&r, args, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "14 ");
        ck_assert_msg(prx_read_file(TMP "/dk/dr.prx", &x, err, sizeof err) == 0, "%s", err);
        uint64_t cycles = 0;
        for (size_t k = 0; k < x.nservices; k++)
            if (strcmp(x.services[k].label, "INT 21h/3Fh read") == 0)
                cycles = x.services[k].cycles;
        ck_assert_msg(cycles >= cases[i].low && cycles <= cases[i].high, "%s: %llu cycles", cases[i].mode,
                      (unsigned long long)cycles);
        prx_free(&x);
    }
}
END_TEST

/* diskclock.com: a 360 KB file (368640 bytes) read 32 KB at a time from
 * C: (the fixed disk) and A: (a diskette).  The disk's time passes with
 * interrupts enabled, each IRQ0 at its time, so the BIOS's tick count
 * moves by the reads' duration in ticks, which DOS's clock (emulated
 * time, in hundredths: h) gives: h x 1193182 / 65536 / 100 (within one).
 * Before, the time passed in one lump with one IRQ0 waiting: C: moved 12
 * ticks for 81.  The C: read's duration is the model's: 20 tracks take
 * 9950225 cycles (above), so 368640 bytes about 9950225 x 368640 / 174080
 * = 21071064 cycles, 4.415 s (within 2%); the diskette's, some 6x that. */
START_TEST(the_bios_clock_runs_through_disk_time)
{
    ck_assert_uint_eq(9950225ull * 368640 / 174080, 21071064);
    ck_assert_int_eq(system("mkdir -p " TMP "/dc && head -c 368640 /dev/zero > " TMP "/dc/DISK360.BIN"), 0);
    static const struct { const char *drive; unsigned lo, hi; } runs[] = {
        { "C", 433, 451 },
        { "A", 2200, 3300 },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        for (int table = 0; table < 2; table++) {
            struct run_result r;
            char args[400];
            snprintf(args, sizeof args, "run -q %s --drive %s=" TMP "/dc -o " TMP "/dc/dc.PRF " FIX("diskclock.com") " %s",
                     table ? "--timing table" : "", runs[i].drive, runs[i].drive);
            run_profil(&r, args, NULL);
            ck_assert_msg(r.status == 0, "%s", r.err);
            unsigned ticks, h;
            ck_assert_int_eq(sscanf(r.out, "%x %x", &ticks, &h), 2);
            ck_assert_msg(h >= runs[i].lo && h <= runs[i].hi, "%s: %u hundredths", runs[i].drive, h);
            double want = h * 1193182.0 / 65536 / 100;
            ck_assert_msg(ticks + 1 >= want && ticks <= want + 1, "%s: %u ticks in %u hundredths (%.1f)", runs[i].drive,
                          ticks, h, want);
        }
}
END_TEST

/* The cycles a run's .prx counts for one service. */
static uint64_t service_cycles(const char *prx, const char *label)
{
    struct prx x;
    char err[600];
    uint64_t cycles = 0;
    ck_assert_msg(prx_read_file(prx, &x, err, sizeof err) == 0, "%s", err);
    for (size_t k = 0; k < x.nservices; k++)
        if (strcmp(x.services[k].label, label) == 0)
            cycles = x.services[k].cycles;
    prx_free(&x);
    return cycles;
}

/* fcbclose.com: FCBCLOSE.DAT is the disk's first file (sector 66, slot 5;
 * directory entry 0 in sector 34, slot 0; its cluster 2 in FAT sector 18,
 * slot 6, copied to 26, slot 3).  The create read sector 34 into DOS's
 * buffers, the write read 18 and 66 and changed them; the FCB close
 * (10h) writes the directory sector, then each buffer written: 34, 18,
 * 26, 66, all on cylinder 0, each C + its wait + S + T = 25781 + its
 * wait.  34 ends 5 S past slot 0; 18 waits 6 S - (5 S + C) = 2293 and
 * ends at 11 S; 26 waits from 11 S + C = 53855 to 3 S of the next turn,
 * 39725, and ends at 8 S; 66 waits from 8 S + C = 39818 to 5 S, 63120:
 * 4 x 25781 + 2293 + 39725 + 63120 = 208262 cycles, and the first one's
 * wait for slot 0, up to R - 1 = 79542; with the close's own 350 + 2400
 * (COST_DOS_CALL, COST_DOS_FILE_CALL).  Under --disk-time none the close
 * is those 2750 alone (the FCB close was that under both before). */
START_TEST(an_fcb_close_writes_back_through_the_disk)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " TMP "/fc && mkdir -p " TMP "/fc"), 0);
    run_profil(&r, "run -q --trace --drive C=" TMP "/fc -o " TMP "/fc/F.PRF " FIX("fcbclose.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    uint64_t close = service_cycles(TMP "/fc/F.prx", "INT 21h/10h FCB close");
    ck_assert_msg(close >= 2750 + 208262 && close < 2750 + 208262 + 79543, "%llu", (unsigned long long)close);
    ck_assert_int_eq(system("rm -rf " TMP "/fc && mkdir -p " TMP "/fc"), 0);
    run_profil(&r, "run -q --trace --disk-time none --drive C=" TMP "/fc -o " TMP "/fc/F.PRF " FIX("fcbclose.com"),
               NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_uint_eq(service_cycles(TMP "/fc/F.prx", "INT 21h/10h FCB close"), 2750);
}
END_TEST

/* What DOS reports is the modelled disk (docs/costs.md, "What DOS
 * reports"): the ST-412's 306 x 4 x 17 = 20808 sectors less the 66 before
 * its data area, in clusters of 8: 2592 (10616832 bytes); the diskette's
 * 40 x 2 x 9 = 720 less 12, in clusters of 2: 354. */
START_TEST(dos_reports_the_modelled_disks)
{
    const struct disk_geometry fixed = DISK_FIXED, floppy = DISK_FLOPPY;
    ck_assert_uint_eq(disk_data_clusters(&fixed), 2592);
    ck_assert_uint_eq(disk_data_clusters(&floppy), 354);
}
END_TEST

Suite *disktime_suite(void)
{
    Suite *s = suite_create("disktime");
    TCase *tc = tcase_create("disk");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, seeks_follow_the_drives_figures);
    tcase_add_test(tc, files_are_placed_by_name);
    tcase_add_test(tc, a_run_of_sectors_rides_the_interleave);
    tcase_add_test(tc, a_diskette_turns_slower_and_starts_its_motor);
    tcase_add_test(tc, buffers_save_the_second_read);
    tcase_add_test(tc, a_close_writes_what_a_write_left_in_the_buffers);
    tcase_add_test(tc, sequential_read_takes_the_models_time);
    tcase_add_test(tc, the_bios_clock_runs_through_disk_time);
    tcase_add_test(tc, an_fcb_close_writes_back_through_the_disk);
    tcase_add_test(tc, dos_reports_the_modelled_disks);
    suite_add_tcase(s, tc);
    return s;
}
