import * as z from 'zod/mini';
import type { RemoteName } from './remote-routes.js';
import type { GuardFigures } from './experiments.js';

/**
 * The owner's area (behind the footer's "login" link): what its pages and the API's /api/owner/* calls
 * agree on. Every call but `status` and `login` needs the owner's session; every change also the site's
 * own Origin. Errors have the API's one shape (./api-error.ts).
 *
 *   GET    /api/owner/status                      -> OwnerStatus                 (no session needed)
 *   POST   /api/owner/login      LoginRequest      -> OwnerStatus, sets the session cookie
 *                                                    401 wrong password, 409 no password set, 429 + Retry-After
 *   POST   /api/owner/logout                      -> 204, session ended, cookies cleared
 *   GET    /api/owner/messages?page=N             -> InboxPage (newest first)
 *   PATCH  /api/owner/messages/:id  MarkRead      -> InboxMessage
 *   POST   /api/owner/messages/:id/send-now       -> InboxMessage (409 when already delivered)
 *   DELETE /api/owner/messages/:id                -> 204 (404 when unknown)
 *   GET    /api/owner/sections                    -> SectionsOverview
 *   POST   /api/owner/sections/:name/roll-back   -> SectionsOverview: promotes the release live before the current
 *                                                one (previousReleaseId), after the same checks as any promote (422
 *                                                ReleaseRefused), recorded as 'roll back'; 409 when there is none
 * A section's builds go live as releases only (section-releases.ts): imported from a URL, uploaded with a deploy
 * token, previewed, promoted.
 */

/** Where the owner's pages are (./owner-paths.ts, which a visitor's page reads without the schemas below). */
export { ownerBasePath, ownerPaths } from './owner-paths.js';

/** The owner's session: a random id, stored on the server (hashed), so any replica knows it. */
export const ownerSessionCookie = 'owner_session';

export const ownerSessionLimits = {
  /** the session ends after this long without a call */
  idleMs: 30 * 60_000,
  /** and after this long whatever happens */
  maxMs: 12 * 60 * 60_000,
} as const;

/**
 * Wrong passwords per window: per client, and for everyone together (a spread-out guess is throttled too);
 * a browser that has logged in before is counted on its own instead, so strangers cannot lock the owner out.
 */
export const loginThrottle = {
  windowMs: 15 * 60_000,
  perClient: 5,
  overall: 50,
  perDevice: 10,
} as const;

/** How the owner sets the password, said by the login page until one is set. */
export const setPasswordCommand = 'npm run owner:password';

export const loginRequestSchema = z.strictObject({
  password: z.string().check(z.minLength(1, 'Enter the password.'), z.maxLength(1024, 'Too long.')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface OwnerStatus {
  passwordSet: boolean;
  loggedIn: boolean;
  /** when the session ends if nothing is done (idle limit, capped by the maximum) */
  expiresAt: string | null;
}

export const markReadSchema = z.strictObject({ read: z.boolean() });
export type MarkRead = z.infer<typeof markReadSchema>;

type DeliveryState =
  | { state: 'delivered'; deliveredAt: string }
  | { state: 'waiting'; attempts: number; lastError: string | null; nextAttemptAt: string };

/** A stored contact message as the inbox shows it: every field is the visitor's text, shown as text. */
export interface InboxMessage {
  id: number;
  fName: string;
  lName: string;
  email: string;
  org: string;
  subject: string;
  message: string;
  createdAt: string;
  read: boolean;
  delivery: DeliveryState;
}

export const inboxPageSize = 20;

export interface InboxPage {
  messages: InboxMessage[];
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  unread: number;
}

export const sectionUrlSchema = z.strictObject({
  url: z.string().check(z.minLength(1, 'Enter a URL.'), z.maxLength(2048, 'Too long.')),
});
export type SectionUrlRequest = z.infer<typeof sectionUrlSchema>;

/** What a section at one URL was found to be: reachable, honouring the `./routes` contract, which build. */
export interface SectionHealth {
  url: string;
  /** every check passed: it may go live */
  ok: boolean;
  /** the entry (remoteEntry.js or mf-manifest.json) answered */
  entryAnswers: boolean;
  /** the route ids its `./routes` serves, as its server build reports them; null when it could not be loaded */
  routeIds: string[] | null;
  /** route ids the shell needs that it does not serve */
  missingRouteIds: string[];
  /** its build's version (a hash) and, when known, when it was built */
  version: string | null;
  builtAt: string | null;
  /** what is wrong, one sentence each */
  problems: string[];
}

export interface SectionChange {
  section: RemoteName;
  /** an experiment's changes (experiments.ts) go from the live URL to the candidate's */
  /** 'first release': a part's build taken as its first release on the site's first start (nothing to roll back to) */
  action:
    | 'promote'
    | 'roll back'
    | 'first release'
    | 'release uploaded'
    | 'release imported'
    | 'preview link made'
    | ExperimentAction;
  from: string;
  to: string;
  at: string;
  /** an experiment's share, or why it stopped; null otherwise */
  note?: string | null;
  /** who: 'the owner', 'token "<name>"', 'the guard', or 'the site' (its first start) */
  by: string;
  /** the guard's figures when it decided (a stop, a rollout's step, roll back or promote); null otherwise */
  figures?: GuardFigures | null;
}

export type ExperimentAction =
  | 'experiment started'
  | 'experiment share changed'
  | 'experiment ended'
  | 'experiment promoted'
  | 'experiment stopped'
  | 'rollout started'
  | 'rollout step'
  | 'rollout paused'
  | 'rollout resumed'
  | 'rollout rolled back'
  | 'rollout promoted';

export interface SectionOverview {
  name: RemoteName;
  /** "About section": how the interface names it */
  label: string;
  liveUrl: string;
  liveHealth: SectionHealth;
  /** the release a Roll back would promote (the one live before the current one), or null: nothing to go back to */
  previousReleaseId: string | null;
  /** the release live now (section-releases.ts), or null when the live URL is not a release of this site */
  liveReleaseId: string | null;
}

export interface SectionsOverview {
  sections: SectionOverview[];
  /** newest first */
  history: SectionChange[];
  /** where the live configuration is kept: since section releases always "database" (table live_sections,
   *  PGlite or PostgreSQL; remotes.json is only the default of a section without a row) */
  storage: 'remotes.json' | 'database';
}
