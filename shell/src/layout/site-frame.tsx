import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="site-frame">
      <a className="visually-hidden-focusable skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main container" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
