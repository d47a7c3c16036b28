import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultCardImage } from './content/project-images';
import { isCodingProject, isOtherProject, loadProject, ProjectNotFoundError, projects, thumbnailUrl } from './projects';

const writeUp = (id: string) => readFileSync(path.join(__dirname, 'content', 'markdown', `${id}.md`), 'utf8').trim();

describe('the projects data', () => {
  it('has eight projects, ids 0 to 7, three coding and five other', () => {
    expect(projects.map((project) => project.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(projects.filter(isCodingProject).map((project) => project.id)).toEqual(['0', '1', '2']);
    expect(projects.filter(isOtherProject).map((project) => project.id)).toEqual(['3', '4', '5', '6', '7']);
  });

  it('compares the type loosely, as docs/product-rules.md says', () => {
    const project = { ...projects[0]!, type: '1' };
    expect(isOtherProject(project)).toBe(true);
    expect(isCodingProject(project)).toBe(false);
  });

  it('gives a project without a thumbnail the default card image', () => {
    expect(thumbnailUrl({ ...projects[0]!, thumbnailImg: '' })).toBe(defaultCardImage);
    expect(thumbnailUrl({ ...projects[0]!, thumbnailImg: 'no-such-picture.svg' })).toBe(defaultCardImage);
  });

  it('loads each project with its markdown body from content/markdown/<id>.md', async () => {
    for (const { id } of projects) expect((await loadProject(id)).projectMarkdown).toBe(writeUp(id));
  });

  it.each([undefined, '8', 'abc', '', ' 1'])('has no project with id %p', async (id) => {
    await expect(loadProject(id)).rejects.toBeInstanceOf(ProjectNotFoundError);
  });
});
