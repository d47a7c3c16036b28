/**
 * What parts of a page signal to the shell's field measurements, as DOM events on `window`: a remote knows
 * nothing of the shell but the `./routes` contract, so it dispatches (reportConversion) and the shell's
 * collector listens. A module of its own, without imports but a type: every remote that reports a conversion
 * carries it, and so does the first code of every page (the shell's listeners): the names' list is in field-events.ts.
 */
import type { ConversionName } from './field-events.js';

export type { ConversionName };

/** `CustomEvent<ConversionName>` */
export const conversionEventType = 'portfolio:conversion';

/** `CustomEvent<RemoteName>`: the shell could not load a section's code in the browser. */
export const sectionFailedEventType = 'portfolio:section-failed';

/** Dispatches a signal in a browser; on the server (no window) it does nothing, and nobody listening is fine. */
export function signalField(type: string, detail: unknown): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(type, { detail }));
}

/** A section's one call for a conversion (a contact message sent, the resume downloaded, a door followed). */
export const reportConversion = (name: ConversionName): void => signalField(conversionEventType, name);
