import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How often and how fast a failed manifest or entry fetch is tried again before the section gives up. */
const retryDelaysMs = [250, 1000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rides out a blip: the runtime's `fetch` hook (manifests) and `loadEntryError` hook (remoteEntry.js)
 * try again after a short pause. A remote that stays down surfaces as an error after the last try.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-retry-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (const delay of [0, ...retryDelaysMs]) {
        if (delay) await wait(delay);
        try {
          const response = await fetch(url, init);
          if (response.ok) return response;
          lastError = new Error(`${url} answered ${response.status}`);
          if (response.status < 500) break;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) {
      const retried = (async () => {
        for (const delay of retryDelaysMs) {
          await wait(delay);
          Reflect.deleteProperty(globalLoading, uniqueKey);
          try {
            const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined });
            if (entry) return entry;
          } catch {
            // try again, then give up
          }
        }
        return undefined;
      })();
      // The runtime awaits whatever this returns; its hook type wraps the promise once more than that.
      return retried as unknown as Promise<typeof retried>;
    },
  };
}
