/**
 * Spec §4: the region overlay and the notification dialog each keep their next show time in localStorage
 * (`modalRegion`, `modal`); they show when it is missing or past, and a visitor's answer puts it 4 hours ahead.
 * Read only in effects: the server cannot know a browser's storage or clock.
 */

/** Spec §9: the reminder interval, 4 hours (144e5 ms). */
export const REMIND_AFTER_MS = 144e5;

/** Whether the reminder stored under `key` is due (missing, unreadable or past). */
export function reminderDue(key: string): boolean {
  try {
    const next = Number(localStorage.getItem(key));
    return !next || next <= Date.now();
  } catch {
    return true;
  }
}

/** Stores the next show time under `key` (now + 4 hours unless given); returns it. */
export function remindAt(key: string, until = Date.now() + REMIND_AFTER_MS): number {
  try {
    localStorage.setItem(key, String(until));
  } catch {
    // no storage (private mode): it shows again next time
  }
  return until;
}
