require('@testing-library/jest-dom');

// React Router's data routers need TextEncoder, which jsdom leaves out.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
