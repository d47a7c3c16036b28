import { pageDataElementId, type PageData } from '@portfolio/contracts/page-data';

/** The page's data block; none in `npm run dev`, whose pages the browser renders alone. */
export function readPageData(): PageData | null {
  const text = document.getElementById(pageDataElementId)?.textContent;
  return text ? (JSON.parse(text) as PageData) : null;
}
