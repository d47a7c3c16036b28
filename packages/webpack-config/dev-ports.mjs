/** Where `npm run dev` runs each part; the shell's dev server proxies /mf/<name>/ and /api to them. */
export const devPorts = { shell: 8080, api: 3000, home: 3001, about: 3002, projects: 3003, resume: 3004 };
