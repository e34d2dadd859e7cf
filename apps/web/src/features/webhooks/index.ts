/** Webhooks: the office settings' section where owners manage endpoints, see deliveries and send them again. */
export { WebhooksSection } from './webhooks-section';
