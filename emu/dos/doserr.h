/*
 * emu/dos/doserr.h: the DOS error codes a function returns in AX with CF
 * set (and 59h reports): their one definition, for the DOS kernel
 * (emu/dos) and the loader's EXEC.
 */
#ifndef PROFIL_EMU_DOS_DOSERR_H
#define PROFIL_EMU_DOS_DOSERR_H

enum dos_error {
    DOSERR_FUNC          = 1,   /* invalid function                  */
    DOSERR_NO_FILE       = 2,   /* file not found                    */
    DOSERR_NO_PATH       = 3,   /* path not found                    */
    DOSERR_HANDLES       = 4,   /* too many open files               */
    DOSERR_ACCESS        = 5,   /* access denied                     */
    DOSERR_HANDLE        = 6,   /* invalid handle                    */
    DOSERR_MCB_DESTROYED = 7,   /* memory control blocks destroyed   */
    DOSERR_NO_MEMORY     = 8,   /* insufficient memory               */
    DOSERR_BAD_BLOCK     = 9,   /* invalid memory block address      */
    DOSERR_FORMAT        = 11,  /* invalid format (EXEC)             */
    DOSERR_ACCESS_CODE   = 12,  /* invalid access code               */
    DOSERR_DRIVE         = 15,  /* invalid drive                     */
    DOSERR_CURDIR        = 16,  /* attempt to remove the current directory */
    DOSERR_DEVICE        = 17,  /* not the same device               */
    DOSERR_NO_MORE       = 18,  /* no more files                     */
    DOSERR_NOT_READY     = 21,  /* drive not ready (INT 24h's Fail before DOS 3.1) */
    DOSERR_EXISTS        = 80,  /* file exists                       */
    DOSERR_FAIL_INT24    = 83,  /* fail on INT 24h                   */
};

#endif
