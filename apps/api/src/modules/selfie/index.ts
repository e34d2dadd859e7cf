import type { ApiModule } from '../../platform/http/module';
import { selfieRoutes } from './routes';

/**
 * The candidate selfie: one current, unretouched phone photo of a candidate shown beside their primary photo. The
 * team asks for it (the talent is mailed a private link), the talent sends it from their private page, the team
 * removes it. The photo is a media item marked as the selfie, processed like any photo. Decisions 0460 to 0463.
 */
export const selfieModule: ApiModule = { name: 'selfie', register: selfieRoutes };
