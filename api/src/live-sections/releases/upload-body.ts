import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import { releaseArchiveLimits, releaseNoteHeader } from '@portfolio/contracts/section-releases';

const archiveTypes = new Set([
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/octet-stream',
]);
const tooLarge = () =>
  new PayloadTooLargeException({
    message: `A release archive may be ${releaseArchiveLimits.maxArchiveBytes} bytes at most.`,
  });

/**
 * The raw body of an upload, refused (413) from its Content-Length before a byte is read, or as soon as
 * the bytes read pass the limit; the stream is left unread then, and Node closes the connection.
 */
export async function readArchiveBody(req: Request): Promise<Buffer> {
  const type = (req.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!archiveTypes.has(type))
    throw new UnsupportedMediaTypeException({
      message: "Send the release as a gzip'd tar (Content-Type: application/gzip).",
    });
  const declared = Number(req.get('content-length') ?? NaN);
  if (declared > releaseArchiveLimits.maxArchiveBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > releaseArchiveLimits.maxArchiveBytes) {
      req.unpipe();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The upload's note (X-Release-Note, percent-encoded or plain), or null. */
export function releaseNoteOf(req: Request): string | null {
  const raw = req.get(releaseNoteHeader);
  if (!raw) return null;
  let note = raw;
  try {
    note = decodeURIComponent(raw);
  } catch {
    // not percent-encoded: taken as it is
  }
  note = note.trim();
  if (note.length > releaseArchiveLimits.maxNoteLength)
    throw new BadRequestException({
      message: `A release note has ${releaseArchiveLimits.maxNoteLength} characters at most.`,
    });
  return note || null;
}
