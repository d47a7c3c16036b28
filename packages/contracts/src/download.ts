import * as z from 'zod/mini';

/** What POST /download can hand out, by name; nothing else is ever read from disk or built. */
const downloadResources = ['resume'] as const;

export type DownloadResource = (typeof downloadResources)[number];

/** Call 4's body (docs/product-rules.md). One schema: the API validates with it, the browser takes its type. */
export const downloadRequestSchema = z.strictObject({
  resource: z.enum(downloadResources, {
    error: (issue) => (issue.input === undefined ? 'Required.' : `Must be one of: ${downloadResources.join(', ')}.`),
  }),
});

export type DownloadRequest = z.infer<typeof downloadRequestSchema>;
