import { siteConfig } from './site-config.js';

/**
 * What a link-preview card drawn by the build shows, in words (og:image:alt): the page's title and the owner's
 * name (packages/webpack-config/preview-card.mjs draws it; `?title=…&preview-card` imports it).
 */
export const drawnCardAlt = (title: string): string => `${title}, by ${siteConfig.ownerName}`;
