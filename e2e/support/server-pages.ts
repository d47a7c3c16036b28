/**
 * Every kind of public page, the h1 its server HTML carries (the product rules' words; a project's is
 * its own title, whatever it is), the section that renders it and its Open Graph type.
 */
export const serverPages = [
  { path: '/', heading: 'HELLO', section: 'home', type: 'website' },
  { path: '/about', heading: 'About Me', section: 'about', type: 'profile' },
  { path: '/projects', heading: 'Projects', section: 'projects', type: 'website' },
  { path: '/projects/project/2', heading: /\S/, section: 'projects', type: 'article' },
  { path: '/resume', heading: 'Resume', section: 'resume', type: 'profile' },
] as const;

/** The h1 in server HTML: the exact words, or any words for a pattern. */
export const headingIn = (heading: string | RegExp) =>
  new RegExp(`<h1[^>]*>${typeof heading === 'string' ? heading : '[^<]+'}</h1>`);

/** The frame around the section, as the server writes it. */
export const serverFrame = /<header class="site-header">.*<main id="main".*<\/main>.*<footer class="site-footer">/s;
