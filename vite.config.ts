import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const API = 'http://localhost:3333';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Vite 8 bundles the worker as an ES module by default, which then fails to start (DESIGN.md).
      injectManifest: { rollupFormat: 'iife', globPatterns: ['**/*.{js,css,html,png,svg,webp,woff2}'] },
      manifest: {
        id: '/',
        name: "Village – l'entraide autour d'un proche",
        short_name: 'Village',
        description: "Organisez l'entraide autour d'une personne qui a besoin d'aide : besoins, planning, discussion.",
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbf8f3',
        theme_color: '#2f6f5e',
        launch_handler: { client_mode: ['navigate-existing', 'auto'] },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: { proxy: { '/v1': API, '/uploads': API, '/static': API } },
});
