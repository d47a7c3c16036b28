/**
 * Where the owner's pages are; left out of the sitemap and marked noindex. A module of its own, without
 * zod: the shell's route table (on every visitor's page) needs these paths and nothing else of ./owner.ts.
 */
export const ownerBasePath = '/owner';
export const ownerPaths = {
  login: `${ownerBasePath}/login`,
  inbox: `${ownerBasePath}/inbox`,
  sections: `${ownerBasePath}/sections`,
  health: `${ownerBasePath}/health`,
  /** an experiment's results at /owner/experiments/<id> */
  experiments: `${ownerBasePath}/experiments`,
} as const;
