import { inboxRoute } from './inbox-route';
import { loginRoute } from './login-route';
import { logoutRoute, ownerAreaRoute } from './owner-area-route';
import { sectionsRoute } from './sections-route';
import { fieldHealthRoute } from './field-health-route';
import { experimentResultsRoute } from './experiment-results-route';

/**
 * The owner's pages: one chunk of the shell that only the route table's `lazy` imports, so no
 * visitor's page ever loads it (docs/architecture.md "The owner's area").
 */
export const ownerRoutes = {
  login: loginRoute,
  logout: logoutRoute,
  area: ownerAreaRoute,
  inbox: inboxRoute,
  sections: sectionsRoute,
  health: fieldHealthRoute,
  experiment: experimentResultsRoute,
};

export type OwnerRouteName = keyof typeof ownerRoutes;
