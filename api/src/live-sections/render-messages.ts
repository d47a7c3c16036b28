import type { PageRequest, RenderedPage, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

/** What a renderer process is told first, over its IPC channel (render-child.js). */
export interface RenderChildStart {
  kind: 'start';
  /** the shell's render module (shell/dist/server/render.js) */
  renderModule: string;
  template: string;
  /** every section as pages name it (each request may name others); only `section`'s code is loaded */
  sections: readonly SectionState[];
  /** the one section whose server code this renderer runs; null: the shell alone (404s, unavailable sections) */
  section: RemoteName | null;
}

/** A page is rendered with the sections as that request's page names them (another section may have a new build). */
export type ChildRequest =
  | { id: number; kind: 'render'; request: PageRequest; sections: readonly SectionState[] }
  | { id: number; kind: 'sitemap'; sections: readonly SectionState[] }
  | { id: number; kind: 'route-ids' };

export type ChildMessage =
  /** `loaded`: whether its section's server code loaded (always true for the shell alone) */
  | { kind: 'ready'; loaded: boolean }
  | { kind: 'failed'; error: string }
  | { id: number; kind: 'page'; page: RenderedPage }
  | { id: number; kind: 'sitemap'; paths: string[] }
  | { id: number; kind: 'route-ids'; sections: SectionRouteIds }
  | { id: number; kind: 'error'; error: string };
