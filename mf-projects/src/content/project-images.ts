import blogRest from './images/blog-rest.svg?raster';
import defaultCard from './images/default-card.svg?raster';
import grandmaster from './images/grandmaster.svg?raster';
import homeNetwork from './images/home-network.svg?raster';
import htmlPortfolio from './images/html-portfolio.svg?raster';
import networkDiagram from './images/network-diagram.svg';
import serverRack from './images/server-rack.svg?raster';
import todoTeams from './images/todo-teams.svg?raster';
import type { MarkdownImage } from '@portfolio/ui/markdown';

/**
 * Pictures the project data names by file: card thumbnails (drawn as WebP by the raster loader: a page of
 * cards would otherwise build one SVG document per card on the main thread) and images inside the markdown.
 */
const imagesByName: Readonly<Record<string, string>> = {
  'blog-rest.svg': blogRest,
  'grandmaster.svg': grandmaster,
  'home-network.svg': homeNetwork,
  'html-portfolio.svg': htmlPortfolio,
  'network-diagram.svg': networkDiagram,
  'server-rack.svg': serverRack,
  'todo-teams.svg': todoTeams,
};

export const defaultCardImage = defaultCard;

/** A named picture's URL, or undefined when the name is missing, empty or names no picture. */
export function ownProjectImageUrl(name: string | undefined): string | undefined {
  return (name && imagesByName[name]) || undefined;
}

/** A named picture's URL; a missing or empty name gets the default card image. */
export function projectImageUrl(name: string | undefined): string {
  return ownProjectImageUrl(name) ?? defaultCardImage;
}

/** The size (px) of each picture a write-up shows: the page keeps its place while it loads. */
const writeUpPictureSizes: Readonly<Record<string, { width: number; height: number }>> = {
  'network-diagram.svg': { width: 480, height: 260 },
};

/** A picture a write-up names: its URL and, when known, its size. */
export function writeUpPicture(name: string): MarkdownImage {
  return { src: projectImageUrl(name), ...writeUpPictureSizes[name] };
}
