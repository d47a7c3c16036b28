import { siteConfig, type SiteConfig } from './site-config.js';
import {
  ownerId,
  ownerPortraitPath,
  type OwnerReference,
  type Person,
  type ProfilePage,
  type StructuredDataPage,
  type WithContext,
} from './structured-data.js';

/** A reference to the owner (a work's author), by id and name. */
export function ownerReference(siteUrl: string): OwnerReference {
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
