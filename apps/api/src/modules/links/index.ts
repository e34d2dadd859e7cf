import type { ApiModule } from '../../platform/http/module';
import { createUploadGrant, linkGrantHolder } from '../media';
import { linkRoutes } from './routes';

/**
 * Submission (share) links: groups made by the link dialog, one link per chosen agency or agent, each with its own
 * 144-bit secret that is the slug of its public apply address; the links page; the public resolve call.
 */
export const linksModule: ApiModule = {
  name: 'links',
  // An open link's page gets an upload grant for its project, which the media module's upload calls accept. Every
  // grant of a link has the link as its holder, so an upload interrupted by a reload resumes on the next page load.
  register: (app, context) =>
    linkRoutes(app, context, async (projectId, linkId) =>
      createUploadGrant(context.config, { projectId, holder: linkGrantHolder(linkId) }),
    ),
};

export { linkStatus, linkUrl, openLinkByToken, type GroupRow, type LinkRow } from './link-lookup';
