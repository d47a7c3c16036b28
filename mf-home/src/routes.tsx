import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { contactAction } from './contact/contact-action';
import { HomePage } from './pages/home-page';
import { homeLoader } from './pages/home-loader';

/** This remote's side of the federation contract: the home page, its doors' loader and its contact action. */
const routes = {
  home: {
    Component: HomePage,
    loader: homeLoader,
    action: contactAction,
  },
} satisfies RemoteRoutes<'home'>;

export default routes;
