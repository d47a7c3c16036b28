/**
 * What the shell's server render module needs of React Router: the static handler and router. Only the
 * server build imports it, so none of it reaches a browser; it is the same React Router as the facade's.
 */
export { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
export type { StaticHandlerContext } from 'react-router';
