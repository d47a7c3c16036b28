/**
 * React Router as the site shares it. Federation cannot tree-shake a shared package, and
 * react-router's single entry also carries server rendering, sessions and RSC (61 KB gzip).
 * Every part imports the router from here instead, this module is the shared singleton, and
 * the shell's build keeps only what is listed below. Need another export? Add it here.
 */
export {
  createBrowserRouter,
  data,
  Form,
  isRouteErrorResponse,
  matchRoutes,
  Link,
  NavLink,
  Outlet,
  redirect,
  ScrollRestoration,
  useFetcher,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useOutlet,
  useParams,
  useRevalidator,
  useRouteError,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
export type { ActionFunctionArgs, LoaderFunctionArgs, NonIndexRouteObject, RouteObject, UIMatch } from 'react-router';
