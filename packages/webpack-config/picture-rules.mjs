import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Pictures a part imports: their URL, the file under assets/ with its content hash. `?social-card`
 * asks for a link-preview PNG made from the picture. The server build (`emit: false`) names the same
 * files as the browser build, which ships them.
 */
export function pictureRules({ emit }) {
  const generator = emit ? {} : { emit: false };
  return [
    {
      test: /\.(png|jpe?g|webp|avif|svg|gif|ico)$/,
      resourceQuery: { not: [/social-card/] },
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
  ];
}
