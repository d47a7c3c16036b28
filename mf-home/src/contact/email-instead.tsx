import type { Ref } from 'react';
import { siteConfig } from '@portfolio/contracts/site-config';
import { contactContent } from './contact-content';

/** The other way in when the form cannot send: the owner's address (site.json contactTo) as a mail link. */
export function EmailInstead({ linkRef }: { linkRef?: Ref<HTMLAnchorElement> }) {
  return (
    <p className="mb-0">
      {contactContent.emailInstead}{' '}
      <a ref={linkRef} href={`mailto:${siteConfig.contactTo}`}>
        {siteConfig.contactTo}
      </a>
    </p>
  );
}
