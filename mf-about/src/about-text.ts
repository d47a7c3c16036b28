import { lazyMarkup } from '@portfolio/ui/lazy-markup';
import '@portfolio/ui/markdown.css';

/**
 * The About texts (the intro, the personal statement) as markdown. The renderer is fetched by the route's
 * loader: a page hydrated from the server's HTML keeps the texts the server rendered and never fetches it.
 */
export const aboutText = lazyMarkup(() =>
  import(/* webpackChunkName: "markdown" */ '@portfolio/ui/markdown').then((module) => module.MarkdownText),
);
