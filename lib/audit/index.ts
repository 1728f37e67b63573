export { auditActorOf, type AuditActor } from "./audit-actor";
export { audited, recordAudit, recordAudits, type AuditEntry } from "./record-audit";
export { verifyAuditChain, type ChainReport } from "./verify-chain";
export { auditedFor, type CallerAuditEvent } from "./audited-for";
export { auditedRuntimeAction, runtimeAuditEntry, type RuntimeActionActor } from "./audited-runtime-action";
export { eachAuditEvent, listAuditEvents, toAuditEventView, type AuditEventView, type AuditFilters } from "./list-audit-events";
export { auditExportStream, type AuditExportFormat } from "./export-audit-events";
export { mayReadAudit, requireAuditReader } from "./require-audit-reader";
