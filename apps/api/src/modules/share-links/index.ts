import type { ApiModule } from '../../platform/http/module';
import { shareLinkRoutes } from './routes';

/**
 * Submission (share) links: groups made by the link dialog, one link per chosen agency or agent, each with its own
 * 144-bit secret that is the slug of its public apply address; the links page; the public resolve call.
 */
export const shareLinksModule: ApiModule = {
  name: 'share-links',
  // Upload grants arrive with the media module's export for public apply pages; until then the pages get none.
  register: (app, context) => shareLinkRoutes(app, context, async () => null),
};

export { linkStatus, linkUrl, openLinkByToken, type GroupRow, type LinkRow } from './service';
