import type { StructuredDataPage } from '@portfolio/contracts/structured-data';
import { projects, projectsUsing } from './projects';
import { projectData, projectListData } from './structured-data';

const page = (url: string, title: string): StructuredDataPage => ({
  url,
  title,
  siteUrl: 'https://owner.example',
  absoluteUrl: (path) => new URL(path, 'https://cdn.example.net/projects/').href,
  owner: { '@type': 'Person', '@id': 'https://owner.example/#owner', name: 'Sam Example' },
});
const project = (id: string) => projects.find((each) => each.id === id)!;

describe("the projects' structured data", () => {
  it('lists the projects the page shows as an ItemList of their pages, in the order the page shows them', () => {
    const data = projectListData(projects, page('https://owner.example/projects', 'Projects'));
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', name: 'Projects' });
    expect(data.numberOfItems).toBe(projects.length);
    expect(data.itemListElement).toEqual(
      ['0', '1', '2', '3', '4', '5', '6', '7'].map((id, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `https://owner.example/projects/project/${id}`,
        name: project(id).title,
      })),
    );
    // one technology's list names only its projects
    const linux = projectListData(projectsUsing('Linux'), page('https://owner.example/projects?tag=Linux', 'x'));
    expect(linux.numberOfItems).toBe(projectsUsing('Linux').length);
  });

  it('describes a coding project as SoftwareSourceCode and any other as a CreativeWork, by the owner', () => {
    const url = 'https://owner.example/projects/project/2';
    const code = projectData(project('2'), page(url, 'To-Do Teams'), 'assets/todo.card.png');
    expect(code).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      '@id': url,
      name: 'To-Do Teams',
      headline: 'To-Do Teams',
      description: project('2').description,
      url,
      image: 'https://cdn.example.net/projects/assets/todo.card.png',
      author: { '@type': 'Person', '@id': 'https://owner.example/#owner', name: 'Sam Example' },
      keywords: project('2').technologies.join(', '),
    });
    expect(projectData(project('6'), page(url, 'x'), 'a.png')['@type']).toBe('CreativeWork');
  });

  it("gives a project's dates when its data has them as dates", () => {
    const dated = { ...project('1'), projectDate: '2024-03', lastUpdated: 'spring' };
    expect(projectData(dated, page('https://owner.example/p', 'x'), 'a.png')).toMatchObject({ dateCreated: '2024-03' });
    expect(projectData(dated, page('https://owner.example/p', 'x'), 'a.png')).not.toHaveProperty('dateModified');
  });
});
