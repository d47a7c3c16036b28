import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { contactAction } from './contact/contact-action';
import { HomePage } from './pages/home-page';

/** This remote's side of the federation contract: the home page and its contact action. */
const routes = {
  home: {
    Component: HomePage,
    action: contactAction,
  },
} satisfies RemoteRoutes<'home'>;

export default routes;
