import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Assets use absolute URLs (base '/'), so the same build loads at / and under the published
 * path /imp/{tenant}/…, where the server answers index.html for any client route.
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React and the router are needed by every route: one long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
