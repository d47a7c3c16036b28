import type { ItemList, Thing, WithContext } from 'schema-dts';

export type { CreativeWork, Person, ProfilePage, SoftwareSourceCode, WithContext } from 'schema-dts';

// Sections' builders import this module: it reads no site configuration, so none is bundled with them (the
// owner's Person is made by the shell, owner-profile.ts).

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
  /** the site's owner, by id and name: a work's author (the whole Person is on the owner's profile pages) */
  owner: OwnerReference;
}

export interface OwnerReference {
  '@type': 'Person';
  '@id': string;
  name: string;
}

/** Where the shell serves the owner's portrait (packages/content/profile.svg), under a name that does not change. */
export const ownerPortraitPath = '/profile.svg';

/** The site's owner is one node wherever a page names them: pages refer to it by this id. */
export const ownerId = (siteUrl: string): string => new URL('/#owner', siteUrl).href;

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
