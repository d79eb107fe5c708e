import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
