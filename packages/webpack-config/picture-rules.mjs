import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Pictures a part imports: their URL, the file under assets/ with its content hash. `?social-card`
 * asks for a link-preview PNG made from the picture; `?raster`, for an SVG drawn as a WebP
 * (`?raster&views`: a sprite of icons as one WebP, with where each view lies in it); `?preview-card` and
 * `?preview-cards` on a JSON file, link-preview cards drawn from its text. The server build (`emit: false`) names the same
 * files as the browser build, which ships them.
 */
export function pictureRules({ emit }) {
  const generator = emit ? {} : { emit: false };
  return [
    {
      test: /\.(png|jpe?g|webp|avif|svg|gif|ico)$/,
      resourceQuery: { not: [/social-card/, /raster/] },
      type: 'asset/resource',
      generator,
    },
    {
      test: /\.(png|jpe?g|webp|avif|svg|gif)$/,
      resourceQuery: /social-card/,
      type: 'asset/resource',
      use: [require.resolve('./loaders/social-card-loader.cjs')],
      generator: { ...generator, filename: 'assets/[name].card.[contenthash:10].png' },
    },
    {
      // link-preview cards drawn from a JSON file's text (loaders/preview-card-loader.cjs)
      test: /\.json$/,
      resourceQuery: /preview-cards?\b/,
      type: 'javascript/auto',
      use: [{ loader: require.resolve('./loaders/preview-card-loader.cjs'), options: { emit } }],
    },
    {
      test: /\.svg$/,
      resourceQuery: /raster&views/,
      type: 'javascript/auto',
      use: [{ loader: require.resolve('./loaders/raster-loader.cjs'), options: { emit } }],
    },
    {
      test: /\.svg$/,
      resourceQuery: { and: [/raster/, { not: [/views/] }] },
      type: 'asset/resource',
      use: [require.resolve('./loaders/raster-loader.cjs')],
      generator: { ...generator, filename: 'assets/[name].[contenthash:10].webp' },
    },
  ];
}
