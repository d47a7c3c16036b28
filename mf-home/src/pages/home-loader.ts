import { data, type LoaderFunctionArgs } from '@portfolio/router';
import { pageVariant, pageVariantsHeader } from '@portfolio/contracts/page-variants';
import { doorGroups, doorPicks, doorVariants } from '../doors';

export interface HomeLoaderData {
  /** the door each group shows, by its index in the group */
  doorPicks: number[];
}

/**
 * Which door each group shows on this load. The server renders the page once per variant and sends
 * each visitor one at random, so the browser hydrates the doors it was sent (no swap after load);
 * the browser's own navigations to home pick at random.
 */
export function homeLoader({ request }: LoaderFunctionArgs) {
  const groups = doorGroups();
  const variants = doorVariants(groups);
  return data<HomeLoaderData>(
    { doorPicks: doorPicks(groups, pageVariant(request, variants)) },
    { headers: { [pageVariantsHeader]: String(variants) } },
  );
}
