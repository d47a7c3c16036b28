import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { maxRowId, plainWholeNumber } from '../common/row-id.pipe.js';

/** :id of /api/owner/messages/:id: a malformed one is a 400 (an unknown one is the handler's 404). */
export class MessageIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const id = plainWholeNumber(value, 1, maxRowId);
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
