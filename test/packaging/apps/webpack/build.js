// webpack 5's Node API (no CLI to install): a production build into dist/, next to index.html.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';

const here = fileURLToPath(new URL('.', import.meta.url));
const compiler = webpack({
  mode: 'production',
  context: here,
  entry: './src/index.js',
  output: { path: `${here}dist`, filename: 'main.js', chunkFilename: '[name].[contenthash].js', publicPath: 'auto', clean: true },
});
compiler.run((error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString('errors-only'));
    process.exit(1);
  }
  mkdirSync(`${here}dist`, { recursive: true });
  copyFileSync(`${here}index.html`, `${here}dist/index.html`);
  compiler.close(() => undefined);
});
