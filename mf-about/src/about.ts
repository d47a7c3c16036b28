import aboutData from './content/about.json';
import intro from './content/markdown/intro.md';
import personalStatement from './content/markdown/personal-statement.md';

/** docs/product-rules.md "About", field for field (spellings included). */
export interface AboutData {
  basics: {
    /** Markdown. */
    intro: string;
    galleryTitle: string;
    /** Photo files in content/photos/ (the 1200 px version; smaller ones sit beside it). */
    galleryPhotoList: string[];
    bookInfluenceTitle: string;
    bookInfluenceList: string[];
    bookLoveTitle: string;
    bookLoveList: string[];
  };
  deep: {
    /** Markdown. */
    personalStatement: string;
    joyListTitle: string;
    joyList: string[];
    goalListTitle: string;
    goalList: string[];
    qualitiesListTitle: string;
    qualitiesList: string[];
    improvmentListTitle: string;
    improvmentList: string[];
  };
}

/** The owner's About content: lists and titles from about.json, the two longer texts from markdown files. */
export const about: AboutData = {
  basics: { ...aboutData.basics, intro: intro.trim() },
  deep: { ...aboutData.deep, personalStatement: personalStatement.trim() },
};
