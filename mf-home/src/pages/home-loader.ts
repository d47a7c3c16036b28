import { data, type LoaderFunctionArgs } from '@portfolio/router';
import { pagePick, pagePicksHeader } from '@portfolio/contracts/page-picks';
import { doorGroups, doorPickCount, doorPicks } from '../doors';

export interface HomeLoaderData {
  /** the door each group shows, by its index in the group */
  doorPicks: number[];
}

/**
 * Which door each group shows on this load. The server renders the page once per pick and sends
 * each visitor one at random, so the browser hydrates the doors it was sent (no swap after load);
 * the browser's own navigations to home pick at random.
 */
export function homeLoader({ request }: LoaderFunctionArgs) {
  const groups = doorGroups();
  const picks = doorPickCount(groups);
  return data<HomeLoaderData>(
    { doorPicks: doorPicks(groups, pagePick(request, picks)) },
    { headers: { [pagePicksHeader]: String(picks) } },
  );
}
