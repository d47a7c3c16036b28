import type { GalleryPhoto } from '@portfolio/ui/gallery';
import photoDescriptions from './content/photo-descriptions.json';

/** Every gallery photo is 3:2, stored as <name>.webp (1200 px wide) with 800 and 480 px versions beside it (scripts/make-gallery-photos.mjs). */
const photoSize = { width: 1200, height: 800 } as const;
export const smallerPhotoWidths = [480, 800] as const;

/** "harbor.webp" at 800 px is "harbor-800w.webp". */
export const photoVariant = (file: string, width: number) => file.replace(/\.webp$/, `-${width}w.webp`);

const descriptions: Readonly<Record<string, string>> = photoDescriptions;

export class MissingPhotoError extends Error {}

async function photoUrl(file: string): Promise<string> {
  try {
    // eager: every photo's URL is in this remote's code; the pictures themselves load only when shown
    const module = (await import(/* webpackMode: "eager" */ `./content/photos/${file}`)) as { default: string };
    return module.default;
  } catch (error) {
    throw new MissingPhotoError(`No photo ${file} in content/photos`, { cause: error });
  }
}

/** The gallery's photos: each file's URLs at every width, its size, and what it shows. */
export async function loadGalleryPhotos(files: readonly string[]): Promise<GalleryPhoto[]> {
  return Promise.all(
    files.map(async (file) => {
      const [small, medium, large] = await Promise.all([
        photoUrl(photoVariant(file, smallerPhotoWidths[0])),
        photoUrl(photoVariant(file, smallerPhotoWidths[1])),
        photoUrl(file),
      ]);
      return {
        src: medium,
        srcSet: `${small} ${smallerPhotoWidths[0]}w, ${medium} ${smallerPhotoWidths[1]}w, ${large} ${photoSize.width}w`,
        ...photoSize,
        alt: descriptions[file] ?? '',
      };
    }),
  );
}
