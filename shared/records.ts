/** A signed-in shopper's saved things as /records lists them (server/accounts/records.ts stores them). */
export const RECORD_KINDS = ['calculation', 'construction', 'appointment'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface SavedRecord {
  id: number;
  kind: RecordKind;
  title: string;
  /** A local path that reopens the result. */
  link: string;
  details: Record<string, unknown>;
  /** ISO 8601, UTC. */
  createdAt: string;
}
