import homeData from './content/home.json';

/** The home page's words, kept out of the components so the owner edits them in one file. */
interface HomeContent {
  greeting: string;
  intro: string;
  /** Names each doormat's group of labels for assistive technology. */
  doorMatLabel: string;
  thisWebsiteTitle: string;
  thisWebsiteText: string;
}

export const homeContent: HomeContent = homeData;
