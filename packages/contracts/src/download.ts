import { z } from 'zod';

/** What POST /download can hand out, by name; nothing else is ever read from disk or built. */
export const downloadResources = ['resume'] as const;

export type DownloadResource = (typeof downloadResources)[number];

/** Call 4's body (docs/product-rules.md). One schema: the API validates with it, the browser takes its type. */
export const downloadRequestSchema = z.strictObject(
  {
    resource: z.enum(downloadResources, {
      error: (issue) =>
        issue.input === undefined ? 'resource is required' : `resource must be one of: ${downloadResources.join(', ')}`,
    }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s): ${issue.keys.join(', ')}`
        : 'the body must be a JSON object',
  },
);

export type DownloadRequest = z.infer<typeof downloadRequestSchema>;
