import { pagePickHeader, pagePicksHeader } from '@portfolio/contracts/page-picks';
import { doorGroups, doorPicks, doorPickCount } from '../doors';
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

  it('renders the pick the server asks for and says how many there are', () => {
    const groups = doorGroups();
    const total = doorPickCount(groups);
    for (const pick of [0, 1, total - 1]) {
      const { picks, headers } = load({ [pagePickHeader]: String(pick) });
      expect(picks).toEqual(doorPicks(groups, pick));
      expect(headers.get(pagePicksHeader)).toBe(String(total));
    }
    // any whole number: the server need not know the total before the first render
    expect(load({ [pagePickHeader]: String(total + 1) }).picks).toEqual(doorPicks(groups, 1));
  });

  it('picks at random when no pick is asked for (the browser navigating to home)', () => {
    const groups = doorGroups();
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.999999);
    expect(load().picks).toEqual(doorPicks(groups, doorPickCount(groups) - 1));
    random.mockReturnValue(0);
    expect(load({ [pagePickHeader]: 'not a number' }).picks).toEqual(doorPicks(groups, 0));
  });
});
