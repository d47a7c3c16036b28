import { escapeHtml } from '@portfolio/contracts/escape-html';
import { sectionLabel } from '@portfolio/contracts/remote-routes';
import { previewEndPath, type ReleasePreview } from './release-previews.js';

/** The banner's id: tests and the page's own script find it by this. */
const previewBannerId = 'preview-banner';

/**
 * The banner above a previewed page on the preview origin (outside React's #root, so hydration never sees it):
 * which section comes from which release, until when, that visitors of the site get the live one, and
 * the way to end the preview. Small enough for a phone's width: one paragraph that wraps.
 */
export function previewBanner(preview: ReleasePreview, siteUrl: string): string {
  // the banner's colours, not the page's code colour (too light on its yellow)
  const code = (text: string) => `<code style="color:inherit">${escapeHtml(text)}</code>`;
  const from = `release ${code(preview.releaseId)}`;
  const until = preview.expiresAt
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ' UTC')
    .replace('T', ' ');
  const style =
    'background:#fff3cd;color:#3d2e00;border-bottom:2px solid #c99a06;padding:.5rem 1rem;' +
    'font:0.9rem/1.4 system-ui,sans-serif;overflow-wrap:anywhere';
  const link = 'color:inherit;font-weight:600';
  return (
    `<aside id="${previewBannerId}" aria-label="Preview" style="${style}">` +
    `<strong>Preview</strong> of the ${escapeHtml(sectionLabel(preview.section))} from ${from}, ` +
    `on the preview origin until ${until}. Visitors of <a href="${escapeHtml(siteUrl)}" style="${link}">the site</a> ` +
    `get the live section. <a href="${previewEndPath}" style="${link}">End preview</a></aside>`
  );
}
