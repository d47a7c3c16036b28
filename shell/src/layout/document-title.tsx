import { useEffect } from 'react';
import { useMatches } from '@portfolio/router';
import { documentTitle } from '@portfolio/contracts/site-config';
import { pageHandleValue } from './page-handle';

/** Keeps the document's title in step with the page as the visitor moves around ("Projects | Jordan Reyes"). */
export function DocumentTitle() {
  const title = documentTitle(pageHandleValue(useMatches(), 'title'));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
