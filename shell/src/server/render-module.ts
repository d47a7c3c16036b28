import { isSectionBuild, type CreatePageRenderer } from '@portfolio/contracts/page-render';
import { sectionRoutesLoader } from '../federation/load-remote-routes';
import { renderPages } from './page-rendering';
import { createServerFederation } from './server-federation';

/**
 * The render module's entry (shell/dist/server/render.js), run in a renderer (a sandboxed child
 * process of the API, api/src/live-sections/renderers/): pages rendered with the sections' server builds, loaded
 * through the federation runtime.
 */
export const createPageRenderer: CreatePageRenderer = (options) => {
  const federation = createServerFederation(options.sections.filter(isSectionBuild));
  return renderPages({ ...options, loadSection: sectionRoutesLoader((id) => federation.loadRemote(id)) });
};
