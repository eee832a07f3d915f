import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The router plugin must come before react(): it generates src/routeTree.gen.ts.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: `${root}src/routes`, generatedRouteTree: `${root}src/routeTree.gen.ts` }),
    react(),
    tailwindcss(),
  ],
  // The path aliases of tsconfig.json: the web's source imports only @shared (npm run layers);
  // @events and @api are the server code's.
  resolve: { tsconfigPaths: true },
  // FAENA_WEB_OUT: another output folder (parallel test runs each build their own copy).
  build: { outDir: process.env.FAENA_WEB_OUT ?? `${root}dist`, emptyOutDir: true, reportCompressedSize: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } } },
});
