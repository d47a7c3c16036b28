import { proofTimingName, type FieldEvent } from '@portfolio/contracts/field-events';

/**
 * Pages and beacons as a visitor's browser gets and sends them: a page's response carries the proof of its view in
 * `Server-Timing` (api/src/field/page-view-proofs.ts), and each beacon of that page carries the proof.
 */

/** The proof a page response carries, or null (a visitor not measured, a preview, no page). */
export function proofOf(response: Response): string | null {
  const header = response.headers.get('server-timing') ?? '';
  const entry = header.split(',').find((part) => part.trim().startsWith(`${proofTimingName};`));
  return entry ? (/desc="([^"]*)"/.exec(entry)?.[1] ?? null) : null;
}

/** What a proof says, as the server signed it (its first part is base64url JSON). */
export function proofFields(proof: string): { n: string; t: number; b: Record<string, string>; f: unknown[][] } {
  return JSON.parse(Buffer.from(proof.split('.')[0] ?? '', 'base64url').toString('utf8')) as never;
}

/** One page view: the page asked for as a browser does (cookies as given), its proof and its experiment cookies. */
export async function pageView(site: { baseUrl: string }, urlPath = '/', headers: Record<string, string> = {}) {
  const response = await fetch(`${site.baseUrl}${urlPath}`, { headers });
  await response.arrayBuffer();
  return {
    status: response.status,
    proof: proofOf(response),
    /** `exp_<section>=<id>.<bucket>` values set by this response */
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? ''),
  };
}

/** A beacon as navigator.sendBeacon sends a string: text/plain, the page's Origin. */
export function beacon(
  site: { baseUrl: string },
  body: unknown,
  init: { headers?: Record<string, string>; raw?: string } = {},
) {
  return fetch(`${site.baseUrl}/api/rum`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: site.baseUrl, ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}

/** A page's beacon of these events with its proof: the status it got. */
export async function report(site: { baseUrl: string }, proof: string, events: FieldEvent[]): Promise<number> {
  const response = await beacon(site, { proof, events });
  await response.arrayBuffer();
  return response.status;
}
