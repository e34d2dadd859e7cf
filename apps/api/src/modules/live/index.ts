import type { ApiModule } from '../../platform/http/module';
import { registerLiveRoutes } from './routes';

/** The live project channel: a websocket that pushes project events to members who joined the project. */
export const liveModule: ApiModule = { name: 'live', register: registerLiveRoutes };
