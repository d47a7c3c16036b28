import homeData from './content/home.json';

/** The home page's words, kept out of the components so the owner edits them in one file. */
export interface HomeContent {
  greeting: string;
  intro: string;
  thisWebsiteTitle: string;
  thisWebsiteText: string;
}

export const homeContent: HomeContent = homeData;
