// In tests a photo module is its file name, where webpack's asset/resource gives its URL.
const path = require('node:path');

module.exports = {
  process(_source, filename) {
    return { code: `module.exports = ${JSON.stringify(path.basename(filename))};` };
  },
};
