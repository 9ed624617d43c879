/*
 * tests/check_package.c: the Debian package's sources (debian/, `make
 * deb`) agree with the rest of the tree: its Build-Depends are the
 * Makefile's DEBIAN_PACKAGES (but the build-essential ones) and its
 * version is PROFIL_VERSION.  (The installed tree itself: check_api.c.)
 */
#include "testutil.h"

#include "../cmd/commands.h"

#define MAKE_QUIET "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory"

/* Build-Depends of debian/control, one name a line, sorted, without the
 * version constraints and debhelper-compat, against DEBIAN_PACKAGES less
 * gcc and make (Debian: build-essential is never listed). */
START_TEST(build_depends_are_the_makefiles_packages)
{
    char control[1024], makefile[1024];
    ck_assert_int_eq(system("mkdir -p " TMP), 0);
    ck_assert_int_eq(system("sed -n '/^Build-Depends:/,/^[^ ]/{s/^Build-Depends://;/^[A-Za-z#]/d;p;}' debian/control"
                            " | tr ',' '\\n' | sed 's/(.*//;s/[[:space:]]//g' | grep -v -e '^$' -e '^debhelper-compat$'"
                            " | sort > " TMP "/control.deps"),
                     0);
    ck_assert_int_eq(system("printf 'print-deps:\\n\\t@echo $(DEBIAN_PACKAGES)\\n' | " MAKE_QUIET
                            " -f Makefile -f - print-deps | tr ' ' '\\n' | grep -v -x -e '' -e gcc -e make"
                            " | sort > " TMP "/makefile.deps"),
                     0);
    slurp(TMP "/control.deps", control, sizeof control);
    slurp(TMP "/makefile.deps", makefile, sizeof makefile);
    ck_assert_msg(strstr(makefile, "libx86emu-dev\n") && strstr(makefile, "nasm\n"), "DEBIAN_PACKAGES:\n%s", makefile);
    ck_assert_msg(!strcmp(control, makefile), "debian/control's Build-Depends:\n%s\nthe Makefile's DEBIAN_PACKAGES:\n%s",
                  control, makefile);
}
END_TEST

/* The changelog's newest entry is "profil (PROFIL_VERSION) ...". */
START_TEST(changelog_version_is_profils)
{
    char changelog[4096], want[64];
    slurp("debian/changelog", changelog, sizeof changelog);
    snprintf(want, sizeof want, "profil (%s) ", PROFIL_VERSION);
    ck_assert_msg(!strncmp(changelog, want, strlen(want)), "debian/changelog starts:\n%.80s", changelog);
}
END_TEST

Suite *package_suite(void)
{
    Suite *s = suite_create("package");
    TCase *tc = tcase_create("package");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, build_depends_are_the_makefiles_packages);
    tcase_add_test(tc, changelog_version_is_profils);
    suite_add_tcase(s, tc);
    return s;
}
