import {
  BadRequestException,
  PayloadTooLargeException,
  RequestTimeoutException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { Request } from 'express';
import { oneLine } from '@portfolio/contracts/plain-text';
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

/** Where an upload's bytes go as they arrive (an ArchiveUnpacking), and the refusal that stops the reading. */
interface ArchiveSink {
  write(chunk: Buffer): void;
  readonly refused: Promise<never>;
}

/**
 * The connection of a request answered before its body was read whole is closed once the answer is sent:
 * Node would otherwise read (and drop) the rest of a body that may be 20 MB or never end.
 */
export function closeAfterAnswer(req: Request): void {
  req.res?.setHeader('Connection', 'close');
}

/** A refusal before the body is read (its type, its declared length): 415 or 413. */
export function checkArchiveHeaders(req: Request): void {
  const type = (req.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!archiveTypes.has(type))
    throw new UnsupportedMediaTypeException({
      message: "Send the release as a gzip'd tar (Content-Type: application/gzip).",
    });
  const declared = Number(req.get('content-length') ?? NaN);
  if (declared > releaseArchiveLimits.maxArchiveBytes) throw tooLarge();
}

/**
 * An upload's body, each chunk handed to `sink` as it arrives. Refused with 413 as soon as the bytes read pass
 * the limit, 408 when the whole body has not arrived within `limitMs` (a slow body holds no slot for long), and
 * with the sink's own refusal when the archive is refused before its end. A refused body is read no further;
 * its connection is closed once the answer is sent.
 */
export function readArchiveBody(req: Request, sink: ArchiveSink, limitMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let size = 0;
    const stop = (error?: unknown) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (error === undefined) {
        resolve();
        return;
      }
      req.pause();
      closeAfterAnswer(req);
      reject(error instanceof Error ? error : new Error('the upload stopped'));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > releaseArchiveLimits.maxArchiveBytes) {
        stop(tooLarge());
        return;
      }
      try {
        sink.write(chunk);
      } catch (error) {
        stop(error);
      }
    };
    const onEnd = () => stop();
    // the client went away: nobody reads the answer
    const onClose = () => stop(new BadRequestException({ message: 'The upload was cut off before its end.' }));
    const timer = setTimeout(
      () =>
        stop(
          new RequestTimeoutException({
            message: `The archive did not arrive within ${limitMs / 1000} s: an upload's body has that long.`,
          }),
        ),
      limitMs,
    );
    sink.refused.catch(stop);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

/**
 * The upload's note (X-Release-Note, percent-encoded or plain), or null: one line of at most maxNoteLength
 * characters, with no control character (a 400 otherwise: %00 would reach the database and the owner's page).
 */
export function releaseNoteOf(req: Request): string | null {
  const raw = req.get(releaseNoteHeader);
  if (!raw) return null;
  let note = raw;
  try {
    note = decodeURIComponent(raw);
  } catch {
    // not percent-encoded: taken as it is
  }
  if (!oneLine.test(note))
    throw new BadRequestException({
      message: `A release note is one line without control characters (${releaseNoteHeader} held one).`,
    });
  note = note.trim();
  if (note.length > releaseArchiveLimits.maxNoteLength)
    throw new BadRequestException({
      message: `A release note has ${releaseArchiveLimits.maxNoteLength} characters at most.`,
    });
  return note || null;
}
