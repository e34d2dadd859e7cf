/** The audit log capability's public face (super admins only). */
export { AuditPage } from './audit-page';
