#!/usr/bin/env node
// `node scripts/swap-sample-content.mjs <copy of the repository>`: replaces every sample text an owner
// would replace (names, addresses, projects, write-ups, resume, about texts, photo descriptions) with
// other text of the same shape, in that copy. `npm test` there must still pass: the tests check the
// product's rules (docs/product-rules.md), never the sample content. Fixed product words stay.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const target = process.argv[2];
if (!target || !existsSync(path.join(target, 'packages/parts/parts.mjs'))) {
  console.error('Usage: node scripts/swap-sample-content.mjs <a copy of the repository, never your working tree>');
  process.exit(2);
}
if (path.resolve(target) === path.resolve(import.meta.dirname, '..')) {
  console.error('Refusing to rewrite this working tree: give a copy (git clone . /tmp/portfolio-swapped).');
  process.exit(2);
}

/** ROT13 keeps a word's length, case and punctuation, so layouts and formats are tested with other words. */
const rot13 = (text) =>
  text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });

/** Markdown prose swapped; code (fenced and inline), link and image targets and HTML tags kept. */
const swapMarkdown = (markdown) =>
  markdown
    .split(/(```[\s\S]*?```|`[^`\n]*`|\]\([^)]*\)|<[^>]+>)/)
    .map((part, index) => (index % 2 === 1 ? part : rot13(part)))
    .join('');

const swapEmail = (address) => `${rot13(address.split('@')[0])}@example.org`;
const swapUrl = (url) => {
  const parsed = new URL(url);
  parsed.pathname = rot13(parsed.pathname);
  return parsed.href;
};

/** Every string in a JSON value, swapped, except under the keys that hold fixed words or file names. */
function swapStrings(value, keep = new Set(), key = '') {
  if (typeof value === 'string') return keep.has(key) ? value : rot13(value);
  if (Array.isArray(value)) return value.map((item) => swapStrings(item, keep, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, swapStrings(item, keep, name)]));
  }
  return value;
}

const file = (relative) => path.join(target, relative);
const editJson = (relative, edit) => {
  const data = JSON.parse(readFileSync(file(relative), 'utf8'));
  writeFileSync(file(relative), `${JSON.stringify(edit(data), null, 2)}\n`);
  console.log(`swapped ${relative}`);
};
const editText = (relative, edit) => {
  writeFileSync(file(relative), edit(readFileSync(file(relative), 'utf8')));
  console.log(`swapped ${relative}`);
};

// The owner: a name with an accent and an apostrophe, so escaping and file names are tested too.
editJson('packages/content/site.json', (site) => ({
  ...site,
  ownerName: "Renée O'Brien-Ngata",
  contactTo: swapEmail(site.contactTo),
  profiles: site.profiles.map((profile) => ({ ...profile, url: swapUrl(profile.url) })),
  titles: Object.fromEntries(Object.entries(site.titles).map(([page, title]) => [page, rot13(title)])),
}));

// Resume: every text, but the API resource the button asks for and the button's fixed label.
editJson('packages/content/resume.json', (resume) =>
  swapStrings(resume, new Set(['profilePic', 'downloadLink', 'downloadBtnText'])),
);

// Projects: titles, descriptions, dates and write-ups; ids, types and picture files stay.
editJson('mf-projects/src/content/projects.json', (projects) => swapStrings(projects, new Set(['id', 'thumbnailImg'])));
for (const name of readdirSync(file('mf-projects/src/content/markdown'))) {
  editText(`mf-projects/src/content/markdown/${name}`, swapMarkdown);
}

// About: texts, lists and photo descriptions; the gallery's fixed title and its file names stay.
editJson('mf-about/src/content/about.json', (about) =>
  swapStrings(about, new Set(['galleryTitle', 'galleryPhotoList'])),
);
editJson('mf-about/src/content/photo-descriptions.json', (descriptions) =>
  Object.fromEntries(Object.entries(descriptions).map(([photo, text]) => [photo, rot13(text)])),
);
for (const name of readdirSync(file('mf-about/src/content/markdown'))) {
  editText(`mf-about/src/content/markdown/${name}`, swapMarkdown);
}

// Home: the "This Website" paragraph and the form's introduction; greeting, doors and labels are fixed.
editJson('mf-home/src/content/home.json', (home) => ({ ...home, thisWebsiteText: rot13(home.thisWebsiteText) }));
editJson('mf-home/src/content/contact-form.json', (form) => ({ ...form, intro: rot13(form.intro) }));
