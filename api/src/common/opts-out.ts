import type { IncomingMessage } from 'node:http';

/**
 * Whether the visitor declines to be measured or experimented on: Global Privacy Control (`Sec-GPC: 1`) or Do Not
 * Track (`DNT: 1`). Such a visitor gets the live release, no experiment cookie, and no measurement is stored: the
 * one check on the server (experiments, page views, beacons). The browser reads the same choice from `navigator`
 * before it measures anything (shell/src/field/measure-field.ts).
 */
export const optsOut = (req: IncomingMessage): boolean => req.headers['sec-gpc'] === '1' || req.headers.dnt === '1';
