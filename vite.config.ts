import { defineConfig } from 'vite';

/**
 * Builds <svc-checkout> twice into dist/widget:
 * - default mode: an ES module (svc-checkout.js) whose lazy parts become chunks;
 * - `--mode iife`: svc-checkout.iife.js for a plain <script src>.
 *
 * Decorators: Vite 8 compiles TypeScript with Oxc, which does not lower standard
 * decorators (see ../shared/TOOLCHAIN.md). tsconfig.json therefore selects legacy
 * decorators (experimentalDecorators, useDefineForClassFields: false), which Oxc
 * lowers; test/e2e/widget-build.spec.ts loads the built bundles in Chromium to prove it.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    publicDir: false,
    build: {
      outDir: 'dist/widget',
      emptyOutDir: !iife,
      target: 'es2022',
      sourcemap: true,
      lib: {
        entry: 'widget/svc-checkout.ts',
        name: 'SvcCheckout',
        formats: [iife ? 'iife' : 'es'],
        fileName: () => (iife ? 'svc-checkout.iife.js' : 'svc-checkout.js'),
      },
      rollupOptions: iife ? { output: { inlineDynamicImports: true } } : {},
    },
  };
});
