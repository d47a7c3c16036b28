import { about } from './about';
import photoDescriptions from './content/photo-descriptions.json';
import { loadGalleryPhotos, MissingPhotoError, photoVariant } from './gallery-photos';

const [first = '', second = '', third = ''] = about.basics.galleryPhotoList;
const descriptions: Record<string, string> = photoDescriptions;

describe('loadGalleryPhotos', () => {
  it('gives each photo its three widths, its size and its description', async () => {
    const [photo] = await loadGalleryPhotos([first]);
    // the jest file stub answers a file's name for its URL
    const name = first.replace(/\.webp$/, '');
    expect(photo).toEqual({
      src: `${name}-800w.webp`,
      srcSet: `${name}-480w.webp 480w, ${name}-800w.webp 800w, ${name}.webp 1200w`,
      width: 1200,
      height: 800,
      alt: descriptions[first],
    });
  });

  it('keeps the order of the list', async () => {
    const photos = await loadGalleryPhotos([third, second]);
    expect(photos.map((photo) => photo.src)).toEqual([photoVariant(third, 800), photoVariant(second, 800)]);
  });

  it('fails for a photo that is not there, so the loader can send the visitor home', async () => {
    await expect(loadGalleryPhotos([first, 'no-such-photo.webp'])).rejects.toBeInstanceOf(MissingPhotoError);
  });
});

describe('photoVariant', () => {
  it('names the smaller versions beside the full-size file', () => {
    expect(photoVariant('mountain-lake.webp', 480)).toBe('mountain-lake-480w.webp');
  });
});
