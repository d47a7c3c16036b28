import { NotFoundException, type PipeTransform } from '@nestjs/common';

/** A PostgreSQL integer column holds 1 to 2^31 - 1 as ids. */
export const maxRowId = 2 ** 31 - 1;

/** A whole number written plainly (no sign, exponent, spaces or leading zeros) within [min, max]; else null. */
export function plainWholeNumber(value: unknown, min: number, max: number): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/**
 * :id of a row in a path (a deploy token, an experiment): anything that is not an id the table can hold
 * (99999999999999999999, -1, 1e3, abc) names no row, so it is a 404, never the database's error.
 */
export class RowIdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly notFound: string) {}

  transform(value: unknown): number {
    const id = plainWholeNumber(value, 1, maxRowId);
    if (id === null) throw new NotFoundException({ message: this.notFound });
    return id;
  }
}
