import { isSectionBuild, type CreatePageRenderer } from '@portfolio/contracts/page-render';
import { sectionRoutesLoader } from '../federation/load-remote-routes';
import { renderPages } from './page-rendering';
import { createServerFederation } from './server-federation';

/**
 * The render module's entry (shell/dist/server/render.js), run by the API's render worker: pages
 * rendered with the sections' server builds, loaded through the federation runtime from their URLs.
 */
export const createPageRenderer: CreatePageRenderer = (options) => {
  const federation = createServerFederation(options.sections.filter(isSectionBuild));
  return renderPages({ ...options, loadSection: sectionRoutesLoader((id) => federation.loadRemote(id)) });
};
