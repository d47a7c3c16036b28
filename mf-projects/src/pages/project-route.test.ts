import { projectRoute } from './project-route';

const load = (projectId: string) =>
  projectRoute.loader({
    params: { projectId },
    request: new Request(`http://site/projects/project/${projectId}`),
  } as never);

// the visitor's side of it (the redirect answered by the server and followed by the browser) is e2e's projects.spec.ts
describe("a project page's loader", () => {
  it.each(['8', 'abc', '-1', '1.5'])('sends an unknown project id (%p) to the list', async (id) => {
    const answer = await load(id);
    expect(answer).toBeInstanceOf(Response);
    expect([(answer as Response).status, (answer as Response).headers.get('Location')]).toEqual([302, '/projects']);
  });

  it('loads a known project', async () => {
    expect(await load('0')).toEqual({ project: expect.objectContaining({ id: '0' }) });
  });
});
