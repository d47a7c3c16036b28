require('@testing-library/jest-dom');

// findBy* and waitFor give up after 1 s by default; with the unit tests running two at a time beside
// other work, a lazy route's first import can take longer (mf-about's routes test missed by that much; a
// project page, whose loader now reads the write-up before it imports the renderer, missed 4 s in a fresh clone)
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
