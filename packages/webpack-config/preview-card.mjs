// A page's link-preview card, drawn at build time: 1200x630 (the size Open Graph and Twitter cards show), the
// page's title and the owner's name, set in Inter from @fontsource/inter (installed with the project: nothing
// is fetched). satori lays the text out and writes it as SVG paths; sharp draws that SVG as a PNG.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export const previewCardSize = Object.freeze({ width: 1200, height: 630 });

const colors = { ground: '#1f2a44', accent: '#f4c95d', text: '#ffffff', muted: '#c3cbe0' };

/** The site's mark (as the site card and the favicon draw it): a "P" on a light rounded square. */
const mark = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#fdfcf9"/><path d="M9 8h9a6 6 0 0 1 0 12h-5v4H9zm4 4v4h5a2 2 0 0 0 0-4z" fill="#1f2a44"/></svg>',
)}`;

let fonts;
/** Inter 400 and 700, latin and latin-ext (names with accents), read once per build. */
function loadFonts() {
  fonts ??= Promise.all(
    [400, 700].flatMap((weight) =>
      ['latin', 'latin-ext'].map(async (subset) => ({
        name: 'Inter',
        weight,
        style: 'normal',
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

/** Long titles get smaller type, so three lines hold any title the content has. */
const titleSize = (title) => (title.length <= 20 ? 88 : title.length <= 40 ? 72 : 60);

const padding = { top: 110, side: 96, bottom: 72 };

const element = (type, style, children) => ({ type, props: { style, children } });

/**
 * @param {{ title: string, ownerName: string, kicker?: string }} card
 * @returns {Promise<Buffer>} a 1200x630 PNG
 */
export async function drawPreviewCard({ title, ownerName, kicker }) {
  const { width, height } = previewCardSize;
  const svg = await satori(
    element(
      'div',
      {
        // satori sizes boxes as content-box: the padding is outside width and height
        width: width - 2 * padding.side,
        height: height - padding.top - padding.bottom,
        display: 'flex',
        flexDirection: 'column',
        padding: `${padding.top}px ${padding.side}px ${padding.bottom}px`,
        background: colors.ground,
        fontFamily: 'Inter',
      },
      [
        element('div', { width: 120, height: 10, borderRadius: 5, background: colors.accent }),
        kicker
          ? element(
              'div',
              { marginTop: 40, fontSize: 30, letterSpacing: 4, color: colors.muted, textTransform: 'uppercase' },
              kicker,
            )
          : null,
        element(
          'div',
          {
            marginTop: kicker ? 12 : 40,
            fontSize: titleSize(title),
            fontWeight: 700,
            lineHeight: 1.1,
            color: colors.text,
          },
          title,
        ),
        element('div', { flexGrow: 1 }),
        element('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between' }, [
          element('div', { fontSize: 44, fontWeight: 700, color: colors.accent }, ownerName),
          { type: 'img', props: { src: mark, width: 104, height: 104 } },
        ]),
      ].filter(Boolean),
    ),
    { width, height, fonts: await loadFonts() },
  );
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
