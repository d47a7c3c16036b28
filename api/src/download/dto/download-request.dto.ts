import { downloadRequestSchema, type DownloadRequest } from '@portfolio/contracts/download';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';

/** POST /download's body: `{ resource }`, one of the named resources and nothing else. */
export type DownloadRequestDto = DownloadRequest;

export const downloadRequestPipe = new SchemaBodyPipe(downloadRequestSchema);
