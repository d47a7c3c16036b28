import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import * as router from '@portfolio/router';
import { createInstance } from '@module-federation/enhanced/runtime';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import routerPackage from '@portfolio/router/package.json' with { type: 'json' };

const singleton = (version: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

/**
 * A federation host for one set of section builds: each section's server build is fetched from its
 * URL, and gets the render module's own React, React DOM and router, so one copy renders every part.
 */
export function createServerFederation(sections: readonly SectionBuild[]) {
  return createInstance({
    name: 'shell_server',
    remotes: sections.map((section) => ({ name: section.name, entry: section.serverEntry })),
    shared: {
      react: singleton(React.version, React),
      'react/jsx-runtime': singleton(React.version, jsxRuntime),
      'react-dom': singleton(React.version, ReactDom),
      '@portfolio/router': singleton(routerPackage.version, router),
    },
  });
}
