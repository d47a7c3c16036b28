import blogRest from './images/blog-rest.svg?social-card';
import grandmaster from './images/grandmaster.svg?social-card';
import homeNetwork from './images/home-network.svg?social-card';
import htmlPortfolio from './images/html-portfolio.svg?social-card';
import serverRack from './images/server-rack.svg?social-card';
import todoTeams from './images/todo-teams.svg?social-card';
import drawnCards from './projects.json?without=thumbnailImg&kicker=Project&preview-cards';
import { listCard } from './list-card';

/** Each thumbnail as a link-preview PNG (the build makes them from the pictures in images/). */
const cardsByName: Readonly<Record<string, string>> = {
  'blog-rest.svg': blogRest,
  'grandmaster.svg': grandmaster,
  'home-network.svg': homeNetwork,
  'html-portfolio.svg': htmlPortfolio,
  'server-rack.svg': serverRack,
  'todo-teams.svg': todoTeams,
};

export interface ProjectCard {
  url: string;
  alt: string;
}

/**
 * A project's link-preview picture: its thumbnail's, or, for a project without one, a card the build draws
 * from its title (so two projects without a picture do not share one).
 */
export function projectCard(project: { id: string; title: string; thumbnailImg: string }): ProjectCard {
  const thumbnail = project.thumbnailImg && cardsByName[project.thumbnailImg];
  if (thumbnail) return { url: thumbnail, alt: `Illustration for ${project.title}` };
  // the build draws a card for every empty thumbnail; one that names no picture here gets the list's card
  return drawnCards[project.id] ?? listCard;
}
