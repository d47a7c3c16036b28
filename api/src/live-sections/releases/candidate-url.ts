import { BadRequestException } from '@nestjs/common';
import { resolveSectionUrl } from '@portfolio/contracts/section-url';

const invalid = (message: string) => new BadRequestException({ message, fields: { url: message } });

/**
 * A section URL the owner typed, as it will be stored: an absolute http(s) URL, or a path on the site
 * itself (`/mf/about/remoteEntry.js`). Anything else (javascript:, file:, data:, a protocol-relative
 * `//host`, user names in URLs, spaces) is refused with a sentence saying what is accepted.
 */
export function candidateUrl(raw: string): string {
  const text = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) throw invalid('A URL has no spaces or control characters.');
  if (text.startsWith('/')) {
    const path = resolveSectionUrl(text);
    if (!path.startsWith('/') || text.startsWith('//') || text.startsWith('/\\'))
      throw invalid('Give a full https:// URL for another host; a path must start with a single /.');
    // its fragment, as for a full URL below: a fragment is never sent, it names no other file
    return path.replace(/#.*$/s, '');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('Enter an https:// or http:// URL, or a path on this site starting with /.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(`Only http and https URLs can serve a section, not ${url.protocol.slice(0, 20)} URLs.`);
  if (url.username || url.password) throw invalid('A section URL may not carry a user name or password.');
  url.hash = '';
  return url.href;
}
