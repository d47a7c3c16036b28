/** @jest-environment node */
// Which parts may import React Router itself is a lint rule (eslint.config.mjs); this checks the facade works.
describe('the shared router', () => {
  it('is a working React Router', async () => {
    const router = await import('./index');
    expect(router.redirect('/projects').headers.get('Location')).toBe('/projects');
    expect(router.isRouteErrorResponse(new Error('plain'))).toBe(false);
  });
});
