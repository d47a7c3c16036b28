import type { IncomingMessage } from 'node:http';
import { optsOut } from './opts-out.js';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('optsOut: a visitor who declines to be measured', () => {
  it('is one who sends Global Privacy Control or Do Not Track', () => {
    expect(optsOut(withHeaders({ 'sec-gpc': '1' }))).toBe(true);
    expect(optsOut(withHeaders({ dnt: '1' }))).toBe(true);
  });

  it('is not one who sends neither, or another value of them', () => {
    expect(optsOut(withHeaders({}))).toBe(false);
    expect(optsOut(withHeaders({ 'sec-gpc': '0', dnt: '0' }))).toBe(false);
    expect(optsOut(withHeaders({ dnt: 'null' }))).toBe(false);
  });
});
