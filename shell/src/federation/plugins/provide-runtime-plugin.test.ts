/** @jest-environment node */
import { loadScript, ModuleFederation } from '@module-federation/enhanced/runtime';
import provideRuntimePlugin, { runtimeCoreGlobal } from './provide-runtime-plugin';

type Provided = Record<string, unknown> | undefined;
const provided = () => (globalThis as Record<string, unknown>)[runtimeCoreGlobal] as Provided;
const beforeInit = provideRuntimePlugin().beforeInit as (args: object) => object;

afterEach(() => Reflect.deleteProperty(globalThis, runtimeCoreGlobal));

describe('the provide-runtime plugin', () => {
  it('hands over a runtime with what a remote entry built without one calls', () => {
    const args = { options: { name: 'shell' } };
    expect(beforeInit(args)).toBe(args);
    // what @module-federation/runtime and the webpack bundler runtime import from the runtime core
    for (const name of ['ModuleFederation', 'Module', 'getRemoteEntry', 'getRemoteInfo', 'loadScript', 'satisfy']) {
      expect(typeof provided()?.[name]).toBe('function');
    }
    expect(provided()?.helpers).toBeDefined();
  });

  it('is the runtime the shell itself runs on, not a second copy', () => {
    beforeInit({ options: { name: 'shell' } });
    expect(provided()?.ModuleFederation).toBe(ModuleFederation);
    expect(provided()?.loadScript).toBe(loadScript);
  });

  it('leaves a runtime that is already there', () => {
    const earlier = { version: 'a remote that came first' };
    (globalThis as Record<string, unknown>)[runtimeCoreGlobal] = earlier;
    beforeInit({ options: { name: 'shell' } });
    expect(provided()).toBe(earlier);
  });
});
