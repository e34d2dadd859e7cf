/** The project share feature's public entry: the overview's publish control. The public page is a route. */
export { PublicPageSection } from './public-page-section';
