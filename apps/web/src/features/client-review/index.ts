/**
 * The client review feature's public entry for other features: the team's dialogs (share with a client, the links
 * with their feedback). The public review pages are reached only through the route table (portal-pages.ts).
 */
export { CreateClientLinkDialog } from './create-client-link-dialog';
export type { CreateClientLinkDialogProps } from './create-client-link-dialog';
export { ClientLinksDialog } from './client-links-dialog';
