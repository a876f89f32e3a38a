/**
 * The numbers of the new-password rule, shared by the server's check (server/accounts/passwords.ts) and the pages'
 * fields (minlength, the hint), so the two cannot drift apart.
 */

/** Characters (Unicode code points) a new password needs at least. */
export const PASSWORD_MIN_LENGTH = 10;
/** Characters a new password may have at most. */
export const PASSWORD_MAX_LENGTH = 128;
/** An e-mail's local part is looked for inside the password once it has this many characters (a shorter one is everywhere). */
export const PASSWORD_LOCAL_PART_MIN = 3;
