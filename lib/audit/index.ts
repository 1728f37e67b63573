export { auditActorOf, type AuditActor } from "./audit-actor";
export { audited, recordAudit, type AuditEntry } from "./record-audit";
export { verifyAuditChain, type ChainReport } from "./verify-chain";
export { auditedFor, type CallerAuditEvent } from "./audited-for";
export { auditedRuntimeAction, type RuntimeActionActor } from "./audited-runtime-action";
