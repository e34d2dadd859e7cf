/** The compare feature's public entry: the page the route table loads. */
export { ComparePage } from './compare-page';
