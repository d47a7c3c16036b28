import { redirect } from '@portfolio/router';
import type { RemoteRoutes, RouteHandle } from '@portfolio/contracts/remote-routes';
import { pageDescription } from '@portfolio/contracts/page-description';
import aboutCard from '@portfolio/content/site.json?title=titles.about&preview-card';
import type { GalleryPhoto } from '@portfolio/ui/gallery';
import { about, type AboutData } from './about';
import { loadGalleryPhotos } from './gallery-photos';
import { AboutPage } from './pages/about-page';
import { aboutText } from './about-text';

export interface AboutLoaderData {
  about: AboutData;
  galleryPhotos: GalleryPhoto[];
}

/** This remote's side of the federation contract: the About page. */
const routes = {
  about: {
    Component: AboutPage,
    // docs/product-rules.md: the about loader sends the visitor home if its data cannot be read.
    loader: async (): Promise<AboutLoaderData | Response> => {
      // the texts' renderer is fetched beside the photos, so the page renders whole at once
      const [galleryPhotos] = await Promise.all([
        loadGalleryPhotos(about.basics.galleryPhotoList).catch(() => undefined),
        aboutText.load(),
      ]);
      return galleryPhotos ? { about, galleryPhotos } : redirect('/');
    },
    handle: {
      // the introduction's first paragraph says who the owner is
      description: pageDescription(about.basics.intro.split(/\n\s*\n/)[0] ?? ''),
      // the page has no picture of its own: a card the build draws from its title
      image: aboutCard.url,
      imageAlt: aboutCard.alt,
    } satisfies RouteHandle,
  },
} satisfies RemoteRoutes<'about'>;

export default routes;
