import { siteConfig } from '@portfolio/contracts/site-config';
import { drawnCardAlt } from '@portfolio/contracts/preview-card';
import projectsCard from '@portfolio/content/site.json?title=titles.projects&preview-card';

/** The Projects list's link-preview card, drawn by the build from its title. */
export const listCard = { url: projectsCard, alt: drawnCardAlt(siteConfig.titles.projects) };
