import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The ES module build, the very module the shell's own federation runtime runs on: one copy serves all.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

/** Where a remote built with `experiments.externalRuntime` looks for the federation runtime. */
export const runtimeCoreGlobal = '_FEDERATION_RUNTIME_CORE';

/**
 * Hands the shell's federation runtime to the remotes, whose entries are built without one
 * (`experiments.externalRuntime`). The plugin the federation package ships for this is CommonJS: it
 * brought a second, untree-shaken copy of the runtime into the shell.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-provide-runtime-plugin',
    beforeInit(args) {
      const global = runtimeCore.Global as Record<string, unknown>;
      global[runtimeCoreGlobal] ??= runtimeCore;
      return args;
    },
  };
}
