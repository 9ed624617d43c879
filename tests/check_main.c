/*
 * tests/check_main.c: runs every suite; Check prints the summary line.
 * The scratch folder TEST_TMP is made here, so that any one suite
 * (CK_RUN_SUITE) runs in a fresh build folder.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include "testutil.h"

int main(void)
{
    if (mkdir(TEST_TMP, 0777) != 0 && errno != EEXIST) {
        perror(TEST_TMP);
        return 1;
    }
    SRunner *sr = srunner_create(timing_suite());
    srunner_add_suite(sr, devices_suite());
    srunner_add_suite(sr, prf_suite());
    srunner_add_suite(sr, sampling_suite());
    srunner_add_suite(sr, loader_suite());
    srunner_add_suite(sr, timer_suite());
    srunner_add_suite(sr, dos_suite());
    srunner_add_suite(sr, cli_suite());
    srunner_add_suite(sr, session_suite());
    srunner_add_suite(sr, reports_suite());
    srunner_add_suite(sr, fix8086_suite());
    srunner_add_suite(sr, maps_suite());
    srunner_add_suite(sr, trace_suite());
    srunner_add_suite(sr, calls_suite());
    srunner_add_suite(sr, bios_suite());
    srunner_add_suite(sr, video_suite());
    srunner_add_suite(sr, ega_suite());
    srunner_add_suite(sr, disktime_suite());
    srunner_add_suite(sr, services_suite());
    srunner_add_suite(sr, bus_suite());
    srunner_add_suite(sr, clock_suite());
    srunner_add_suite(sr, files_suite());
    srunner_add_suite(sr, realmaps_suite());
    srunner_add_suite(sr, codeview_suite());
    srunner_add_suite(sr, tdinfo_suite());
    srunner_add_suite(sr, watcom_suite());
    srunner_add_suite(sr, summary_suite());
    srunner_add_suite(sr, exact_suite());
    srunner_add_suite(sr, diff_suite());
    srunner_add_suite(sr, fuzz_suite());
    srunner_add_suite(sr, svcprof_suite());
    srunner_add_suite(sr, guestapi_suite());
    srunner_add_suite(sr, frames_suite());
    srunner_add_suite(sr, options_suite());
    srunner_add_suite(sr, layers_suite());
    srunner_add_suite(sr, api_suite());
    srunner_add_suite(sr, man_suite());
    srunner_add_suite(sr, package_suite());
    srunner_add_suite(sr, decode_suite());
    srunner_add_suite(sr, procs_suite());
    srunner_add_suite(sr, buckets_suite());
    srunner_add_suite(sr, annotate_suite());
    srunner_add_suite(sr, html_suite());
    srunner_add_suite(sr, grow_suite());
    srunner_add_suite(sr, speaker_suite());
    srunner_add_suite(sr, replay_suite());
    srunner_add_suite(sr, window_suite());
    srunner_add_suite(sr, batch_suite());
    srunner_add_suite(sr, hist_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
