import { documentTitle, siteConfig } from '@portfolio/contracts/site-config';
import { pageHandleValue, pageTypeOf, type HandleMatch } from '../layout/page-handle';
import { escapeHtml } from '@portfolio/contracts/escape-html';

/** The picture of a link preview for pages that have none of their own (shell/public/site-card.png). */
export const siteCardPath = '/site-card.png';

export interface PageHeadInput {
  matches: readonly HandleMatch[];
  status: number;
  /** the page's path, with the query parameters its routes read (page-query.ts): its canonical URL */
  path: string;
  /** the public origin for canonical and Open Graph URLs */
  siteUrl: string;
  /** a URL a section's handle gave (maybe its build's public path), made absolute */
  absoluteUrl: (url: string) => string;
}

/** A page's own head: title, description, canonical URL, Open Graph and Twitter card, from its routes' handles. */
export function pageHead({ matches, status, path, siteUrl, absoluteUrl }: PageHeadInput): string {
  const found = status < 300;
  const title = documentTitle(found ? pageHandleValue(matches, 'title') : siteConfig.titles.error);
  const description = (found && pageHandleValue(matches, 'description')) || siteConfig.description;
  // joined as text: a path starting with // stays a path on the public origin
  const url = new URL(`${new URL(siteUrl).origin}${path}`).href;
  const image = absoluteUrl((found && pageHandleValue(matches, 'image')) || siteCardPath);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...(found ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:site_name', siteConfig.ownerName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', pageTypeOf(matches)),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  return tags.join('');
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}
