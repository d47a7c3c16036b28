import { isRouteErrorResponse } from '@portfolio/router';
import type { StaticHandlerContext } from '@portfolio/router/server';

/**
 * Errors as React Router's browser router revives them from `window.__staticRouterHydrationData`:
 * an error response keeps its status, an Error becomes one with the same message.
 */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]: [string, unknown]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [routeId, { message: error.message, __type: 'Error' }];
      return [routeId, error];
    }),
  );
}

/** What the browser's router starts from, so it runs no loader the server already ran. */
export function hydrationData(context: StaticHandlerContext) {
  return {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
}
