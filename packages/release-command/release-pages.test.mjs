import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteByName } from '@portfolio/parts';
import { pagesToCheck } from './release-pages.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const previewUrl = 'https://preview.example.net/sections/preview/signed';

describe('pagesToCheck', () => {
  it("opens the preview link (the section's first page) for a section of one route", () => {
    const about = remoteByName('about');
    expect(pagesToCheck({ remote: about, previewUrl, sectionDir: path.join(repoRoot, about.folder) })).toEqual([
      previewUrl,
    ]);
  });

  it('adds a project page, of the first project the section itself lists, on the preview origin, for projects', () => {
    const projects = remoteByName('projects');
    const sectionDir = path.join(repoRoot, projects.folder);
    const [first] = JSON.parse(readFileSync(path.join(sectionDir, 'src/content/projects.json'), 'utf8'));
    const pages = pagesToCheck({ remote: projects, previewUrl, sectionDir });
    expect(pages).toEqual([previewUrl, `https://preview.example.net/projects/project/${encodeURIComponent(first.id)}`]);
    // one page for each route id of the section
    expect(pages).toHaveLength(projects.routeIds.length);
  });
});
