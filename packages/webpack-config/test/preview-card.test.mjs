import sharp from 'sharp';
import { drawPreviewCard, previewCardSize } from '../preview-card.mjs';

// Cards drawn at build time with the fonts the project installs: nothing is fetched (a fetch would throw here,
// where no test may reach the internet, and satori asks for nothing it is not given).
// drawing is CPU work (the first card also starts satori's WebAssembly): on a loaded host it takes seconds
const drawing = 60_000;

describe('a preview card', () => {
  const stats = async (png) => {
    const image = sharp(png);
    const { width, height, format } = await image.metadata();
    const { channels } = await image.stats();
    return { width, height, format, channels };
  };

  it(
    "is a 1200x630 PNG of the page's title and the owner's name, different for each title",
    async () => {
      const fetched = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = (...args) => {
        fetched.push(args[0]);
        return realFetch(...args);
      };
      try {
        const [one, other, long] = await Promise.all([
          drawPreviewCard({ title: 'Self Hosted Game Servers', ownerName: 'Sam Example', kicker: 'Project' }),
          drawPreviewCard({ title: 'Vintage Motorcycle Rebuild', ownerName: 'Sam Example', kicker: 'Project' }),
          drawPreviewCard({
            title: 'A title long enough to need three lines on a card of this size, or so',
            ownerName: 'Sam Example',
          }),
        ]);
        for (const card of [one, other, long])
          expect(await stats(card)).toMatchObject({ ...previewCardSize, format: 'png' });
        expect(one.equals(other)).toBe(false);
        expect(fetched).toEqual([]);
      } finally {
        globalThis.fetch = realFetch;
      }
    },
    drawing,
  );

  it(
    'draws the text: a card with a title differs from the same card with another owner name only where the name is',
    async () => {
      const raw = async (png) => sharp(png).raw().toBuffer({ resolveWithObject: true });
      const [{ data: a, info }, { data: b }] = await Promise.all([
        drawPreviewCard({ title: 'About Me', ownerName: 'Sam Example' }).then(raw),
        drawPreviewCard({ title: 'About Me', ownerName: 'Alex Other' }).then(raw),
      ]);
      const rowOf = (index) => Math.floor(index / info.channels / previewCardSize.width);
      const differingRows = new Set();
      for (let index = 0; index < a.length; index += 1)
        if (Math.abs(a[index] - b[index]) > 48) differingRows.add(rowOf(index));
      // the name sits in the bottom third; the title above it is the same (up to the palette's rounding)
      expect(differingRows.size).toBeGreaterThan(10);
      expect(Math.min(...differingRows)).toBeGreaterThan(previewCardSize.height * 0.6);
    },
    drawing,
  );
});
