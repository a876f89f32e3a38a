/** The public face of server/audit/: the back office's record of who changed what. */
export { AUDIT_PAGE_SIZE, type AuditActor, type AuditEntry, type AuditFilter, type AuditRow, readAudit, recordAudit } from './audit.ts';
