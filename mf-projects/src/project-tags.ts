/** The query parameter of the technology the Projects list shows: /projects?tag=React. */
export const tagParameter = 'tag';

/** The list showing one technology's projects, as a link's search: plain links, so they work without JavaScript. */
export const tagSearch = (tag: string) => `?${new URLSearchParams({ [tagParameter]: tag }).toString()}`;

/** "Projects using React" when the list shows one technology's projects (the page's heading says Projects). */
export const listTitle = (tag: string | null) => (tag ? `Projects using ${tag}` : 'Projects');
