/** The site's port, and the stand-ins' ports beside it (so two runs on different E2E_PORTs never collide). */
export const sitePort = Number(process.env.E2E_PORT ?? 4173);

export const standInPorts = {
  /** The fake reCAPTCHA siteverify, which also shows the mailbox at /mails. */
  siteverify: sitePort + 8,
  /** The SMTP server that receives the contact mails. */
  smtp: sitePort + 9,
  /**
   * A server of the site whose password and sections the tests change (own-site.spec.ts: its first pages after a
   * start, the owner before a password, Preview, Promote and Roll back, the real release command).
   */
  ownSite: sitePort + 10,
  /** A second server of the site with its own remotes.json (section-deployments.spec.ts). */
  remotesSite: sitePort + 11,
  /** A server of the site whose about section runs experiments on simulated visitors (experiments.spec.ts). */
  experimentsSite: sitePort + 13,
  /** The multi-origin deployment (deployment.spec.ts): nginx for the shell and each section, API replicas, PostgreSQL. */
  deployment: sitePort + 20,
};

/**
 * The preview origin of a server of the site started on `port` (PREVIEW_PORT): the site's own is the default,
 * the port after it; the other servers' (ownSite to experimentsSite) would meet the next one's site there, so
 * theirs are 30 further on, past the deployment's ports.
 */
export const previewPortOf = (port: number): number => (port === sitePort ? sitePort + 1 : port + 30);

export const siteverifyUrl = `http://127.0.0.1:${standInPorts.siteverify}`;
