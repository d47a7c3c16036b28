require('@testing-library/jest-dom');

// react-router reads TextEncoder when it loads, and jsdom leaves it out; Node's is the same API.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextDecoder, TextEncoder });
