export { registerJobsRoutes } from './routes';
