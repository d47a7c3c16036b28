import { isSearchParamList, pageQuery, searchParamsMax } from './page-query.js';

describe('pageQuery', () => {
  it('drops every parameter no route reads: tracking parameters and any other', () => {
    const shared = '?utm_source=linkedin&utm_medium=social&fbclid=IwAR0&gclid=Cj0&ref=mail&someone=added';
    expect(pageQuery(shared, [])).toBe('');
    expect(pageQuery(shared, ['tag'])).toBe('');
    expect(pageQuery('', ['tag'])).toBe('');
    expect(pageQuery('?', ['tag'])).toBe('');
  });

  it('keeps the parameters a route reads, in the order the routes name them whatever order the link had', () => {
    expect(pageQuery('?utm_source=x&tag=react&fbclid=y', ['tag'])).toBe('?tag=react');
    expect(pageQuery('tag=react', ['tag'])).toBe('?tag=react');
    expect(pageQuery('?page=2&tag=react', ['tag', 'page'])).toBe('?tag=react&page=2');
    expect(pageQuery('?tag=react&page=2', ['tag', 'page'])).toBe('?tag=react&page=2');
    // a name's values keep their order: they may mean something in it
    expect(pageQuery('?tag=b&x=1&tag=a', ['tag'])).toBe('?tag=b&tag=a');
    // a filter without a value filters nothing: the page without it
    expect(pageQuery('?tag=&utm_source=x', ['tag'])).toBe('');
  });

  it('writes values as one encoding, so two spellings of one value are one page', () => {
    expect(pageQuery('?tag=node%20js', ['tag'])).toBe(pageQuery('?tag=node+js', ['tag']));
    expect(pageQuery('?tag=C%2B%2B', ['tag'])).toBe('?tag=C%2B%2B');
  });
});

describe('isSearchParamList', () => {
  it('believes a short list of names, nothing else', () => {
    expect(isSearchParamList(['tag'])).toBe(true);
    expect(isSearchParamList([])).toBe(true);
    expect(isSearchParamList(undefined)).toBe(false);
    expect(isSearchParamList('tag')).toBe(false);
    expect(isSearchParamList([''])).toBe(false);
    expect(isSearchParamList([1])).toBe(false);
    expect(isSearchParamList(['x'.repeat(101)])).toBe(false);
    expect(isSearchParamList(Array.from({ length: searchParamsMax + 1 }, (_, index) => `p${index}`))).toBe(false);
  });
});
