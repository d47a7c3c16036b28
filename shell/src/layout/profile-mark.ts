import type { SiteConfig } from '@portfolio/contracts/site-config';

type Profile = SiteConfig['profiles'][number];

/** Which mark a profile link shows: the site's own mark when its host is one a visitor knows, else a glyph for its kind. */
export type ProfileMark = 'github' | 'linkedin' | Profile['kind'];

const marksByHost: ReadonlyArray<readonly [host: string, mark: ProfileMark]> = [
  ['github.com', 'github'],
  ['linkedin.com', 'linkedin'],
];

export function profileMark(profile: Pick<Profile, 'kind' | 'url'>): ProfileMark {
  let hostname: string;
  try {
    hostname = new URL(profile.url).hostname.toLowerCase();
  } catch {
    return profile.kind;
  }
  // a recognisable brand only where the link really goes there (www. and country subdomains included)
  const known = marksByHost.find(([host]) => hostname === host || hostname.endsWith(`.${host}`));
  return known ? known[1] : profile.kind;
}
