export { registerFilesRoutes } from './routes';
