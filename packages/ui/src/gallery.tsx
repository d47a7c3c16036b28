import { useId, useState, type FocusEvent } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { useReducedMotion } from './use-reduced-motion';
import styles from './gallery.module.css';

/** A picture of the gallery: its source, and optionally its responsive variants, size and description. */
export interface GalleryPhoto {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
  alt?: string;
}

interface GalleryProps {
  galleryTitle: string;
  /** Gallery (docs/product-rules.md): the list of image sources, as plain URLs or with their variants. */
  galleryPhotoList: ReadonlyArray<string | GalleryPhoto>;
}

/** docs/product-rules.md: the carousel moves on every 5000 ms (react-bootstrap's swipe threshold is the rules' 40 px). */
export const galleryInterval = 5000;

/** The photos take 60% of a bootstrap container: the widths the browser picks a variant for. */
const gallerySizes =
  '(min-width: 1400px) 778px, (min-width: 1200px) 670px, (min-width: 992px) 562px, (min-width: 768px) 418px, (min-width: 576px) 310px, calc(60vw - 15px)';

const toPhoto = (photo: string | GalleryPhoto): GalleryPhoto => (typeof photo === 'string' ? { src: photo } : photo);

/**
 * A titled carousel of photos, reusable by any part: it wraps around, follows swipes, pauses while
 * hovered or focused, has a pause button, and stays still for visitors who ask for reduced motion.
 */
export function Gallery({ galleryTitle, galleryPhotoList }: GalleryProps) {
  const titleId = useId();
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const photos = galleryPhotoList.map(toPhoto);
  if (photos.length === 0) return null;

  const wantsPlay = (choice ?? (reducedMotion ? 'pause' : 'play')) === 'play';
  const playing = wantsPlay && !hovered && !focused;
  const upNext = (active + 1) % photos.length;
  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
  };

  return (
    // the APG carousel pattern: a labelled region described as a carousel
    <section aria-labelledby={titleId} aria-roledescription="carousel" className="mb-5">
      <h2 id={titleId} className="h3 mb-3">
        {galleryTitle}
      </h2>
      <Carousel
        className={styles.carousel}
        activeIndex={active}
        onSelect={(index) => setActive(index)}
        interval={playing ? galleryInterval : null}
        pause={false}
        wrap
        touch
        slide={!reducedMotion}
        indicatorLabels={photos.map((_, index) => `Show photo ${index + 1}`)}
        prevLabel="Previous photo"
        nextLabel="Next photo"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={leaveFocus}
      >
        {photos.map((photo, index) => (
          <Carousel.Item
            key={`${index}-${photo.src}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${photos.length}`}
          >
            <img
              className={styles.photo}
              src={photo.src}
              srcSet={photo.srcSet}
              sizes={photo.srcSet ? (photo.sizes ?? gallerySizes) : undefined}
              width={photo.width}
              height={photo.height}
              alt={photo.alt ?? ''}
              // the shown photo and the one after it load; the rest wait until they are close
              loading={index === active || index === upNext ? 'eager' : 'lazy'}
              decoding="async"
            />
          </Carousel.Item>
        ))}
      </Carousel>
      <p className="visually-hidden" aria-live={playing ? 'off' : 'polite'}>
        Photo {active + 1} of {photos.length}
      </p>
      <div className={styles.toolbar}>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setChoice(wantsPlay ? 'pause' : 'play')}
        >
          {wantsPlay ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      </div>
    </section>
  );
}
