// @ts-check
/** The pages the browser check opens: every route of the section, through its preview link. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The preview link first (it sets the preview in the browser and lands on the section's first page), then
 * one page of each further route: a project page for the projects section, its first project's. Every page on
 * the preview link's origin, the preview origin: the release's code runs there, never on the site's.
 * @param {object} options
 * @param {import('@portfolio/parts').Remote} options.remote
 * @param {string} options.previewUrl
 * @param {string} options.sectionDir  the section's sources, whose content names its pages
 * @returns {string[]}
 */
export function pagesToCheck({ remote, previewUrl, sectionDir }) {
  const urls = [previewUrl];
  if (remote.name === 'projects') {
    const projects = /** @type {Array<{ id: string }>} */ (
      JSON.parse(readFileSync(path.join(sectionDir, 'src/content/projects.json'), 'utf8'))
    );
    if (projects[0]) urls.push(new URL(`/projects/project/${encodeURIComponent(projects[0].id)}`, previewUrl).href);
  }
  return urls;
}
