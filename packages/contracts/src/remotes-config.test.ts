import { parseRemotesConfig } from './remotes-config.js';

const valid = {
  home: '/mf/home/remoteEntry.js',
  about: 'https://about.example.com/mf-manifest.json',
  projects: '/mf/projects/remoteEntry.js',
  resume: '/mf/resume/remoteEntry.js',
};

describe('parseRemotesConfig', () => {
  it('keeps the four remotes and drops anything else', () => {
    expect(parseRemotesConfig({ ...valid, extra: '/x.js' })).toEqual(valid);
  });

  it.each([
    ['not an object', 'remotes.json', /must hold an object/],
    ['null', null, /must hold an object/],
    ['a remote missing', { ...valid, resume: undefined }, /no URL for "resume"/],
    ['an empty URL', { ...valid, home: '' }, /no URL for "home"/],
    ['a URL that is not a string', { ...valid, about: 42 }, /no URL for "about"/],
  ])('refuses %s', (_case, value, message) => {
    expect(() => parseRemotesConfig(value)).toThrow(message);
  });
});
