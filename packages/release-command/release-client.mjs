// @ts-check
/** The site's release API as the command calls it (contracts: section-releases.ts), with a deploy token. */

/**
 * @typedef {{ status: number, body: any }} SiteAnswer  the status and the JSON body (null when there is none)
 */

/** @param {Response} response @returns {Promise<SiteAnswer>} */
async function answerOf(response) {
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text.slice(0, 300) };
  }
  return { status: response.status, body };
}

/** @param {URL} site @param {string} path */
const apiUrl = (site, path) => new URL(`api/${path}`, site.href.endsWith('/') ? site : `${site.href}/`);

/**
 * POST /api/sections/:name/releases: the archive, with the note (percent-encoded: headers carry Latin-1 only).
 * @param {{ site: URL, section: string, token: string, archive: Buffer, note: string | null }} options
 * @returns {Promise<SiteAnswer>}
 */
export async function uploadRelease({ site, section, token, archive, note }) {
  const response = await fetch(apiUrl(site, `sections/${encodeURIComponent(section)}/releases`), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/gzip',
      ...(note ? { 'x-release-note': encodeURIComponent(note) } : {}),
    },
    body: new Uint8Array(archive),
  });
  return answerOf(response);
}

/**
 * GET /api/sections/:name/releases: asked first, so a wrong or revoked token stops the command before it builds.
 * @param {{ site: URL, section: string, token: string }} options
 * @returns {Promise<SiteAnswer>}
 */
export async function listReleases({ site, section, token }) {
  const response = await fetch(apiUrl(site, `sections/${encodeURIComponent(section)}/releases`), {
    headers: { authorization: `Bearer ${token}` },
  });
  return answerOf(response);
}

/**
 * POST /api/sections/:name/releases/:id/rollout: a rollout of the release with the site's default steps (its
 * checks run again first; the token must be one that may promote).
 * @param {{ site: URL, section: string, token: string, id: string }} options
 * @returns {Promise<SiteAnswer>}
 */
export async function startRollout({ site, section, token, id }) {
  const path = `sections/${encodeURIComponent(section)}/releases/${encodeURIComponent(id)}/rollout`;
  const response = await fetch(apiUrl(site, path), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return answerOf(response);
}

/**
 * POST /api/sections/:name/releases/:id/browser-check: what Chromium found.
 * @param {{ site: URL, section: string, token: string, id: string, report: unknown }} options
 * @returns {Promise<SiteAnswer>}
 */
export async function reportBrowserCheck({ site, section, token, id, report }) {
  const path = `sections/${encodeURIComponent(section)}/releases/${encodeURIComponent(id)}/browser-check`;
  const response = await fetch(apiUrl(site, path), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(report),
  });
  return answerOf(response);
}
