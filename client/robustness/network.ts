/** What the browser says about the connection (Network Information API; Chromium only, absent elsewhere). */
interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** The visitor asked to save data. */
export function isSaveDataOn(): boolean {
  return connection()?.saveData === true;
}

/** 'slow-2g' or '2g', or save-data on. */
export function isSlowConnection(): boolean {
  const type = connection()?.effectiveType;
  return isSaveDataOn() || type === 'slow-2g' || type === '2g';
}
