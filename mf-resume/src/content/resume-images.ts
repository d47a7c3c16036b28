import profile from './images/profile.svg';

/** Pictures the resume data names by file. */
const imagesByName: Readonly<Record<string, string>> = {
  'profile.svg': profile,
};

/** The header card's picture; an unknown name falls back to the sample portrait rather than a broken image. */
export function profilePictureUrl(name: string): string {
  return imagesByName[name] ?? profile;
}
