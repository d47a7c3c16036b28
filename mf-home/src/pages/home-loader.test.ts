import { pageVariantHeader, pageVariantsHeader } from '@portfolio/contracts/page-variants';
import { doorGroups, doorPicks, doorVariants } from '../doors';
import { homeLoader, type HomeLoaderData } from './home-loader';

/** Runs the loader as React Router does, for a request with the given headers. */
function load(headers: Record<string, string> = {}) {
  const result = homeLoader({
    request: new Request('http://site.test/', { headers }),
    params: {},
    context: undefined,
    unstable_pattern: '/',
  } as unknown as Parameters<typeof homeLoader>[0]) as unknown as { data: HomeLoaderData; init: ResponseInit | null };
  return { picks: result.data.doorPicks, headers: new Headers(result.init?.headers) };
}

describe("home's loader", () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders the variant the server asks for and says how many there are', () => {
    const groups = doorGroups();
    const variants = doorVariants(groups);
    for (const variant of [0, 1, variants - 1]) {
      const { picks, headers } = load({ [pageVariantHeader]: String(variant) });
      expect(picks).toEqual(doorPicks(groups, variant));
      expect(headers.get(pageVariantsHeader)).toBe(String(variants));
    }
    // any whole number: the server need not know the count before the first render
    expect(load({ [pageVariantHeader]: String(variants + 1) }).picks).toEqual(doorPicks(groups, 1));
  });

  it('picks at random when no variant is asked for (the browser navigating to home)', () => {
    const groups = doorGroups();
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.999999);
    expect(load().picks).toEqual(doorPicks(groups, doorVariants(groups) - 1));
    random.mockReturnValue(0);
    expect(load({ [pageVariantHeader]: 'not a number' }).picks).toEqual(doorPicks(groups, 0));
  });
});
