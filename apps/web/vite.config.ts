import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN },
      '/ws': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        advancedChunks: {
          // The libraries every screen needs, landing page included, in one chunk: fewer, better-compressed requests
          // than the many small shared chunks the lazy routes would otherwise split them into (ADR 0042). Not
          // tailwind-merge: the landing page does without it (ADR 0118).
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|clsx|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
