import { Injectable } from '@nestjs/common';
import { buildIdsOf } from '@portfolio/contracts/build-ids';
import type { SectionState } from '@portfolio/contracts/page-render';
import { cameThroughPreviewOrigin } from '../common/preview-origin.js';
import { optsOut } from '../common/opts-out.js';
import { ServedVisitors } from '../experiments/served-visitors.js';
import type { ServedSections, SiteRequest } from '../live-sections/live-sections.service.js';
import type { SitePage } from '../site/site-page.js';
import { PageViewProofs } from './page-view-proofs.js';

/**
 * The one step between a page and a visitor who may be measured: the page goes with a proof of this view (its
 * builds, the experiments it is the visitor's first page of) in its `Server-Timing` header, and those first visits
 * are counted as served. The kept page itself is not touched. Not for Global Privacy Control or Do Not Track
 * (nothing measured), the preview origin (previews are not visitors; its beacons are not the site's) or anything but
 * HTML.
 */
@Injectable()
export class MeasuredPages {
  /** each section build's id, worked out once per build (the manifests keep a build's state while it lasts) */
  private readonly ids = new WeakMap<SectionState, ReturnType<typeof buildIdsOf>>();

  constructor(
    private readonly proofs: PageViewProofs,
    private readonly served: ServedVisitors,
  ) {}

  async withProof(page: SitePage, req: SiteRequest, served: ServedSections): Promise<SitePage> {
    if (optsOut(req) || cameThroughPreviewOrigin(req) || !page.headers['Content-Type']?.startsWith('text/html'))
      return page;
    const builds: ReturnType<typeof buildIdsOf> = {};
    for (const state of (await served.builds()) ?? []) {
      let ids = this.ids.get(state);
      if (!ids) this.ids.set(state, (ids = buildIdsOf([state])));
      Object.assign(builds, ids);
    }
    const proof = await this.proofs.issue(builds, served.firstVisits);
    this.served.count(served.firstVisits);
    return { ...page, headers: { ...page.headers, 'Server-Timing': PageViewProofs.header(proof) } };
  }
}
