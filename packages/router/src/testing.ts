/**
 * What unit tests need of React Router besides the site's own facade: a memory router to render a
 * route in jsdom. Never imported by a build, so it adds nothing to the shared router module.
 */
export { createMemoryRouter, RouterProvider } from 'react-router';
