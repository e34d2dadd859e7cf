/** API tokens: the office owner's section of the office settings that lists, makes and revokes the office's tokens. */
export { ApiTokensSection } from './api-tokens-section';
