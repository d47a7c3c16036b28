import profile from '@portfolio/content/profile.svg';
import profileCard from '@portfolio/content/profile.svg?social-card';

/** Pictures the resume data names by file: the owner's portrait lives with the site's content (packages/content). */
const imagesByName: Readonly<Record<string, string>> = {
  'profile.svg': profile,
};

/** The header card's picture; an unknown name falls back to the sample portrait rather than a broken image. */
export function profilePictureUrl(name: string): string {
  return imagesByName[name] ?? profile;
}

const cardsByName: Readonly<Record<string, string>> = {
  'profile.svg': profileCard,
};

/** The portrait as a link-preview PNG (made by the build from the same picture). */
export function profileCardUrl(name: string): string {
  return cardsByName[name] ?? profileCard;
}
