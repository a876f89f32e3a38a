import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client build: hashed files and a manifest in dist/client; the server reads the manifest to find the
// entry and each page's chunk (server/render/assets.ts). public/ is served by the server itself.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: 'client/entry-client.tsx' },
  },
});
