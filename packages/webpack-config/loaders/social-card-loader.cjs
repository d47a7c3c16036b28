// `import card from './picture.svg?social-card'`: the picture as a 1200x630 PNG, the size and format link
// previews (Open Graph, Twitter cards) show; they do not show SVG.
const sharp = require('sharp');

const size = { width: 1200, height: 630 };

module.exports = function socialCardLoader(source) {
  const done = this.async();
  const background = new URLSearchParams(this.resourceQuery.slice(1)).get('background') || '#fdfcf9';
  sharp(source, { density: 288 })
    .resize({ ...size, fit: 'contain', background })
    .flatten({ background })
    .png({ compressionLevel: 9 })
    .toBuffer()
    .then((png) => done(null, png), done);
};
module.exports.raw = true;
