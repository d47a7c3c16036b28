/**
 * The modules every part shares as singletons through module federation.
 * One list, so the shell and the four remotes can never disagree on it.
 *
 * react-bootstrap is shared per component ("react-bootstrap/"): every part imports
 * `react-bootstrap/Button`, never the package root, so a page loads only the components it uses.
 */
export const sharedSingletons = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/client': { singleton: true },
  'react-router': { singleton: true },
  'react-router/dom': { singleton: true },
  'react-router-dom': { singleton: true },
  'react-bootstrap/': { singleton: true },
};
