import { z } from 'zod';

// What the client-review routes share: their OpenAPI tag and their path parameters.
export const TAGS = ['client-review'];
export const id = z.string().max(64);
export const secret = z.string().max(64);
/** The team names a link by its id; the portal by its secret (in the path, or the x-client-link header). */
export const teamParams = z.object({ id, clientLink: id });
export const portalParams = z.object({ id, clientLink: secret });
export const inPortal = { clientLink: { from: 'params', key: 'clientLink' } } as const;
export const projectInPath = { from: 'params', key: 'id' } as const;
