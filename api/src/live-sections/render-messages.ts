import type { PageRequest, RenderedPage, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

/** What the render worker starts with. */
export interface RenderWorkerData {
  /** the shell's render module (shell/dist/server/render.js) */
  renderModule: string;
  template: string;
  sections: readonly SectionState[];
}

export type WorkerRequest =
  | { id: number; kind: 'render'; request: PageRequest }
  | { id: number; kind: 'sitemap' }
  | { id: number; kind: 'route-ids' };

export type WorkerMessage =
  | { kind: 'ready'; unavailable: RemoteName[] }
  | { kind: 'failed'; error: string }
  | { id: number; kind: 'page'; page: RenderedPage }
  | { id: number; kind: 'sitemap'; paths: string[] }
  | { id: number; kind: 'route-ids'; sections: SectionRouteIds }
  | { id: number; kind: 'error'; error: string };
