import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Gallery, galleryInterval, type GalleryPhoto } from './gallery';

const photos: GalleryPhoto[] = Array.from({ length: 13 }, (_, index) => ({
  src: `/photos/p${index}-800.webp`,
  srcSet: `/photos/p${index}-480.webp 480w, /photos/p${index}-800.webp 800w`,
  width: 1200,
  height: 800,
  alt: `Photo number ${index + 1}`,
}));

/** Which slide the indicators say is shown (1-based), as assistive technology reads it. */
const shownSlide = () =>
  screen
    .getAllByRole('button', { name: /^Show photo \d+$/ })
    .findIndex((button) => button.getAttribute('aria-current') === 'true') + 1;

/** Let a slide transition finish (its end is a short timer in jsdom) and React restart the interval. */
function settle() {
  act(() => jest.advanceTimersByTime(50));
  act(() => jest.advanceTimersByTime(50));
}

/** Let `ms` of carousel time pass, starting and ending with any transition settled. */
function wait(ms: number) {
  settle();
  act(() => jest.advanceTimersByTime(ms));
  settle();
}

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('Gallery', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    preferReducedMotion(false);
  });
  afterEach(() => jest.useRealTimers());

  it('shows its title, one slide and one indicator per photo, and previous/next controls', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    const gallery = screen.getByRole('region', { name: 'Favorite Photos' });
    expect(within(gallery).getByRole('heading', { level: 2, name: 'Favorite Photos' })).toBeInTheDocument();
    const slides = gallery.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(13);
    expect(slides[12]).toHaveAttribute('aria-label', '13 of 13');
    expect(within(gallery).getAllByRole('button', { name: /^Show photo \d+$/ })).toHaveLength(13);
    expect(within(gallery).getByRole('button', { name: 'Previous photo' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
    expect(shownSlide()).toBe(1);
  });

  it('sizes every image (no layout shift) and loads only the shown photo and the next one eagerly', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(13);
    expect(images[0]).toHaveAttribute('alt', 'Photo number 1');
    expect(images[0]).toHaveAttribute('width', '1200');
    expect(images[0]).toHaveAttribute('height', '800');
    expect(images[0]).toHaveAttribute('srcset', photos[0]!.srcSet);
    expect(images[0]!.getAttribute('sizes')).toMatch(/^\(min-width: 1400px\)/);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      ...Array<string>(11).fill('lazy'),
    ]);
  });

  it('moves on every 5000 ms and wraps from the last photo to the first', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    act(() => jest.advanceTimersByTime(galleryInterval - 1));
    expect(shownSlide()).toBe(1);
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toBe(2);
    expect(screen.getAllByRole('img')[2]).toHaveAttribute('loading', 'eager');
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 13' }));
    settle();
    expect(shownSlide()).toBe(13);
    wait(galleryInterval);
    expect(shownSlide()).toBe(1);
  });

  it('goes from the first photo back to the last with Previous', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    settle();
    expect(shownSlide()).toBe(13);
  });

  it('pauses while hovered and while focus is inside, and moves on again after', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    const carousel = screen.getByRole('region', { name: 'Favorite Photos' }).querySelector('.carousel')!;
    fireEvent.mouseEnter(carousel);
    wait(galleryInterval * 3);
    expect(shownSlide()).toBe(1);
    fireEvent.mouseLeave(carousel);
    wait(galleryInterval);
    expect(shownSlide()).toBe(2);

    act(() => screen.getByRole('button', { name: 'Show photo 2' }).focus());
    wait(galleryInterval * 3);
    expect(shownSlide()).toBe(2);
    act(() => screen.getByRole('button', { name: 'Show photo 3' }).focus());
    wait(galleryInterval * 2);
    expect(shownSlide()).toBe(2);
    act(() => (document.activeElement as HTMLElement).blur());
    wait(galleryInterval);
    expect(shownSlide()).toBe(3);
  });

  it('has a pause button that stops the slideshow until played again', () => {
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    wait(galleryInterval * 3);
    expect(shownSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(galleryInterval);
    expect(shownSlide()).toBe(2);
  });

  it('stays still and does not slide for visitors who prefer reduced motion, unless they press play', () => {
    preferReducedMotion(true);
    render(<Gallery galleryTitle="Favorite Photos" galleryPhotoList={photos} />);
    const carousel = screen.getByRole('region', { name: 'Favorite Photos' }).querySelector('.carousel')!;
    expect(carousel).not.toHaveClass('slide');
    wait(galleryInterval * 3);
    expect(shownSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownSlide()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(galleryInterval);
    expect(shownSlide()).toBe(3);
  });

  it('takes plain image sources too, and renders nothing for an empty list', () => {
    const { container, rerender } = render(<Gallery galleryTitle="Trip" galleryPhotoList={['/a.webp', '/b.webp']} />);
    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      '/a.webp',
      '/b.webp',
    ]);
    rerender(<Gallery galleryTitle="Trip" galleryPhotoList={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
