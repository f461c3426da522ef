import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { host: '127.0.0.1' },
  build: {
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads, for bench/route-sizes.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only libraries that index.html loads anyway ($initial) are grouped; the others stay with
        // the lazy page or the on-demand import that uses them, so a heavy library (pdfmake, charts,
        // QR) never rides in a route's first load. bench/route-sizes.mjs --probe checks it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, tags: ['$initial'] },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
