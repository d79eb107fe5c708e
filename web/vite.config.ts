import { THEME_BOOT_SCRIPT } from '@coinsight/contracts';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiServer = 'http://localhost:3000';

/**
 * The theme's boot script in <head>, as its exact text: the server's CSP allows it by its
 * hash (docs/web-app.md, "Preferences"), so nothing may rewrite it.
 */
const themeBootScript: Plugin = {
  name: 'coinsight-theme-boot-script',
  transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head' }],
};

export default defineConfig({
  plugins: [react(), themeBootScript],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React itself changes least often: its own small chunk stays cached across deploys. Every
        // other library goes where Rolldown's default splitting puts it, next to the pages that use
        // it, so the landing page loads no charting code, no zod and no form code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/v1': apiServer,
      '/trpc': apiServer,
      '/downloads': apiServer,
    },
  },
});
