import { loadGalleryPhotos, MissingPhotoError, photoVariant } from './gallery-photos';

describe('loadGalleryPhotos', () => {
  it('gives each photo its three widths, its size and its description', async () => {
    const [photo] = await loadGalleryPhotos(['harbor-at-dawn.webp']);
    expect(photo).toEqual({
      src: 'harbor-at-dawn-800w.webp',
      srcSet: 'harbor-at-dawn-480w.webp 480w, harbor-at-dawn-800w.webp 800w, harbor-at-dawn.webp 1200w',
      width: 1200,
      height: 800,
      alt: 'Sailboats and a wooden pier in a harbour at dawn, the low sun glittering on the water',
    });
  });

  it('keeps the order of the list', async () => {
    const photos = await loadGalleryPhotos(['northern-lights.webp', 'chess-endgame.webp']);
    expect(photos.map((photo) => photo.src)).toEqual(['northern-lights-800w.webp', 'chess-endgame-800w.webp']);
  });

  it('fails for a photo that is not there, so the loader can send the visitor home', async () => {
    await expect(loadGalleryPhotos(['harbor-at-dawn.webp', 'no-such-photo.webp'])).rejects.toBeInstanceOf(
      MissingPhotoError,
    );
  });
});

describe('photoVariant', () => {
  it('names the smaller versions beside the full-size file', () => {
    expect(photoVariant('mountain-lake.webp', 480)).toBe('mountain-lake-480w.webp');
  });
});
