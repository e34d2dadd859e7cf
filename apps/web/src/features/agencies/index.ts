/** The agency verification capability's public face (super admins only). */
export { AgenciesPage } from './agencies-page';
