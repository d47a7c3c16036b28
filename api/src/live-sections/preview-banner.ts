import { escapeHtml } from '@portfolio/contracts/escape-html';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { sectionLabel } from './candidate-url.js';
import type { Preview } from './owner-previews.js';

/**
 * The banner above a previewed page (outside React's #root, so hydration never sees it): which section
 * comes from which URL, that only this browser sees it, and the way back to the owner's sections page.
 */
export function previewBanner(preview: Preview): string {
  const shown = (Object.entries(preview) as Array<[RemoteName, string]>)
    .map(([name, url]) => `the ${escapeHtml(sectionLabel(name))} from <code>${escapeHtml(url)}</code>`)
    .join('; ');
  const style =
    'background:#fff3cd;color:#3d2e00;border-bottom:2px solid #c99a06;padding:.5rem 1rem;' +
    'font:0.9rem/1.4 system-ui,sans-serif;overflow-wrap:anywhere';
  return (
    `<aside id="owner-preview-banner" aria-label="Owner's preview" style="${style}">` +
    `<strong>Preview:</strong> ${shown}. Only this browser sees it; every visitor gets the live site. ` +
    `<a href="${ownerPaths.sections}" style="color:inherit;font-weight:600">Owner: sections</a></aside>`
  );
}
