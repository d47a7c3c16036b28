// Markdown files reach components as text, as webpack's asset/source does.
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
