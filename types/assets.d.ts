// What webpack's asset modules hand to TypeScript: a URL for pictures, the text for markdown.
declare module '*.md' {
  const text: string;
  export default text;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.scss';
/** A picture as a link-preview PNG (packages/webpack-config/loaders/social-card-loader.cjs). */
declare module '*?social-card' {
  const url: string;
  export default url;
}
/** An SVG drawing as a WebP (packages/webpack-config/loaders/raster-loader.cjs). */
declare module '*?raster' {
  const url: string;
  export default url;
}
/** A sprite of icons as one WebP and where each `<view>` lies in it, in CSS px (packages/webpack-config/loaders/raster-loader.cjs). */
declare module '*?raster&views' {
  const sprite: {
    url: string;
    width: number;
    height: number;
    views: Readonly<Record<string, readonly [x: number, y: number, width: number, height: number]>>;
  };
  export default sprite;
}
/** A link-preview card drawn from a JSON file's text (`site.json?title=titles.about&preview-card`): its URL, and what it shows in words. */
declare module '*preview-card' {
  const card: { url: string; alt: string };
  export default card;
}
/** A card per entry of a JSON list (`projects.json?without=thumbnailImg&preview-cards`), by the entry's id. */
declare module '*preview-cards' {
  const cards: Readonly<Record<string, { url: string; alt: string } | undefined>>;
  export default cards;
}
