import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import * as router from '@portfolio/router';
import { createInstance } from '@module-federation/enhanced/runtime';
import type { SharedSingleton } from '@portfolio/parts';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import routerPackage from '@portfolio/router/package.json' with { type: 'json' };

const singleton = (version: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

/**
 * What the render module provides of the one list of shared singletons (@portfolio/parts): the copies a page
 * rendered on the server needs as one. The list's browser-only keys are not provided here: `react-dom/client`
 * (no hydration on the server) and `react-bootstrap/` (a section's components render markup from its own copy;
 * no react-bootstrap state outlives a render). Keyed by the list's type, so a name outside it does not compile.
 */
const provided = {
  react: singleton(React.version, React),
  'react/jsx-runtime': singleton(React.version, jsxRuntime),
  'react-dom': singleton(React.version, ReactDom),
  '@portfolio/router': singleton(routerPackage.version, router),
} satisfies Partial<Record<SharedSingleton, ReturnType<typeof singleton>>>;

/**
 * A federation host for one set of section builds: each section's server build is fetched from its
 * URL, and gets the render module's own React, React DOM and router, so one copy renders every part.
 */
export function createServerFederation(sections: readonly SectionBuild[]) {
  return createInstance({
    name: 'shell_server',
    remotes: sections.map((section) => ({ name: section.name, entry: section.serverEntry })),
    shared: provided,
  });
}
