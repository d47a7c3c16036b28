import { parseReleaseArguments, UsageError } from './release-arguments.mjs';

const env = { SECTION_TOKEN: 'st_secret' };

describe('parseReleaseArguments', () => {
  it('takes --site and --note in either spelling, the token from SECTION_TOKEN and Chromium from CHROMIUM_PATH', () => {
    expect(parseReleaseArguments(['--site', 'https://example.com', '--note=fix the gallery'], env)).toEqual({
      site: new URL('https://example.com'),
      note: 'fix the gallery',
      token: 'st_secret',
      chromiumPath: '/usr/bin/chromium',
      rollout: false,
    });
    expect(parseReleaseArguments(['--rollout', '--site', 'https://example.com'], env)).toMatchObject({
      site: new URL('https://example.com'),
      rollout: true,
    });
    expect(
      parseReleaseArguments(['--site=http://127.0.0.1:8080'], { ...env, CHROMIUM_PATH: '/opt/chrome' }),
    ).toMatchObject({ note: null, chromiumPath: '/opt/chrome' });
  });

  it.each([
    [[], /--site <URL>/],
    [['--site'], /--site needs a value/],
    [['--site', 'example.com'], /not a URL/],
    [['--site', 'ftp://example.com'], /http or https/],
    [['--site', 'https://example.com', '--force'], /Unknown argument "--force"/],
    [['--site', 'https://example.com', '--rollout=yes'], /Unknown argument "--rollout=yes"/],
    [['--site', 'https://example.com', '--note', 'x'.repeat(501)], /at most 500/],
  ])('refuses %j with a sentence that says what to do', (args, message) => {
    expect(() => parseReleaseArguments(args, env)).toThrow(UsageError);
    expect(() => parseReleaseArguments(args, env)).toThrow(message);
  });

  it('refuses to start without a token, and says where one comes from', () => {
    for (const token of [undefined, '', '  ']) {
      expect(() => parseReleaseArguments(['--site', 'https://example.com'], { SECTION_TOKEN: token })).toThrow(
        /SECTION_TOKEN is not set.*deploy token/s,
      );
    }
  });
});
