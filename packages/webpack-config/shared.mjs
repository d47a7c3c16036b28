/**
 * The modules every part shares as singletons through module federation.
 * One list, so the shell and the four remotes can never disagree on it.
 *
 * - React Router is shared through @portfolio/router, the one module the parts import it from:
 *   a shared package cannot be tree-shaken, and react-router's entry is mostly server code.
 * - react-bootstrap is shared per component ("react-bootstrap/"): every part imports
 *   `react-bootstrap/Button`, never the package root, so a page loads only what it uses.
 */
export const sharedSingletons = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/client': { singleton: true },
  '@portfolio/router': { singleton: true, requiredVersion: '1.0.0' },
  'react-bootstrap/': { singleton: true },
};
