import { downloadRequestSchema, type DownloadRequest } from '@portfolio/contracts/download';
import { ZodBodyPipe } from '../../common/zod-body.pipe.js';

/** POST /download's body: `{ resource }`, one of the named resources and nothing else. */
export type DownloadRequestDto = DownloadRequest;

export const downloadRequestPipe = new ZodBodyPipe(downloadRequestSchema);
