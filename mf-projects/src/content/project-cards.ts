import blogRest from './images/blog-rest.svg?social-card';
import defaultCard from './images/default-card.svg?social-card';
import grandmaster from './images/grandmaster.svg?social-card';
import homeNetwork from './images/home-network.svg?social-card';
import htmlPortfolio from './images/html-portfolio.svg?social-card';
import serverRack from './images/server-rack.svg?social-card';
import todoTeams from './images/todo-teams.svg?social-card';

/** Each thumbnail as a link-preview PNG (the build makes them from the pictures in images/). */
const cardsByName: Readonly<Record<string, string>> = {
  'blog-rest.svg': blogRest,
  'grandmaster.svg': grandmaster,
  'home-network.svg': homeNetwork,
  'html-portfolio.svg': htmlPortfolio,
  'server-rack.svg': serverRack,
  'todo-teams.svg': todoTeams,
};

/** A project's link-preview picture: its thumbnail's, or the default card's. */
export function projectCardUrl(thumbnail: string | undefined): string {
  return (thumbnail && cardsByName[thumbnail]) || defaultCard;
}
