export { registerLiveRoutes } from './routes';
