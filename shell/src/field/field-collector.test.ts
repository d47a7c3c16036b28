import { rumLimits } from '@portfolio/contracts/field-events';
import { messageOf } from './field-collector';

describe('messageOf: an error as the field measurements send it', () => {
  it('keeps the kind and message, and cuts every URL query string and absolute URL fragment', () => {
    const error = new TypeError('failed https://api.example.com/v1/x?token=secret#part and /local/path?email=a@b.c');
    expect(messageOf(error)).toBe('TypeError: failed https://api.example.com/v1/x and /local/path');
  });

  it('makes one line of at most the limit, whatever was thrown', () => {
    expect(messageOf(new Error(`a\nb\t${'x'.repeat(500)}`))).toHaveLength(rumLimits.messageChars);
    expect(messageOf(new Error('line one\r\nline two'))).toBe('Error: line one line two');
    expect(messageOf('just text')).toBe('just text');
    expect(messageOf(Object.create(null))).toBe('Error');
    expect(messageOf('   ')).toBe('Error');
  });
});
