import type { ItemList, Person, ProfilePage, Thing, WithContext } from 'schema-dts';

export type { CreativeWork, SoftwareSourceCode, WithContext } from 'schema-dts';
import { siteConfig, type SiteConfig } from './site-config.js';

/**
 * A page's structured data: schema.org as JSON-LD, typed by schema-dts (Google's typings of the schema.org
 * vocabulary), so a property the vocabulary does not have for a type fails the type check.
 */
export type StructuredData = WithContext<Thing>;

/** What a route's `structuredData` knows of the page it describes (RouteHandle). */
export interface StructuredDataPage {
  /** the page's canonical URL */
  url: string;
  /** the public origin */
  siteUrl: string;
  /** the page's title, as its head names it ("About Me") */
  title: string;
  /** a URL a section's code gave (maybe its build's public path), made absolute */
  absoluteUrl: (url: string) => string;
}

/** Where the shell serves the owner's portrait (packages/content/profile.svg), under a name that does not change. */
export const ownerPortraitPath = '/profile.svg';

/** The site's owner is one node wherever a page names them: pages refer to it by this id. */
export const ownerId = (siteUrl: string): string => new URL('/#owner', siteUrl).href;

/** A reference to the owner (a work's author), by id and name. */
export function ownerReference(siteUrl: string): { '@type': 'Person'; '@id': string; name: string } {
  return { '@type': 'Person', '@id': ownerId(siteUrl), name: siteConfig.ownerName };
}

/**
 * The owner as a Person: name (site.json), job title (the resume's title), portrait, and the profiles the
 * header links to.
 */
export function ownerPerson(siteUrl: string, jobTitle: string, site: SiteConfig = siteConfig): Person {
  return {
    '@type': 'Person',
    '@id': ownerId(siteUrl),
    name: site.ownerName,
    jobTitle,
    image: new URL(ownerPortraitPath, siteUrl).href,
    url: new URL('/', siteUrl).href,
    sameAs: site.profiles.map((profile) => profile.url),
  };
}

/** A profile page (schema.org ProfilePage, as search engines document it): its main entity is the owner. */
export function profilePage(page: StructuredDataPage, jobTitle: string): WithContext<ProfilePage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    '@id': page.url,
    url: page.url,
    name: page.title,
    mainEntity: ownerPerson(page.siteUrl, jobTitle),
  };
}

/** A list of links to pages (schema.org ItemList of ListItems), in the order the page shows them. */
export function itemList(name: string, items: ReadonlyArray<{ url: string; name: string }>): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: item.url,
      name: item.name,
    })),
  };
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`: JSON whose `<` is written `\u003c`, so no
 * text in the data (a title with `</script>`, `<!--`) can end the script or open a comment in the HTML.
 */
export function jsonLdScriptText(data: StructuredData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
