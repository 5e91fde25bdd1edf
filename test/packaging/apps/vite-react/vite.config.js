import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server is reached under /__pkg/vite-dev/ (the test routes the shop's origin there); the
// production build is served from any folder.
export default defineConfig(({ command }) => ({
  base: command === 'serve' ? '/__pkg/vite-dev/' : './',
  plugins: [react()],
  server: { fs: { allow: ['..'] } },
}));
