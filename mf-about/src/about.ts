import aboutData from './content/about.json';

/** SPEC About data (the basics for now; the deep dive arrives with the full About page). */
export interface AboutData {
  basics: { intro: string };
}

export const about: AboutData = aboutData;
