import { redirect } from '@portfolio/router';
import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { about, type AboutData } from './about';
import { AboutPage } from './pages/about-page';

/** This remote's side of the federation contract: the About page. */
const routes = {
  about: {
    Component: AboutPage,
    // SPEC: the about loader sends the visitor home if its data cannot be read.
    loader: (): AboutData | Response => (about.basics ? about : redirect('/')),
  },
} satisfies RemoteRoutes<'about'>;

export default routes;
