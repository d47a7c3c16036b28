import { pageDescription, pageDescriptionLength } from './page-description.js';

describe('pageDescription', () => {
  it('keeps short text as plain words', () => {
    expect(pageDescription("I'm **Jordan**, a [developer](https://example.com).\n\nMore  here.")).toBe(
      "I'm Jordan, a developer. More here.",
    );
  });

  it('cuts long text after the last whole sentence that fits', () => {
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const description = pageDescription(sentence.repeat(10));
    expect(description.length).toBeLessThanOrEqual(pageDescriptionLength);
    expect(description.endsWith('ok.')).toBe(true);
    // three sentences and a space are 152 characters, four 203
    expect(description.split('ok.')).toHaveLength(4);
  });

  it('cuts one long sentence at a word, with an ellipsis', () => {
    const description = pageDescription('word '.repeat(100));
    expect(description.length).toBeLessThanOrEqual(pageDescriptionLength);
    expect(description).toMatch(/word…$/);
  });
});
