import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { pwaOptions } from './build/pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Dev: `npx vite apps/web` proxies /api to the API on :3000. Build: apps/web/dist, which the API
 * serves on its own port. Libraries are split by how often they change and who needs them, so a
 * new screen does not invalidate the cached framework chunks.
 */
export default defineConfig({
  root,
  // The PWA plugin writes the service worker after the bundle; precompress runs after it (decision 019).
  plugins: [react(), VitePWA(pwaOptions), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in production: they would be served to anyone and double the download size.
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
            // Only Mantine's core is shared by every screen; charts and the rich-text editor load
            // with the screens that use them (a group would put them into the first download).
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 30 },
            { name: 'query-i18n', test: /node_modules[\\/](@tanstack|i18next|react-i18next)[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
