import { documentTitle, errorTitle, siteConfig } from '@portfolio/contracts/site-config';
import type { RouteHandle } from '@portfolio/contracts/remote-routes';
import { ownerReference } from '@portfolio/contracts/owner-profile';
import { jsonLdScriptText, type StructuredData, type StructuredDataPage } from '@portfolio/contracts/structured-data';
import { escapeHtml } from '@portfolio/contracts/escape-html';
import { pageHandleValue, pageTypeOf, valueOf, type HandleMatch } from '../layout/page-handle';
import { shellStructuredData } from './shell-structured-data';

/** The picture of a link preview for pages that have none of their own (shell/public/site-card.png). */
const siteCardPath = '/site-card.png';

/** Every link-preview picture a page names is a card of this size (the loaders that draw them make it). */
const previewCardSize = { width: 1200, height: 630 } as const;

interface PageHeadInput {
  matches: readonly HandleMatch[];
  status: number;
  /** a route failed (not found, a section unavailable or broken): the page is the error page */
  failed?: boolean;
  pathname: string;
  /** the query the page was rendered with: the parameters its routes read alone (page-query.ts), `?tag=React` */
  search?: string;
  /** the public origin for canonical and Open Graph URLs */
  siteUrl: string;
  /** a URL a section's handle gave (maybe its build's public path), made absolute */
  absoluteUrl: (url: string) => string;
}

const handleOf = (match: HandleMatch) => match.handle as RouteHandle | undefined;

/**
 * The page's URL on the public origin: its path, and the query it was rendered with, which holds the parameters its
 * routes read alone (`handle.searchParams`, page-query.ts). Joined as text: a path starting with // stays a path.
 */
const pageUrlOf = (pathname: string, search: string, siteUrl: string) =>
  new URL(`${new URL(siteUrl).origin}${pathname}${search}`);

/**
 * The structured data of the page the deepest route renders: its own handle's, else the shell's for that route
 * (the owner's profile on home, about and resume). Never a parent's: a list's ItemList does not describe one of
 * its items' pages.
 */
function structuredDataOf(matches: readonly HandleMatch[], page: StructuredDataPage): StructuredData | undefined {
  const leaf = matches.at(-1);
  if (!leaf) return undefined;
  return handleOf(leaf)?.structuredData?.(leaf.loaderData, page) ?? shellStructuredData[leaf.id]?.(page);
}

/** The deepest route's link-preview picture, with the words its own handle gives for it (else the page title). */
function previewPicture(matches: readonly HandleMatch[]): { url: string; alt: string } | undefined {
  for (const match of [...matches].reverse()) {
    const url = valueOf(handleOf(match), 'image', match.loaderData);
    if (url)
      return {
        url,
        alt: valueOf(handleOf(match), 'imageAlt', match.loaderData) ?? documentTitle(pageHandleValue(matches, 'title')),
      };
  }
  return undefined;
}

/** The leaf route's other formats of the page (`handle.alternate`), as links in the head. */
function alternatesOf(matches: readonly HandleMatch[], absoluteUrl: (url: string) => string): string[] {
  const leaf = matches.at(-1);
  const alternate = leaf && handleOf(leaf)?.alternate;
  if (!alternate) return [];
  const href = escapeHtml(absoluteUrl(alternate.href));
  return [
    `<link rel="alternate" type="${escapeHtml(alternate.type)}" href="${href}" title="${escapeHtml(alternate.title)}">`,
  ];
}

const jsonLd = (data: StructuredData) => `<script type="application/ld+json">${jsonLdScriptText(data)}</script>`;

/**
 * A page's own head: title, description, canonical URL, Open Graph and Twitter card with the picture's size and
 * words, and its structured data (JSON-LD), from its routes' handles.
 */
export function pageHead(input: PageHeadInput): string {
  const { matches, status, pathname, search = '', siteUrl, absoluteUrl } = input;
  // a page that shows its own content (a 404 a route gives for a filter that matches nothing included) says what
  // it is; only a page that exists is indexed
  const found = !(input.failed ?? status >= 300);
  const indexed = found && status < 300;
  const pageTitle = (found && pageHandleValue(matches, 'title')) || errorTitle(status);
  const title = documentTitle(pageTitle);
  const description = (found && pageHandleValue(matches, 'description')) || siteConfig.description;
  const url = pageUrlOf(pathname, indexed ? search : '', siteUrl).href;
  const picture = (found ? previewPicture(matches) : undefined) ?? { url: siteCardPath, alt: siteConfig.description };
  const image = absoluteUrl(picture.url);
  const structuredData = indexed
    ? structuredDataOf(matches, { url, siteUrl, title: pageTitle, absoluteUrl, owner: ownerReference(siteUrl) })
    : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...(indexed ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:site_name', siteConfig.ownerName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', pageTypeOf(matches)),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(previewCardSize.width)),
    meta('property', 'og:image:height', String(previewCardSize.height)),
    meta('property', 'og:image:alt', picture.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...(indexed ? alternatesOf(matches, absoluteUrl) : []),
    ...(structuredData ? [jsonLd(structuredData)] : []),
  ];
  return tags.join('');
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}
