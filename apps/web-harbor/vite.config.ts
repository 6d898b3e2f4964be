import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

const appRoot = resolve(workspaceRoot, 'apps/web-harbor');
const api = 'http://localhost:3000';

export default defineConfig({
  root: appRoot,
  publicDir: resolve(appRoot, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: workspaceAliases() },
  build: {
    outDir: resolve(workspaceRoot, 'dist/apps/web-harbor'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a release that changes only app code keeps them cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 4200,
    strictPort: true,
    fs: { allow: [workspaceRoot] },
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      '/auth': { target: api, changeOrigin: false },
      '/sandbox': { target: api, changeOrigin: false },
      '/cable': { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 4300 },
});
