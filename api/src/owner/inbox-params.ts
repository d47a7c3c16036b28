import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** contact_messages.id is a PostgreSQL integer: 1 to 2^31 - 1. */
const maxId = 2 ** 31 - 1;

/** A whole number written plainly (no sign, exponent, spaces or leading zeros) within [min, max]; else null. */
function plainWholeNumber(value: unknown, min: number, max: number): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** :id of /api/owner/messages/:id: a malformed one is a 400 (an unknown one is the handler's 404). */
export class MessageIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const id = plainWholeNumber(value, 1, maxId);
    if (id === null) throw new BadRequestException({ message: 'The message id must be a whole number from 1.' });
    return id;
  }
}

/** ?page=N (1-based); absent means the first page. */
export class PageNumberPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    if (value === undefined) return 1;
    const page = plainWholeNumber(value, 1, 1_000_000);
    if (page === null) throw new BadRequestException({ message: 'page must be a whole number from 1 to 1000000.' });
    return page;
  }
}
