/*
 * emu/dos/dos_time.c: INT 21h date and time, 2Ah-2Dh.
 *
 * The clock is the boot date (1984-01-01, a Sunday) at midnight plus the
 * emulated time since DOS started, plus what 2Bh/2Dh moved it by; never
 * the host's.  Setting the time also sets the BIOS tick count at 40:6Ch,
 * as DOS's clock driver does.
 */
#include "dos_internal.h"
#include "../pc/bda.h"

#define HUNDREDTHS_PER_DAY 8640000u

static uint64_t hundredths_now(struct dos *d)
{
    uint64_t cycles = d->m->now - d->epoch_cycles;
    int64_t h = (int64_t)(cycles * 100 * CPU_HZ_DEN / CPU_HZ_NUM) + d->clock_shift;
    return h < 0 ? 0 : (uint64_t)h;
}

static int days_in_month(unsigned y, unsigned mo)
{
    static const uint8_t dm[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return mo == 2 && (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : dm[mo - 1];
}

static void fn_get_date(struct dos *d)        /* 2A */
{
    unsigned y = d->boot_year, mo = d->boot_month, day = d->boot_day;
    uint64_t days = hundredths_now(d) / HUNDREDTHS_PER_DAY;
    /* the weekday from the days since 1980-01-01, a Tuesday */
    uint64_t since1980 = 0;
    for (unsigned yy = 1980; yy < y; yy++)
        since1980 += 365 + (days_in_month(yy, 2) == 29);
    for (unsigned mm = 1; mm < mo; mm++)
        since1980 += (uint64_t)days_in_month(y, mm);
    since1980 += day - 1 + days;
    while (days--) {
        if (++day > (unsigned)days_in_month(y, mo)) {
            day = 1;
            if (++mo > 12) { mo = 1; y++; }
        }
    }
    cpu_set(d->m, REG_CX, (uint16_t)y);
    cpu_set(d->m, REG_DX, (uint16_t)(mo << 8 | day));
    cpu_set_al(d->m, (uint8_t)((since1980 + 2) % 7));
}

/* 2B: CX year 1980-2099, DH month, DL day; AL 0, or FFh for a bad date. */
static void fn_set_date(struct dos *d)
{
    unsigned y = cpu_get(d->m, REG_CX), mo = cpu_get(d->m, REG_DX) >> 8, day = cpu_get(d->m, REG_DX) & 0xFF;
    if (y < 1980 || y > 2099 || mo < 1 || mo > 12 || day < 1 || day > (unsigned)days_in_month(y, mo)) {
        cpu_set_al(d->m, 0xFF);
        return;
    }
    /* Today becomes that date; the time of day stays. */
    uint64_t days = hundredths_now(d) / HUNDREDTHS_PER_DAY;
    d->clock_shift -= (int64_t)(days * HUNDREDTHS_PER_DAY);
    d->boot_year = (uint16_t)y;
    d->boot_month = (uint8_t)mo;
    d->boot_day = (uint8_t)day;
    cpu_set_al(d->m, 0);
}

static void fn_get_time(struct dos *d)        /* 2C */
{
    uint64_t h = hundredths_now(d) % HUNDREDTHS_PER_DAY;
    cpu_set(d->m, REG_CX, (uint16_t)((h / 360000) << 8 | (h / 6000) % 60));
    cpu_set(d->m, REG_DX, (uint16_t)(((h / 100) % 60) << 8 | h % 100));
    cpu_set_al(d->m, 0);        /* TIME.ASM, SYSCALL.ASM */
}

/* 2D: CH hour, CL minute, DH second, DL hundredths; AL 0, or FFh. */
static void fn_set_time(struct dos *d)
{
    uint16_t cx = cpu_get(d->m, REG_CX), dx = cpu_get(d->m, REG_DX);
    unsigned hour = cx >> 8, min = cx & 0xFF, sec = dx >> 8, hund = dx & 0xFF;
    if (hour > 23 || min > 59 || sec > 59 || hund > 99) {
        cpu_set_al(d->m, 0xFF);
        return;
    }
    uint64_t want = ((hour * 60u + min) * 60u + sec) * 100u + hund;
    uint64_t now = hundredths_now(d);
    d->clock_shift += (int64_t)want - (int64_t)(now % HUNDREDTHS_PER_DAY);
    uint32_t ticks = (uint32_t)(want * 1193182u / 6553600u);
    mem_ww(d->m, BDA_TICKS, (uint16_t)ticks);
    mem_ww(d->m, BDA_TICKS + 2, (uint16_t)(ticks >> 16));
    cpu_set_al(d->m, 0);
}

const struct dos_entry dos_time_fns[] = {
    { 0x2A, fn_get_date }, { 0x2B, fn_set_date }, { 0x2C, fn_get_time }, { 0x2D, fn_set_time },
    { 0, NULL },
};
