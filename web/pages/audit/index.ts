export { AuditLogPage } from "./AuditLogPage";
