/** Import (people from CSV or Excel into an opportunity): the page's public face. */
export { ImportPage } from './import-page';
