import projectsCard from '@portfolio/content/site.json?title=titles.projects&preview-card';

/** The Projects list's link-preview card, drawn by the build from its title: `{ url, alt }`. */
export const listCard = projectsCard;
