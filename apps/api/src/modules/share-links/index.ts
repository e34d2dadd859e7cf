import type { ApiModule } from '../../platform/http/module';
import { createUploadGrant } from '../media';
import { shareLinkRoutes } from './routes';

/**
 * Submission (share) links: groups made by the link dialog, one link per chosen agency or agent, each with its own
 * 144-bit secret that is the slug of its public apply address; the links page; the public resolve call.
 */
export const shareLinksModule: ApiModule = {
  name: 'share-links',
  // An open link's page gets an upload grant for its project, which the media module's upload calls accept.
  register: (app, context) =>
    shareLinkRoutes(app, context, async (projectId) => createUploadGrant(context.config, { projectId })),
};

export { linkStatus, linkUrl, openLinkByToken, type GroupRow, type LinkRow } from './service';
